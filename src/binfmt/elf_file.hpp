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
#include <functional>
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
inline constexpr std::uint32_t k_sht_gnu_verdef = 0x6ffffffd;
inline constexpr std::uint32_t k_sht_strtab = 3;
inline constexpr std::uint32_t k_pt_dynamic = 2;

// Whether the gABI (or GNU's extensions of it) defines what a section of this type holds: symbol
// and string tables, relocations, hash tables, the dynamic array, notes, init/fini arrays, section
// groups, symbol versions. A linker lays such a section out itself and never puts a blob in it, so
// only the other types (SHT_PROGBITS, and types this list does not know) can carry embedded code.
// Values: System V gABI "Sections" (https://www.sco.com/developers/gabi/latest/ch4.sheader.html)
// and glibc's elf.h (SHT_RELR, SHT_GNU_HASH, SHT_GNU_verdef/verneed/versym).
constexpr bool section_type_has_defined_layout(std::uint32_t type) {
  switch (type) {
    case 2:           // SHT_SYMTAB
    case 3:           // SHT_STRTAB
    case 4:           // SHT_RELA
    case 5:           // SHT_HASH
    case 6:           // SHT_DYNAMIC
    case 7:           // SHT_NOTE
    case 9:           // SHT_REL
    case 11:          // SHT_DYNSYM
    case 14:          // SHT_INIT_ARRAY
    case 15:          // SHT_FINI_ARRAY
    case 16:          // SHT_PREINIT_ARRAY
    case 17:          // SHT_GROUP
    case 18:          // SHT_SYMTAB_SHNDX
    case 19:          // SHT_RELR
    case 0x6ffffff6:  // SHT_GNU_HASH
    case 0x6ffffffd:  // SHT_GNU_verdef
    case 0x6ffffffe:  // SHT_GNU_verneed
    case 0x6fffffff:  // SHT_GNU_versym
      return true;
    default:
      return false;
  }
}

// One program header (segment): only the fields archfit uses.
struct ElfSegment {
  std::uint32_t type = 0;
  std::uint64_t offset = 0;
  std::uint64_t file_size = 0;
};


struct ElfHeader {
  bool is_64bit = true;
  std::uint8_t osabi = 0;
  std::uint8_t abi_version = 0;
  std::uint16_t type = 0;
  std::uint16_t machine = 0;
  std::uint32_t version = 0;
  std::uint32_t flags = 0;
  std::uint64_t program_header_offset = 0;
  std::uint16_t program_header_entry_size = 0;
  std::uint16_t program_header_count = 0;
  std::uint64_t section_header_offset = 0;
  std::uint16_t section_header_entry_size = 0;
  std::uint16_t section_count = 0;  // raw e_shnum
  std::uint16_t section_name_index = 0;  // raw e_shstrndx
};

// Decodes the program header table (bytes at e_phoff, e_phnum entries); entries that do not fit
// in `table` are ignored.
std::vector<ElfSegment> parse_program_headers(const ElfHeader& header, Bytes table);

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

// True when `data` is an ELF file for `machine` (e_machine), judged from the magic and e_machine
// alone, as format detection needs.
bool is_elf_for_machine(Bytes data, std::uint16_t machine);

// Reads only the ELF header. Fails on a short buffer, an unknown class or big-endian data.
Result<ElfHeader> parse_elf_header(Bytes data);

class ElfFile {
 public:
  // Supplies a section's bytes when the file is not in memory as a whole (a zip member read as a
  // stream keeps only the sections it captured).
  using SectionReader = std::function<Result<Bytes>(const ElfSection&)>;

  // Parses the header and the section table. Fails, naming the structure and offset, when the
  // table or the section-name table lies outside `data`.
  static Result<ElfFile> parse(Bytes data);

  // The same from separately captured pieces: the ELF header, the section header table (the
  // bytes at e_shoff), and the section-name table (empty when unavailable: names stay empty).
  // `file_size` bounds every section; `reader` supplies section contents.
  static Result<ElfFile> from_parts(Bytes header, Bytes section_table, Bytes section_names, std::uint64_t file_size,
                                    SectionReader reader);

  // Where the section-name table is, from the header and the section table alone.
  static std::optional<ElfSection> section_names_location(Bytes header, Bytes section_table);

  const ElfHeader& header() const { return m_header; }
  const std::vector<ElfSection>& sections() const { return m_sections; }
  Bytes bytes() const { return m_data; }

  // The first section called `name`, or nullptr.
  const ElfSection* find_section(std::string_view name) const;

  // The file bytes of `section` (empty for SHT_NOBITS). Fails when they lie outside the file.
  Result<Bytes> section_data(const ElfSection& section) const;

 private:
  // Fills m_sections from a complete section table; names from `names` when not empty.
  Status load_sections(Bytes table, std::uint64_t count, Bytes names);

  Bytes m_data;
  std::uint64_t m_file_size = 0;
  SectionReader m_reader;
  ElfHeader m_header;
  std::vector<ElfSection> m_sections;
};

}  // namespace archfit::binfmt
