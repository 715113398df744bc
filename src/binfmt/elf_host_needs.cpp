#include "binfmt/elf_host_needs.hpp"

#include <charconv>

#include <fmt/format.h>

#include "util/hex.hpp"

namespace archfit::binfmt {

namespace {

constexpr std::uint64_t k_dt_null = 0;
constexpr std::uint64_t k_dt_needed = 1;
constexpr std::uint64_t k_dt_rpath = 15;
constexpr std::uint64_t k_dt_runpath = 29;
constexpr std::uint32_t k_nt_gnu_property_type_0 = 5;
constexpr std::uint32_t k_gnu_property_x86_isa_1_needed = 0xc0008002;
constexpr std::uint16_t k_em_386 = 3;

std::vector<std::string> split_path_list(std::string_view list) {
  std::vector<std::string> parts;
  while (!list.empty()) {
    auto colon = list.find(':');
    parts.emplace_back(list.substr(0, colon));
    if (colon == std::string_view::npos) {
      break;
    }
    list.remove_prefix(colon + 1);
  }
  return parts;
}

Result<Bytes> linked_strings(const ElfFile& elf, const ElfSection& section) {
  if (section.link >= elf.sections().size()) {
    return Error{fmt::format("section '{}': sh_link {} is not a section", section.name, section.link)};
  }
  return elf.section_data(elf.sections()[section.link]);
}

Status read_dynamic(const ElfFile& elf, const ElfSection& section, HostNeeds& needs) {
  ARCHFIT_TRY(Bytes data, elf.section_data(section));
  ARCHFIT_TRY(Bytes strings, linked_strings(elf, section));
  bool wide = elf.header().is_64bit;
  std::uint64_t entry_size = wide ? 16 : 8;
  for (std::uint64_t offset = 0; offset + entry_size <= data.size(); offset += entry_size) {
    std::uint64_t tag = wide ? read_le<std::uint64_t>(data, offset).value_or(0)
                             : read_le<std::uint32_t>(data, offset).value_or(0);
    std::uint64_t value = wide ? read_le<std::uint64_t>(data, offset + 8).value_or(0)
                               : read_le<std::uint32_t>(data, offset + 4).value_or(0);
    if (tag == k_dt_null) {
      break;
    }
    if (tag != k_dt_needed && tag != k_dt_rpath && tag != k_dt_runpath) {
      continue;
    }
    auto text = read_cstring(strings, value);
    if (!text) {
      return Error{fmt::format("section '{}' entry at +{}: string offset {} is outside .dynstr", section.name,
                               hex(offset), hex(value))};
    }
    if (tag == k_dt_needed) {
      needs.needed.emplace_back(*text);
    } else {
      auto& list = tag == k_dt_rpath ? needs.rpath : needs.runpath;
      for (auto& part : split_path_list(*text)) {
        list.push_back(std::move(part));
      }
    }
  }
  return Ok{};
}

Status read_version_needs(const ElfFile& elf, const ElfSection& section, HostNeeds& needs) {
  ARCHFIT_TRY(Bytes data, elf.section_data(section));
  ARCHFIT_TRY(Bytes strings, linked_strings(elf, section));
  std::uint64_t offset = 0;
  // A Vernaux record takes 16 bytes, so the section holds at most size/16 of them. Chains that
  // visit more share records (every Verneed pointing at one long chain), which would make the work
  // and the version list quadratic in the section size.
  std::uint64_t aux_budget = data.size() / 16;
  // sh_info is the number of Verneed records; the chain is also bounded by the section size.
  for (std::uint32_t i = 0; i < section.info; ++i) {
    auto count = read_le<std::uint16_t>(data, offset + 2);
    auto file = read_le<std::uint32_t>(data, offset + 4);
    auto aux = read_le<std::uint32_t>(data, offset + 8);
    auto next = read_le<std::uint32_t>(data, offset + 12);
    if (!count || !file || !aux || !next) {
      return Error{fmt::format("section '{}': Verneed record {} at +{} runs past the section ({} bytes)",
                               section.name, i, hex(offset), data.size())};
    }
    auto file_name = read_cstring(strings, *file);
    if (!file_name) {
      return Error{fmt::format("section '{}': Verneed record {} at +{}: file name offset {} is outside .dynstr",
                               section.name, i, hex(offset), hex(*file))};
    }
    VersionNeed need{std::string(*file_name), {}};
    std::uint64_t aux_offset = offset + *aux;
    for (std::uint16_t j = 0; j < *count; ++j) {
      if (aux_budget == 0) {
        return Error{fmt::format("section '{}': Verneed record {} at +{}: Vernaux chains visit more records than "
                                 "the section holds ({} bytes)",
                                 section.name, i, hex(offset), data.size())};
      }
      --aux_budget;
      auto name = read_le<std::uint32_t>(data, aux_offset + 8);
      auto aux_next = read_le<std::uint32_t>(data, aux_offset + 12);
      if (!name || !aux_next) {
        return Error{fmt::format("section '{}': Vernaux record at +{} runs past the section ({} bytes)",
                                 section.name, hex(aux_offset), data.size())};
      }
      auto version = read_cstring(strings, *name);
      if (!version) {
        return Error{fmt::format("section '{}': Vernaux record at +{}: name offset {} is outside .dynstr",
                                 section.name, hex(aux_offset), hex(*name))};
      }
      need.versions.emplace_back(*version);
      if (*aux_next == 0) {
        break;
      }
      aux_offset += *aux_next;
    }
    needs.version_needs.push_back(std::move(need));
    if (*next == 0) {
      break;
    }
    offset += *next;
  }
  return Ok{};
}

// SHT_GNU_verdef (.gnu.version_d): the versions a library *defines*. sh_info Verdef records
// {u16 version, u16 flags, u16 ndx, u16 cnt, u32 hash, u32 aux, u32 next}; the first Verdaux
// {u32 name, u32 next} of each names the version. VER_FLG_BASE (1) marks the file's own name.
Status read_version_definitions(const ElfFile& elf, const ElfSection& section, HostNeeds& needs) {
  ARCHFIT_TRY(Bytes data, elf.section_data(section));
  ARCHFIT_TRY(Bytes strings, linked_strings(elf, section));
  std::uint64_t offset = 0;
  // Each record is at least 20 bytes; a chain that claims more records than fit is malformed.
  std::uint64_t budget = data.size() / 20;
  for (std::uint32_t i = 0; i < section.info; ++i) {
    if (budget-- == 0) {
      return Error{fmt::format("section '{}': Verdef chain visits more records than the section holds ({} bytes)",
                               section.name, data.size())};
    }
    auto flags = read_le<std::uint16_t>(data, offset + 2);
    auto aux = read_le<std::uint32_t>(data, offset + 12);
    auto next = read_le<std::uint32_t>(data, offset + 16);
    if (!flags || !aux || !next) {
      return Error{fmt::format("section '{}': Verdef record {} at +{} runs past the section ({} bytes)",
                               section.name, i, hex(offset), data.size())};
    }
    auto aux_offset = checked_add(offset, *aux);
    auto name = aux_offset ? read_le<std::uint32_t>(data, *aux_offset) : std::nullopt;
    if (!name) {
      return Error{fmt::format("section '{}': Verdef record {} at +{}: its Verdaux at +{} runs past the section",
                               section.name, i, hex(offset), hex(*aux))};
    }
    auto version = read_cstring(strings, *name);
    if (!version) {
      return Error{fmt::format("section '{}': Verdef record {} at +{}: name offset {} is outside .dynstr",
                               section.name, i, hex(offset), hex(*name))};
    }
    if ((*flags & 1) == 0) {
      needs.version_definitions.emplace_back(*version);
    }
    if (*next == 0) {
      break;
    }
    offset += *next;
  }
  return Ok{};
}

// Reads GNU_PROPERTY_X86_ISA_1_NEEDED from the first NT_GNU_PROPERTY_TYPE_0 note, as glibc does.
Status read_isa_needed(const ElfFile& elf, const ElfSection& section, HostNeeds& needs) {
  ARCHFIT_TRY(Bytes data, elf.section_data(section));
  std::uint64_t align = elf.header().is_64bit ? 8 : 4;
  std::uint64_t offset = 0;
  while (offset + 12 <= data.size()) {
    std::uint32_t name_size = read_le<std::uint32_t>(data, offset).value_or(0);
    std::uint32_t desc_size = read_le<std::uint32_t>(data, offset + 4).value_or(0);
    std::uint32_t type = read_le<std::uint32_t>(data, offset + 8).value_or(0);
    std::uint64_t desc_offset = align_up(offset + 12 + name_size, 4).value_or(UINT64_MAX);
    auto desc = slice(data, desc_offset, desc_size);
    if (!desc) {
      return Error{fmt::format("section '{}': note at +{} (descsz {}) runs past the section ({} bytes)",
                               section.name, hex(offset), desc_size, data.size())};
    }
    if (type == k_nt_gnu_property_type_0 && name_size == 4 && has_magic(data, offset + 12, std::string_view("GNU\0", 4))) {
      for (std::uint64_t p = 0; p + 8 <= desc->size();) {
        std::uint32_t pr_type = read_le<std::uint32_t>(*desc, p).value_or(0);
        std::uint32_t pr_size = read_le<std::uint32_t>(*desc, p + 4).value_or(0);
        if (pr_type == k_gnu_property_x86_isa_1_needed && pr_size >= 4) {
          needs.x86_isa_needed = read_le<std::uint32_t>(*desc, p + 8);
        }
        p = align_up(p + 8 + pr_size, align).value_or(UINT64_MAX);
      }
      return Ok{};  // only the first property note counts
    }
    offset = align_up(desc_offset + desc_size, 4).value_or(UINT64_MAX);
  }
  return Ok{};
}

bool version_less(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

}  // namespace

std::optional<std::pair<std::string, std::vector<std::uint32_t>>> parse_symbol_version(std::string_view name) {
  auto underscore = name.rfind('_');
  if (underscore == std::string_view::npos || underscore == 0) {
    return std::nullopt;
  }
  std::string_view number = name.substr(underscore + 1);
  std::vector<std::uint32_t> parts;
  while (!number.empty()) {
    std::uint32_t part = 0;
    auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), part);
    if (ec != std::errc{}) {
      return std::nullopt;
    }
    parts.push_back(part);
    number.remove_prefix(static_cast<std::size_t>(end - number.data()));
    if (number.empty()) {
      break;
    }
    if (number.front() != '.') {
      return std::nullopt;
    }
    number.remove_prefix(1);
  }
  if (parts.empty()) {
    return std::nullopt;
  }
  return std::make_pair(std::string(name.substr(0, underscore)), std::move(parts));
}

