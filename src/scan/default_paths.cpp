#include "scan/default_paths.hpp"

#include <glob.h>

#include <filesystem>
#include <set>

#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::scan {

std::vector<std::string> default_scan_paths(const std::string& root) {
  std::vector<std::string> paths;
  auto text = knowledge::embedded_file("default_scan_paths.tsv");
  if (!text) {
    return paths;
  }
  auto table = knowledge::parse_tsv(*text, "default_scan_paths.tsv");
  if (!table) {
    return paths;
  }
  int pattern_column = table->column("pattern");
  std::set<std::string> seen;
  std::string prefix = root == "/" ? "" : root;
  for (const auto& row : table->rows) {
    std::string pattern = prefix + row[static_cast<std::size_t>(pattern_column)];
    glob_t matches{};
    if (::glob(pattern.c_str(), 0, nullptr, &matches) == 0) {
      for (std::size_t i = 0; i < matches.gl_pathc; ++i) {
        std::error_code error;
        std::filesystem::path path = matches.gl_pathv[i];
        if (!std::filesystem::is_regular_file(path, error)) {
          continue;
        }
        auto canonical = std::filesystem::canonical(path, error);
        if (!error && seen.insert(canonical.string()).second) {
          paths.push_back(canonical.string());
        }
      }
    }
    ::globfree(&matches);
  }
  return paths;
}

}  // namespace archfit::scan
