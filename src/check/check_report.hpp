// The one model `check` produces; report/check_findings.cpp judges it into model::Findings, which
// report/check_text.cpp and report/check_json.cpp render (with the matrix and the raw results).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "check/target_rules.hpp"
#include "model/status.hpp"
#include "model/vendor.hpp"

namespace archfit::check {

// One binary (or one input without GPU code) against one target.
struct TargetResult {
  std::string path;
  std::optional<std::string> member;  // zip/archive member
  std::string package;                // distribution name in --python mode, else empty
  std::string target;                 // the device target's display form
  std::string verdict;                // "native" | "jit" | "no-code" | "host-only" | "opaque"
  std::string matched;                // the code target that runs ("gfx90a:xnack-", "compute_80"), or empty
  std::string reason;
  std::string fix;                    // empty when it runs
};

struct LoadProblem {
  std::string kind;      // "missing-library" | "symbol-version" | "isa-level"
  std::string needed;    // "libamdhip64.so.6", "GLIBCXX_3.4.30", "x86-64-v3"
  std::string provided;  // what the system has instead, or empty
  std::string reason;
  std::string fix;
};

struct ResolvedNeed {
  std::string soname;
  std::string path;  // empty when not found
  std::string via;
};

struct LoadResult {
  std::string path;
  std::optional<std::string> member;
  std::string package;
  std::vector<ResolvedNeed> needed;
  std::vector<LoadProblem> problems;
  bool ok() const { return problems.empty(); }
};

// Facts about an installed distribution (--python mode).
struct PackageInfo {
  std::string name;      // normalised: "torch", "flash-attn", "pytorch-triton-rocm"
  std::string version;
  std::string dist_info;  // path of its .dist-info directory
  std::vector<std::string> requires_dist;
  std::size_t binaries = 0;  // ELF files of it that were checked
  // torch only, from torch/version.py
  std::string torch_cuda;
  std::string torch_hip;
  std::string torch_git_version;
};

struct ConsistencyResult {
  std::string id;      // "triton-pin", "several-tritons", "torch-pin", "torch-cuda-driver", ...
  model::Status status = model::Status::unknown;  // pass | warn | fail
  std::string message;
  std::string fix;
};

// A package or input built for one vendor, checked against targets of the other only
// (check/vendor_mismatch.hpp): said first, in one line.
struct VendorMismatch {
  std::string subject;        // "torch" (a package) or the input path
  std::string package;        // the distribution name, or empty for an input path
  model::Vendor code_vendor = model::Vendor::unknown;    // nvidia | amd: what its GPU code (or torch/version.py) is for
  model::Vendor target_vendor = model::Vendor::unknown;  // the other one: every target's vendor
  std::string evidence;       // "torch/version.py: cuda 12.4; 19 files with NVIDIA code only"
  std::string message;        // "this is a CUDA build of torch, and the targets are AMD (gfx942): it cannot run here"
  std::string fix;
  std::string targets;        // "AMD (gfx942)"
  std::string where;          // "here" (the targets are this machine's GPUs) | "on them"
};

struct CheckReport {
  std::vector<DeviceTarget> targets;
  std::string targets_source;  // "detect" | "--target" | "--targets-from FILE (rocminfo)" (the CLI's label)
  std::string python;          // the interpreter examined, or empty
  std::string site_packages;
  std::vector<PackageInfo> packages;
  std::vector<TargetResult> results;
  std::vector<LoadResult> load;
  std::vector<ConsistencyResult> consistency;
  std::vector<VendorMismatch> vendor_mismatches;  // the headline when not empty
  std::vector<std::string> notes;   // what was assumed (an override applied, a mode unknown)
  std::vector<std::string> errors;  // inputs that could not be read (the scan's errors)

  bool will_fail() const {
    if (!vendor_mismatches.empty()) {
      return true;
    }
    for (const auto& result : results) {
      if (result.verdict == "no-code" || result.verdict == "host-only") {
        return true;
      }
    }
    for (const auto& load_result : load) {
      if (!load_result.ok()) {
        return true;
      }
    }
    for (const auto& item : consistency) {
      if (item.status == model::Status::fail) {
        return true;
      }
    }
    return false;
  }
};

}  // namespace archfit::check
