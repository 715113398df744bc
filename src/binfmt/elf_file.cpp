#include "binfmt/elf_file.hpp"

#include <fmt/format.h>

#include "util/hex.hpp"

namespace archfit::binfmt {

namespace {

constexpr std::uint64_t k_elf32_header_size = 52;
constexpr std::uint64_t k_elf64_header_size = 64;
constexpr std::uint64_t k_elf32_section_header_size = 40;
constexpr std::uint64_t k_elf64_section_header_size = 64;
constexpr std::uint16_t k_shn_xindex = 0xffff;

// Reads a field of the width the ELF class gives it (Elf32_Word/Addr vs Elf64_Xword/Addr).
std::uint64_t read_word(Bytes data, std::uint64_t offset, bool wide) {
  if (wide) {
    return read_le<std::uint64_t>(data, offset).value_or(0);
  }
  return read_le<std::uint32_t>(data, offset).value_or(0);
}

// Decodes one section header at `entry` (already bounds-checked by the caller).
ElfSection read_section(Bytes entry, bool is_64bit) {
  ElfSection section;
  section.type = read_le<std::uint32_t>(entry, 4).value_or(0);
  if (is_64bit) {
    section.flags = read_word(entry, 8, true);
    section.address = read_word(entry, 16, true);
    section.offset = read_word(entry, 24, true);
    section.size = read_word(entry, 32, true);
    section.link = read_le<std::uint32_t>(entry, 40).value_or(0);
    section.info = read_le<std::uint32_t>(entry, 44).value_or(0);
    section.alignment = read_word(entry, 48, true);
    section.entry_size = read_word(entry, 56, true);
  } else {
    section.flags = read_word(entry, 8, false);
    section.address = read_word(entry, 12, false);
    section.offset = read_word(entry, 16, false);
    section.size = read_word(entry, 20, false);
    section.link = read_le<std::uint32_t>(entry, 24).value_or(0);
    section.info = read_le<std::uint32_t>(entry, 28).value_or(0);
    section.alignment = read_word(entry, 32, false);
    section.entry_size = read_word(entry, 36, false);
  }
  return section;
}

}  // namespace

bool is_elf(Bytes data) { return has_magic(data, 0, "\x7f" "ELF"); }

Result<ElfHeader> parse_elf_header(Bytes data) {
  if (!is_elf(data)) {
    return Error{"ELF header at offset 0x0: bad magic"};
  }
  if (data.size() < 16) {
    return Error{fmt::format("ELF header at offset 0x0: file is {} bytes, e_ident needs 16", data.size())};
  }
  ElfHeader header;
  std::uint8_t elf_class = data[4];
  if (elf_class != 1 && elf_class != 2) {
    return Error{fmt::format("ELF header at offset 0x4: unknown EI_CLASS {}", elf_class)};
  }
  header.is_64bit = elf_class == 2;
  if (data[5] != 1) {
    return Error{fmt::format("ELF header at offset 0x5: EI_DATA {} is not little-endian (1)", data[5])};
  }
  std::uint64_t header_size = header.is_64bit ? k_elf64_header_size : k_elf32_header_size;
  if (data.size() < header_size) {
    return Error{fmt::format("ELF header at offset 0x0: file is {} bytes, the {}-bit header needs {}", data.size(),
                             header.is_64bit ? 64 : 32, header_size)};
  }
  header.osabi = data[7];
  header.abi_version = data[8];
  header.type = read_le<std::uint16_t>(data, 16).value_or(0);
  header.machine = read_le<std::uint16_t>(data, 18).value_or(0);
  header.version = read_le<std::uint32_t>(data, 20).value_or(0);
  if (header.is_64bit) {
    header.section_header_offset = read_word(data, 40, true);
    header.flags = read_le<std::uint32_t>(data, 48).value_or(0);
    header.section_header_entry_size = read_le<std::uint16_t>(data, 58).value_or(0);
    header.section_count = read_le<std::uint16_t>(data, 60).value_or(0);
    header.section_name_index = read_le<std::uint16_t>(data, 62).value_or(0);
  } else {
    header.section_header_offset = read_word(data, 32, false);
    header.flags = read_le<std::uint32_t>(data, 36).value_or(0);
    header.section_header_entry_size = read_le<std::uint16_t>(data, 46).value_or(0);
    header.section_count = read_le<std::uint16_t>(data, 48).value_or(0);
    header.section_name_index = read_le<std::uint16_t>(data, 50).value_or(0);
  }
  return header;
}

Result<ElfFile> ElfFile::parse(Bytes data) {
  ElfFile file;
  file.m_data = data;
  ARCHFIT_TRY(file.m_header, parse_elf_header(data));
  const ElfHeader& header = file.m_header;
  if (header.section_header_offset == 0) {
    return file;  // no section table (allowed; nothing to scan)
  }
  std::uint64_t entry_size = header.is_64bit ? k_elf64_section_header_size : k_elf32_section_header_size;
  if (header.section_header_entry_size != entry_size) {
    return Error{fmt::format("ELF header: e_shentsize is {}, expected {}", header.section_header_entry_size,
                             entry_size)};
  }
  // Section 0 holds the real count and name index when they overflow 16 bits.
  auto first = slice(data, header.section_header_offset, entry_size);
  if (!first) {
    return Error{fmt::format("ELF section header table at offset {} runs past end of file (size {})",
                             hex(header.section_header_offset), hex(data.size()))};
  }
  ElfSection section_zero = read_section(*first, header.is_64bit);
  std::uint64_t count = header.section_count != 0 ? header.section_count : section_zero.size;
  std::uint64_t name_index = header.section_name_index == k_shn_xindex ? section_zero.link
                                                                       : header.section_name_index;
  auto table_size = checked_mul(count, entry_size);
  auto table = table_size ? slice(data, header.section_header_offset, *table_size) : std::nullopt;
  if (!table) {
    return Error{fmt::format("ELF section header table at offset {} ({} entries of {} bytes) runs past end of file "
                             "(size {})",
                             hex(header.section_header_offset), count, entry_size, hex(data.size()))};
  }
  file.m_sections.reserve(static_cast<std::size_t>(count));
  for (std::uint64_t i = 0; i < count; ++i) {
    file.m_sections.push_back(read_section(table->subspan(static_cast<std::size_t>(i * entry_size)), header.is_64bit));
  }
  if (name_index == 0) {
    return file;  // SHN_UNDEF: sections have no names
  }
  if (name_index >= count) {
    return Error{fmt::format("ELF header: section name table index {} is out of range ({} sections)", name_index,
                             count)};
  }
  const ElfSection& names_section = file.m_sections[static_cast<std::size_t>(name_index)];
  auto names = slice(data, names_section.offset, names_section.size);
  if (!names) {
    return Error{fmt::format("ELF section name table (section {}) at offset {} size {} runs past end of file "
                             "(size {})",
                             name_index, hex(names_section.offset), hex(names_section.size), hex(data.size()))};
  }
  // The name offsets are read lazily from the raw table entries (sh_name is the first u32).
  for (std::uint64_t i = 0; i < count; ++i) {
    auto name_offset = read_le<std::uint32_t>(*table, i * entry_size).value_or(0);
    file.m_sections[static_cast<std::size_t>(i)].name = read_cstring(*names, name_offset).value_or("");
  }
  return file;
}

const ElfSection* ElfFile::find_section(std::string_view name) const {
  for (const auto& section : m_sections) {
    if (section.name == name) {
      return &section;
    }
  }
  return nullptr;
}

Result<Bytes> ElfFile::section_data(const ElfSection& section) const {
  if (section.type == k_sht_nobits) {
    return Bytes{};
  }
  auto bytes = slice(m_data, section.offset, section.size);
  if (!bytes) {
    return Error{fmt::format("ELF section '{}' at offset {} size {} runs past end of file (size {})", section.name,
                             hex(section.offset), hex(section.size), hex(m_data.size()))};
  }
  return *bytes;
}

}  // namespace archfit::binfmt
