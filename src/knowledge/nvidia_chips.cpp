#include "knowledge/nvidia_chips.hpp"

#include <algorithm>

#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') {
    text.remove_prefix(1);
  }
  while (!text.empty() && text.back() == ' ') {
    text.remove_suffix(1);
  }
  return text;
}

bool only_letters(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); });
}

}  // namespace

std::string nvidia_chip_family(std::string_view chip, const std::vector<std::string>& families) {
  std::string best;
  for (const auto& family : families) {
    if (family.size() > best.size() && chip.starts_with(family) && only_letters(chip.substr(family.size()))) {
      best = family;
    }
  }
  return best;
}

std::vector<std::string> expand_pci_ids_names(std::string_view bracket) {
  std::vector<std::string> names;
  std::string brand;
  while (!bracket.empty()) {
    auto slash = bracket.find('/');
    std::string_view part = trimmed(bracket.substr(0, slash));
    bracket = slash == std::string_view::npos ? std::string_view() : bracket.substr(slash + 1);
    if (part.empty()) {
      continue;
    }
    if (names.empty()) {
      brand = std::string(part.substr(0, part.find(' ')));
      names.emplace_back(part);
    } else if (part.starts_with(brand + " ") || part == brand) {
      names.emplace_back(part);
    } else {
      names.push_back(brand + " " + std::string(part));
    }
  }
  return names;
}

std::string comparable_gpu_name(std::string_view name) {
  std::string out;
  for (char c : name) {
    char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    if (lower == '-' || lower == '_' || lower == '\t') {
      lower = ' ';
    }
    if (lower == ' ' && (out.empty() || out.back() == ' ')) {
      continue;
    }
    out.push_back(lower);
  }
  while (!out.empty() && out.back() == ' ') {
    out.pop_back();
  }
  if (out.starts_with("nvidia ")) {
    out.erase(0, 7);
  }
  return out;
}

const NvidiaChipTable& NvidiaChipTable::embedded() {
  static const NvidiaChipTable table = [] {
    NvidiaChipTable result;
    const auto& families = embedded_table("nvidia_chip_families.tsv");
    std::vector<std::string> keys;
    for (const auto& row : families.rows) {
      keys.push_back(families.field(row, "chip"));
    }
    const auto& chips = embedded_table("nvidia_pci_chips.tsv");
    for (const auto& row : chips.rows) {
      auto device = parse_hex(chips.field(row, "device"));
      std::string family = nvidia_chip_family(chips.field(row, "chip"), keys);
      if (!device || *device > 0xffff || family.empty()) {
        continue;  // tests/unit/nvidia_chips_test.cpp fails on such a row
      }
      NvidiaChipGpu gpu;
      gpu.device = static_cast<std::uint16_t>(*device);
      gpu.chip = chips.field(row, "chip");
      gpu.family = family;
      for (const auto& family_row : families.rows) {
        if (families.field(family_row, "chip") == family) {
          gpu.compute_capability = families.field(family_row, "compute_capability");
        }
      }
      gpu.names = expand_pci_ids_names(chips.field(row, "names"));
      result.m_rows.push_back(std::move(gpu));
    }
    return result;
  }();
  return table;
}

std::optional<NvidiaChipGpu> NvidiaChipTable::find(std::uint16_t device) const {
  for (const auto& row : m_rows) {
    if (row.device == device) {
      return row;
    }
  }
  return std::nullopt;
}

NvidiaNameByChip NvidiaChipTable::by_name(std::string_view name) const {
  NvidiaNameByChip answer;
  std::string wanted = comparable_gpu_name(name);
  if (wanted.empty()) {
    return answer;
  }
  for (const auto& row : m_rows) {
    bool named = std::any_of(row.names.begin(), row.names.end(),
                             [&](const std::string& candidate) { return comparable_gpu_name(candidate) == wanted; });
    if (!named) {
      continue;
    }
    if (std::find(answer.chips.begin(), answer.chips.end(), row.chip) == answer.chips.end()) {
      answer.chips.push_back(row.chip);
    }
    if (answer.compute_capability.empty() && !answer.ambiguous) {
      answer.compute_capability = row.compute_capability;
    } else if (answer.compute_capability != row.compute_capability) {
      answer.ambiguous = true;
      answer.compute_capability.clear();
    }
  }
  return answer;
}

}  // namespace archfit::knowledge
