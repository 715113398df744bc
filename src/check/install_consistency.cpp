#include "check/install_consistency.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "check/vendor_mismatch.hpp"
#include "knowledge/tsv_table.hpp"
#include "probe/system_root.hpp"
#include "util/text_lines.hpp"

namespace archfit::check {

namespace {

bool is_triton(const std::string& name) {
  const auto& names = triton_distributions();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// "2.11.0+cu130" → release numbers {2, 11, 0}; stops at the first non-numeric part (rc1, dev).
std::vector<long> release(std::string_view version) { return model::parse_version(version).release; }

int compare_release(const std::vector<long>& a, const std::vector<long>& b) {
  return model::compare_versions(model::Version{a, {}, {}}, model::Version{b, {}, {}});
}

bool one_clause(std::string_view version, std::string_view clause) {
  clause = trim(clause);
  std::string_view op;
  for (std::string_view candidate : {"===", "==", "!=", ">=", "<=", "~=", ">", "<"}) {
    if (clause.starts_with(candidate)) {
      op = candidate;
      break;
    }
  }
  if (op.empty()) {
    return true;  // not understood: do not claim a violation
  }
  std::string_view wanted = trim(clause.substr(op.size()));
  bool wildcard = wanted.ends_with(".*");
  if (wildcard) {
    wanted.remove_suffix(2);
  }
  std::string_view have = version;
  if (wanted.find('+') == std::string_view::npos) {
    have = have.substr(0, have.find('+'));  // local labels only count when the pin names one
  }
  auto have_release = release(have);
  auto wanted_release = release(wanted);
  int order = compare_release(have_release, wanted_release);
  if (op == "==" || op == "===" || op == "!=") {
    bool equal = wildcard ? std::equal(wanted_release.begin(), wanted_release.end(), have_release.begin(),
                                       have_release.begin() + static_cast<long>(std::min(have_release.size(),
                                                                                         wanted_release.size()))) &&
                                have_release.size() >= wanted_release.size()
                          : (order == 0 && (wanted.find('+') == std::string_view::npos || have == wanted));
    return op == "!=" ? !equal : equal;
  }
  if (op == ">=") {
    return order >= 0;
  }
  if (op == "<=") {
    return order <= 0;
  }
  if (op == ">") {
    return order > 0;
  }
  if (op == "<") {
    return order < 0;
  }
  // ~=X.Y.Z: >= X.Y.Z and == X.Y.*
  if (wanted_release.size() < 2 || order < 0) {
    return false;
  }
  return std::equal(wanted_release.begin(), wanted_release.end() - 1, have_release.begin(),
                    have_release.begin() + static_cast<long>(std::min(have_release.size(), wanted_release.size() - 1)));
}

const Distribution* find(const std::vector<Distribution>& distributions, const std::string& name) {
  for (const auto& distribution : distributions) {
    if (distribution.info.name == name) {
      return &distribution;
    }
  }
  return nullptr;
}

// The requirements of `distribution` that apply on Linux and are not optional extras.
std::vector<Requirement> requirements(const Distribution& distribution) {
  std::vector<Requirement> result;
  for (const auto& text : distribution.info.requires_dist) {
    auto requirement = parse_requirement(text);
    if (requirement && requirement->marker.find("extra") == std::string::npos &&
        requirement->marker.find("Windows") == std::string::npos &&
        requirement->marker.find("Darwin") == std::string::npos) {
      result.push_back(*requirement);
    }
  }
  return result;
}

// Minimum Linux driver for a CUDA version, from data/cuda_toolkits.tsv.
std::string min_driver_for(const std::string& cuda) {
  const auto& table = knowledge::embedded_table("cuda_toolkits.tsv");
  for (const auto& row : table.rows) {
    if (table.field(row, "cuda") == cuda) {
      return table.field(row, "min_driver_linux");
    }
  }
  return {};
}

void check_triton(const std::vector<Distribution>& distributions, std::vector<ConsistencyResult>& results) {
  std::vector<const Distribution*> installed;
  for (const auto& name : triton_distributions()) {
    if (const auto* distribution = find(distributions, name)) {
      installed.push_back(distribution);
    }
  }
  if (installed.size() > 1) {
    std::vector<std::string> names;
    for (const auto* distribution : installed) {
      names.push_back(distribution->info.name + " " + distribution->info.version);
    }
    results.push_back({"several-tritons", model::Status::fail,
                       fmt::format("{} Triton distributions are installed ({}): they all install the `triton` "
                                   "package and overwrite each other's files",
                                   installed.size(), fmt::join(names, ", ")),
                       fmt::format("pip uninstall -y {} and reinstall the one torch pins", fmt::join(
                                                                                            [&] {
                                                                                              std::vector<std::string> n;
                                                                                              for (const auto* d : installed) {
                                                                                                n.push_back(d->info.name);
                                                                                              }
                                                                                              return n;
                                                                                            }(),
                                                                                            " "))});
  }
  const auto* torch = find(distributions, "torch");
  if (torch == nullptr) {
    return;
  }
  for (const auto& requirement : requirements(*torch)) {
    if (!is_triton(requirement.name) || requirement.specifier.empty()) {
      continue;
    }
    const auto* triton = find(distributions, requirement.name);
    std::string pin = requirement.name + requirement.specifier;
    if (triton == nullptr) {
      std::string other = installed.empty() ? std::string("no Triton")
                                            : installed.front()->info.name + " " + installed.front()->info.version;
      results.push_back({"triton-pin", model::Status::fail,
                         fmt::format("torch {} requires {} but {} is installed: torch.compile and Triton kernels will "
                                     "fail (import errors such as `cannot import name 'triton_key'`, or crashes)",
                                     torch->info.version, pin, other),
                         fmt::format("pip install '{}'", pin)});
    } else if (!version_satisfies(triton->info.version, requirement.specifier)) {
      results.push_back({"triton-pin", model::Status::fail,
                         fmt::format("torch {} requires {} but {} {} is installed: a Triton that does not match "
                                     "torch crashes or fails in torch.compile",
                                     torch->info.version, pin, triton->info.name, triton->info.version),
                         fmt::format("pip install '{}'", pin)});
    } else {
      results.push_back({"triton-pin", model::Status::pass,
                         fmt::format("torch {} requires {}; {} is installed", torch->info.version, pin,
                                     triton->info.version),
                         ""});
    }
  }
}

void check_torch_pins(const std::vector<Distribution>& distributions, std::vector<ConsistencyResult>& results) {
  const auto* torch = find(distributions, "torch");
  for (const auto& distribution : distributions) {
    if (distribution.info.name == "torch" || !is_gpu_framework(distribution.info.name) || is_triton(distribution.info.name)) {
      continue;
    }
    for (const auto& requirement : requirements(distribution)) {
      if (requirement.name != "torch" || requirement.specifier.empty()) {
        continue;
      }
      std::string pin = "torch" + requirement.specifier;
      if (torch == nullptr) {
        results.push_back({"torch-pin", model::Status::fail,
                           fmt::format("{} {} requires {} but torch is not installed", distribution.info.name,
                                       distribution.info.version, pin),
                           fmt::format("pip install '{}'", pin)});
      } else if (!version_satisfies(torch->info.version, requirement.specifier)) {
        results.push_back({"torch-pin", model::Status::fail,
                           fmt::format("{} {} was built for {} but torch {} is installed: its extension fails to "
                                       "load with `undefined symbol` errors, or crashes",
                                       distribution.info.name, distribution.info.version, pin, torch->info.version),
                           fmt::format("install the {} release built for torch {} (or pip install '{}')",
                                       distribution.info.name, torch->info.version, pin)});
      } else {
        results.push_back({"torch-pin", model::Status::pass,
                           fmt::format("{} {} requires {}; torch {} is installed", distribution.info.name,
                                       distribution.info.version, pin, torch->info.version),
                           ""});
      }
    }
  }
}

void check_torch_flavour(const std::vector<Distribution>& distributions, const std::vector<DeviceTarget>& targets,
                         const SystemFacts& system, std::vector<ConsistencyResult>& results) {
  const auto* torch = find(distributions, "torch");
  if (torch == nullptr) {
    return;
  }
  const auto& info = torch->info;
  bool amd = std::any_of(targets.begin(), targets.end(), [](const DeviceTarget& t) { return t.vendor == model::Vendor::amd; });
  bool nvidia = std::any_of(targets.begin(), targets.end(), [](const DeviceTarget& t) { return t.vendor == model::Vendor::nvidia; });
  std::string flavour = !info.torch_hip.empty() ? "ROCm " + info.torch_hip
                        : !info.torch_cuda.empty() ? "CUDA " + info.torch_cuda
                                                   : std::string("CPU-only");
  if ((amd && info.torch_hip.empty() && !nvidia) || (nvidia && info.torch_cuda.empty() && !amd)) {
    results.push_back({"torch-flavour", model::Status::fail,
                       fmt::format("torch {} is a {} build, but the GPUs are {}: torch.cuda.is_available() is False",
                                   info.version, flavour, amd ? "AMD" : "NVIDIA"),
                       torch_build_fix(amd ? model::Vendor::amd : model::Vendor::nvidia)});
  } else {
    results.push_back({"torch-flavour", model::Status::pass, fmt::format("torch {} is a {} build", info.version, flavour), ""});
  }
  if (!info.torch_cuda.empty() && !system.nvidia_driver.empty()) {
    std::string major = info.torch_cuda.substr(0, info.torch_cuda.find('.'));
    std::string floor = min_driver_for(major + ".0");
    std::string exact = min_driver_for(info.torch_cuda);
    if (!floor.empty() && compare_versions(system.nvidia_driver, floor) < 0) {
      results.push_back({"torch-cuda-driver", model::Status::fail,
                         fmt::format("torch is built with CUDA {} but the NVIDIA driver is {}; CUDA {}.x needs at "
                                     "least {}",
                                     info.torch_cuda, system.nvidia_driver, major, floor),
                         fmt::format("install NVIDIA driver {} or newer, or a torch built for an older CUDA", exact.empty() ? floor : exact)});
    } else if (!exact.empty() && compare_versions(system.nvidia_driver, exact) < 0) {
      results.push_back({"torch-cuda-driver", model::Status::warn,
                         fmt::format("torch is built with CUDA {}; driver {} is older than that toolkit's {} (minor "
                                     "version compatibility covers most, not all, features)",
                                     info.torch_cuda, system.nvidia_driver, exact),
                         fmt::format("install NVIDIA driver {} or newer", exact)});
    } else if (!floor.empty()) {
      results.push_back({"torch-cuda-driver", model::Status::pass,
                         fmt::format("torch CUDA {}, NVIDIA driver {}", info.torch_cuda, system.nvidia_driver), ""});
    }
  }
  if (!info.torch_hip.empty() && !system.rocm_version.empty()) {
    auto torch_release = release(info.torch_hip);
    auto system_release = release(system.rocm_version);
    bool same = torch_release.size() >= 2 && system_release.size() >= 2 && torch_release[0] == system_release[0] &&
                torch_release[1] == system_release[1];
    results.push_back({"torch-rocm-version", same ? model::Status::pass : model::Status::warn,
                       fmt::format("torch is built with ROCm (HIP {}); the system's ROCm is {}{}", info.torch_hip,
                                   system.rocm_version,
                                   same ? "" : ": the wheel carries its own ROCm libraries, but extensions built "
                                               "against the system's ROCm may not match them"),
                       same ? "" : "build extensions with the ROCm version torch was built with, or install that torch"});
  }
}

}  // namespace

std::optional<Requirement> parse_requirement(std::string_view text) {
  Requirement requirement;
  auto semicolon = text.find(';');
  if (semicolon != std::string_view::npos) {
    requirement.marker = std::string(trim(text.substr(semicolon + 1)));
    text = text.substr(0, semicolon);
  }
  text = trim(text);
  std::size_t name_end = 0;
  while (name_end < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[name_end])) != 0 || text[name_end] == '-' ||
          text[name_end] == '_' || text[name_end] == '.')) {
    ++name_end;
  }
  if (name_end == 0) {
    return std::nullopt;
  }
  requirement.name = normalize_distribution_name(text.substr(0, name_end));
  std::string_view rest = trim(text.substr(name_end));
  if (rest.starts_with('[')) {  // extras: torch[opt-einsum]
    auto close = rest.find(']');
    rest = close == std::string_view::npos ? std::string_view() : trim(rest.substr(close + 1));
  }
  if (rest.starts_with('(') && rest.ends_with(')')) {  // old style: name (==1.0)
    rest = trim(rest.substr(1, rest.size() - 2));
  }
  requirement.specifier = std::string(rest);
  requirement.specifier.erase(std::remove(requirement.specifier.begin(), requirement.specifier.end(), ' '),
                              requirement.specifier.end());
  return requirement;
}

bool version_satisfies(std::string_view version, std::string_view specifier) {
  while (!specifier.empty()) {
    auto comma = specifier.find(',');
    if (!one_clause(version, specifier.substr(0, comma))) {
      return false;
    }
    specifier.remove_prefix(comma == std::string_view::npos ? specifier.size() : comma + 1);
  }
  return true;
}

std::vector<ConsistencyResult> check_install_consistency(const std::vector<Distribution>& distributions,
                                                         const std::vector<DeviceTarget>& targets,
                                                         const SystemFacts& system) {
  std::vector<ConsistencyResult> results;
  check_triton(distributions, results);
  check_torch_pins(distributions, results);
  check_torch_flavour(distributions, targets, system, results);
  return results;
}

}  // namespace archfit::check
