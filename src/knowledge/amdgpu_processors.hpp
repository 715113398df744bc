// The AMDGPU processor table (data/amdgpu_processors.tsv): names, EF_AMDGPU_MACH values, which
// target-ID features each processor supports, and generic-processor families.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::knowledge {

struct AmdgpuProcessor {
  std::string name;      // "gfx90a", "gfx11-generic"
  std::uint32_t mach = 0;  // EF_AMDGPU_MACH value
  bool supports_xnack = false;
  bool supports_sramecc = false;
  bool is_generic = false;
  std::string generic_family;  // for a specific processor: its generic processor, or empty
};

class AmdgpuProcessorTable {
 public:
  // The table embedded from data/. Parsing errors in embedded data are bugs caught by tests;
  // a bad row is skipped.
  static const AmdgpuProcessorTable& embedded();

  const AmdgpuProcessor* by_mach(std::uint32_t mach) const;
  const AmdgpuProcessor* by_name(std::string_view name) const;
  const std::vector<AmdgpuProcessor>& all() const { return m_processors; }

 private:
  std::vector<AmdgpuProcessor> m_processors;
};

}  // namespace archfit::knowledge
