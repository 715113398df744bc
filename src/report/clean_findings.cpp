#include "report/clean_findings.hpp"

#include "report/detect_text.hpp"
#include "report/env_output.hpp"

namespace archfit::report {

model::Finding clean_finding(const clean::CleanReport& report, const clean::CleanItem& item) {
  model::Finding out;
  out.id = "clean." + item.kind;
  out.title = item.path + (item.directory ? "/" : "") + (item.outside_tree ? " (outside the tree, --deep)" : "");
  out.seen = human_bytes(item.bytes);
  if (report.applied) {
    out.seen += item.removed ? ", removed" : ", partly removed";
  }
  out.rule = item.why;
  out.source = item.source;
  if (!item.errors.empty()) {
    out.status = model::Status::fail;
  } else if (!item.stale_entries.empty() && !item.removed) {
    out.status = model::Status::warn;
    out.fix = "archfit clean --src " + quote_posix(report.src.empty() ? report.root : report.src) + " --apply" +
              (report.deep ? " --deep" : "");
  } else {
    out.status = model::Status::pass;
  }
  return out;
}

}  // namespace archfit::report
