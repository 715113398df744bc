// Resources: free disk where the build and pip caches go (against the project's own statement, where
// one exists: data/doctor_thresholds.tsv), and the MAX_JOBS that fits in memory (data/compile_memory.tsv,
// with detect's usable CPUs and memory after cgroup limits).
#include <cstdlib>

#include <fmt/format.h>

#include "doctor/checks_common.hpp"
#include "doctor/doctor.hpp"

namespace archfit::doctor {

namespace {

constexpr const char* k_group = "resources";

std::string gb(std::uint64_t bytes) { return fmt::format("{:.1f} GB", static_cast<double>(bytes) / 1e9); }

void check_disks(const CheckContext& context) {
  const auto& facts = context.facts;
  auto threshold = context.rules.threshold("disk-free-build", facts.project);
  for (std::size_t i = 0; i < facts.resources.disks.size(); ++i) {
    const auto& disk = facts.resources.disks[i];
    std::string id = i == 0 ? "resources.disk-build" : (disk.what.starts_with("pip") ? "resources.disk-pip-cache" : "resources.disk-tmp");
    std::string where = disk.path + (disk.measured != disk.path ? " (measured at " + disk.measured + ")" : "");
    if (!disk.free_bytes) {
      context.add(id, k_group, Status::skip, "free disk: " + disk.what, where + ": " + disk.error);
      continue;
    }
    std::string seen = gb(*disk.free_bytes) + " free at " + where;
    if (i == 0 && threshold) {
      double needed = threshold->value * (threshold->unit == "GiB" ? 1073741824.0 : 1e9);
      if (static_cast<double>(*disk.free_bytes) < needed) {
        context.add(id, k_group, Status::fail, "free disk: " + disk.what, seen,
                    fmt::format("{} needs at least {:g} {} of free disk space ({})", facts.project, threshold->value,
                                threshold->unit, threshold->meaning),
                    threshold->source, "free space on that file system, or build elsewhere: archfit doctor --src <dir on "
                                       "a larger disk>");
        continue;
      }
      context.add(id, k_group, Status::pass, "free disk: " + disk.what,
                  seen + fmt::format(" (>= {:g} {})", threshold->value, threshold->unit), "", threshold->source);
      continue;
    }
    context.add(id, k_group, Status::pass, "free disk: " + disk.what,
                seen + (i == 0 ? " (no sourced minimum for " + facts.project + ")" : ""));
  }
}

void check_jobs(const CheckContext& context) {
  const auto& facts = context.facts;
  auto advice = max_jobs(facts, context.rules);
  if (!advice) {
    context.add("resources.jobs", k_group, Status::skip, "parallel compile jobs",
                "usable memory unknown or no memory-per-job figure for " + facts.project + " in data/compile_memory.tsv");
    return;
  }
  const auto& resources = facts.detect.host.resources;
  std::string limits;
  if (resources.cgroup_memory_limit_bytes) {
    limits += fmt::format("; cgroup memory limit {:.1f} GiB",
                          static_cast<double>(*resources.cgroup_memory_limit_bytes) / 1073741824.0);
  }
  if (resources.cgroup_cpu_limit) {
    limits += fmt::format("; cgroup CPU quota {:g}", *resources.cgroup_cpu_limit);
  }
  std::string seen = "MAX_JOBS=" + std::to_string(advice->jobs) + ": " + advice->why + limits;
  auto current = context.environment.get("MAX_JOBS");
  if (current && !current->empty()) {
    int value = std::atoi(current->c_str());
    if (value > static_cast<int>(advice->jobs)) {
      context.add("resources.jobs", k_group, Status::warn, "parallel compile jobs",
                  "$MAX_JOBS=" + *current + " is more than fits; " + seen,
                  "Each compile job can take this much memory at peak; more jobs than fit get the build killed by the "
                  "OOM killer (exit 137)",
                  advice->source + "; https://github.com/facebookresearch/xformers/issues/1409",
                  "export MAX_JOBS=" + std::to_string(advice->jobs));
      return;
    }
    context.add("resources.jobs", k_group, Status::pass, "parallel compile jobs",
                "$MAX_JOBS=" + *current + " fits; " + seen, "", advice->source);
    return;
  }
  context.add("resources.jobs", k_group, Status::pass, "parallel compile jobs",
              seen + " ($MAX_JOBS unset: `archfit env` sets it)", "", advice->source);
}

}  // namespace

void check_resources(const CheckContext& context) {
  check_disks(context);
  check_jobs(context);
}

}  // namespace archfit::doctor
