#include "cli/target_arguments.hpp"

#include <cstdlib>
#include <set>

#include <fmt/format.h>

#include "doctor/doctor.hpp"
#include "doctor/rules.hpp"
#include "knowledge/amdgpu_processors.hpp"
#include "knowledge/tsv_table.hpp"
#include "model/target_id.hpp"
#include "util/spelling.hpp"

namespace archfit::cli {

namespace {

// "sm_75", "sm_90", …: every compute capability some CUDA release in the table builds for.
const std::set<std::string>& known_cuda_targets() {
  static const std::set<std::string> known = [] {
    std::set<std::string> out;
    const auto& table = knowledge::embedded_table("compiler_targets.tsv");
    for (const auto& row : table.rows) {
      if (table.field(row, "toolchain") == "cuda") {
        for (const auto& target : knowledge::split_list_field(table.field(row, "targets"))) {
          out.insert(target);
        }
      }
    }
    return out;
  }();
  return known;
}

std::string suggestion(std::string_view word, const std::vector<std::string>& names) {
  std::vector<std::string_view> candidates(names.begin(), names.end());
  auto closest = closest_match(word, candidates);
  return closest ? fmt::format("; did you mean {}?", *closest) : "";
}

}  // namespace

Result<std::vector<std::string>> validate_target_arguments(const std::vector<std::string>& values, bool one_vendor,
                                                           std::string_view label) {
  std::vector<std::string> items;
  bool amd = false;
  bool nvidia = false;
  for (const auto& value : values) {
    for (const auto& item : knowledge::split_list_field(value, true)) {
      // doctor's spellings first ("9.0+PTX", "9.0a", "compute_90" -> sm_…), then LLVM's and nvcc's rules.
      std::string spelled = doctor::normalize_target(item);
      auto target = model::parse_target_id(spelled.empty() ? item : spelled);
      if (!target) {
        return Error{fmt::format("{} {}: {}", label, item, target.error().message)};
      }
      if (target->vendor == model::Vendor::amd) {
        const auto& table = knowledge::AmdgpuProcessorTable::embedded();
        if (table.by_name(target->amd.processor) == nullptr) {
          std::vector<std::string> names;
          for (const auto& processor : table.all()) {
            names.push_back(processor.name);
          }
          return Error{fmt::format("{} {}: {} is not an AMD GPU processor archfit knows "
                                   "(data/amdgpu_processors.tsv, from LLVM's AMDGPUUsage){}",
                                   label, item, target->amd.processor, suggestion(target->amd.processor, names))};
        }
        amd = true;
      } else {
        model::CudaTarget base = target->cuda;
        base.variant = model::CudaVariant::none;
        base.ptx = false;
        std::string name = base.to_string();
        const auto& known = known_cuda_targets();
        if (known.count(name) == 0) {
          // The nearest compute capability (sm_91 -> sm_90), not the nearest spelling (sm_61).
          std::string nearest;
          int best = 0;
          for (const auto& candidate : known) {
            auto parsed = model::parse_cuda_target(candidate);
            if (!parsed) {
              continue;
            }
            int distance = std::abs((parsed->major * 10 + parsed->minor) - (base.major * 10 + base.minor));
            if (nearest.empty() || distance < best) {
              nearest = candidate;
              best = distance;
            }
          }
          return Error{fmt::format("{} {}: no CUDA release builds for compute capability {} "
                                   "(data/compiler_targets.tsv: nvcc --list-gpu-arch of each release){}",
                                   label, item, base.compute_capability(),
                                   nearest.empty() ? "" : "; did you mean " + nearest + "?")};
        }
        nvidia = true;
      }
      items.push_back(item);
    }
  }
  if (one_vendor && amd && nvidia) {
    std::string all;
    for (const auto& item : items) {
      all += (all.empty() ? "" : ",") + item;
    }
    return Error{fmt::format("{} {}: AMD and NVIDIA targets together; a build is for one backend (ROCm or "
                             "CUDA): give one vendor's targets",
                             label, all)};
  }
  return items;
}

}  // namespace archfit::cli
