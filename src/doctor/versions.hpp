// Version strings as the tools print them, and dotted-number comparisons.
//   gcc/g++ --version, first line: "<prog> (<pkgversion>) <version>[ <date>]", e.g.
//     "gcc (Debian 12.2.0-14+deb12u1) 12.2.0", "g++ (Ubuntu 13.2.0-23ubuntu4) 13.2.0", "gcc (GCC) 14.2.1 20250207"
//   clang: "<vendor> clang version <version>[ (...)]": "Debian clang version 14.0.6",
//     "AMD clang version 17.0.0 (https://github.com/RadeonOpenCompute/llvm-project roc-6.0.2 ...)"
//   cmake: "cmake version 3.25.1"; ninja: "1.11.1"; git: "git version 2.39.5"
//   nvcc: "Cuda compilation tools, release 13.0, V13.0.88"
//   hipconfig --version: "5.2.21153-0" (HIP version, build suffix after '-')
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/version.hpp"

namespace archfit::doctor {

// The first token of `text` made of digits and dots that starts with a digit and has at least one dot
// ("12.2.0" in "gcc (Debian 12.2.0-14) 12.2.0" would be the pkgversion's; use the specific parsers below).
std::string first_dotted_number(std::string_view text);

struct CompilerIdentity {
  std::string family;   // "gnu" | "clang" | "other" | "" (no output)
  std::string version;  // "12.2.0"
  std::string line;     // the first line of the output, as printed
};

// From `<compiler> --version` (stdout).
CompilerIdentity identify_compiler(std::string_view version_output);

std::string parse_cmake_version(std::string_view output);   // "3.25.1"
std::string parse_ninja_version(std::string_view output);   // "1.11.1"
std::string parse_git_version(std::string_view output);     // "2.39.5"
std::string parse_nvcc_version(std::string_view output);    // "13.0.88" (V...), else "13.0" (release)
std::string parse_hip_version(std::string_view output);     // "5.2.21153" from "5.2.21153-0" or "HIP version: 6.4.43483-a187df25c"

// Numeric comparison of dotted versions; non-numeric suffixes ("0a0", "rc1", "+cu130") end a part.
using model::compare_versions;
// "12.2.0" -> 12; nullopt when not a number.
std::optional<int> major_of(std::string_view version);
// "6.4.1" -> "6.4"
std::string major_minor(std::string_view version);

}  // namespace archfit::doctor
