// From what the log scanner kept to the explanation: one finding per matched signature, in
// table order (the table lists categories and, within them, the more specific rows first, so
// table order is the "most likely first" order); each made precise by the context step
// (refiner.hpp) and its fix's <placeholders> filled. When nothing matched, one "unknown" finding
// quotes the most error-like lines.
#pragma once

#include "explain/explanation.hpp"
#include "explain/log_scanner.hpp"
#include "explain/machine_context.hpp"
#include "explain/signature_table.hpp"

namespace archfit::explain {

// `machine` may be nullptr (--no-context): then only the log's own values are used.
Explanation explain_matches(const LogMatches& log, const SignatureSet& signatures, MachineContext* machine);

}  // namespace archfit::explain
