// The host CPU from /proc/cpuinfo: one block per logical CPU of "key\t: value" lines. x86 has
// `vendor_id`, `model name` and `flags`; AArch64 has `CPU implementer`/`CPU part` and `Features`.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::detect {

struct HostCpu {
  std::string architecture;  // "x86_64" | "aarch64" | "" (from the flags/feature lines seen)
  std::string vendor;        // "AuthenticAMD", "GenuineIntel", or the AArch64 implementer
  std::string model;         // "AMD EPYC 9654 96-Core Processor"
  unsigned logical_cpus = 0; // processor blocks
  std::set<std::string, std::less<>> flags;  // of the first CPU
  // The highest x86-64 level every required flag of which is present ("x86-64-v4"), or empty.
  std::string isa_level;
  // Flags of the next level that are missing, to show why a binary needing it will not run.
  std::vector<std::string> missing_for_next_level;
  bool avx512 = false;       // avx512f
  std::vector<std::string> amx;  // amx_tile, amx_bf16, amx_int8, ... present

  bool has_flag(std::string_view flag) const { return flags.find(flag) != flags.end(); }
};

HostCpu parse_cpuinfo(std::string_view text);

}  // namespace archfit::detect
