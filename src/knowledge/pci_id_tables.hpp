// PCI device id → GPU tables (data/amdgpu_pci_ids.tsv, data/nvidia_pci_ids.tsv). They name a GPU
// when the kernel's own topology cannot: AMD without KFD (driver not loaded, kernel too old),
// and NVIDIA, whose /proc files carry no compute capability.
// find() scans the embedded text for the device's rows (tens of microseconds); all() parses the
// whole table (about a millisecond), which only the tests and name lookups need: `detect` names a
// handful of GPUs per run and its whole budget is a few milliseconds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::knowledge {

struct AmdgpuPciId {
  std::uint16_t device = 0;
  std::optional<std::uint8_t> revision;  // nullopt: every revision
  std::string gfx;                       // "gfx90a"
  std::string product;                   // "AMD Instinct MI210", or empty
};

class AmdgpuPciIdTable {
 public:
  static const AmdgpuPciIdTable& embedded();
  // The row for (device, revision), else the device's any-revision row, else the first row of the
  // device (all rows of one device name one gfx in practice; a test checks).
  std::optional<AmdgpuPciId> find(std::uint16_t device, std::optional<std::uint8_t> revision) const;
  const std::vector<AmdgpuPciId>& all() const;

 private:
  std::vector<AmdgpuPciId> rows_of(std::uint16_t device) const;
  std::string_view m_text;
};

struct NvidiaPciId {
  std::uint16_t device = 0;
  std::string name;                // "NVIDIA H200"
  std::string compute_capability;  // "9.0"
};

class NvidiaPciIdTable {
 public:
  static const NvidiaPciIdTable& embedded();
  std::optional<NvidiaPciId> find(std::uint16_t device) const;
  // By marketing name as drivers print it ("NVIDIA H200", "Tesla V100-SXM2-16GB" matches
  // "Tesla V100"): the longest table name that the given name starts with.
  const NvidiaPciId* find_by_name(std::string_view name) const;
  const std::vector<NvidiaPciId>& all() const;

 private:
  std::string_view m_text;
};

// "9.0" → "sm_90"; "12.1" → "sm_121"; empty when malformed.
std::string sm_target_from_compute_capability(std::string_view capability);

}  // namespace archfit::knowledge