bool symbol_version_less(std::string_view a, std::string_view b) {
  auto left = parse_symbol_version(a);
  auto right = parse_symbol_version(b);
  return left && right && left->first == right->first && version_less(left->second, right->second);
}

void keep_highest_version(const std::string& version, std::map<std::string, std::string>& highest) {
  auto parsed = parse_symbol_version(version);
  if (!parsed) {
    return;
  }
  auto& [space, number] = *parsed;
  auto found = highest.find(space);
  if (found == highest.end() || version_less(parse_symbol_version(found->second)->second, number)) {
    highest[space] = version;
  }
}

std::string HostNeeds::x86_isa_level() const {
  if (!x86_isa_needed) {
    return {};
  }
  static constexpr std::string_view k_levels[] = {"x86-64-baseline", "x86-64-v2", "x86-64-v3", "x86-64-v4"};
  for (int bit = 3; bit >= 0; --bit) {
    if ((*x86_isa_needed & (1u << bit)) != 0) {
      return std::string(k_levels[bit]);
    }
  }
  return {};
}

Result<HostNeeds> read_host_needs(const ElfFile& elf) {
  HostNeeds needs;
  for (const auto& section : elf.sections()) {
    Status status = Ok{};
    if (section.type == k_sht_dynamic) {
      status = read_dynamic(elf, section, needs);
    } else if (section.type == k_sht_gnu_verneed) {
      status = read_version_needs(elf, section, needs);
    } else if (section.type == k_sht_gnu_verdef) {
      status = read_version_definitions(elf, section, needs);
    } else if (section.type == k_sht_note && section.name == ".note.gnu.property" &&
               (elf.header().machine == k_em_x86_64 || elf.header().machine == k_em_386)) {
      status = read_isa_needed(elf, section, needs);
    }
    if (!status) {
      return status.error();
    }
  }
  for (const auto& need : needs.version_needs) {
    for (const auto& version : need.versions) {
      keep_highest_version(version, needs.highest_versions);
    }
  }
  for (const auto& version : needs.version_definitions) {
    keep_highest_version(version, needs.highest_definitions);
  }
  return needs;
}

}  // namespace archfit::binfmt
