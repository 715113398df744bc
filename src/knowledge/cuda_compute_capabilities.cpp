#include "knowledge/cuda_compute_capabilities.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <set>

#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

namespace {

std::optional<int> whole_number(std::string_view text) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

struct ComputeCapabilities {
  std::set<int> archs;
  int newest = 0;
};

const ComputeCapabilities& compute_capabilities() {
  static const ComputeCapabilities capabilities = [] {
    ComputeCapabilities out;
    const auto& table = embedded_table("cuda_compute_capabilities.tsv");
    for (const auto& row : table.rows) {
      if (auto arch = whole_number(table.field(row, "arch"))) {
        out.archs.insert(*arch);
        out.newest = std::max(out.newest, *arch);
      }
    }
    return out;
  }();
  return capabilities;
}

}  // namespace

CudaArchName classify_cuda_arch_name(std::string_view name) {
  if (name.size() > 1 && std::string_view("afAF").find(name.back()) != std::string_view::npos) {
    name.remove_suffix(1);
  }
  auto number = whole_number(name);
  if (!number) {
    return CudaArchName::not_real;
  }
  const auto& capabilities = compute_capabilities();
  if (capabilities.archs.contains(*number)) {
    return CudaArchName::real;
  }
  return *number > capabilities.newest ? CudaArchName::newer_than_table : CudaArchName::not_real;
}

}  // namespace archfit::knowledge
