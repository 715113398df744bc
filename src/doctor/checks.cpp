// run_checks: every group in report order, plus the shared helpers of checks_common.hpp.
#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "doctor/checks_common.hpp"
#include "doctor/conditions.hpp"
#include "doctor/distro_release.hpp"
#include "doctor/doctor.hpp"
#include "doctor/probes.hpp"
#include "doctor/versions.hpp"
#include "model/target_id.hpp"

namespace archfit::doctor {

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string result;
  for (std::size_t i = 0; i < items.size(); ++i) {
    result += (i == 0 ? "" : std::string(separator)) + items[i];
  }
  return result;
}

std::string processor_of(std::string_view target) { return std::string(model::processor_of(target)); }

std::string cuda_arch_of(std::string_view target) {
  if (!target.starts_with("sm_")) {
    return std::string(target);
  }
  std::string digits(target.substr(3));
  std::string suffix;
  while (!digits.empty() && (digits.back() < '0' || digits.back() > '9')) {
    suffix = std::string(1, digits.back()) + suffix;
    digits.pop_back();
  }
  if (digits.size() < 2) {
    return std::string(target);
  }
  return digits.substr(0, digits.size() - 1) + "." + digits.substr(digits.size() - 1) + suffix;
}

std::string CheckContext::install(std::string_view need, std::string_view major) const {
  auto package = rules.package(need, facts.os_family);
  if (!package) {
    return {};
  }
  std::string name = package->package;
  if (auto at = name.find("{N}"); at != std::string::npos) {
    if (major.empty()) {
      return {};
    }
    name.replace(at, 3, major);
  }
  return sudo() + package->manager + " " + name;
}

std::string describe(const Compiler& compiler) {
  if (!compiler.found()) {
    return "none";
  }
  std::string text = compiler.path;
  if (!compiler.links.empty() && compiler.real_path != compiler.path) {
    text += " -> " + compiler.real_path;
  }
  if (!compiler.version.empty()) {
    std::string family = compiler.family == "gnu" ? "GCC" : (compiler.family == "clang" ? "clang" : "compiler");
    text += ": " + family + " " + compiler.version;
  } else if (!compiler.run.error.empty()) {
    text += ": " + compiler.run.error;
  }
  return text;
}

const RocmInstall* selected_rocm(const Facts& facts) {
  if (facts.rocm.selected < 0 || static_cast<std::size_t>(facts.rocm.selected) >= facts.rocm.installs.size()) {
    return nullptr;
  }
  return &facts.rocm.installs[static_cast<std::size_t>(facts.rocm.selected)];
}

const NvccInstall* selected_nvcc(const Facts& facts) {
  if (facts.cuda.selected < 0 || static_cast<std::size_t>(facts.cuda.selected) >= facts.cuda.installs.size()) {
    return nullptr;
  }
  return &facts.cuda.installs[static_cast<std::size_t>(facts.cuda.selected)];
}

namespace {

std::optional<DistroGcc> archive_gcc(const CheckContext& context) {
  std::string distro = distro_key(context.facts.detect.host.system.os);
  return distro.empty() ? std::nullopt : distro_gcc(distro);
}

std::string majors_text(const std::vector<int>& majors) {
  std::vector<std::string> names;
  for (int major : majors) {
    names.push_back(std::to_string(major));
  }
  return join(names, ", ");
}

}  // namespace

