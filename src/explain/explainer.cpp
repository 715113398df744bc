#include "explain/explainer.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "explain/log_rules.hpp"
#include "explain/placeholders.hpp"
#include "explain/refiner.hpp"

namespace archfit::explain {

namespace {

// What explain would need to name a cause, judged from the lines it kept: a log that ends in a
// build tool's summary ("ninja: build stopped", "error: command ... failed", pip's
// "subprocess-exited-with-error") holds the real error higher up, or not at all when the tool
// hid it.
std::string what_explain_needs(const LogMatches& log) {
  if (log.error_like.empty()) {
    return "Nothing in the log looks like an error. explain needs the output of the step that failed: the "
           "build tool's own log file (CMakeFiles/CMakeError.log, a pip build's full output with pip install -v), "
           "or the whole terminal output of the command, not its last lines.";
  }
  bool only_summaries = true;
  for (const auto& line : log.error_like) {
    std::string lower;
    for (char c : line.text) {
      lower.push_back((c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c);
    }
    bool summary = false;
    for (std::string_view marker : {"build stopped", "subprocess-exited-with-error", "exited with", "exit status",
                                    "returned non-zero", "failed with exit code", "error 1", "error 2",
                                    "failed building wheel", "metadata-generation-failed", "legacy-install-failure"}) {
      summary = summary || lower.find(marker) != std::string::npos;
    }
    only_summaries = only_summaries && summary;
  }
  if (only_summaries) {
    return "These lines are a build tool's summary of a failure, not its cause. explain needs the first error "
           "above them: rerun with one job (MAX_JOBS=1, make -j1, ninja -j1) and verbose output (pip install -v, "
           "VERBOSE=1) and explain the full log.";
  }
  return "None of these lines matches a cause archfit knows. explain needs the first error of the failing step "
         "with a few lines around it (the compiler, linker, CMake or Python message, unshortened); if this is a GPU "
         "build or runtime failure with a known cause, a signature in data/error_signatures.tsv citing the public "
         "issue that established it.";
}

Finding unknown_finding(const LogMatches& log) {
  Finding finding;
  finding.id = "unknown";
  finding.category = "unknown";
  finding.cause = log.lines == 0 ? "The log is empty."
                                 : fmt::format("No known error signature matches the {} lines read.", log.lines);
  finding.fix = what_explain_needs(log);
  finding.evidence = log.error_like;
  finding.matched_lines = 0;
  return finding;
}

// A build whose GPU architecture detection failed (no GPU visible where it was built) produces a
// binary without the GPU's code, so a log that shows both names the detection as the cause: its
// finding moves in front of the first gpu-code-missing one (table order otherwise).
void rank_detection_before_missing_code(std::vector<Finding>& findings) {
  auto missing = std::find_if(findings.begin(), findings.end(),
                              [](const Finding& f) { return f.category == "gpu-code-missing"; });
  auto detection = std::find_if(missing, findings.end(), [](const Finding& f) { return f.category == "arch-detect"; });
  if (missing == findings.end() || detection == findings.end()) {
    return;
  }
  detection->details.push_back(fmt::format(
      "the log also shows {} ({}): a build whose architecture detection failed lacks the GPU's code, so the "
      "failed detection comes first",
      missing->category, missing->id));
  std::rotate(missing, detection, detection + 1);
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
    if (!signature.facets.empty()) {
      finding.details.push_back(fmt::format(
          "no signature names this line; the second stage read it as {} (data/error_facet_rules.tsv)", signature.facets));
    }
    refine_finding(finding, signature.fix, log, machine);
    explanation.findings.push_back(std::move(finding));
  }
  rank_detection_before_missing_code(explanation.findings);
  // An override in this machine's environment (the log may be from here) keeps the rows that blame one.
  bool override_here = machine != nullptr && machine->environment().get("HSA_OVERRIDE_GFX_VERSION").has_value();
  LogRuleOutcome rules_outcome =
      apply_log_rules(builtin_log_rules(), log.facts, explanation.findings, override_here);
  // A whole-log rule's finding is refined as a signature of its category is; its fix (the rule's,
  // with <placeholders>) is the template.
  for (const auto& rule : builtin_log_rules()) {
    for (auto& finding : explanation.findings) {
      if (finding.id == rule.id) {
        std::string fix_template = finding.fix;  // a copy: the refiner sees the finding as it is
        refine_finding(finding, fix_template, log, machine);
      }
    }
  }
  explanation.explained = !explanation.findings.empty();
  if (!explanation.explained) {
    Finding unknown = unknown_finding(log);
    // A whole-log rule withdrew every answer (an override of the GPU's own family next to a crash): the
    // cause is unknown, and the report says what the log shows and where to look instead.
    if (!rules_outcome.unknown_cause.empty()) {
      unknown.cause = rules_outcome.unknown_cause;
      unknown.details = std::move(rules_outcome.unknown_details);
      unknown.fix = rules_outcome.unknown_fix;
    }
    explanation.findings.push_back(std::move(unknown));
  }
  if (machine != nullptr) {
    explanation.context = machine->summary();
  }
  return explanation;
}

}  // namespace archfit::explain
