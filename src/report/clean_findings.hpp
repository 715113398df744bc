// clean's decisions as model::Findings, one per item found (report/finding_*.cpp render them;
// clean_text.cpp adds the item's stale entries, kept files and errors below it):
//
//   id      "clean." + the item's kind (data/clean_artifacts.tsv: clean.build-tree, clean.pycache, ...)
//   status  fail: --apply could not remove all of it (errors); warn: not removed and a CMake cache in
//           it records a configuration that differs from now (a rebuild would reuse the stale one);
//           pass: anything else (found and, with --apply, removed)
//   title   the path ("build/"; absolute for a --deep cache)
//   seen    the size, and "removed" / "partly removed" after --apply
//   rule    why a rebuild must not reuse it; source: where that comes from (the table row)
//   fix     for a stale item not removed: the command that removes it
#pragma once

#include <string>

#include "clean/clean_report.hpp"
#include "model/finding.hpp"

namespace archfit::report {

model::Finding clean_finding(const clean::CleanReport& report, const clean::CleanItem& item);

}  // namespace archfit::report
