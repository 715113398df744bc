// `archfit explain --json`: schema archfit.explain/1 (docs/explain.md).
#pragma once

#include <string>
#include <vector>

#include "probe/process_relay.hpp"
#include "explain/explanation.hpp"
#include "util/json_writer.hpp"

namespace archfit::report {

std::string explain_to_json(const explain::Explanation& explanation, int indent);

// The same document written into an open writer (archfit.run/1 embeds it).
void write_explanation(JsonWriter& json, const explain::Explanation& explanation);

// `archfit run --report FILE`: schema archfit.run/1 (docs/explain.md): the command, how it ended,
// and the explanation (null when it succeeded or was interrupted).
struct RunRecord {
  std::vector<std::string> command;
  probe::RelayOutcome outcome;
  bool interrupted = false;
  std::uint64_t lines = 0;
  const explain::Explanation* explanation = nullptr;
};
std::string run_to_json(const RunRecord& record, int indent);

}  // namespace archfit::report
