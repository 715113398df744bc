#include "explain/explainer.hpp"

#include <fmt/format.h>

#include "explain/placeholders.hpp"
#include "explain/refiner.hpp"

namespace archfit::explain {

namespace {

Finding unknown_finding(const LogMatches& log) {
  Finding finding;
  finding.id = "unknown";
  finding.category = "unknown";
  finding.cause = log.lines == 0 ? "The log is empty."
                                 : fmt::format("No known error signature matches the {} lines read.", log.lines);
  finding.fix = log.error_like.empty()
                    ? "Nothing in the log looks like an error; explain the log of the step that failed (a build "
                      "tool's own log file, or the full output of the command)."
                    : "Read the lines below (the ones that look most like an error). If this is a GPU build or "
                      "runtime failure with a known cause, add a signature to data/error_signatures.tsv with the "
                      "public issue that established it.";
  finding.evidence = log.error_like;
  finding.matched_lines = 0;
  return finding;
}

}  // namespace

Explanation explain_matches(const LogMatches& log, const SignatureSet& signatures, MachineContext* machine) {
  Explanation explanation;
  explanation.lines = log.lines;
  for (const auto& hit : log.hits) {
    const Signature& signature = signatures.signatures[hit.signature];
    Finding finding;
    finding.id = signature.id;
    finding.category = signature.category;
    finding.cause = signature.cause;
    finding.source = signature.source;
    finding.matched_lines = hit.count;
    finding.evidence = hit.evidence;
    PlaceholderValues values;
    refine_finding(finding, values, RefineInput{signature, log, machine});
    finding.fix = fill_placeholders(signature.fix, values);
    explanation.findings.push_back(std::move(finding));
  }
  explanation.explained = !explanation.findings.empty();
  if (!explanation.explained) {
    explanation.findings.push_back(unknown_finding(log));
  }
  if (machine != nullptr) {
    explanation.context = machine->summary();
  }
  return explanation;
}

}  // namespace archfit::explain
