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

bool is_elf_for_machine(Bytes data, std::uint16_t machine) {
  constexpr std::uint64_t k_e_machine_offset = 18;  // the same in ELF32 and ELF64
  return is_elf(data) && read_le<std::uint16_t>(data, k_e_machine_offset) == machine;
}

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
    header.program_header_offset = read_word(data, 32, true);
    header.program_header_entry_size = read_le<std::uint16_t>(data, 54).value_or(0);
    header.program_header_count = read_le<std::uint16_t>(data, 56).value_or(0);
    header.section_header_offset = read_word(data, 40, true);
    header.flags = read_le<std::uint32_t>(data, 48).value_or(0);
    header.section_header_entry_size = read_le<std::uint16_t>(data, 58).value_or(0);
    header.section_count = read_le<std::uint16_t>(data, 60).value_or(0);
    header.section_name_index = read_le<std::uint16_t>(data, 62).value_or(0);
  } else {
    header.program_header_offset = read_word(data, 28, false);
    header.program_header_entry_size = read_le<std::uint16_t>(data, 42).value_or(0);
    header.program_header_count = read_le<std::uint16_t>(data, 44).value_or(0);
    header.section_header_offset = read_word(data, 32, false);
    header.flags = read_le<std::uint32_t>(data, 36).value_or(0);
    header.section_header_entry_size = read_le<std::uint16_t>(data, 46).value_or(0);
    header.section_count = read_le<std::uint16_t>(data, 48).value_or(0);
    header.section_name_index = read_le<std::uint16_t>(data, 50).value_or(0);
  }
  return header;
}

namespace {

// Validates e_shentsize and works out the section count and the name-table index, which spill into
// section 0 when they do not fit in 16 bits. `first_entry` is section 0's raw header.
struct TableShape {
  std::uint64_t entry_size = 0;
  std::uint64_t count = 0;
  std::uint64_t name_index = 0;
};

Result<TableShape> table_shape(const ElfHeader& header, Bytes first_entry) {
  TableShape shape;
  shape.entry_size = header.is_64bit ? k_elf64_section_header_size : k_elf32_section_header_size;
  if (header.section_header_entry_size != shape.entry_size) {
    return Error{fmt::format("ELF header: e_shentsize is {}, expected {}", header.section_header_entry_size,
                             shape.entry_size)};
  }
  ElfSection section_zero = read_section(first_entry, header.is_64bit);
  shape.count = header.section_count != 0 ? header.section_count : section_zero.size;
  shape.name_index = header.section_name_index == k_shn_xindex ? section_zero.link : header.section_name_index;
  return shape;
}

}  // namespace

Status ElfFile::load_sections(Bytes table, std::uint64_t count, Bytes names) {
  std::uint64_t entry_size = m_header.is_64bit ? k_elf64_section_header_size : k_elf32_section_header_size;
  m_sections.reserve(static_cast<std::size_t>(count));
  for (std::uint64_t i = 0; i < count; ++i) {
    m_sections.push_back(read_section(table.subspan(static_cast<std::size_t>(i * entry_size)), m_header.is_64bit));
    auto name_offset = read_le<std::uint32_t>(table, i * entry_size).value_or(0);
    if (!names.empty()) {
      m_sections.back().name = read_cstring(names, name_offset).value_or("");
    }
  }
  return Ok{};
}

