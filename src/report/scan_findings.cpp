#include "report/scan_findings.hpp"

namespace archfit::report {

std::vector<model::Finding> scan_file_findings(const scan::FileReport& file) {
  std::vector<model::Finding> findings;
  auto add = [&](const std::vector<std::string>& messages, model::Status status, const char* id, const char* title) {
    for (const auto& message : messages) {
      model::Finding finding;
      finding.id = id;
      finding.status = status;
      finding.title = title;
      finding.seen = message;
      finding.origin = file.display_name();
      findings.push_back(std::move(finding));
    }
  };
  add(file.errors, model::Status::fail, "scan.error", "error");
  add(file.warnings, model::Status::warn, "scan.warning", "warning");
  return findings;
}

}  // namespace archfit::report
