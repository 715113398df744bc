#include "report/check_causes.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace archfit::report {

namespace {

int verdict_rank(const std::string& verdict) {
  return verdict == "jit" ? 1 : verdict == "opaque" ? 2 : verdict == "native" ? 3 : 0;
}

}  // namespace

std::vector<CheckCause> group_check_causes(const check::CheckReport& report, bool include_native) {
  using Key = std::tuple<int, std::string, std::string, std::string, std::string>;  // rank, id, what, reason, fix
  std::map<Key, CheckCause> groups;
  auto add = [&](const std::string& id, const std::string& verdict, const std::string& what, const std::string& path,
                 const std::optional<std::string>& member, const std::string& reason, const std::string& fix) {
    CheckCause& group = groups[{verdict_rank(verdict), id, what, reason, fix}];
    if (group.files.empty()) {
      group = {id, verdict, what, reason, fix, {}};
    }
    group.files.push_back({path, member});
  };
  for (const auto& result : report.results) {
    if (result.verdict != "native" || include_native) {
      add("check.gpu-code." + result.verdict, result.verdict, result.target, result.path, result.member, result.reason,
          result.fix);
    }
  }
  for (const auto& load : report.load) {
    for (const auto& problem : load.problems) {
      add("check.load." + problem.kind, "will not load", problem.needed, load.path, load.member, problem.reason,
          problem.fix);
    }
  }
  std::vector<CheckCause> out;
  out.reserve(groups.size());
  for (auto& [key, group] : groups) {
    out.push_back(std::move(group));
  }
  return out;
}

}  // namespace archfit::report
