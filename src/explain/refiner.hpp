// The context step: a matched signature's generic cause made precise for this log and this
// machine. Each refiner reads the values the matching line itself carries (the gfx in "No
// compatible code objects found for: gfx1031", the version and paths in "version `GLIBCXX_3.4.30'
// not found (required by /x/y.so)"), the values the log mentions elsewhere (log_facts.hpp) and,
// unless --no-context, the machine (machine_context.hpp); it adds `details` sentences and the
// values of the fix text's <placeholders>. One file per area: refine_gpu.cpp (GPU code, overrides,
// arch detection, Triton compilation), refine_host.cpp (CPU level, libstdc++/glibc, C++ ABI, memory),
// refine_toolchain.cpp (ROCm/CUDA paths, compilers, headers, CMake).
#pragma once

#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "explain/explanation.hpp"
#include "explain/log_scanner.hpp"
#include "explain/machine_context.hpp"
#include "explain/placeholders.hpp"

namespace archfit::explain {

// The one entry point, for a signature's match and a whole-log rule's finding alike: the refiner of
// the finding's category adds `finding.details` and the values of the <placeholders>, and
// `fix_template` (the signature's or the rule's fix, with <placeholders>) filled with them becomes
// `finding.fix`. `machine` nullptr: explain from the log alone.
void refine_finding(Finding& finding, std::string_view fix_template, const LogMatches& log, MachineContext* machine);

// What each category's refiner reads besides the finding.
struct RefineInput {
  const LogMatches& log;
  MachineContext* machine;  // nullptr: explain from the log alone
};

void refine_gpu_code_missing(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_gpu_isa_override(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_arch_detect(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_triton_compile(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_cpu_isa(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_libstdcxx_version(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_abi_mismatch(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_oom(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_rocm_path(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_compiler_version(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_missing_headers(Finding& finding, PlaceholderValues& values, const RefineInput& input);
void refine_cmake_version(Finding& finding, PlaceholderValues& values, const RefineInput& input);

// Shared by the refiners.

// Sub-match `group` of `pattern` in the first evidence line where it matches.
std::optional<std::string> capture(const Finding& finding, const std::regex& pattern, std::size_t group = 1);
// All sub-matches of a capture in the first matching evidence line.
std::optional<std::smatch> capture_all(const Finding& finding, const std::regex& pattern, std::string& storage);

// "/x/lib/python3.10/site-packages" for any path below one, else empty.
std::string site_packages_of(std::string_view path);

// "AMD Radeon RX 6700 XT (gfx1031)" style list of this machine's visible GPUs of `vendor`.
std::string describe_gpus(const MachineContext& machine, model::Vendor vendor);

}  // namespace archfit::explain
