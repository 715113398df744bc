#include "check/vendor_mismatch.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "check/gpu_verdicts.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::check {

namespace {

struct Subject {
  std::string package;  // or empty for an input path
  std::set<model::Vendor> vendors;
  std::set<std::string> code_targets;
  std::size_t files_with_code = 0;
  std::string version_py;  // torch/version.py's flavour: "cuda 12.4" | "hip 6.2.41133"
};

bool in_subject(const std::string& path, const std::string& subject) {
  return path == subject || path.starts_with(subject + "/");
}

std::string listed(const std::set<std::string>& items, std::size_t shown) {
  std::string out;
  std::size_t count = 0;
  for (const auto& item : items) {
    if (count++ == shown) {
      return out + fmt::format(" and {} more", items.size() - shown);
    }
    out += (out.empty() ? "" : ", ") + item;
  }
  return out;
}

}  // namespace

model::Vendor runtime_library_vendor(std::string_view soname) {
  const auto& table = knowledge::embedded_table("runtime_library_vendors.tsv");
  for (const auto& row : table.rows) {
    if (soname.starts_with(table.field(row, "prefix"))) {
      return model::vendor_from_name(table.field(row, "vendor"));
    }
  }
  return model::Vendor::unknown;
}

std::string torch_build_fix(model::Vendor target_vendor) {
  // No release is known here: the selector page gives the command for the user's ROCm / CUDA.
  return target_vendor == model::Vendor::amd
             ? "install a ROCm build of torch: the pip command for your ROCm release is on "
               "https://pytorch.org/get-started/locally/ (indexes https://download.pytorch.org/whl/rocmX.Y)"
             : "install a CUDA build of torch: the pip command for your CUDA release is on "
               "https://pytorch.org/get-started/locally/ (indexes https://download.pytorch.org/whl/cuXYZ)";
}

std::string build_name(model::Vendor vendor) { return vendor == model::Vendor::amd ? "ROCm" : "CUDA"; }
std::string vendor_display_name(model::Vendor vendor) { return vendor == model::Vendor::amd ? "AMD" : "NVIDIA"; }

std::string build_for_vendor_fix(model::Vendor target_vendor, const std::string& package,
                                 const std::vector<DeviceTarget>& targets) {
  if (package == "torch") {
    return torch_build_fix(target_vendor);
  }
  // Every target's processor once, in the targets' order: "gfx942 and gfx90a" in prose,
  // "gfx942,gfx90a" for --target.
  std::vector<std::string> processors;
  for (const auto& target : targets) {
    if (std::find(processors.begin(), processors.end(), target.processor) == processors.end()) {
      processors.push_back(target.processor);
    }
  }
  std::string prose;
  for (std::size_t i = 0; i < processors.size(); ++i) {
    prose += (i == 0 ? "" : i + 1 == processors.size() ? " and " : ", ") + processors[i];
  }
  std::string build = build_name(target_vendor);
  std::string other = target_vendor == model::Vendor::amd ? "NVIDIA" : "AMD";
  if (!package.empty()) {
    // The target, not one project's arch variable: PyTorch reads PYTORCH_ROCM_ARCH, flash-attn
    // GPU_ARCHS (`archfit env --project P` prints the right one).
    return fmt::format("install a {} build of {}, or build it from source for {} {} (archfit env --project ... "
                       "--target {} prints the variables); its {} build cannot be rebuilt for these GPUs by a flag",
                       build, package, build, prose, fmt::join(processors, ","), other == "NVIDIA" ? "CUDA" : "ROCm");
  }
  return fmt::format("use a {} build of it for {}: code built for {} GPUs does not run on {} GPUs, and no compiler "
                     "flag changes that",
                     build, prose, other, vendor_display_name(target_vendor));
}

std::string build_for_vendor_fix(model::Vendor target_vendor, const std::string& package,
                                 const DeviceTarget& target) {
  return build_for_vendor_fix(target_vendor, package, std::vector<DeviceTarget>{target});
}

