#include "explain/rocm_support.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "detect/gfx_target_version.hpp"
#include "explain/log_facts.hpp"
#include "knowledge/amdgpu_processors.hpp"
#include "knowledge/rocm_releases.hpp"

namespace archfit::explain {

namespace {

std::string first_listing(std::string_view processor) {
  const auto* oldest = knowledge::oldest_release_listing(knowledge::embedded_rocm_releases(), processor);
  return oldest != nullptr ? oldest->rocm : std::string();
}

}  // namespace

RocmSupport rocm_support(std::string_view processor) {
  RocmSupport support;
  support.processor = std::string(processor);
  const auto& releases = knowledge::embedded_rocm_releases();
  if (!releases.empty()) {
    support.oldest_release = releases.front().rocm;
    support.newest_release = releases.back().rocm;
  }
  support.first_release = first_listing(processor);
  support.family = amd_family_key(processor);
  if (!support.first_release.empty() || support.family.empty()) {
    return support;
  }
  std::uint32_t best = 0;
  for (const auto& entry : knowledge::AmdgpuProcessorTable::embedded().all()) {
    if (entry.is_generic || entry.name == processor || amd_family_key(entry.name) != support.family ||
        first_listing(entry.name).empty()) {
      continue;
    }
    auto version = detect::parse_gfx_processor_name(entry.name);
    if (version && (support.listed_relative.empty() || version->packed() < best)) {
      support.listed_relative = entry.name;
      best = version->packed();
    }
  }
  return support;
}

std::string describe_rocm_support(const RocmSupport& support) {
  if (support.oldest_release.empty()) {
    return {};
  }
  if (!support.first_release.empty()) {
    return fmt::format("ROCm's compatibility matrix lists {} as supported from ROCm {} (data/rocm_releases.tsv, "
                       "{} to {}): a build whose targets include {} carries its code",
                       support.processor, support.first_release, support.oldest_release, support.newest_release,
                       support.processor);
  }
  std::string unlisted = fmt::format("the compatibility matrices of ROCm {} to {} do not list {} (data/rocm_releases.tsv), "
                                     "so prebuilt ROCm libraries and wheels may carry no code for it",
                                     support.oldest_release, support.newest_release, support.processor);
  if (!support.listed_relative.empty()) {
    auto version = detect::parse_gfx_processor_name(support.listed_relative);
    return fmt::format("{}: build for {} yourself, or run the code of {}, a listed processor of its family ({}), with "
                       "HSA_OVERRIDE_GFX_VERSION={} (unsupported; it usually works within a family)",
                       unlisted, support.processor, support.listed_relative, support.family,
                       version ? version->override_spelling() : std::string("?"));
  }
  if (support.family.empty()) {
    return unlisted;
  }
  if (support.family == support.processor) {
    return fmt::format("{}: only a build for {} itself carries code it runs (no other processor shares its instruction set, "
                       "so no override helps)",
                       unlisted, support.processor);
  }
  // gfx900 code runs on gfx90c: libraries still carry code for processors the matrices no longer list.
  std::string representative = family_representative(support.processor);
  std::string example;
  if (representative != support.processor) {
    auto version = detect::parse_gfx_processor_name(representative);
    example = fmt::format(" (HSA_OVERRIDE_GFX_VERSION={} presents {})", version ? version->override_spelling() : "?",
                          representative);
  }
  return fmt::format("{}, nor another processor of its family ({}): a build for {} carries its code; an override helps only "
                     "by presenting another processor of that family whose code the libraries still carry{}, unsupported",
                     unlisted, support.family, support.processor, example);
}

}  // namespace archfit::explain
