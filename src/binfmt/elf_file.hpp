// ELF (System V gABI) files: the header and the section table, little-endian, 32- or 64-bit.
//
// Layout recap. The 16-byte e_ident starts "\x7fELF", then EI_CLASS (1 = 32-bit, 2 = 64-bit),
// EI_DATA (1 = little-endian), EI_VERSION, EI_OSABI and EI_ABIVERSION. The rest of the header
// gives e_type (1 REL, 2 EXEC, 3 DYN), e_machine (62 x86-64, 190 CUDA, 224 AMDGPU), e_flags, and
// where the section header table is (e_shoff, e_shnum entries of e_shentsize bytes; e_shstrndx
// names the section holding the section names). Large files spill e_shnum and e_shstrndx into
// section 0 (sh_size and sh_link) when they do not fit in 16 bits.
//
// Both classes are read into one native model so that callers never see the class. Every
// offset and size from the file is bounds-checked against the buffer before use.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "util/bytes.hpp"
#include "util/result.hpp"

namespace archfit::binfmt {

inline constexpr std::uint16_t k_em_x86_64 = 62;
inline constexpr std::uint16_t k_em_cuda = 190;
inline constexpr std::uint16_t k_em_amdgpu = 224;

inline constexpr std::uint16_t k_et_rel = 1;
inline constexpr std::uint16_t k_et_exec = 2;
inline constexpr std::uint16_t k_et_dyn = 3;

inline constexpr std::uint32_t k_sht_note = 7;
inline constexpr std::uint32_t k_sht_nobits = 8;
inline constexpr std::uint32_t k_sht_dynamic = 6;
inline constexpr std::uint32_t k_sht_gnu_verneed = 0x6ffffffe;

struct ElfHeader {
  bool is_64bit = true;
  std::uint8_t osabi = 0;
  std::uint8_t abi_version = 0;
  std::uint16_t type = 0;
  std::uint16_t machine = 0;
  std::uint32_t version = 0;
  std::uint32_t flags = 0;
  std::uint64_t section_header_offset = 0;
  std::uint16_t section_header_entry_size = 0;
  std::uint16_t section_count = 0;  // raw e_shnum
  std::uint16_t section_name_index = 0;  // raw e_shstrndx
};

struct ElfSection {
  std::string_view name;
  std::uint32_t type = 0;
  std::uint64_t flags = 0;
  std::uint64_t address = 0;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  std::uint32_t link = 0;
  std::uint32_t info = 0;
  std::uint64_t alignment = 0;
  std::uint64_t entry_size = 0;
};

// True when `data` starts with the ELF magic.
bool is_elf(Bytes data);

// Reads only the ELF header. Fails on a short buffer, an unknown class or big-endian data.
Result<ElfHeader> parse_elf_header(Bytes data);

class ElfFile {
 public:
  // Parses the header and the section table. Fails, naming the structure and offset, when the
  // table or the section-name table lies outside `data`.
  static Result<ElfFile> parse(Bytes data);

  const ElfHeader& header() const { return m_header; }
  const std::vector<ElfSection>& sections() const { return m_sections; }
  Bytes bytes() const { return m_data; }

  // The first section called `name`, or nullptr.
  const ElfSection* find_section(std::string_view name) const;

  // The file bytes of `section` (empty for SHT_NOBITS). Fails when they lie outside the file.
  Result<Bytes> section_data(const ElfSection& section) const;

 private:
  Bytes m_data;
  ElfHeader m_header;
  std::vector<ElfSection> m_sections;
};

}  // namespace archfit::binfmt
