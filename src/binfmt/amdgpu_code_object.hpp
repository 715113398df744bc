// AMDGPU code objects (llvm/docs/AMDGPUUsage.rst, "ELF Code Object"): ELF files with
// e_machine EM_AMDGPU (224). The processor and the target-ID features live in e_flags:
//
//   bits 0-7   EF_AMDGPU_MACH: the processor (data/amdgpu_processors.tsv maps it to a name)
//   bits 8-9   xnack:   V3 (ABI 1) one bit "on"; V4+ a field: 0 unsupported, 1 any, 2 off, 3 on
//   bits 10-11 sramecc: V3 the bit 0x200 "on"; V4+ a field as above
//   bits 24-31 EF_AMDGPU_GENERIC_VERSION (V6, generic processors only)
//
// EI_OSABI 64 (AMDGPU_HSA) selects the ROCm layout and EI_ABIVERSION gives the code object version:
// 0 → V2, 1 → V3, 2 → V4, 3 → V5, 4 → V6. V2 names its processor in a note instead of e_flags.
#pragma once

#include <cstdint>
#include <string>

#include "model/target_id.hpp"
#include "util/bytes.hpp"
#include "util/result.hpp"

namespace archfit::binfmt {

// The e_flags feature fields are model::FeatureSetting (V4+: 0 unsupported, 1 any, 2 off, 3 on).
using FeatureState = model::FeatureSetting;

struct AmdgpuCodeObject {
  std::string processor;  // "gfx90a", or "unknown-mach-0x5c"
  std::uint32_t mach = 0;
  FeatureState xnack = FeatureState::unsupported;
  FeatureState sramecc = FeatureState::unsupported;
  int code_object_version = 0;  // 2..6 for HSA; 0 when the OS ABI is not HSA
  int generic_version = 0;      // V6 generic processors: 1..255
  std::uint8_t osabi = 0;
  std::uint16_t elf_type = 0;   // ET_DYN for loadable code objects, ET_REL for `-c` output

  // The target ID in canonical form: processor, then ":sramecc±", then ":xnack±" (ANY and
  // unsupported features are omitted), e.g. "gfx90a:sramecc+:xnack-".
  std::string target_id() const;
};

// True when `data` is an ELF with e_machine EM_AMDGPU.
bool is_amdgpu_code_object(Bytes data);

// Decodes the ELF header of a code object. Fails when it is not an AMDGPU ELF, or is a code
// object V2 (whose processor is only in a note).
Result<AmdgpuCodeObject> decode_amdgpu_code_object(Bytes data);

}  // namespace archfit::binfmt
