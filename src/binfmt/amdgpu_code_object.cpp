#include "binfmt/amdgpu_code_object.hpp"

#include <fmt/format.h>

#include "binfmt/elf_file.hpp"
#include "knowledge/amdgpu_processors.hpp"

namespace archfit::binfmt {

namespace {

constexpr std::uint8_t k_elfosabi_amdgpu_hsa = 64;
constexpr std::uint32_t k_mach_mask = 0xff;
constexpr std::uint32_t k_xnack_v3 = 0x100;
constexpr std::uint32_t k_sramecc_v3 = 0x200;
constexpr std::uint32_t k_xnack_v4_shift = 8;
constexpr std::uint32_t k_sramecc_v4_shift = 10;
constexpr std::uint32_t k_generic_version_shift = 24;

FeatureState v4_state(std::uint32_t flags, std::uint32_t shift) {
  switch ((flags >> shift) & 0x3) {
    case 1:
      return FeatureState::any;
    case 2:
      return FeatureState::off;
    case 3:
      return FeatureState::on;
    default:
      return FeatureState::unsupported;
  }
}

}  // namespace

std::string AmdgpuCodeObject::target_id() const { return model::AmdTargetId{processor, sramecc, xnack}.to_string(); }

bool is_amdgpu_code_object(Bytes data) { return is_elf_for_machine(data, k_em_amdgpu); }

Result<AmdgpuCodeObject> decode_amdgpu_code_object(Bytes data) {
  ARCHFIT_TRY(ElfHeader header, parse_elf_header(data));
  if (header.machine != k_em_amdgpu) {
    return Error{fmt::format("code object ELF header: e_machine is {}, not EM_AMDGPU (224)", header.machine)};
  }
  AmdgpuCodeObject object;
  object.osabi = header.osabi;
  object.elf_type = header.type;
  bool hsa = header.osabi == k_elfosabi_amdgpu_hsa;
  if (hsa) {
    if (header.abi_version == 0) {
      return Error{"code object V2: the processor is recorded only in the NT_AMD_HSA_ISA_VERSION note, which "
                   "archfit does not decode"};
    }
    object.code_object_version = header.abi_version + 2;
  }
  object.mach = header.flags & k_mach_mask;
  const auto& table = knowledge::AmdgpuProcessorTable::embedded();
  const auto* processor = table.by_mach(object.mach);
  object.processor = processor != nullptr ? processor->name : fmt::format("unknown-mach-{:#04x}", object.mach);
  // Non-HSA code objects and HSA V3 use one "on" bit per feature; a clear bit means off where the
  // processor supports the feature.
  bool v3_bits = !hsa || object.code_object_version == 3;
  if (v3_bits) {
    bool xnack_supported = processor != nullptr && processor->supports_xnack;
    bool sramecc_supported = processor != nullptr && processor->supports_sramecc;
    if (xnack_supported) {
      object.xnack = (header.flags & k_xnack_v3) != 0 ? FeatureState::on : FeatureState::off;
    }
    if (sramecc_supported) {
      object.sramecc = (header.flags & k_sramecc_v3) != 0 ? FeatureState::on : FeatureState::off;
    }
  } else {
    object.xnack = v4_state(header.flags, k_xnack_v4_shift);
    object.sramecc = v4_state(header.flags, k_sramecc_v4_shift);
  }
  if (object.code_object_version >= 6) {
    object.generic_version = static_cast<int>(header.flags >> k_generic_version_shift);
  }
  return object;
}

}  // namespace archfit::binfmt
