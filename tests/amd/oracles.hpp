// Parsers for the reference tools' outputs recorded by tests/fixtures/amd/make_amd_fixtures.sh.
// Expected values in the AMD tests come from these, never from archfit.
#pragma once

#include <algorithm>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "support/test_support.hpp"

namespace archfit::test {

// One line of roc-obj-ls: "<bundle#> <entry-id> file://<path>#offset=<N>&size=<M>".
struct RocObjLsEntry {
  int bundle = 0;
  std::string id;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  bool operator==(const RocObjLsEntry&) const = default;
};

inline std::vector<RocObjLsEntry> parse_roc_obj_ls(const std::string& text) {
  static const std::regex line_pattern(R"(^(\d+)\s+(\S+)\s+file://.*#offset=(\d+)&size=(\d+)$)");
  std::vector<RocObjLsEntry> entries;
  for (const auto& line : lines(text)) {
    std::smatch match;
    if (std::regex_match(line, match, line_pattern)) {
      entries.push_back({std::stoi(match[1]), match[2], std::stoull(match[3]), std::stoull(match[4])});
    }
  }
  return entries;
}

// archfit's bundles flattened into roc-obj-ls's shape (bundle numbers start at 1).
inline std::vector<RocObjLsEntry> archfit_bundle_entries(const nlohmann::json& file) {
  std::vector<RocObjLsEntry> entries;
  int number = 0;
  for (const auto& bundle : file["bundles"]) {
    ++number;
    for (const auto& entry : bundle["entries"]) {
      entries.push_back({number, entry["id"], entry["offset"], entry["size"]});
    }
  }
  return entries;
}

// The target ID llvm-readelf -h describes: "Flags: 0xE3F, gfx90a, xnack-, sramecc+" → processor plus
// the features with an explicit sign, in canonical order (sramecc before xnack); bare "xnack" is ANY.
inline std::string readelf_target_id(const std::string& readelf_h) {
  static const std::regex flags_pattern(R"(Flags:\s+0x[0-9A-Fa-f]+, ([^\n]*))");
  std::smatch match;
  if (!std::regex_search(readelf_h, match, flags_pattern)) {
    return "<no Flags line>";
  }
  std::string rest = match[1];
  std::vector<std::string> parts;
  for (std::size_t start = 0; start <= rest.size();) {
    auto comma = rest.find(", ", start);
    parts.push_back(rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) {
      break;
    }
    start = comma + 2;
  }
  std::string id = parts.at(0);
  for (const char* feature : {"sramecc", "xnack"}) {
    for (const auto& part : parts) {
      if (part == std::string(feature) + "+" || part == std::string(feature) + "-") {
        id += ":" + part;
      }
    }
  }
  return id;
}

// "ABI Version: 3" → code object version 5.
inline int readelf_code_object_version(const std::string& readelf_h) {
  static const std::regex abi_pattern(R"(ABI Version:\s+(\d+))");
  std::smatch match;
  return std::regex_search(readelf_h, match, abi_pattern) ? std::stoi(match[1]) + 2 : -1;
}

inline std::vector<std::string> sorted(std::vector<std::string> values) {
  std::sort(values.begin(), values.end());
  return values;
}

inline std::vector<std::string> entry_ids(const nlohmann::json& bundle) {
  std::vector<std::string> ids;
  for (const auto& entry : bundle["entries"]) {
    ids.push_back(entry["id"]);
  }
  return sorted(ids);
}

}  // namespace archfit::test
