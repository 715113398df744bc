#include "binfmt/bundle_entry_id.hpp"

namespace archfit::binfmt {

namespace {

// Splits off the text before the next '-' (or all of it).
std::string_view take_component(std::string_view& rest) {
  auto dash = rest.find('-');
  std::string_view component = rest.substr(0, dash);
  rest = dash == std::string_view::npos ? std::string_view{} : rest.substr(dash + 1);
  return component;
}

bool looks_like_processor(std::string_view text) {
  return text.starts_with("gfx") || text.starts_with("sm_") || text.starts_with("compute_") ||
         text == "amdgcnspirv" || text.starts_with("r600");
}

}  // namespace

BundleEntryId parse_bundle_entry_id(std::string_view id) {
  BundleEntryId result;
  std::string_view rest = id;
  result.kind = std::string(take_component(rest));
  // Three triple components are always present: arch, vendor, os.
  std::string triple;
  for (int i = 0; i < 3 && !rest.empty(); ++i) {
    if (i > 0) {
      triple += '-';
    }
    triple += take_component(rest);
  }
  // Then an optional environment (possibly empty, as in "amdgcn-amd-amdhsa--gfx90a"), unless the
  // next component is already the processor of a 3-part triple.
  bool had_separator = id.size() > result.kind.size() + 1 + triple.size();
  if (had_separator) {
    auto dash = rest.find('-');
    std::string_view next = rest.substr(0, dash);
    if (looks_like_processor(next)) {
      result.target_id = std::string(rest);
    } else {
      triple += '-';
      triple += next;
      result.target_id = dash == std::string_view::npos ? "" : std::string(rest.substr(dash + 1));
    }
  }
  result.triple = std::move(triple);
  std::string_view target = result.target_id;
  auto colon = target.find(':');
  result.processor = std::string(target.substr(0, colon));
  while (colon != std::string_view::npos) {
    target = target.substr(colon + 1);
    colon = target.find(':');
    std::string_view feature = target.substr(0, colon);
    if (!feature.empty() && (feature.back() == '+' || feature.back() == '-')) {
      result.features.emplace_back(std::string(feature.substr(0, feature.size() - 1)), feature.back());
    }
  }
  return result;
}

}  // namespace archfit::binfmt
