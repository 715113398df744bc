// Every ROCm install: /opt/rocm and /opt/rocm-*, $ROCM_PATH, $HIP_PATH, Debian's /usr layout (hipcc in
// /usr/bin, libamdhip64.so.5 in /usr/lib/x86_64-linux-gnu, /usr/share/hip), the install of the hipcc on
// PATH, and a pip-installed SDK (TheRock's rocm wheels: site-packages/_rocm_sdk_core, _rocm_sdk_devel).
// Each one's version comes from files (.info/version, include/rocm-core/rocm_version.h,
// include/hip/hip_version.h, the dpkg status of Debian's packages, the SDK's dist-info) and its
// components from the proof files of data/doctor_rocm_components.tsv.
#include <algorithm>

#include "doctor/probes.hpp"
#include "doctor/versions.hpp"

namespace archfit::doctor {

namespace {

// The number after `macro` in a C header ("#define ROCM_VERSION_MAJOR   6").
std::string macro_value(std::string_view text, std::string_view macro) {
  std::size_t at = 0;
  while ((at = text.find(macro, at)) != std::string_view::npos) {
    std::size_t end = at + macro.size();
    bool whole = end < text.size() && (text[end] == ' ' || text[end] == '\t');
    if (whole) {
      while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) {
        ++end;
      }
      std::size_t digits = end;
      while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') {
        ++digits;
      }
      if (digits > end) {
        return std::string(text.substr(end, digits - end));
      }
    }
    at = end;
  }
  return {};
}

std::string version_from_header(std::string_view text, std::string_view prefix) {
  std::string major = macro_value(text, std::string(prefix) + "_MAJOR");
  std::string minor = macro_value(text, std::string(prefix) + "_MINOR");
  std::string patch = macro_value(text, std::string(prefix) + "_PATCH");
  if (major.empty() || minor.empty()) {
    return {};
  }
  return major + "." + minor + (patch.empty() ? "" : "." + patch);
}

// The Version: of an installed package in dpkg's status file ("5.2.3-8" -> "5.2.3").
std::string dpkg_version(const probe::SystemRoot& root, const std::vector<std::string>& packages) {
  auto status = root.read_text("/var/lib/dpkg/status", std::size_t{64} << 20);
  if (!status.ok()) {
    return {};
  }
  std::string_view text = status.text;
  for (const auto& package : packages) {
    std::string marker = "Package: " + package + "\n";
    std::size_t at = text.starts_with(marker) ? 0 : text.find("\n" + marker);
    if (at == std::string_view::npos) {
      continue;
    }
    std::size_t end = text.find("\n\n", at + 1);
    std::string_view paragraph = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    if (paragraph.find("Status: install ok installed") == std::string_view::npos) {
      continue;
    }
    auto version = paragraph.find("\nVersion: ");
    if (version == std::string_view::npos) {
      continue;
    }
    std::string_view value = paragraph.substr(version + 10);
    value = value.substr(0, value.find('\n'));
    // Debian epoch "1:" and revision "-8" are not part of the upstream version.
    if (auto colon = value.find(':'); colon != std::string_view::npos) {
      value.remove_prefix(colon + 1);
    }
    return first_dotted_number(value);
  }
  return {};
}

bool looks_like_rocm(const probe::SystemRoot& root, const std::string& dir) {
  return root.exists(dir + "/bin/hipcc") || root.exists(dir + "/.info/version") ||
         root.exists(dir + "/include/rocm-core/rocm_version.h") || root.exists(dir + "/include/hip/hip_version.h") ||
         root.exists(dir + "/lib/libamdhip64.so");
}

void read_version(const probe::SystemRoot& root, RocmInstall& install) {
  for (const auto& base : install.search_roots) {
    if (install.hip_version.empty()) {
      auto hip = root.read_text(base + "/include/hip/hip_version.h", 64 * 1024);
      if (hip.ok()) {
        install.hip_version = version_from_header(hip.text, "HIP_VERSION");
      }
    }
  }
  if (!install.version.empty()) {
    return;
  }
  for (const auto& base : install.search_roots) {
    auto info = root.read_text(base + "/.info/version", 4096);
    if (info.ok() && !first_dotted_number(info.text).empty()) {
      install.version = first_dotted_number(info.text);
      install.version_source = base + "/.info/version";
      return;
    }
    for (const char* header : {"/include/rocm-core/rocm_version.h", "/include/rocm_version.h"}) {
      auto text = root.read_text(base + header, 64 * 1024);
      if (text.ok()) {
        install.version = version_from_header(text.text, "ROCM_VERSION");
        if (!install.version.empty()) {
          install.version_source = base + header;
          return;
        }
      }
    }
  }
  if (install.kind == "debian") {
    // Debian's ROCm packages carry no rocm-core; the package version is the ROCm release they package.
    install.version = dpkg_version(root, {"libamdhip64-dev", "hipcc", "libamdhip64-5"});
    if (!install.version.empty()) {
      install.version_source = "/var/lib/dpkg/status (Debian package libamdhip64-dev/hipcc)";
      return;
    }
  }
  if (!install.hip_version.empty()) {
    install.version = major_minor(install.hip_version);
    install.version_source = "include/hip/hip_version.h (HIP " + install.hip_version + ")";
  }
}

