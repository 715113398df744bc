// Version numbers as tools and packages print them, and the one comparison archfit uses.
//
//   "12.2.0", "580.65.06", "2.11.0+cu130", "2.6.0a0+git1234", "6.4.43483-a187df25c"
//
// The release is the leading run of dot-separated decimal numbers ("2.11.0"); it ends at the first
// part that is not a number ("0a0", "rc1", "-0", "+cu130"). Comparison is numeric on the release,
// with missing parts read as 0 ("6.4" == "6.4.0"); the rest is kept as `suffix` but never ordered.
//
// Local labels (PEP 440 "Local version identifiers", https://peps.python.org/pep-0440/#local-version-identifiers):
// everything after '+' ("cu130", "rocm6.4", "git1234") is the `local` label. It never takes part in
// compare(): "2.11.0+cu130" == "2.11.0" == "2.11.0+rocm6.4". Only an exact pin that names a local label
// ("==2.11.0+cu130") looks at it; see check::version_satisfies.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::model {

struct Version {
  std::vector<long> release;  // {2, 11, 0}; empty when the text does not start with a number
  std::string suffix;         // what follows the release up to '+' ("a0", "rc1", "-0"), as written
  std::string local;          // after '+': "cu130", or empty

  bool empty() const { return release.empty(); }
  std::optional<int> major() const;
  std::string major_minor() const;  // "6.4" from 6.4.1; "12" from 12; "" when empty
};

Version parse_version(std::string_view text);

// -1, 0, 1 by the numeric release (local labels and suffixes ignored; see above).
int compare_versions(const Version& a, const Version& b);
int compare_versions(std::string_view a, std::string_view b);

}  // namespace archfit::model
