// NVIDIA GPUs by chip (data/nvidia_pci_chips.tsv, data/nvidia_chip_families.tsv): the pre-Turing GPUs that
// data/nvidia_pci_ids.tsv does not list. pci.ids ties each device id, and each product name, to a chip
// ("0611  G92 [GeForce 8800 GT]"); the chip's family ("G92") has one compute capability (1.1) on NVIDIA's
// CUDA GPUs pages. A name that pci.ids gives to chips of different compute capabilities ("GeForce GT 730":
// GF108 2.1, GK208 3.5), or also to a chip with no family row ("ION": C79 and GT218), answers nothing;
// pci.ids' variant suffixes ("GeForce GT 640 OEM" on GF116, "GeForce GT 640 Rev. 2" on GK208) count as the
// plain name, since nvidia-smi need not print them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::knowledge {

struct NvidiaChipGpu {
  std::uint16_t device = 0;
  std::string chip;                // as pci.ids writes it: "GK104GL"
  std::string family;              // its row of data/nvidia_chip_families.tsv: "GK104"; empty: none (NV40, C79)
  std::string compute_capability;  // "3.0"; empty with the family
  std::string listed;              // pci.ids' bracket as written: "GeForce 8800 GTS / 8800 GTX"
  std::vector<std::string> names;  // the bracket's products, abbreviations expanded (expand_pci_ids_names)
};

// What a product name tells through the chips pci.ids gives it.
struct NvidiaNameByChip {
  std::string compute_capability;  // empty: no product of the name, or chips that disagree
  std::vector<std::string> chips;  // every chip pci.ids gives the name, in table order, each once
  bool ambiguous = false;          // the chips have different compute capabilities
};

class NvidiaChipTable {
 public:
  static const NvidiaChipTable& embedded();
  // The device's row when its chip has a compute capability.
  std::optional<NvidiaChipGpu> find(std::uint16_t device) const;
  // Names compare without case, without a leading "NVIDIA ", with '-' and '_' read as spaces and runs
  // of spaces as one ("Tesla V100-SXM2-16GB" is pci.ids' "Tesla V100 SXM2 16GB").
  NvidiaNameByChip by_name(std::string_view name) const;
  const std::vector<NvidiaChipGpu>& all() const { return m_rows; }

 private:
  std::vector<NvidiaChipGpu> m_rows;
  // Per row, its names in comparable form and without variant suffixes (by_name's keys, made once).
  std::vector<std::vector<std::string>> m_comparable;
  std::vector<std::vector<std::string>> m_base;
};

// The family row of `chip` ("GK110BGL" -> "GK110", "GT200b" -> "GT200"): the longest family that the chip
// starts with, followed by letters only (the variant suffix); empty when none.
std::string nvidia_chip_family(std::string_view chip, const std::vector<std::string>& families);

// A pci.ids bracket as product names, split at '/'. An alternative that starts with a digit continues the
// one before it, up to that one's first word that starts with a digit ("GeForce GT 620M/630M" -> "GeForce GT
// 630M"); one that starts with a letter gets the first alternative's brand word when it lacks it ("GeForce
// 610M / GT 620M" -> "GeForce GT 620M"; "Tesla C1060 / M1060" -> "Tesla M1060"); one with no digit at all is a
// variant of the one before, not a product ("GeForce RTX 4060 Max-Q / Mobile").
std::vector<std::string> expand_pci_ids_names(std::string_view bracket);

// The form names are compared in (see by_name).
std::string comparable_gpu_name(std::string_view name);

// `name` (comparable form) without pci.ids' variant suffixes (data/nvidia_name_variants.tsv: " oem", " rev. 2",
// " v2", " 448 cores", ...), removed repeatedly; a name that is only a suffix stays.
std::string without_variant_suffix(std::string_view name);

}  // namespace archfit::knowledge