void check_components(const probe::SystemRoot& root, const std::vector<RocmComponent>& components,
                      RocmInstall& install) {
  static const std::vector<std::string> cmake_dirs = {"lib/cmake", "lib64/cmake", "lib/x86_64-linux-gnu/cmake"};
  install.components.clear();
  for (const auto& component : components) {
    RocmComponentState state;
    state.component = component.component;
    state.required = component.required;
    state.rocm_package = component.rocm_package;
    state.source = component.source;
    state.proof = component.proofs.empty() ? std::string() : component.proofs.front();
    for (const auto& proof : component.proofs) {
      std::vector<std::string> expanded;
      auto brace = proof.find("{cmake}");
      if (brace == std::string::npos) {
        expanded.push_back(proof);
      } else {
        for (const auto& dir : cmake_dirs) {
          expanded.push_back(proof.substr(0, brace) + dir + proof.substr(brace + 7));
        }
      }
      for (const auto& base : install.search_roots) {
        for (const auto& relative : expanded) {
          std::string path = join_path(base, relative);
          if (!state.present && root.exists(path)) {
            state.present = true;
            state.found_at = path;
          }
        }
      }
    }
    install.components.push_back(std::move(state));
  }
}

int install_of(const RocmFacts& facts, const std::string& real_path) {
  int best = -1;
  std::size_t best_length = 0;
  for (std::size_t i = 0; i < facts.installs.size(); ++i) {
    for (const auto& base : facts.installs[i].search_roots) {
      std::string prefix = base == "/" ? base : base + "/";
      if ((real_path == base || real_path.starts_with(prefix)) && base.size() > best_length) {
        best = static_cast<int>(i);
        best_length = base.size();
      }
    }
  }
  return best;
}

// Adds `path` (or the install it resolves to) and returns its index, -1 when it is not a ROCm tree.
int add_install(const ProbeContext& context, RocmFacts& facts, const std::string& path, const std::string& kind,
                const std::string& alias) {
  if (path.empty() || !context.root.exists(path)) {
    return -1;
  }
  std::string real = resolve_path(context.root, path);
  for (std::size_t i = 0; i < facts.installs.size(); ++i) {
    if (facts.installs[i].root == real) {
      if (!alias.empty() && alias != real &&
          std::find(facts.installs[i].aliases.begin(), facts.installs[i].aliases.end(), alias) ==
              facts.installs[i].aliases.end()) {
        facts.installs[i].aliases.push_back(alias);
      }
      return static_cast<int>(i);
    }
  }
  if (kind != "debian" && !looks_like_rocm(context.root, real)) {
    return -1;
  }
  RocmInstall install;
  install.root = real;
  install.kind = kind;
  install.search_roots = {real};
  if (!alias.empty() && alias != real) {
    install.aliases.push_back(alias);
  }
  install.has_hipcc = context.root.exists(real + "/bin/hipcc");
  facts.installs.push_back(std::move(install));
  return static_cast<int>(facts.installs.size() - 1);
}

}  // namespace