Result<ElfFile> ElfFile::parse(Bytes data) {
  ElfFile file;
  file.m_data = data;
  file.m_file_size = data.size();
  ARCHFIT_TRY(file.m_header, parse_elf_header(data));
  const ElfHeader& header = file.m_header;
  if (header.section_header_offset == 0) {
    return file;  // no section table (allowed; nothing to scan)
  }
  std::uint64_t entry_size = header.is_64bit ? k_elf64_section_header_size : k_elf32_section_header_size;
  auto first = slice(data, header.section_header_offset, entry_size);
  if (!first) {
    return Error{fmt::format("ELF section header table at offset {} runs past end of file (size {})",
                             hex(header.section_header_offset), hex(data.size()))};
  }
  ARCHFIT_TRY(TableShape shape, table_shape(header, *first));
  auto table_size = checked_mul(shape.count, entry_size);
  auto table = table_size ? slice(data, header.section_header_offset, *table_size) : std::nullopt;
  if (!table) {
    return Error{fmt::format("ELF section header table at offset {} ({} entries of {} bytes) runs past end of file "
                             "(size {})",
                             hex(header.section_header_offset), shape.count, entry_size, hex(data.size()))};
  }
  if (shape.name_index != 0 && shape.name_index >= shape.count) {
    return Error{fmt::format("ELF header: section name table index {} is out of range ({} sections)",
                             shape.name_index, shape.count)};
  }
  Bytes names;
  if (shape.name_index != 0) {
    ElfSection names_section =
        read_section(table->subspan(static_cast<std::size_t>(shape.name_index * entry_size)), header.is_64bit);
    auto found = slice(data, names_section.offset, names_section.size);
    if (!found) {
      return Error{fmt::format("ELF section name table (section {}) at offset {} size {} runs past end of file "
                               "(size {})",
                               shape.name_index, hex(names_section.offset), hex(names_section.size),
                               hex(data.size()))};
    }
    names = *found;
  }
  auto status = file.load_sections(*table, shape.count, names);
  if (!status) {
    return status.error();
  }
  return file;
}

std::optional<ElfSection> ElfFile::section_names_location(Bytes header_bytes, Bytes section_table) {
  auto header = parse_elf_header(header_bytes);
  if (!header || section_table.empty()) {
    return std::nullopt;
  }
  auto shape = table_shape(*header, section_table);
  if (!shape || shape->name_index == 0) {
    return std::nullopt;
  }
  auto entry = slice(section_table, shape->name_index * shape->entry_size, shape->entry_size);
  if (!entry) {
    return std::nullopt;
  }
  return read_section(*entry, header->is_64bit);
}

Result<ElfFile> ElfFile::from_parts(Bytes header_bytes, Bytes section_table, Bytes section_names,
                                    std::uint64_t file_size, SectionReader reader) {
  ElfFile file;
  file.m_file_size = file_size;
  file.m_reader = std::move(reader);
  ARCHFIT_TRY(file.m_header, parse_elf_header(header_bytes));
  if (file.m_header.section_header_offset == 0 || section_table.empty()) {
    return file;
  }
  ARCHFIT_TRY(TableShape shape, table_shape(file.m_header, section_table));
  auto table_size = checked_mul(shape.count, shape.entry_size);
  if (!table_size || *table_size != section_table.size()) {
    return Error{fmt::format("ELF section header table at offset {}: {} entries need {} bytes, {} captured",
                             hex(file.m_header.section_header_offset), shape.count,
                             table_size.value_or(UINT64_MAX), section_table.size())};
  }
  auto status = file.load_sections(section_table, shape.count, section_names);
  if (!status) {
    return status.error();
  }
  return file;
}

std::vector<ElfSegment> parse_program_headers(const ElfHeader& header, Bytes table) {
  std::vector<ElfSegment> segments;
  std::uint64_t entry_size = header.is_64bit ? 56 : 32;
  if (header.program_header_entry_size != entry_size) {
    return segments;
  }
  for (std::uint64_t i = 0; i < header.program_header_count; ++i) {
    auto entry = slice(table, i * entry_size, entry_size);
    if (!entry) {
      break;
    }
    ElfSegment segment;
    segment.type = read_le<std::uint32_t>(*entry, 0).value_or(0);
    segment.offset = header.is_64bit ? read_word(*entry, 8, true) : read_word(*entry, 4, false);
    segment.file_size = header.is_64bit ? read_word(*entry, 32, true) : read_word(*entry, 16, false);
    segments.push_back(segment);
  }
  return segments;
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
  auto end = checked_add(section.offset, section.size);
  if (!end || *end > m_file_size) {
    return Error{fmt::format("ELF section '{}' at offset {} size {} runs past end of file (size {})", section.name,
                             hex(section.offset), hex(section.size), hex(m_file_size))};
  }
  if (m_reader) {
    return m_reader(section);
  }
  return *slice(m_data, section.offset, section.size);
}

}  // namespace archfit::binfmt
