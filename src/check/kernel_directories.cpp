#include "check/kernel_directories.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <system_error>

#include <fmt/format.h>

#include "check/gpu_verdicts.hpp"
#include "knowledge/tsv_table.hpp"
#include "scan/parallel_scan.hpp"
#include "util/text_lines.hpp"

namespace archfit::check {

namespace {

namespace fs = std::filesystem;

std::string with_processor(std::string text, const std::string& processor) {
  static constexpr std::string_view k_placeholder = "{processor}";
  for (auto at = text.find(k_placeholder); at != std::string::npos; at = text.find(k_placeholder)) {
    text.replace(at, k_placeholder.size(), processor);
  }
  return text;
}

bool directory_exists(const fs::path& path) {
  std::error_code error;
  return fs::is_directory(path, error);
}

bool regular_file_exists(const fs::path& path) {
  std::error_code error;
  return fs::is_regular_file(path, error);
}

// The files the lookup sees: this system's, or the members of a wheel (the tree it installs).
struct FileTree {
  std::function<bool(const fs::path&)> is_directory;
  std::function<bool(const fs::path&)> is_file;
  // The regular files directly in a directory, as paths.
  std::function<std::vector<std::string>(const fs::path&)> files_in;
  // The scans of the given code objects, by path; errors of the scans are appended.
  std::function<std::map<std::string, scan::FileReport>(const std::set<std::string>&, std::vector<std::string>&)>
      reports;
};

// The directory the library reads: the environment variable, else the first search entry that
// exists relative to the library's directory, else the last entry.
fs::path base_directory(const FileTree& tree, const std::string& library_path, const std::string& env_value,
                        const std::vector<std::string_view>& search) {
  if (!env_value.empty()) {
    return fs::path(env_value);
  }
  fs::path own = fs::path(library_path).parent_path();
  for (const auto& relative : search) {
    if (tree.is_directory((own / relative).lexically_normal())) {
      return (own / relative).lexically_normal();
    }
  }
  return search.empty() ? own : (own / search.back()).lexically_normal();
}

// Files in `directory` whose names match `pattern` (fnmatch, as glob(3) does), sorted.
std::vector<std::string> matching_files(const FileTree& tree, const fs::path& directory, const std::string& pattern,
                                        const std::string& skip_xnack) {
  std::vector<std::string> files;
  for (const auto& path : tree.files_in(directory)) {
    std::string name = fs::path(path).filename().string();
    if (fnmatch(pattern.c_str(), name.c_str(), 0) != 0 || name.find("Experimental") != std::string::npos) {
      continue;
    }
    if (!skip_xnack.empty() && name.find(skip_xnack) != std::string::npos) {
      continue;
    }
    files.push_back(path);
  }
  std::sort(files.begin(), files.end());
  return files;
}

struct TargetPlan {
  const DeviceTarget* target = nullptr;
  fs::path directory;
  std::string index;          // the index file found, or empty
  std::string last_tried;     // the last index path tried
  std::string pattern;
  std::vector<std::string> code_objects;
};

const std::vector<std::string>* table_row(const std::string& library_path) {
  const auto& table = knowledge::embedded_table("kernel_library_dirs.tsv");
  std::string base = fs::path(library_path).filename().string();
  for (const auto& candidate : table.rows) {
    if (base.starts_with(table.field(candidate, "library"))) {
      return &candidate;
    }
  }
  return nullptr;
}

KernelDirectoryCheck check_in_tree(const FileTree& tree, const std::vector<std::string>& row,
                                   const std::string& library_path, const std::string& env_value,
                                   const std::string& package, const std::vector<DeviceTarget>& targets) {
  KernelDirectoryCheck check;
  const auto& table = knowledge::embedded_table("kernel_library_dirs.tsv");
  check.applies = true;
  check.library = table.field(row, "library");
  fs::path base_dir = base_directory(tree, library_path, env_value, split_fields(table.field(row, "search"), ';'));
  check.directory = base_dir.string();

  std::vector<TargetPlan> plans;
  std::set<std::string> to_scan;
  for (const auto& target : targets) {
    if (target.vendor != model::Vendor::amd) {
      continue;
    }
    TargetPlan plan;
    plan.target = &target;
    plan.directory = tree.is_directory(base_dir / target.processor) ? base_dir / target.processor : base_dir;
    for (const auto& name : split_fields(table.field(row, "index"), ';')) {
      plan.last_tried = (plan.directory / with_processor(std::string(name), target.processor)).string();
      if (tree.is_file(plan.last_tried)) {
        plan.index = plan.last_tried;
        break;
      }
    }
    plan.pattern = with_processor(table.field(row, "code_objects"), target.processor);
    std::string skip = target.xnack == model::FeatureSetting::on    ? "xnack-"
                       : target.xnack == model::FeatureSetting::off ? "xnack+"
                                                                    : "";
    plan.code_objects = matching_files(tree, plan.directory, plan.pattern, skip);
    to_scan.insert(plan.code_objects.begin(), plan.code_objects.end());
    plans.push_back(std::move(plan));
  }

  // The code objects themselves: their ELF headers (or bundle IDs) say what they run on.
  std::map<std::string, scan::FileReport> by_path = tree.reports(to_scan, check.errors);

  std::string failure_template = table.field(row, "failure");
  for (const auto& plan : plans) {
    const DeviceTarget& target = *plan.target;
    TargetResult result;
    result.path = plan.directory.string();
    result.package = package;
    result.target = target.display;
    std::string fix = fmt::format("install a {} build (a torch wheel or ROCm release) that ships kernels for {} in {}",
                                  check.library, target.processor, plan.directory.string());
    if (plan.index.empty()) {
      std::string message = with_processor(failure_template, target.processor);
      auto at = message.find("{index}");
      if (at != std::string::npos) {
        message.replace(at, 7, plan.last_tried);
      }
      result.verdict = "no-code";
      result.reason = fmt::format("{} loads its kernels from {} at run time and finds no index for {} there: the "
                                  "first GEMM fails with \"{}\"",
                                  check.library, plan.directory.string(), target.processor, message);
      result.fix = fix;
      check.results.push_back(std::move(result));
      continue;
    }
    if (plan.code_objects.empty()) {
      result.verdict = "no-code";
      result.reason = fmt::format("{} has {} but no code object matching {} in {}", check.library,
                                  fs::path(plan.index).filename().string(), plan.pattern, plan.directory.string());
      result.fix = fix;
      check.results.push_back(std::move(result));
      continue;
    }
    std::set<std::string> carried;
    std::optional<TargetResult> best;
    for (const auto& path : plan.code_objects) {
      auto found = by_path.find(path);
      if (found == by_path.end()) {
        continue;
      }
      for (const auto& code : found->second.gpu_code) {
        if (code.vendor == model::Vendor::amd && code.kind == "code-object") {
          carried.insert(code.check && !code.check->elf_target.empty() ? code.check->elf_target : code.target);
        }
      }
      auto verdicts = verdicts_for_file(found->second, package, {target});
      if (!verdicts.empty() && verdicts.front().verdict == "native" &&
          (!best || best->reason.find("runs only with") != std::string::npos)) {
        best = verdicts.front();
      }
    }
    std::vector<std::string> carried_list(carried.begin(), carried.end());
    if (best) {
      result.verdict = "native";
      result.matched = best->matched;
      result.reason = fmt::format("{} reads {} and {} code object{} matching {} ({}){}", check.library,
                                  fs::path(plan.index).filename().string(), plan.code_objects.size(),
                                  plan.code_objects.size() == 1 ? "" : "s", plan.pattern,
                                  fmt::join(carried_list, ", "),
                                  best->reason.find("runs only with") != std::string::npos
                                      ? "; " + best->reason.substr(best->reason.find("runs only with"))
                                      : std::string());
    } else {
      result.verdict = "no-code";
      result.reason = fmt::format("{} has {} and {} file{} named for {}, but their code is for {}: the HIP runtime "
                                  "cannot load it on {}",
                                  check.library, fs::path(plan.index).filename().string(), plan.code_objects.size(),
                                  plan.code_objects.size() == 1 ? "" : "s", target.processor,
                                  carried_list.empty() ? std::string("no target it can read")
                                                       : fmt::format("{}", fmt::join(carried_list, ", ")),
                                  target.display);
      result.fix = fix;
    }
    check.results.push_back(std::move(result));
  }
  return check;
}

}  // namespace

bool is_kernel_directory_library(const std::string& path) { return table_row(path) != nullptr; }

KernelDirectoryCheck check_kernel_directory(const std::string& library_path, const std::string& package,
                                            const std::vector<DeviceTarget>& targets,
                                            const probe::Environment& environment,
                                            const scan::ScanOptions& scan_options) {
  const auto* row = table_row(library_path);
  if (row == nullptr) {
    return {};
  }
  FileTree tree;
  tree.is_directory = [](const fs::path& path) { return directory_exists(path); };
  tree.is_file = [](const fs::path& path) { return regular_file_exists(path); };
  tree.files_in = [](const fs::path& directory) {
    std::vector<std::string> files;
    std::error_code error;
    for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
      std::error_code type_error;
      if (it->is_regular_file(type_error)) {
        files.push_back(it->path().string());
      }
    }
    return files;
  };
  tree.reports = [&scan_options](const std::set<std::string>& paths, std::vector<std::string>& errors) {
    std::vector<scan::InputFile> inputs;
    for (const auto& path : paths) {
      std::error_code error;
      auto size = fs::file_size(path, error);
      inputs.push_back({path, error ? 0 : size});
    }
    scan::ScanReport scanned = scan::scan_inputs(inputs, scan_options, scan_options.jobs, {});
    std::map<std::string, scan::FileReport> by_path;
    for (auto& file : scanned.files) {
      for (const auto& error : file.errors) {
        errors.push_back(file.display_name() + ": " + error);
      }
      by_path.emplace(file.path, std::move(file));
    }
    return by_path;
  };
  const auto& table = knowledge::embedded_table("kernel_library_dirs.tsv");
  std::string env_value = environment.get(table.field(*row, "env")).value_or("");
  return check_in_tree(tree, *row, library_path, env_value, package, targets);
}