std::string gcc_fix(const CheckContext& context, int major) {
  std::string n = std::to_string(major);
  std::vector<std::string> lines;
  // A g++-N already on PATH needs no install.
  std::string have;
  for (const auto& path : context.facts.toolchain.gxx_on_path) {
    if (base_name(path) == "g++-" + n) {
      have = path;
    }
  }
  auto archive = archive_gcc(context);
  bool rhel = context.facts.os_family == "rhel";
  // RHEL's own GCC is the plain gcc-c++ package, not a toolset, and needs no enable script.
  bool rhel_system_gcc = rhel && archive && archive->system_major == major;
  if (have.empty()) {
    if (archive && std::find(archive->majors.begin(), archive->majors.end(), major) == archive->majors.end()) {
      lines.push_back("# GCC " + n + " is not in " + archive->distro + "'s archive (it has GCC " +
                      majors_text(archive->majors) + "): install GCC " + n +
                      " from another source (a newer release of the distribution, conda's gxx_linux-64=" + n +
                      ") and point CC/CXX at it");
      return join(lines, "\n");
    }
    if (rhel_system_gcc) {
      lines.push_back(context.sudo() + "dnf install gcc-c++");
      lines.push_back("export CC=gcc CXX=g++   # GCC " + n + ", the system compiler");
      return join(lines, "\n");
    }
    std::string gxx = context.install("gxx", n);
    std::string gcc = context.install("gcc", n);
    if (!gxx.empty()) {
      lines.push_back(gcc.empty() ? gxx : gxx + " " + gcc.substr(gcc.rfind(' ') + 1));
    } else {
      lines.push_back("# install GCC " + n + " (C and C++ compilers) with the distribution's package manager");
    }
  }
  if (rhel && !rhel_system_gcc) {
    lines.push_back("source /opt/rh/gcc-toolset-" + n + "/enable   # puts GCC " + n + " first on PATH for this shell");
  } else if (rhel_system_gcc) {
    lines.push_back("export CC=gcc CXX=g++   # GCC " + n + ", the system compiler");
  } else {
    lines.push_back("export CC=gcc-" + n + " CXX=g++-" + n);
  }
  return join(lines, "\n");
}

int choose_gcc_major(const CheckContext& context, int min_major, int max_major) {
  auto fits = [&](int major) { return major >= min_major && (max_major <= 0 || major <= max_major); };
  int best = 0;
  for (const auto& path : context.facts.toolchain.gxx_on_path) {
    std::string name = base_name(path);
    if (!name.starts_with("g++-")) {
      continue;
    }
    int major = std::atoi(name.c_str() + 4);
    if (fits(major) && major > best) {
      best = major;
    }
  }
  if (best > 0) {
    return best;
  }
  if (auto archive = archive_gcc(context)) {
    for (int major : archive->majors) {
      if (fits(major) && major > best) {
        best = major;
      }
    }
    if (best > 0) {
      return best;
    }
  }
  return max_major > 0 ? max_major : min_major;
}

std::optional<ArchAllowlist> applicable_allowlist(const CheckContext& context, std::string_view vendor) {
  const auto& facts = context.facts;
  auto rows = context.rules.allowlists(facts.project);
  std::string version = facts.project_version;
  // The release whose rows apply: the highest listed version not newer than the project's (newest when unknown).
  std::string release;
  for (const auto& row : rows) {
    bool eligible = version.empty() || compare_versions(row.version, version) <= 0;
    if (eligible && (release.empty() || newer_release(row.version, release))) {
      release = row.version;
    }
  }
  const NvccInstall* nvcc = selected_nvcc(facts);
  for (const auto& row : rows) {
    if (row.version != release) {
      continue;
    }
    if (row.vendor == vendor) {
      return row;
    }
    if (vendor == "cuda" && row.vendor.starts_with("cuda-nvcc")) {
      // "cuda-nvcc>=12.8": the first branch the nvcc satisfies, as vLLM's CMakeLists if/elseif chain.
      std::string condition = "nvcc" + row.vendor.substr(9);
      ConditionFacts condition_facts;
      if (nvcc != nullptr && !nvcc->version.empty()) {
        condition_facts.values["nvcc"] = nvcc->version;
      }
      auto holds = evaluate_condition(condition, condition_facts);
      if (holds.ok() && *holds) {
        return row;
      }
    }
  }
  return std::nullopt;
}

