#include "knowledge/tsv_table.hpp"

#include <charconv>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include "knowledge/embedded_data.hpp"
#include "util/text_lines.hpp"

namespace archfit::knowledge {

namespace {

std::vector<std::string> split_tabs(std::string_view line) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (true) {
    std::size_t tab = line.find('\t', start);
    fields.emplace_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) {
      return fields;
    }
    start = tab + 1;
  }
}

}  // namespace

std::vector<std::string> split_list_field(std::string_view text, bool also_comma) {
  std::vector<std::string> items;
  auto flush = [&](std::string_view item) {
    std::string_view trimmed = trim(item);
    if (!trimmed.empty()) {
      items.emplace_back(trimmed);
    }
  };
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ';' || (also_comma && text[i] == ',')) {
      flush(text.substr(start, i - start));
      start = i + 1;
    }
  }
  flush(text.substr(start));
  return items;
}

const std::string& TsvTable::field(const std::vector<std::string>& row, std::string_view name) const {
  static const std::string empty;
  int index = column(name);
  return index < 0 || static_cast<std::size_t>(index) >= row.size() ? empty : row[static_cast<std::size_t>(index)];
}

std::optional<std::uint32_t> parse_hex(std::string_view text) {
  if (text.starts_with("0x") || text.starts_with("0X")) {
    text.remove_prefix(2);
  }
  std::uint32_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

const TsvTable& embedded_table(std::string_view name) {
  static std::mutex mutex;
  static std::map<std::string, TsvTable, std::less<>> tables;
  std::lock_guard lock(mutex);
  auto found = tables.find(name);
  if (found != tables.end()) {
    return found->second;
  }
  TsvTable table;
  if (auto text = embedded_file(name)) {
    if (auto parsed = parse_tsv(*text, name)) {
      table = std::move(*parsed);
    }
  }
  return tables.emplace(std::string(name), std::move(table)).first->second;  // std::map nodes do not move
}

int TsvTable::column(std::string_view name) const {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i] == name) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

Result<TsvTable> parse_tsv(std::string_view text, std::string_view name) {
  TsvTable table;
  int source_column = -1;
  std::size_t line_number = 0;
  while (!text.empty()) {
    std::size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    ++line_number;
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
    }
    if (line.empty() || line.front() == '#') {
      continue;
    }
    auto fields = split_tabs(line);
    if (table.columns.empty()) {
      table.columns = std::move(fields);
      source_column = table.column("source");
      if (source_column < 0) {
        return Error{fmt::format("data/{}: header has no 'source' column", name)};
      }
      continue;
    }
    if (fields.size() != table.columns.size()) {
      return Error{fmt::format("data/{} line {}: {} fields, header has {}", name, line_number, fields.size(),
                               table.columns.size())};
    }
    if (fields[static_cast<std::size_t>(source_column)].empty()) {
      return Error{fmt::format("data/{} line {}: empty source", name, line_number)};
    }
    table.rows.push_back(std::move(fields));
  }
  if (table.columns.empty()) {
    return Error{fmt::format("data/{}: no header line", name)};
  }
  return table;
}

}  // namespace archfit::knowledge
