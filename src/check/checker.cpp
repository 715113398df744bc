#include "check/checker.hpp"

#include <algorithm>
#include <map>
#include <cstring>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "check/gpu_verdicts.hpp"
#include "check/vendor_mismatch.hpp"
#include "check/install_consistency.hpp"
#include "check/kernel_directories.hpp"
#include "check/miopen_kernel_db.hpp"
#include "check/loadability.hpp"
#include "check/python_env.hpp"
#include "binfmt/zip_archive.hpp"
#include "util/mapped_file.hpp"
#include "detect/detector.hpp"
#include "scan/input_discovery.hpp"
#include "scan/parallel_scan.hpp"
#include "util/text_lines.hpp"

namespace archfit::check {

namespace {

// Packages whose GPU builds carry GPU code; a build of one of them without any is CPU-only.
bool expects_gpu_code(const std::string& package) {
  return package == "torch" || package == "vllm" || package == "flash-attn" || package == "xformers" ||
         package == "torchvision";
}

Result<std::vector<DeviceTarget>> parse_target_list(const std::vector<std::string>& values) {
  std::vector<DeviceTarget> targets;
  for (const auto& value : values) {
    std::string_view list = value;
    while (!list.empty()) {
      auto comma = list.find_first_of(",;");
      std::string_view item = trim(list.substr(0, comma));
      list.remove_prefix(comma == std::string_view::npos ? list.size() : comma + 1);
      if (item.empty()) {
        continue;
      }
      std::string error;
      auto target = parse_device_target(item, &error);
      if (!target) {
        return Error{"--target: " + error};
      }
      targets.push_back(std::move(*target));
    }
  }
  return targets;
}

Result<std::vector<DeviceTarget>> targets_from_detect(const detect::DetectReport& report, std::vector<std::string>& notes) {
  std::vector<DeviceTarget> targets;
  std::set<std::string> seen;
  for (const auto& gpu : report.gpus) {
    if (!gpu.visible || !gpu.accessible || gpu.target_id.empty()) {
      continue;
    }
    std::string id = gpu.target_id;
    if (!gpu.override_target.empty()) {
      // The runtime looks up code for the overridden processor; the features stay the device's.
      auto colon = id.find(':');
      id = gpu.override_target + (colon == std::string::npos ? std::string() : id.substr(colon));
      notes.push_back(fmt::format("HSA_OVERRIDE_GFX_VERSION is in effect: {} at {} is checked as {}", gpu.target_id,
                                  gpu.pci, id));
    }
    if (!seen.insert(id).second) {
      continue;
    }
    std::string error;
    auto target = parse_device_target(id, &error);
    if (!target) {
      notes.push_back(fmt::format("{} ({}): {}", gpu.name, id, error));
      continue;
    }
    targets.push_back(std::move(*target));
  }
  if (targets.empty()) {
    return Error{"no usable GPU found here (`archfit detect` shows why); name the targets instead: "
                 "--target gfx942,sm_90 or --targets-from detect.json"};
  }
  return targets;
}

std::string read_rocm_version(const probe::SystemRoot& root, const probe::Environment& environment) {
  std::vector<std::string> prefixes;
  if (auto path = environment.get("ROCM_PATH")) {
    prefixes.push_back(*path);
  }
  prefixes.emplace_back("/opt/rocm");
  for (const auto& prefix : prefixes) {
    auto file = root.read_text(prefix + "/.info/version", 256);
    if (file.ok()) {
      std::string_view text = trim(file.text);
      return std::string(text.substr(0, text.find('-')));
    }
  }
  return {};
}

// The member names of a zip (a wheel whose members were scanned); an error when it cannot be read again.
std::vector<std::string> zip_member_names(const std::string& path, std::vector<std::string>& errors) {
  std::vector<std::string> names;
  auto mapped = MappedFile::open(path);
  if (!mapped) {
    errors.push_back(path + ": " + mapped.error().message);
    return names;
  }
  auto directory = binfmt::read_zip_directory(mapped->bytes());
  if (!directory) {
    errors.push_back(path + ": " + directory.error().message);
    return names;
  }
  for (const auto& member : directory->members) {
    names.push_back(member.name);
  }
  return names;
}

}  // namespace

Result<CheckReport> run_check(const CheckOptions& options, const probe::SystemRoot& root,
                              const probe::Environment& environment, const probe::CommandRunner& runner) {
  CheckReport report;
  // The binaries, the Python environment and the libraries they load are on this system; only
  // the machine facts (GPUs, CPU level, driver, ROCm version) come from `root`, which may be a
  // captured tree of another machine.
  probe::SystemRoot this_system("/");
  const probe::SystemRoot& live = options.files_root != nullptr ? *options.files_root : this_system;
  detect::DetectReport machine = detect::detect_system(root, environment, {.runner = &runner});
  if (!options.targets.empty()) {
    ARCHFIT_TRY(report.targets, parse_target_list(options.targets));
    report.targets_source = options.targets_source.empty() ? "--target" : options.targets_source;
  } else {
    ARCHFIT_TRY(report.targets, targets_from_detect(machine, report.notes));
    report.targets_source = "detect";
  }

  // What to scan, and which package (or command-line input) each file belongs to.
  std::vector<scan::InputFile> inputs;
  std::map<std::string, std::string> package_of;  // file path → package
  std::vector<std::string> roots;                  // command-line inputs, for host-only verdicts
  std::vector<Distribution> distributions;
  std::vector<std::string> program_rpath;
  if (!options.python.empty()) {
    // A virtual environment says where its site-packages is in pyvenv.cfg: no need to start the
    // interpreter (tens of milliseconds). Anything else is asked for its paths.
    auto venv = venv_python_paths(live, probe::find_program(options.python, environment));
    PythonPaths paths;
    if (venv) {
      paths = std::move(*venv);
    } else {
      ARCHFIT_TRY(paths, query_python_paths(options.python, runner, environment));
    }
    report.python = paths.executable;
    report.site_packages = paths.site_dirs.empty() ? std::string() : paths.site_dirs.front();
    distributions = read_distributions(live, paths.site_dirs);
    std::vector<std::string> files;
    for (const auto& distribution : distributions) {
      if (!is_gpu_framework(distribution.info.name)) {
        continue;
      }
      report.packages.push_back(distribution.info);
      report.errors.insert(report.errors.end(), distribution.errors.begin(), distribution.errors.end());
      for (const auto& file : distribution.files) {
        auto base = file.substr(file.rfind('/') + 1);
        if (base.ends_with(".so") || base.find(".so.") != std::string::npos) {
          files.push_back(file);
          package_of[file] = distribution.info.name;
        }
      }
    }
    auto discovered = scan::discover_inputs(files);
    inputs = std::move(discovered.files);
    for (auto& error : discovered.errors) {
      report.errors.push_back(std::move(error));
    }
    // A conda (or other relocatable) python carries DT_RPATH $ORIGIN/../lib, which the loader
    // searches for every library the process loads.
    if (!paths.executable.empty() && !paths.prefix.empty() && live.exists(paths.prefix + "/lib/libstdc++.so.6")) {
      program_rpath.push_back(paths.prefix + "/lib");
    }
  }
  if (!options.paths.empty()) {
    auto discovered = scan::discover_inputs(options.paths);
    for (auto& file : discovered.files) {
      inputs.push_back(std::move(file));
    }
    for (auto& error : discovered.errors) {
      report.errors.push_back(std::move(error));
    }
    roots = options.paths;
  }

  scan::ScanOptions scan_options;
  scan_options.deep = options.deep;
  scan_options.jobs = options.jobs;
  std::uint64_t total_bytes = 0;
  for (const auto& input : inputs) {
    total_bytes += input.size;
  }
  scan::ScanReport scanned = scan::scan_inputs(
      inputs, scan_options, options.jobs,
      {[&](std::size_t files, std::uint64_t bytes) {
        if (options.progress) {
          options.progress(files, inputs.size(), bytes, total_bytes);
        }
      }});

  LoadChecker loader(live, environment, machine.host.cpu.isa_level, program_rpath);
  // In a Python process a package's libraries load after those of the packages it imports
  // (its Requires-Dist): torchvision's _C.so finds libc10.so because torch loaded it.
  std::map<std::string, std::map<std::string, std::string>> libraries_of;  // package → soname → path
  for (const auto& [path, package] : package_of) {
    libraries_of[package][path.substr(path.rfind('/') + 1)] = path;
  }
  // A torch extension given as a PATH needs libc10.so, libtorch*.so: Python loads those with
  // `import torch` before the extension. Find the torch of --python (or of python3 on PATH).
  bool needs_torch = false;
  for (const auto& file : scanned.files) {
    if (file.needs && package_of.count(file.path) == 0) {
      for (const auto& soname : file.needs->needed) {
        needs_torch = needs_torch || soname.starts_with("libc10") || soname.starts_with("libtorch");
      }
    }
  }
  if (needs_torch && libraries_of.count("torch") == 0) {
    std::string python = options.python.empty() ? std::string("python3") : options.python;
    auto venv = venv_python_paths(live, probe::find_program(python, environment));
    auto paths = venv ? Result<PythonPaths>(std::move(*venv)) : query_python_paths(python, runner, environment);
    if (paths) {
      for (const auto& distribution : read_distributions(live, paths->site_dirs)) {
        if (distribution.info.name != "torch") {
          continue;
        }
        for (const auto& file : distribution.files) {
          auto base = file.substr(file.rfind('/') + 1);
          if (base.ends_with(".so") || base.find(".so.") != std::string::npos) {
            libraries_of["torch"][base] = file;
          }
        }
        report.notes.push_back(fmt::format("torch extensions: the libraries of {}'s torch {} count as loaded (Python "
                                           "imports torch before an extension)",
                                           python, distribution.info.version));
      }
    }
  }
  std::map<std::string, std::map<std::string, std::string>> preloaded_cache;
  auto preloaded_for = [&](const std::string& package) -> const std::map<std::string, std::string>& {
    auto cached = preloaded_cache.find(package);
    if (cached != preloaded_cache.end()) {
      return cached->second;
    }
    std::map<std::string, std::string> loaded;
    // Everything built on torch imports it first, whether or not its METADATA says so; so does
    // an extension given as a path.
    if (package != "torch" && libraries_of.count("torch") != 0 && package.find("triton") == std::string::npos) {
      loaded.insert(libraries_of["torch"].begin(), libraries_of["torch"].end());
    }
    for (const auto& distribution : distributions) {
      if (distribution.info.name != package) {
        continue;
      }
      for (const auto& text : distribution.info.requires_dist) {
        auto requirement = parse_requirement(text);
        if (requirement && libraries_of.count(requirement->name) != 0) {
          const auto& libraries = libraries_of[requirement->name];
          loaded.insert(libraries.begin(), libraries.end());
        }
      }
    }
    return preloaded_cache.emplace(package, std::move(loaded)).first->second;
  };
  std::map<std::string, std::set<std::string>> zip_members;
  for (const auto& file : scanned.files) {
    if (file.member) {
      zip_members[file.path].insert(*file.member);
    }
  }
  std::set<std::string> with_code;  // packages and inputs that carry GPU code somewhere
  for (const auto& file : scanned.files) {
    for (const auto& error : file.errors) {
      report.errors.push_back(file.display_name() + ": " + error);
    }
    auto package = package_of.count(file.path) ? package_of[file.path] : std::string();
    auto verdicts = verdicts_for_file(file, package, report.targets);
    if (!verdicts.empty()) {
      with_code.insert(package.empty() ? file.path : package);
      for (const auto& input : roots) {
        if (file.path == input || file.path.starts_with(input + "/")) {
          with_code.insert(input);
        }
      }
    }
    for (auto& verdict : verdicts) {
      report.results.push_back(std::move(verdict));
    }
    if (file.needs && (file.format == "elf-shared-object" || file.format == "elf-executable")) {
      static const std::set<std::string> no_members;
      auto members = zip_members.find(file.path);
      report.load.push_back(loader.check(file, package, members == zip_members.end() ? no_members : members->second,
                                         preloaded_for(package)));
    }
  }
  // rocBLAS / hipBLASLt: kernels in a directory next to the library, one verdict per directory
  // and target. Code objects of such a directory that were scanned as inputs themselves (a
  // directory given on the command line) are judged as the directory, not one by one.
  std::set<std::string> kernel_directories;
  for (const auto& file : scanned.files) {
    if (file.member || file.format != "elf-shared-object") {
      continue;
    }
    auto package = package_of.count(file.path) ? package_of[file.path] : std::string();
    auto kernels = check_kernel_directory(file.path, package, report.targets, environment, scan_options);
    if (!kernels.applies || !kernel_directories.insert(kernels.directory).second) {
      continue;
    }
    for (auto& error : kernels.errors) {
      report.errors.push_back(std::move(error));
    }
    for (auto& result : kernels.results) {
      report.results.push_back(std::move(result));
    }
  }
  // The same inside wheels: the library member and the directory among the wheel's members.
  std::set<std::pair<std::string, std::string>> zip_kernel_directories;  // (wheel, directory member)
  std::map<std::string, std::vector<const scan::FileReport*>> reports_of_zip;
  for (const auto& file : scanned.files) {
    if (file.member) {
      reports_of_zip[file.path].push_back(&file);
    }
  }
  std::map<std::string, std::vector<std::string>> names_of_zip;
  for (const auto& file : scanned.files) {
    if (!file.member || file.format != "elf-shared-object" || !is_kernel_directory_library(*file.member)) {
      continue;
    }
    auto names = names_of_zip.find(file.path);
    if (names == names_of_zip.end()) {
      names = names_of_zip.emplace(file.path, zip_member_names(file.path, report.errors)).first;
    }
    auto package = package_of.count(file.path) ? package_of[file.path] : std::string();
    auto kernels = check_kernel_directory_in_zip(file.path, *file.member, package, report.targets, names->second,
                                                 reports_of_zip[file.path]);
    if (!kernels.applies || !zip_kernel_directories.insert({file.path, kernels.directory}).second) {
      continue;
    }
    for (auto& error : kernels.errors) {
      report.errors.push_back(std::move(error));
    }
    for (auto& result : kernels.results) {
      report.results.push_back(std::move(result));
    }
  }
  // MIOpen: a precompiled kernel database per target next to the library, else compiled at first use.
  std::set<std::string> kernel_databases;
  for (const auto& file : scanned.files) {
    if (file.member || file.format != "elf-shared-object") {
      continue;
    }
    auto package = package_of.count(file.path) ? package_of[file.path] : std::string();
    auto databases = check_miopen_kernel_db(file.path, package, report.targets, environment);
    if (databases.applies && kernel_databases.insert(databases.directory).second) {
      for (auto& result : databases.results) {
        report.results.push_back(std::move(result));
      }
    }
  }
  if (!kernel_directories.empty()) {
    std::erase_if(report.results, [&](const TargetResult& result) {
      return !result.member && std::any_of(kernel_directories.begin(), kernel_directories.end(),
                                           [&](const std::string& dir) { return result.path.starts_with(dir + "/"); });
    });
  }
  if (!zip_kernel_directories.empty()) {
    std::erase_if(report.results, [&](const TargetResult& result) {
      return result.member && std::any_of(zip_kernel_directories.begin(), zip_kernel_directories.end(),
                                           [&](const auto& dir) {
                                             return result.path == dir.first &&
                                                    result.member->starts_with(dir.second + "/");
                                           });
    });
  }
  for (const auto& input : roots) {
    if (with_code.count(input) == 0) {
      for (auto& result : host_only_results(input, "", report.targets)) {
        report.results.push_back(std::move(result));
      }
    }
  }
  for (const auto& package : report.packages) {
    if (expects_gpu_code(package.name) && with_code.count(package.name) == 0) {
      for (auto& result : host_only_results(package.dist_info, package.name, report.targets)) {
        report.results.push_back(std::move(result));
      }
    }
  }
  for (auto& package : report.packages) {
    package.binaries = static_cast<std::size_t>(std::count_if(
        package_of.begin(), package_of.end(), [&](const auto& entry) { return entry.second == package.name; }));
  }
  if (!options.python.empty()) {
    SystemFacts facts{machine.drivers.nvidia_version, read_rocm_version(root, environment)};
    report.consistency = check_install_consistency(distributions, report.targets, facts);
  }
  judge_vendor_mismatches({.files = &scanned.files,
                           .package_of = &package_of,
                           .roots = &roots,
                           .targets_are_this_machine = report.targets_source == "detect"},
                          report);
  return report;
}

}  // namespace archfit::check
