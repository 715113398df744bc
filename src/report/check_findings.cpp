#include "report/check_findings.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "check/vendor_mismatch.hpp"
#include "knowledge/finding_rules.hpp"
#include "report/check_causes.hpp"

namespace archfit::report {

namespace {

using model::Status;

// "a, b, c and 2 more": the first `shown` names (0: all of them).
std::string folded(const std::vector<std::string>& names, std::size_t shown) {
  shown = shown == 0 ? names.size() : std::min(shown, names.size());
  std::vector<std::string> first(names.begin(), names.begin() + static_cast<long>(shown));
  std::string more = shown < names.size() ? fmt::format(" and {} more", names.size() - shown) : "";
  return fmt::format("{}{}", fmt::join(first, ", "), more);
}

Status cause_status(const CheckCause& cause) {
  if (cause.verdict == "native") {
    return Status::pass;
  }
  if (cause.verdict == "jit") {
    return Status::warn;  // it runs, after a JIT compile at first use
  }
  if (cause.verdict == "opaque") {
    return Status::unknown;  // not judged statically: the library builds or loads its kernels at run time
  }
  return Status::fail;
}

void add_vendor_mismatches(const check::CheckReport& report, const CheckFindingOptions& options,
                           std::vector<CheckFinding>& out) {
  // A package's mismatch is its own finding; several PATH inputs are one (every target is of one
  // vendor, so they are all builds of the other).
  std::vector<const check::VendorMismatch*> inputs;
  for (const auto& mismatch : report.vendor_mismatches) {
    if (mismatch.package.empty() && report.vendor_mismatches.size() > 1) {
      inputs.push_back(&mismatch);
      continue;
    }
    CheckFinding finding;
    finding.id = "check.vendor-mismatch";
    finding.group = "vendor";
    finding.status = Status::fail;
    finding.title = "vendor mismatch";
    finding.seen = mismatch.message;
    finding.fix = mismatch.fix;
    if (!mismatch.evidence.empty()) {
      finding.details.push_back("found: " + mismatch.evidence);
    }
    out.push_back(std::move(finding));
  }
  if (inputs.empty()) {
    return;
  }
  const auto& first = *inputs.front();
  std::vector<std::string> names;
  for (const auto* input : inputs) {
    names.push_back(input->subject);
  }
  CheckFinding finding;
  finding.id = "check.vendor-mismatch";
  finding.group = "vendor";
  finding.status = Status::fail;
  finding.title = "vendor mismatch";
  finding.seen = inputs.size() == 1 ? first.message
                                    : fmt::format("{} inputs are {} builds, and the targets are {}: they cannot run {}",
                                                  inputs.size(), check::build_name(first.code_vendor), first.targets,
                                                  first.where);
  finding.fix = first.fix;
  if (inputs.size() == 1) {
    if (!first.evidence.empty()) {
      finding.details.push_back("found: " + first.evidence);
    }
  } else {
    finding.details.push_back("inputs: " + folded(names, options.names_per_cause));
  }
  out.push_back(std::move(finding));
}

void add_causes(const check::CheckReport& report, const CheckFindingOptions& options, std::vector<CheckFinding>& out) {
  for (const auto& cause : group_check_causes(report, options.native)) {
    bool load = cause.verdict == "will not load";
    std::vector<std::string> names;
    for (const auto& file : cause.files) {
      names.push_back(check_file_name(file.path, report.site_packages, file.member));
    }
    std::size_t files = cause.files.size();
    CheckFinding finding;
    finding.id = cause.id;
    finding.group = "check";
    finding.status = cause_status(cause);
    // "no-code libk.so on gfx942" / "no-code on gfx942, 5 files"; "libk.so will not load" / "5 files will not load".
    if (files == 1) {
      finding.title = load ? fmt::format("{} will not load", names.front())
                           : fmt::format("{} {} on {}", cause.verdict, names.front(), cause.what);
    } else {
      finding.title = load ? fmt::format("{} files will not load", files)
                           : fmt::format("{} on {}, {} files", cause.verdict, cause.what, files);
      finding.details.push_back("files: " + folded(names, options.names_per_cause));
    }
    finding.seen = cause.reason;
    finding.fix = cause.fix;
    out.push_back(std::move(finding));
  }
}

void add_consistency(const check::CheckReport& report, std::vector<CheckFinding>& out) {
  for (const auto& item : report.consistency) {
    CheckFinding finding;
    finding.id = "check." + item.id;
    finding.group = "check";
    finding.status = item.status;
    finding.title = item.message;
    finding.fix = item.fix;
    out.push_back(std::move(finding));
  }
}

}  // namespace

std::string check_file_name(const std::string& path, const std::string& site_packages,
                            const std::optional<std::string>& member) {
  std::string name = !site_packages.empty() && path.starts_with(site_packages + "/")
                         ? path.substr(site_packages.size() + 1)
                         : path;
  if (member) {
    name += "(" + *member + ")";
  }
  return name;
}

std::vector<CheckFinding> check_findings(const check::CheckReport& report, const CheckFindingOptions& options) {
  std::vector<CheckFinding> out;
  add_vendor_mismatches(report, options, out);
  add_causes(report, options, out);
  add_consistency(report, out);
  // The rule each is judged by and its source: data/check_findings.tsv, one row per id.
  for (auto& finding : out) {
    if (auto row = knowledge::finding_rule("check_findings.tsv", finding.id)) {
      finding.rule = std::move(row->rule);
      finding.source = std::move(row->source);
    }
  }
  return out;
}

}  // namespace archfit::report
