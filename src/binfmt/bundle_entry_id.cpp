#include "binfmt/bundle_entry_id.hpp"

#include "model/target_id.hpp"

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
  auto parts = model::split_target_id(result.target_id);
  result.processor = std::move(parts.processor);
  result.features = std::move(parts.features);
  return result;
}

}  // namespace archfit::binfmt