KernelDirectoryCheck check_kernel_directory_in_zip(const std::string& zip_path, const std::string& library_member,
                                                   const std::string& package,
                                                   const std::vector<DeviceTarget>& targets,
                                                   const std::vector<std::string>& member_names,
                                                   const std::vector<const scan::FileReport*>& member_reports) {
  const auto* row = table_row(library_member);
  if (row == nullptr) {
    return {};
  }
  // Member names are relative paths with '/' separators; a directory exists when a member lies
  // under it (zips need not store directory entries).
  std::set<std::string> files;
  std::set<std::string> directories;
  for (const auto& name : member_names) {
    std::string normal = fs::path(name).lexically_normal().string();
    if (name.ends_with("/")) {
      directories.insert(normal.ends_with("/") ? normal.substr(0, normal.size() - 1) : normal);
      continue;
    }
    files.insert(normal);
    for (auto slash = normal.rfind('/'); slash != std::string::npos && slash > 0;
         slash = normal.rfind('/', slash - 1)) {
      directories.insert(normal.substr(0, slash));
    }
  }
  FileTree tree;
  tree.is_directory = [&directories](const fs::path& path) { return directories.count(path.string()) != 0; };
  tree.is_file = [&files](const fs::path& path) { return files.count(path.string()) != 0; };
  tree.files_in = [&files](const fs::path& directory) {
    std::vector<std::string> found;
    std::string prefix = directory.string() + "/";
    for (auto it = files.lower_bound(prefix); it != files.end() && it->starts_with(prefix); ++it) {
      if (it->find('/', prefix.size()) == std::string::npos) {
        found.push_back(*it);
      }
    }
    return found;
  };
  tree.reports = [&member_reports](const std::set<std::string>& paths, std::vector<std::string>& errors) {
    std::map<std::string, scan::FileReport> by_path;
    for (const auto* report : member_reports) {
      if (!report->member) {
        continue;
      }
      std::string name = fs::path(*report->member).lexically_normal().string();
      if (paths.count(name) != 0) {
        for (const auto& error : report->errors) {
          errors.push_back(report->display_name() + ": " + error);
        }
        by_path.emplace(name, *report);
      }
    }
    return by_path;
  };
  auto check = check_in_tree(tree, *row, fs::path(library_member).lexically_normal().string(), "", package, targets);
  for (auto& result : check.results) {
    result.member = result.path;
    result.path = zip_path;
  }
  return check;
}

}  // namespace archfit::check
