// What a host ELF file needs from the system it is loaded on:
//
// * DT_NEEDED, DT_RPATH and DT_RUNPATH from the dynamic section (.dynamic; each entry is a tag
//   and a value, 16 bytes in ELF64; string values are offsets into the section named by sh_link).
// * Symbol versions it requires, from SHT_GNU_verneed (.gnu.version_r): a chain of Verneed
//   records {u16 version, u16 count, u32 file, u32 aux, u32 next}, each followed by a chain of
//   Vernaux records {u32 hash, u16 flags, u16 other, u32 name, u32 next}. Offsets are relative to
//   the record; names are .dynstr offsets. Only *requirements* live here (definitions are in
//   .gnu.version_d), e.g. GLIBCXX_3.4.30 from libstdc++.so.6.
// * Symbol versions it defines, from SHT_GNU_verdef (.gnu.version_d), the same idea reversed.
// * The x86 ISA level glibc enforces: GNU_PROPERTY_X86_ISA_1_NEEDED (0xc0008002) in the first
//   NT_GNU_PROPERTY_TYPE_0 note of .note.gnu.property; bit 0 baseline, 1 v2, 2 v3, 3 v4.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "binfmt/elf_file.hpp"

namespace archfit::binfmt {

struct VersionNeed {
  std::string file;                   // "libstdc++.so.6"
  std::vector<std::string> versions;  // "GLIBCXX_3.4.30", ...
};

struct HostNeeds {
  std::vector<std::string> needed;
  std::vector<std::string> rpath;
  std::vector<std::string> runpath;
  std::vector<VersionNeed> version_needs;
  // Highest required version per namespace: "GLIBC" → "GLIBC_2.34", "GLIBCXX" → "GLIBCXX_3.4.30".
  std::map<std::string, std::string> highest_versions;
  // Versions the file *defines* (.gnu.version_d), e.g. GLIBCXX_3.4.30 in libstdc++.so.6, and the
  // highest per namespace: what a library provides to the programs that load it.
  std::vector<std::string> version_definitions;
  std::map<std::string, std::string> highest_definitions;
  std::optional<std::uint32_t> x86_isa_needed;  // raw ISA_1_NEEDED bits, when the note has them

  // "x86-64-v3" for the highest level bit set, or empty.
  std::string x86_isa_level() const;
};

// Reads the needs of a host ELF. Structures that are absent are simply empty; malformed ones
// produce an Error naming the section and offset.
Result<HostNeeds> read_host_needs(const ElfFile& elf);

// Splits "GLIBCXX_3.4.30" into ("GLIBCXX", {3, 4, 30}); nullopt when the part after the last '_'
// is not a dotted number (GLIBC_PRIVATE).
std::optional<std::pair<std::string, std::vector<std::uint32_t>>> parse_symbol_version(std::string_view name);

// Records `version` in `highest` when it is the highest of its namespace so far.
void keep_highest_version(const std::string& version, std::map<std::string, std::string>& highest);

// True when symbol version `a` is older than `b` in the same namespace ("GLIBCXX_3.4.29" <
// "GLIBCXX_3.4.30"); false when either does not parse.
bool symbol_version_less(std::string_view a, std::string_view b);

}  // namespace archfit::binfmt
