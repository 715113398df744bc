// The format of data/*.tsv: UTF-8 text, one row per line, fields separated by tabs. Lines that
// start with '#' are comments; the first other line is the header naming the columns. Every
// table has a `source` column that cites where the row's facts come from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace archfit::knowledge {

struct TsvTable {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;

  // Index of `column` in `columns`, or -1.
  int column(std::string_view name) const;
  // `row`'s value in `column`, or "" when the table has no such column.
  const std::string& field(const std::vector<std::string>& row, std::string_view column) const;
};

// Parses a table. Fails, naming the line, when a row's field count differs from the header's
// or a `source` field is empty.
Result<TsvTable> parse_tsv(std::string_view text, std::string_view name);

// A list field: "a;b;c" -> {"a","b","c"}, each item trimmed, empty items dropped; also splits on ','
// when `also_comma` (user-typed lists such as "gfx90a,gfx942").
std::vector<std::string> split_list_field(std::string_view text, bool also_comma = false);

// A hexadecimal field ("74a1", "0x3f"), as the id columns of the tables and libdrm's amdgpu.ids
// spell them; nullopt for anything else.
std::optional<std::uint32_t> parse_hex(std::string_view text);

// data/<name> from the embedded files, parsed on first use and kept (thread-safe). An absent or
// malformed table is empty: tests/unit/data_tables_test.cpp fails on both, so at run time it
// cannot happen.
const TsvTable& embedded_table(std::string_view name);

}  // namespace archfit::knowledge
