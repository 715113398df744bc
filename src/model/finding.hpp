// A Finding: one judged fact, the unit every command reports. doctor's checks are Findings
// (doctor::Check), verify's checks are Findings with measurements (verify::CheckResult), `archfit
// report` judges detect/doctor/check into Findings. One renderer per format prints them:
// report/finding_text.cpp (with -q/-v and wrapping), finding_json.cpp, finding_markdown.cpp, so a
// fact is written once. docs/architecture.md lists what each command carries as Findings.
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
  std::string origin;  // where the fact came from: the command or probe ("doctor", "check /path/lib.so");
                       // empty inside a command's own report (it is that command)
  std::string group;   // the section the text report lists it under ("toolchain", "python"); may be empty

  bool ok() const { return status == Status::pass || status == Status::skip; }
};

}  // namespace archfit::model