void check_advice(const CheckContext& context) {
  const auto& facts = context.facts;
  ConditionFacts condition;
  condition.environment = &context.environment;
  condition.targets = facts.targets;
  condition.values["project"] = facts.project;
  std::string version = facts.project_version;
  if (version.empty()) {
    if (auto newest = context.rules.project_requirement(facts.project, "")) {
      version = newest->version;
    }
  }
  condition.values["project_version"] = version;
  condition.values["backend"] = facts.backend;
  const auto& cxx = facts.toolchain.cxx;
  condition.values["cxx"] = cxx.family;
  if (cxx.family == "gnu") {
    condition.values["gcc"] = cxx.version;
  } else if (cxx.family == "clang") {
    condition.values["clang"] = cxx.version;
  }
  condition.values["cmake"] = facts.toolchain.cmake_version;
  condition.values["python"] = facts.python.version;
  if (const auto* nvcc = selected_nvcc(facts)) {
    condition.values["nvcc"] = nvcc->version;
  }
  if (const auto* rocm = selected_rocm(facts)) {
    condition.values["rocm"] = rocm->version;
  }
  condition.values["driver"] = facts.detect.drivers.nvidia_version;
  condition.values["os"] = facts.detect.host.system.os.id;
  for (const auto& rule : context.rules.advice()) {
    auto holds = evaluate_condition(rule.when, condition);
    if (!holds.ok()) {
      context.add("toolchain.rule." + rule.id, "toolchain", Status::warn, "rule could not be evaluated",
                  "the `when` of rule " + rule.id + " is malformed: " + holds.error().message, rule.advice, rule.source);
      continue;
    }
    if (!*holds) {
      continue;
    }
    std::vector<std::string> seen;
    if (!cxx.version.empty()) {
      seen.push_back("C++ compiler " + describe(cxx));
    }
    if (rule.when.find("nvcc") != std::string::npos && condition.values.count("nvcc") != 0) {
      seen.push_back("nvcc " + condition.values["nvcc"]);
    }
    if (rule.when.find("env.") != std::string::npos) {
      std::size_t at = rule.when.find("env.");
      std::string name = rule.when.substr(at + 4);
      name = name.substr(0, name.find_first_of("=!<>~ "));
      auto value = context.environment.get(name);
      seen.push_back(fmt::format("${}{}", name, value ? "=" + *value : std::string(" unset")));
    }
    if (rule.when.find("target") != std::string::npos) {
      seen.push_back("targets " + join(facts.targets, ", "));
    }
    std::string fix = rule.fix;
    if (fix.empty()) {
      // A rule about an old GCC: the compiler of the version it names.
      auto at = rule.when.find("gcc<");
      if (at != std::string::npos) {
        auto need = major_of(rule.when.substr(at + 4));
        std::string needed = rule.when.substr(at + 4);
        needed = needed.substr(0, needed.find(' '));
        int major = need.value_or(12) + (needed.find('.') != std::string::npos && !needed.ends_with(".0") ? 1 : 0);
        fix = gcc_fix(context, choose_gcc_major(context, major));
      }
    }
    context.add("toolchain.rule." + rule.id, "toolchain", rule.severity,
                "rule " + rule.id, join(seen, "; "), rule.advice, rule.source, fix);
  }
}

std::vector<Check> run_checks(const Facts& facts, const RuleSet& rules, const probe::Environment& environment) {
  std::vector<Check> checks;
  CheckContext context{facts, rules, environment, checks};
  check_gpus(context);
  check_toolchain(context);
  check_advice(context);
  check_rocm(context);
  check_cuda(context);
  check_python(context);
  check_source(context);
  check_resources(context);
  // Report order: by group, then as added.
  std::stable_sort(checks.begin(), checks.end(), [](const Check& a, const Check& b) {
    auto rank = [](const std::string& group) {
      const auto& groups = check_groups();
      for (std::size_t i = 0; i < groups.size(); ++i) {
        if (groups[i].first == group) {
          return i;
        }
      }
      return groups.size();
    };
    return rank(a.group) < rank(b.group);
  });
  return checks;
}

}  // namespace archfit::doctor
