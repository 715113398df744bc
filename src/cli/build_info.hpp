// What `archfit --version` prints: the release, the git commit it was built from, and the date of the
// newest knowledge table (data/*.tsv). Generated at build time by cmake/BuildInfoScript.cmake.
#pragma once

#include <string_view>

namespace archfit::cli {

struct BuildInfo {
  std::string_view version;    // project(VERSION) in CMakeLists.txt
  std::string_view commit;     // `git rev-parse --short=12 HEAD`, "-dirty" when the tree differs; "unknown"
  std::string_view data_date;  // YYYY-MM-DD of the last commit that changed data/
};

const BuildInfo& build_info();

}  // namespace archfit::cli
