#include "check/kernel_directories.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
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

// The directory the library reads: the environment variable, else the first search entry that
// exists relative to the library's directory, else the last entry.
fs::path base_directory(const std::string& library_path, const std::string& env_value,
                        const std::vector<std::string_view>& search) {
  if (!env_value.empty()) {
    return fs::path(env_value);
  }
  fs::path own = fs::path(library_path).parent_path();
  for (const auto& relative : search) {
    if (directory_exists(own / relative)) {
      return (own / relative).lexically_normal();
    }
  }
  return search.empty() ? own : (own / search.back()).lexically_normal();
}

// Regular files in `directory` whose names match `pattern` (fnmatch, as glob(3) does), sorted.
std::vector<std::string> matching_files(const fs::path& directory, const std::string& pattern,
                                        const std::string& skip_xnack) {
  std::vector<std::string> files;
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    std::string name = it->path().filename().string();
    if (fnmatch(pattern.c_str(), name.c_str(), 0) != 0 || name.find("Experimental") != std::string::npos) {
      continue;
    }
    if (!skip_xnack.empty() && name.find(skip_xnack) != std::string::npos) {
      continue;
    }
    std::error_code type_error;
    if (it->is_regular_file(type_error)) {
      files.push_back(it->path().string());
    }
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

}  // namespace

KernelDirectoryCheck check_kernel_directory(const std::string& library_path, const std::string& package,
                                            const std::vector<DeviceTarget>& targets,
                                            const probe::Environment& environment,
                                            const scan::ScanOptions& scan_options) {
  KernelDirectoryCheck check;
  const auto& table = knowledge::embedded_table("kernel_library_dirs.tsv");
  std::string base = fs::path(library_path).filename().string();
  const std::vector<std::string>* row = nullptr;
  for (const auto& candidate : table.rows) {
    if (base.starts_with(table.field(candidate, "library"))) {
      row = &candidate;
      break;
    }
  }
  if (row == nullptr) {
    return check;
  }
  check.applies = true;
  check.library = table.field(*row, "library");
  std::string env_value = environment.get(table.field(*row, "env")).value_or("");
  fs::path base_dir = base_directory(library_path, env_value, split_fields(table.field(*row, "search"), ';'));
  check.directory = base_dir.string();

  std::vector<TargetPlan> plans;
  std::set<std::string> to_scan;
  for (const auto& target : targets) {
    if (target.vendor != "amd") {
      continue;
    }
    TargetPlan plan;
    plan.target = &target;
    plan.directory = directory_exists(base_dir / target.processor) ? base_dir / target.processor : base_dir;
    for (const auto& name : split_fields(table.field(*row, "index"), ';')) {
      plan.last_tried = (plan.directory / with_processor(std::string(name), target.processor)).string();
      if (regular_file_exists(plan.last_tried)) {
        plan.index = plan.last_tried;
        break;
      }
    }
    plan.pattern = with_processor(table.field(*row, "code_objects"), target.processor);
    std::string skip = target.xnack == "on" ? "xnack-" : target.xnack == "off" ? "xnack+" : "";
    plan.code_objects = matching_files(plan.directory, plan.pattern, skip);
    to_scan.insert(plan.code_objects.begin(), plan.code_objects.end());
    plans.push_back(std::move(plan));
  }

  // The code objects themselves: their ELF headers (or bundle IDs) say what they run on.
  std::vector<scan::InputFile> inputs;
  for (const auto& path : to_scan) {
    std::error_code error;
    auto size = fs::file_size(path, error);
    inputs.push_back({path, error ? 0 : size});
  }
  scan::ScanReport scanned = scan::scan_inputs(inputs, scan_options, scan_options.jobs, {});
  std::map<std::string, const scan::FileReport*> by_path;
  for (const auto& file : scanned.files) {
    by_path.emplace(file.path, &file);
    for (const auto& error : file.errors) {
      check.errors.push_back(file.display_name() + ": " + error);
    }
  }

  std::string failure_template = table.field(*row, "failure");
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
      for (const auto& code : found->second->gpu_code) {
        if (code.vendor == "amd" && code.kind == "code-object") {
          carried.insert(code.check && !code.check->elf_target.empty() ? code.check->elf_target : code.target);
        }
      }
      auto verdicts = verdicts_for_file(*found->second, package, {target});
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

}  // namespace archfit::check
