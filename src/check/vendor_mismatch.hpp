// A build for one vendor checked against targets of the other: a CUDA build of torch on AMD GPUs,
// a ROCm build on NVIDIA GPUs, a library whose every GPU code entry is NVIDIA's checked for gfx942.
// No rebuild flag or driver makes it run, so `check` says so first, in one line, and the per-file
// fixes of such files ("rebuild with --offload-arch", "install the NVIDIA driver") give way to the
// one fix that helps: a build for the targets' vendor.
//
// The vendor of a package or input is decided from the GPU code found in its files (scan's
// GpuCode::vendor), and for torch also from torch/version.py (`cuda = '12.4'` or `hip = '6.2…'`,
// the build's own `+cu124`/`+rocm6.2` flavour). A mismatch is reported only when every target is of
// one vendor and nothing found is of that vendor; a package with code of both, or targets of both,
// is judged per file and per target as before.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "check/check_report.hpp"
#include "scan/scan_report.hpp"

namespace archfit::check {

// amd | nvidia for a library the runtime of one vendor provides (data/runtime_library_vendors.tsv:
// libcuda, libcudart, libcublas, libnccl, … / libamdhip64, libhsa-runtime64, librocblas, libMIOpen,
// …); unknown for any other.
model::Vendor runtime_library_vendor(std::string_view soname);

// "CUDA" / "ROCm"; "NVIDIA" / "AMD".
// The fix for a torch of the other vendor's build: where to get the right one (prose, no placeholder
// a shell would misread).
std::string torch_build_fix(model::Vendor target_vendor);
std::string build_name(model::Vendor vendor);
std::string vendor_display_name(model::Vendor vendor);

// The fix for code of the other vendor than `target_vendor`'s: a build for that vendor (torch: the
// wheel index of PyTorch's builds; another package or file: its build for that vendor) that names
// every target's processor ("for gfx942 and gfx90a", "--target gfx942,gfx90a").
std::string build_for_vendor_fix(model::Vendor target_vendor, const std::string& package,
                                 const std::vector<DeviceTarget>& targets);
std::string build_for_vendor_fix(model::Vendor target_vendor, const std::string& package,
                                 const DeviceTarget& target);

struct VendorInputs {
  const std::vector<scan::FileReport>* files = nullptr;
  const std::map<std::string, std::string>* package_of = nullptr;  // file path → package (--python mode)
  const std::vector<std::string>* roots = nullptr;                 // command-line inputs
  bool targets_are_this_machine = false;                           // targets from detect: "here"
};

// Finds the mismatches (report.vendor_mismatches) and rewrites the fixes of the affected results and
// load problems; drops torch's driver / ROCm-release consistency checks for the vendor no target is of.
// Runs after the consistency checks.
void judge_vendor_mismatches(const VendorInputs& inputs, CheckReport& report);

}  // namespace archfit::check
