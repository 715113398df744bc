#include "knowledge/nvidia_chips.hpp"

#include <algorithm>
#include <map>
#include <regex>

#include "knowledge/tsv_table.hpp"
#include "util/text_lines.hpp"

namespace archfit::knowledge {

namespace {

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
  auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  auto has_digit = [&](std::string_view text) { return std::any_of(text.begin(), text.end(), is_digit); };
  // The words of `name` before its first word that starts with a digit, with a trailing space ("GeForce GT ").
  auto stem_of = [&](const std::string& name) {
    std::size_t at = 0;
    while (at < name.size()) {
      if (is_digit(name[at]) && (at == 0 || name[at - 1] == ' ')) {
        return name.substr(0, at);
      }
      ++at;
    }
    return std::string();
  };
  std::vector<std::string> names;
  std::string brand;  // the first alternative's first word when it has no digit ("GeForce", "Tesla")
  while (!bracket.empty()) {
    auto slash = bracket.find('/');
    std::string_view part = trim(bracket.substr(0, slash));
    bracket = slash == std::string_view::npos ? std::string_view() : bracket.substr(slash + 1);
    if (part.empty()) {
      continue;
    }
    if (names.empty()) {
      std::string_view first_word = part.substr(0, part.find(' '));
      brand = has_digit(first_word) ? std::string() : std::string(first_word);
      names.emplace_back(part);
    } else if (is_digit(part.front())) {
      names.push_back(stem_of(names.back()) + std::string(part));
    } else if (!has_digit(part)) {
      continue;  // "Mobile", "Max-Q": a variant, not a product
    } else if (!brand.empty() && !part.starts_with(brand + " ")) {
      names.push_back(brand + " " + std::string(part));
    } else {
      names.emplace_back(part);
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

namespace {

// data/nvidia_name_variants.tsv's suffixes, each as " (?:suffix)$".
const std::vector<std::regex>& variant_suffixes() {
  static const std::vector<std::regex> suffixes = [] {
    std::vector<std::regex> out;
    const auto& table = embedded_table("nvidia_name_variants.tsv");
    for (const auto& row : table.rows) {
      out.emplace_back(" (?:" + table.field(row, "suffix") + ")$", std::regex::ECMAScript | std::regex::optimize);
    }
    return out;
  }();
  return suffixes;
}

}  // namespace

std::string without_variant_suffix(std::string_view name) {
  std::string out(name);
  bool stripped = true;
  while (stripped) {
    stripped = false;
    for (const auto& suffix : variant_suffixes()) {
      std::smatch found;
      if (std::regex_search(out, found, suffix) && found.position(0) > 0) {
        out.resize(static_cast<std::size_t>(found.position(0)));
        stripped = true;
      }
    }
  }
  return out;
}

const NvidiaChipTable& NvidiaChipTable::embedded() {
  static const NvidiaChipTable table = [] {
    NvidiaChipTable result;
    const auto& families = embedded_table("nvidia_chip_families.tsv");
    std::vector<std::string> keys;
    std::map<std::string, std::string, std::less<>> capability_of;  // family -> compute capability
    for (const auto& row : families.rows) {
      keys.push_back(families.field(row, "chip"));
      capability_of[keys.back()] = families.field(row, "compute_capability");
    }
    const auto& chips = embedded_table("nvidia_pci_chips.tsv");
    for (const auto& row : chips.rows) {
      auto device = parse_hex(chips.field(row, "device"));
      std::string family = nvidia_chip_family(chips.field(row, "chip"), keys);
      if (!device || *device > 0xffff) {
        continue;  // tests/unit/nvidia_chips_test.cpp fails on such a row
      }
      NvidiaChipGpu gpu;
      gpu.device = static_cast<std::uint16_t>(*device);
      gpu.chip = chips.field(row, "chip");
      gpu.family = family;
      if (auto known = capability_of.find(family); known != capability_of.end()) {
        gpu.compute_capability = known->second;
      }
      gpu.listed = chips.field(row, "names");
      gpu.names = expand_pci_ids_names(gpu.listed);
      std::vector<std::string> comparable;
      std::vector<std::string> base;
      for (const auto& name : gpu.names) {
        comparable.push_back(comparable_gpu_name(name));
        base.push_back(without_variant_suffix(comparable.back()));
      }
      result.m_comparable.push_back(std::move(comparable));
      result.m_base.push_back(std::move(base));
      result.m_rows.push_back(std::move(gpu));
    }
    return result;
  }();
  return table;
}

std::optional<NvidiaChipGpu> NvidiaChipTable::find(std::uint16_t device) const {
  for (const auto& row : m_rows) {
    if (row.device == device && !row.compute_capability.empty()) {
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
  std::string wanted_base = without_variant_suffix(wanted);
  std::vector<std::string> capabilities;  // of every chip named so, "" for a chip without a family
  for (std::size_t i = 0; i < m_rows.size(); ++i) {
    const auto& row = m_rows[i];
    bool named = false;
    for (std::size_t k = 0; k < m_comparable[i].size() && !named; ++k) {
      named = m_comparable[i][k] == wanted || m_base[i][k] == wanted_base;
    }
    if (!named) {
      continue;
    }
    if (std::find(answer.chips.begin(), answer.chips.end(), row.chip) == answer.chips.end()) {
      answer.chips.push_back(row.chip);
    }
    if (std::find(capabilities.begin(), capabilities.end(), row.compute_capability) == capabilities.end()) {
      capabilities.push_back(row.compute_capability);
    }
  }
  answer.ambiguous = capabilities.size() > 1;
  if (capabilities.size() == 1) {
    answer.compute_capability = capabilities.front();  // empty for a chip without a family
  }
  return answer;
}

}  // namespace archfit::knowledge