void judge_vendor_mismatches(const VendorInputs& inputs, CheckReport& report) {
  if (report.targets.empty()) {
    return;
  }
  const model::Vendor target_vendor = report.targets.front().vendor;
  for (const auto& target : report.targets) {
    if (target.vendor != target_vendor) {
      return;  // targets of both vendors: judged per target
    }
  }
  const model::Vendor other_vendor = target_vendor == model::Vendor::amd ? model::Vendor::nvidia : model::Vendor::amd;

  // What each package (--python) or command-line input carries.
  std::map<std::string, Subject> subjects;  // package name or input path → facts
  for (const auto& package : report.packages) {
    if (package.name != "torch") {
      continue;
    }
    Subject& subject = subjects[package.name];
    subject.package = package.name;
    if (!package.torch_cuda.empty() && package.torch_hip.empty()) {
      subject.vendors.insert(model::Vendor::nvidia);
      subject.version_py = "cuda " + package.torch_cuda;
    } else if (!package.torch_hip.empty() && package.torch_cuda.empty()) {
      subject.vendors.insert(model::Vendor::amd);
      subject.version_py = "hip " + package.torch_hip;
    }
  }
  for (const auto& file : *inputs.files) {
    std::set<model::Vendor> vendors;
    for (const auto& code : file.gpu_code) {
      if (counts_as_code(code, file)) {
        vendors.insert(code.vendor);
      }
    }
    if (vendors.empty()) {
      continue;
    }
    std::vector<std::string> keys;
    if (auto package = inputs.package_of->find(file.path); package != inputs.package_of->end()) {
      keys.push_back(package->second);
    }
    for (const auto& root : *inputs.roots) {
      if (in_subject(file.path, root)) {
        keys.push_back(root);
      }
    }
    for (const auto& key : keys) {
      Subject& subject = subjects[key];
      if (inputs.package_of->count(file.path) != 0 && key == inputs.package_of->at(file.path)) {
        subject.package = key;
      }
      subject.vendors.insert(vendors.begin(), vendors.end());
      ++subject.files_with_code;
      for (const auto& code : file.gpu_code) {
        if (counts_as_code(code, file)) {
          subject.code_targets.insert(code.target);
        }
      }
    }
  }

  std::vector<std::string> target_names;
  for (const auto& target : report.targets) {
    target_names.push_back(target.display);
  }
  std::string targets_text = fmt::format("{} ({})", vendor_display_name(target_vendor), fmt::join(target_names, ", "));
  std::string where = inputs.targets_are_this_machine ? "here" : "on them";
  std::set<std::string> mismatched;  // subjects
  for (const auto& [key, subject] : subjects) {
    if (subject.vendors != std::set<model::Vendor>{other_vendor}) {
      continue;
    }
    VendorMismatch mismatch;
    mismatch.subject = key;
    mismatch.package = subject.package;
    mismatch.code_vendor = other_vendor;
    mismatch.target_vendor = target_vendor;
    mismatch.targets = targets_text;
    mismatch.where = where;
    std::string found =
        subject.files_with_code == 0
            ? std::string()
            : fmt::format("{} file{} with {} GPU code only ({})", subject.files_with_code,
                          subject.files_with_code == 1 ? "" : "s", vendor_display_name(other_vendor),
                          listed(subject.code_targets, 6));
    mismatch.evidence = subject.version_py.empty() ? found
                        : found.empty()            ? key + "/version.py: " + subject.version_py
                                                   : key + "/version.py: " + subject.version_py + "; " + found;
    mismatch.message =
        subject.package == "torch"
            ? fmt::format("this is a {} build of torch, and the targets are {}: it cannot run {}",
                          build_name(other_vendor), targets_text, where)
            : fmt::format("{} is a {} build, and the targets are {}: it cannot run {}", key, build_name(other_vendor),
                          targets_text, where);
    mismatch.fix = build_for_vendor_fix(target_vendor, subject.package, report.targets);
    report.vendor_mismatches.push_back(std::move(mismatch));
    mismatched.insert(key);
  }

  // The fixes that follow: a mismatched subject's failures share its one fix; a library of the
  // other vendor's runtime is never "install it" (libcuda's "install the NVIDIA driver" on AMD GPUs).
  auto subject_fix = [&](const std::string& package, const std::string& path) -> const VendorMismatch* {
    for (const auto& mismatch : report.vendor_mismatches) {
      if ((!mismatch.package.empty() && mismatch.package == package) ||
          (mismatch.package.empty() && in_subject(path, mismatch.subject))) {
        return &mismatch;
      }
    }
    return nullptr;
  };
  for (auto& result : report.results) {
    if (result.verdict == "no-code" || result.verdict == "jit") {
      if (const auto* mismatch = subject_fix(result.package, result.path)) {
        result.fix = mismatch->fix;
      }
    }
  }
  // The driver and ROCm-release checks of torch's own runtime are about GPUs the targets do not have.
  std::erase_if(report.consistency, [&](const ConsistencyResult& item) {
    return (item.id == "torch-cuda-driver" && other_vendor == model::Vendor::nvidia) ||
           (item.id == "torch-rocm-version" && other_vendor == model::Vendor::amd);
  });
  for (auto& load : report.load) {
    for (auto& problem : load.problems) {
      if (problem.kind != "missing-library" || runtime_library_vendor(problem.needed) != other_vendor) {
        continue;
      }
      if (const auto* mismatch = subject_fix(load.package, load.path)) {
        problem.fix = mismatch->fix;
      } else {
        problem.fix = fmt::format("{} is part of {}'s runtime and the targets are {}: installing it would not make "
                                  "this run; {}",
                                  problem.needed, vendor_display_name(other_vendor), targets_text,
                                  build_for_vendor_fix(target_vendor, load.package, report.targets));
      }
    }
  }
}

}  // namespace archfit::check
