// ROCm: every install, the one the build will use and why, whether ROCM_PATH / HIP_PATH / PATH /
// LD_LIBRARY_PATH agree on it, its development components (by the file that proves each), and the target
// GPUs against the release's supported targets.
#include <algorithm>

#include <fmt/format.h>

#include "doctor/checks_common.hpp"
#include "doctor/distro_release.hpp"
#include "doctor/probes.hpp"
#include "doctor/versions.hpp"

namespace archfit::doctor {

namespace {

constexpr const char* k_group = "rocm";
constexpr const char* k_components_source =
    "data/doctor_rocm_components.tsv (the REQUIRED find_package list of pytorch/pytorch@v2.7.1 "
    "cmake/public/LoadHIP.cmake; each proof file from the packages' file lists; per-row sources there)";

std::string describe(const RocmInstall& install) {
  std::string text = install.root;
  if (!install.aliases.empty()) {
    text += " (via " + join(install.aliases, ", ") + ")";
  }
  text += ": ";
  if (install.kind == "debian") {
    text += "Debian/Ubuntu packages, ";
  } else if (install.kind == "pip-sdk") {
    text += "pip rocm SDK, ";
  }
  text += install.version.empty() ? std::string("version unknown") : "ROCm " + install.version;
  if (!install.hip_version.empty()) {
    text += ", HIP " + install.hip_version;
  }
  return text;
}

std::string label(const Facts& facts, int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= facts.rocm.installs.size()) {
    return "no ROCm install";
  }
  const auto& install = facts.rocm.installs[static_cast<std::size_t>(index)];
  return install.root + (install.version.empty() ? "" : " (ROCm " + install.version + ")");
}

std::string env_fix(const RocmInstall& install) {
  std::string bin = install.kind == "pip-sdk" ? join_path(parent_dir(install.root), "_rocm_sdk_core/bin")
                                              : join_path(install.root, "bin");
  return "export ROCM_PATH=" + install.root + " HIP_PATH=" + install.root + " PATH=" + bin +
         ":$PATH   # or: eval \"$(archfit env)\"";
}

void check_installs(const CheckContext& context) {
  const auto& facts = context.facts;
  const auto& rocm = facts.rocm;
  if (rocm.installs.empty()) {
    context.add("rocm.installs", k_group, Status::fail, "ROCm installs",
                "no ROCm found (/opt/rocm, /opt/rocm-*, $ROCM_PATH, $HIP_PATH, /usr/bin/hipcc, a pip rocm SDK)",
                "A ROCm build needs the HIP compiler, headers and libraries of a ROCm install",
                "pytorch/pytorch README.md (\"By default the build system expects ROCm to be installed in /opt/rocm\")",
                "install ROCm (https://rocm.docs.amd.com/projects/install-on-linux/en/latest/), or the pip SDK: "
                "python -m pip install \"rocm[libraries,devel]\" --index-url <TheRock index>");
    return;
  }
  std::vector<std::string> lines;
  for (const auto& install : rocm.installs) {
    lines.push_back(describe(install));
  }
  context.add("rocm.installs", k_group, Status::pass, "ROCm installs", join(lines, "; "));
}

void check_selected(const CheckContext& context) {
  const auto& facts = context.facts;
  const auto& rocm = facts.rocm;
  if (rocm.rocm_path_env && !rocm.rocm_path_env->empty() && rocm.rocm_path_missing) {
    context.add("rocm.selected", k_group, Status::fail, "ROCm the build uses",
                "$ROCM_PATH=" + *rocm.rocm_path_env + " does not exist",
                "PyTorch's CMake stops: \"ROCM_PATH environment variable is set to <path> but does not exist. Set a "
                "valid ROCM_PATH or unset ROCM_PATH environment variable to fix.\"",
                "pytorch/pytorch@v2.7.1 cmake/public/LoadHIP.cmake",
                rocm.installs.empty() ? "unset ROCM_PATH" : env_fix(rocm.installs.front()));
    return;
  }
  const RocmInstall* selected = selected_rocm(facts);
  if (selected == nullptr) {
    if (!rocm.installs.empty()) {
      context.add("rocm.selected", k_group, Status::fail, "ROCm the build uses", rocm.selected_reason, "", "",
                  env_fix(rocm.installs.front()));
    }
    return;
  }
  bool outside_default = facts.project == "pytorch" &&
                         std::find(selected->aliases.begin(), selected->aliases.end(), "$ROCM_PATH") == selected->aliases.end() &&
                         std::find(selected->aliases.begin(), selected->aliases.end(), "/opt/rocm") == selected->aliases.end() &&
                         selected->kind != "ROCM_PATH" && !rocm.selected_reason.starts_with("a pip");
  if (outside_default) {
    context.add("rocm.selected", k_group, Status::fail, "ROCm the build uses",
                describe(*selected) + " — " + rocm.selected_reason,
                "PyTorch's CMake looks at $ROCM_PATH, else /opt/rocm; otherwise it prints \"Building without ROCm "
                "support\"",
                "pytorch/pytorch@v2.7.1 cmake/public/LoadHIP.cmake",
                env_fix(*selected));
    return;
  }
  context.add("rocm.selected", k_group, Status::pass, "ROCm the build uses",
              describe(*selected) + " — " + rocm.selected_reason);
}

void check_agreement(const CheckContext& context) {
  const auto& facts = context.facts;
  const auto& rocm = facts.rocm;
  const RocmInstall* selected = selected_rocm(facts);
  if (selected == nullptr) {
    return;
  }
  int chosen = rocm.selected;
  std::vector<std::string> conflicts;
  if (rocm.hip_path_env && !rocm.hip_path_env->empty()) {
    if (rocm.hip_path_missing) {
      conflicts.push_back("$HIP_PATH=" + *rocm.hip_path_env + " does not exist");
    } else if (rocm.hip_path_install != chosen) {
      conflicts.push_back("$HIP_PATH=" + *rocm.hip_path_env + " is " + label(facts, rocm.hip_path_install));
    }
  }
  if (!rocm.hipcc_path.empty() && rocm.hipcc_install != chosen) {
    conflicts.push_back("hipcc on PATH (" + rocm.hipcc_path + ") is " + label(facts, rocm.hipcc_install));
  }
  for (const auto& [dir, install] : rocm.ld_library_path_hip) {
    if (install != chosen) {
      conflicts.push_back("$LD_LIBRARY_PATH has libamdhip64 in " + dir + " (" + label(facts, install) + ")");
    }
  }
  if (!rocm.hipconfig_version.empty() && rocm.hipcc_install >= 0) {
    const auto& hipcc_install = rocm.installs[static_cast<std::size_t>(rocm.hipcc_install)];
    std::string expected = hipcc_install.hip_version.empty() ? hipcc_install.version : hipcc_install.hip_version;
    if (!expected.empty() && major_minor(expected) != major_minor(rocm.hipconfig_version)) {
      conflicts.push_back("hipconfig --version says HIP " + rocm.hipconfig_version + " but " + hipcc_install.root +
                          " holds " + expected);
    }
  }
  if (conflicts.empty()) {
    std::string seen = "the build uses " + label(facts, chosen);
    if (!rocm.hipcc_path.empty()) {
      seen += "; hipcc " + rocm.hipcc_path + (rocm.hipconfig_version.empty() ? "" : " (hipconfig --version: " +
                                                                                     rocm.hipconfig_version + ")");
    }
    if (rocm.hipconfig.timed_out) {
      context.add("rocm.paths", k_group, Status::warn, "ROCm paths agree", seen + "; hipconfig: " + rocm.hipconfig.error);
      return;
    }
    context.add("rocm.paths", k_group, Status::pass, "ROCm paths agree", seen);
    return;
  }
  context.add("rocm.paths", k_group, Status::warn, "ROCm paths agree",
              "the build uses " + label(facts, chosen) + ", but " + join(conflicts, "; "),
              "hipcc takes $HIP_PATH (else its own location) and $ROCM_PATH, CMake takes $ROCM_PATH (else /opt/rocm) "
              "and the loader $LD_LIBRARY_PATH: when they name different ROCm releases, code is compiled with one "
              "release's headers and linked or run against the other's libraries",
              "hipvars.pm of hipcc 5.2.3 ($HIP_PATH=$ENV{'HIP_PATH'} // dirname of hipcc; $ROCM_PATH=$ENV{'ROCM_PATH'} "
              "// ...); pytorch/pytorch cmake/public/LoadHIP.cmake; https://github.com/vllm-project/vllm/issues/8042",
              env_fix(*selected));
}

void check_hipcc(const CheckContext& context) {
  const auto& facts = context.facts;
  const auto& rocm = facts.rocm;
  if (!rocm.hipcc_path.empty()) {
    return;  // reported by rocm.paths
  }
  bool needed = facts.project == "vllm" || facts.project == "flash-attn";
  const RocmInstall* selected = selected_rocm(facts);
  context.add("rocm.hipcc", k_group, needed ? Status::fail : Status::warn, "hipcc on PATH",
              "hipcc is not on PATH" + std::string(selected != nullptr && selected->has_hipcc
                                                       ? " (" + join_path(selected->root, "bin/hipcc") + " exists)"
                                                       : ""),
              "torch.utils.cpp_extension (vLLM, flash-attn) compiles HIP sources with hipcc and finds ROCm from it "
              "when ROCM_HOME/ROCM_PATH are unset; PyTorch's own build calls $ROCM_PATH's tools",
              "pytorch/pytorch torch/utils/cpp_extension.py (_find_rocm_home: ROCM_HOME, ROCM_PATH, then hipcc on PATH)",
              selected != nullptr ? env_fix(*selected) : "");
}

void check_components(const CheckContext& context) {
  const auto& facts = context.facts;
  const RocmInstall* selected = selected_rocm(facts);
  if (selected == nullptr) {
    return;
  }
  std::vector<std::string> missing_required;
  std::vector<std::string> missing_optional;
  std::vector<std::string> archive_packages;  // in the distribution's archive (data/doctor_distro_packages.tsv)
  std::vector<std::string> not_in_archive;    // components only AMD's repository has
  std::vector<std::string> amd_packages;      // their names in AMD's repository
  std::string distro = distro_key(facts.detect.host.system.os);
  // The distribution's own ROCm: its dpkg status says so, or it lives in /usr (AMD installs to /opt/rocm*).
  bool distro_rocm = selected->kind == "debian" || selected->root == "/usr";
  int checked = 0;
  auto add_once = [](std::vector<std::string>& list, const std::string& item) {
    if (!item.empty() && std::find(list.begin(), list.end(), item) == list.end()) {
      list.push_back(item);
    }
  };
  for (const auto& component : selected->components) {
    const auto& rules = context.rules.rocm_components();
    auto rule = std::find_if(rules.begin(), rules.end(), [&](const RocmComponent& c) { return c.component == component.component; });
    if (rule == rules.end() ||
        std::find(rule->projects.begin(), rule->projects.end(), facts.project) == rule->projects.end()) {
      continue;
    }
    ++checked;
    if (component.present) {
      continue;
    }
    std::string proof = component.proof;
    if (auto brace = proof.find("{cmake}"); brace != std::string::npos) {
      proof.replace(brace, 7, "lib/cmake");
    }
    std::string item = component.component + " (" + proof + ")";
    (component.required ? missing_required : missing_optional).push_back(item);
    if (distro_rocm) {
      if (auto package = context.rules.distro_package(component.component, distro)) {
        add_once(archive_packages, *package);
        continue;
      }
      add_once(not_in_archive, component.component);
    }
    add_once(amd_packages, component.rocm_package);
  }
  if (checked == 0) {
    return;
  }
  std::vector<std::string> lines;
  if (selected->kind == "pip-sdk") {
    lines.push_back("python -m pip install \"rocm[libraries,devel]\"   # the SDK's development files");
  } else {
    std::string manager = facts.os_family == "rhel" ? "dnf" : "apt-get";
    if (!archive_packages.empty()) {
      lines.push_back(context.sudo() + manager + " install " + join(archive_packages, " ") + "   # " +
                      (distro.empty() ? std::string("this distribution") : distro) + "'s own archive");
    }
    if (!amd_packages.empty() || !not_in_archive.empty()) {
      auto repository = context.rules.vendor_repository(model::Vendor::amd, distro);
      if (!not_in_archive.empty()) {
        lines.push_back("# not in " + (distro.empty() ? std::string("this distribution") : distro) + "'s archive: " +
                        join(not_in_archive, ", ") + "; they come from AMD's ROCm repository (a second ROCm in /opt/rocm)");
      }
      if (repository) {
        if (distro_rocm || repository->manager != "apt-get") {
          lines.push_back("# register AMD's ROCm repository for " + distro + ": " + repository->setup);
          lines.push_back(context.sudo() + repository->manager + " install " + repository->install +
                          "   # AMD's meta-package with every ROCm development component");
        } else {
          lines.push_back("# AMD's ROCm repository for " + distro + " (setup, when apt does not know these names yet: " +
                          repository->setup + ")");
          lines.push_back(context.sudo() + "apt-get install " + join(amd_packages, " ") +
                          "   # AMD's names for " + selected->root);
        }
      } else {
        lines.push_back("# AMD's ROCm repository lists the distributions it supports: "
                        "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html" +
                        std::string(amd_packages.empty() ? "" : "; its package names: " + join(amd_packages, " ")));
      }
    }
  }
  std::string fix = join(lines, "\n");
  if (!missing_required.empty()) {
    context.add("rocm.components", k_group, Status::fail, "ROCm components",
                "missing in " + selected->root + ": " + join(missing_required, ", ") +
                    (missing_optional.empty() ? "" : "; optional, also missing: " + join(missing_optional, ", ")),
                facts.project + "'s CMake needs these (find_package(... REQUIRED) stops the configure)",
                k_components_source, fix);
  } else if (!missing_optional.empty()) {
    context.add("rocm.components", k_group, Status::warn, "ROCm components",
                "optional, missing in " + selected->root + ": " + join(missing_optional, ", "),
                "The build goes on without them with the feature off", k_components_source, fix);
  } else {
    context.add("rocm.components", k_group, Status::pass, "ROCm components",
                fmt::format("all {} components {} needs are in {}", checked, facts.project, selected->root), "",
                "data/doctor_rocm_components.tsv");
  }
}

// The oldest release of the compatibility matrix (data/rocm_releases.tsv) that lists `target`.
std::optional<RocmRelease> first_listing_release(const CheckContext& context, const std::string& target) {
  auto releases = context.rules.rocm_releases();
  const RocmRelease* oldest = knowledge::oldest_release_listing(releases, target);
  return oldest != nullptr ? std::optional<RocmRelease>(*oldest) : std::nullopt;
}

// The releases data/compiler_targets.tsv has a device-library list for, as "5.0 - 6.0".
std::string rocm_rows_read(const CheckContext& context) {
  std::vector<std::string> releases;
  for (const auto& row : context.rules.compiler_targets()) {
    if (row.toolchain == "rocm") {
      releases.push_back(row.release);
    }
  }
  return releases.empty() ? std::string("none") : releases.front() + " - " + releases.back();
}

// Can this release's hipcc build the targets at all? (data/compiler_targets.tsv: the device libraries
// of ROCm 5.0 - 6.0.) Without the target's oclc_isa_version bitcode, clang stops with "cannot find
// ROCm device library for gfxN". A release with no row is SKIPped, saying so: no verdict either way.
void check_compile_targets(const CheckContext& context, const RocmInstall& selected,
                           const std::vector<std::string>& targets) {
  if (selected.version.empty()) {
    return;
  }
  std::vector<std::string> cannot;
  std::vector<std::string> fixes;
  std::string source;
  std::optional<CompilerTargets> installed;
  for (const auto& target : targets) {
    auto verdict = context.rules.judge_target("rocm", selected.version, target);
    if (!verdict.installed) {
      // A release the table does not cover (rocm.targets still judges support by the compatibility matrix).
      context.add("rocm.compile-targets", k_group, Status::skip, "targets this hipcc can build",
                  "ROCm " + major_minor(selected.version) + "'s device-library list is not in "
                  "data/compiler_targets.tsv (ROCm rows: " + rocm_rows_read(context) + "), so whether its hipcc "
                  "can build " + join(targets, ", ") + " is not judged here");
      return;
    }
    installed = verdict.installed;
    if (verdict.builds) {
      continue;
    }
    cannot.push_back(target);
    if (!verdict.first_release.empty() && compare_versions(verdict.first_release, selected.version) > 0) {
      fixes.push_back(target + ": ROCm " + verdict.first_release + " or newer (its device libraries are the first with " +
                      target + (verdict.unread_before_first.empty()
                                    ? std::string(")")
                                    : " read here; those of ROCm " + join(verdict.unread_before_first, ", ") +
                                          " were not, and may have it too)"));
      source += (source.empty() ? "" : "; ") + verdict.first_source;
    } else if (auto listed = first_listing_release(context, target)) {
      fixes.push_back(target + ": ROCm " + listed->rocm + " or newer (the first release whose compatibility matrix "
                      "lists it)");
      source += (source.empty() ? "" : "; ") + listed->source;
    } else {
      fixes.push_back(target + ": no ROCm release known here builds it");
    }
  }
  if (!installed) {
    return;
  }
  std::string release = "ROCm " + selected.version;
  if (cannot.empty()) {
    context.add("rocm.compile-targets", k_group, Status::pass, "targets this hipcc can build",
                join(targets, ", ") + ": device libraries of " + release + " have them", "", installed->source);
    return;
  }
  context.add("rocm.compile-targets", k_group, Status::fail, "targets this hipcc can build",
              release + " has no device library for " + join(cannot, ", ") + " (its targets: " +
                  installed->targets.front() + " ... " + installed->targets.back() + ")",
              "hipcc --offload-arch=" + cannot.front() + " stops with \"cannot find ROCm device library for " +
                  cannot.front() + "\": this release cannot build code for it, whatever the paths",
              installed->source + (source.empty() ? "" : "; " + source),
              "use " + join(fixes, "; ") + " — https://rocm.docs.amd.com/projects/install-on-linux/en/latest/");
}

void check_targets(const CheckContext& context) {
  const auto& facts = context.facts;
  const RocmInstall* selected = selected_rocm(facts);
  std::vector<std::string> targets;
  for (const auto& target : facts.targets) {
    if (target.starts_with("gfx")) {
      targets.push_back(processor_of(target));
    }
  }
  if (selected == nullptr || targets.empty()) {
    return;
  }
  check_compile_targets(context, *selected, targets);
  auto release = selected->version.empty() ? std::nullopt : context.rules.rocm_release(selected->version);
  if (!release) {
    context.add("rocm.targets", k_group, Status::skip, "targets supported by this ROCm",
                "ROCm " + (selected->version.empty() ? std::string("(version unknown)") : selected->version) +
                    ": no row in data/rocm_releases.tsv, so its supported targets are not known here");
    return;
  }
  std::vector<std::string> outside;
  for (const auto& target : targets) {
    if (std::find(release->targets.begin(), release->targets.end(), target) == release->targets.end()) {
      outside.push_back(target);
    }
  }
  if (outside.empty()) {
    context.add("rocm.targets", k_group, Status::pass, "targets supported by this ROCm",
                join(targets, ", ") + " listed for ROCm " + release->rocm, "", release->source);
    return;
  }
  context.add("rocm.targets", k_group, Status::warn, "targets supported by this ROCm",
              join(outside, ", ") + " not among ROCm " + release->rocm + "'s supported targets (" +
                  join(release->targets, ", ") + ")",
              "The compatibility matrix lists only fully supported targets: libraries may lack kernels for the others "
              "(rocBLAS/hipBLASLt Tensile files), or work unsupported",
              release->source, "use a ROCm release that lists " + join(outside, ", ") + " (see data/rocm_releases.tsv)");
}

}  // namespace

void check_rocm(const CheckContext& context) {
  const auto& facts = context.facts;
  if (facts.backend != "rocm") {
    if (!facts.rocm.installs.empty()) {
      context.add("rocm", k_group, Status::skip, "ROCm", "not building for ROCm (" + facts.backend_reason + ")");
    }
    return;
  }
  check_installs(context);
  if (facts.rocm.installs.empty() && !(facts.rocm.rocm_path_env && !facts.rocm.rocm_path_env->empty())) {
    return;
  }
  check_selected(context);
  check_agreement(context);
  check_hipcc(context);
  check_components(context);
  check_targets(context);
}

}  // namespace archfit::doctor