void probe_rocm(const ProbeContext& context, const std::vector<RocmComponent>& components, bool run_hipconfig,
                RocmFacts& facts) {
  const auto& root = context.root;
  facts.rocm_path_env = context.environment.get("ROCM_PATH");
  facts.hip_path_env = context.environment.get("HIP_PATH");
  if (facts.rocm_path_env && !facts.rocm_path_env->empty()) {
    facts.rocm_path_missing = !root.exists(*facts.rocm_path_env);
    facts.rocm_path_install = add_install(context, facts, normalize_path(*facts.rocm_path_env), "ROCM_PATH",
                                          "$ROCM_PATH");
  }
  if (facts.hip_path_env && !facts.hip_path_env->empty()) {
    std::string hip = normalize_path(*facts.hip_path_env);
    facts.hip_path_missing = !root.exists(hip);
    // Old layouts put HIP in <rocm>/hip; HIP_PATH then names a directory inside an install.
    std::string install_dir = hip;
    if (base_name(hip) == "hip" && looks_like_rocm(root, parent_dir(hip))) {
      install_dir = parent_dir(hip);
    }
    facts.hip_path_install = add_install(context, facts, install_dir, "HIP_PATH", "$HIP_PATH");
  }
  add_install(context, facts, "/opt/rocm", "opt", "/opt/rocm");
  std::vector<std::string> versioned;
  for (const auto& entry : root.list_dir("/opt")) {
    if (entry.starts_with("rocm-")) {
      versioned.push_back("/opt/" + entry);
    }
  }
  std::sort(versioned.begin(), versioned.end(),
            [](const std::string& a, const std::string& b) { return compare_versions(a.substr(10), b.substr(10)) < 0; });
  for (const auto& dir : versioned) {
    add_install(context, facts, dir, "opt", "");
  }
  if (root.exists("/usr/bin/hipcc") || root.exists("/usr/include/hip/hip_version.h") ||
      root.exists("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5") || root.exists("/usr/share/hip/version")) {
    int index = add_install(context, facts, "/usr", "debian", "");
    if (index >= 0) {
      auto& install = facts.installs[static_cast<std::size_t>(index)];
      install.has_hipcc = root.exists("/usr/bin/hipcc");
    }
  }
  facts.hipcc_path = find_on_path(context, "hipcc");
  if (!facts.hipcc_path.empty()) {
    facts.hipcc_real = resolve_path(root, facts.hipcc_path);
    facts.hipcc_install = install_of(facts, facts.hipcc_real);
    if (facts.hipcc_install < 0) {
      facts.hipcc_install = add_install(context, facts, parent_dir(parent_dir(facts.hipcc_real)), "hipcc", "");
    }
  }
  for (auto& install : facts.installs) {
    read_version(root, install);
    check_components(root, components, install);
  }
  for (const auto& dir : path_entries(context.environment, "LD_LIBRARY_PATH")) {
    for (const auto& entry : root.list_dir(dir)) {
      if (entry.starts_with("libamdhip64.so")) {
        facts.ld_library_path_hip.emplace_back(dir, install_of(facts, resolve_path(root, dir)));
        break;
      }
    }
  }
  if (run_hipconfig && !facts.hipcc_path.empty()) {
    std::string hipconfig = join_path(parent_dir(facts.hipcc_path), "hipconfig");
    if (is_executable(root, hipconfig)) {
      facts.hipconfig = run_tool(context, {hipconfig, "--version"});
      facts.hipconfig_version = parse_hip_version(facts.hipconfig.out);
    }
  }
}

void add_python_rocm_and_select(const ProbeContext& context, const std::vector<RocmComponent>& components,
                                const PythonFacts& python, RocmFacts& facts) {
  const auto& root = context.root;
  for (const auto& site : python.site_dirs) {
    std::string core = site + "/_rocm_sdk_core";
    if (!root.exists(core)) {
      continue;
    }
    std::string devel = site + "/_rocm_sdk_devel";
    RocmInstall install;
    install.root = root.exists(devel) ? devel : core;
    install.kind = "pip-sdk";
    if (root.exists(devel)) {
      install.search_roots.push_back(devel);
    }
    install.search_roots.push_back(core);
    for (const auto& entry : root.list_dir(site)) {
      if (entry.starts_with("_rocm_sdk_libraries")) {
        install.search_roots.push_back(site + "/" + entry);
      }
    }
    install.has_hipcc = root.exists(core + "/bin/hipcc");
    for (const auto& distribution : python.distributions) {
      if (distribution.site_dir == site &&
          (distribution.info.name == "rocm-sdk-core" || (install.version.empty() && distribution.info.name == "rocm"))) {
        install.version = distribution.info.version;
        install.version_source = distribution.info.dist_info;
      }
    }
    read_version(root, install);
    check_components(root, components, install);
    facts.installs.push_back(std::move(install));
  }
  // hipcc may live in the SDK (it is on PATH when the venv is active).
  if (facts.hipcc_install < 0 && !facts.hipcc_real.empty()) {
    facts.hipcc_install = install_of(facts, facts.hipcc_real);
  }
  for (auto& entry : facts.ld_library_path_hip) {
    if (entry.second < 0) {
      entry.second = install_of(facts, resolve_path(root, entry.first));
    }
  }
}

}  // namespace archfit::doctor
