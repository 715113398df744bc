// A Finding: one judged fact, the unit every command reports (doctor's checks, verify's checks,
// check's per-binary and install verdicts). Text, JSON and Markdown renderers print these fields and
// nothing else, so a fact is written once.
#pragma once

#include <string>

#include "model/status.hpp"

namespace archfit::model {

struct Finding {
  std::string id;      // stable, dotted: "toolchain.cxx", "native.vector-add.hip", "torch-triton"
  Status status = Status::unknown;
  std::string title;   // short name for the text report
  std::string seen;    // the fact, as found ("gcc 12.2.0", "gfx942:sramecc+:xnack-")
  std::string rule;    // the rule it was judged by
  std::string source;  // where the rule comes from (a public URL or repository@tag path)
  std::string fix;     // what to do, one command or step per line; empty when nothing is to be done
  std::string origin;  // where the fact came from: the command or probe ("doctor", "check /path/lib.so")

  bool ok() const { return status == Status::pass || status == Status::skip; }
};

}  // namespace archfit::model
