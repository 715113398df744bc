#include "binfmt/cubin.hpp"

#include <fmt/format.h>

#include "binfmt/elf_file.hpp"
#include "util/hex.hpp"

namespace archfit::binfmt {

namespace {

constexpr std::uint8_t k_nv_info_format_sized = 4;  // EIFMT_SVAL: u16 size + data
constexpr std::uint64_t k_nv_info_record_header = 4;

// An ABI-7 SM low byte is a real SM number (0x14 sm_20 and up); ABI 8 keeps only flag bits there.
bool uses_old_layout(std::uint8_t abi_version, std::uint32_t flags) {
  if (abi_version == k_cuda_abi_v1) {
    return true;
  }
  if (abi_version == k_cuda_abi_v2) {
    return false;
  }
  return (flags & 0xff) >= 0x14;
}

// Value of `attribute` among the nv.info-style records of `.nv.compat`, or nullopt.
std::optional<std::uint8_t> compat_attribute(Bytes records, std::uint8_t attribute) {
  std::uint64_t position = 0;
  while (auto header = slice(records, position, k_nv_info_record_header)) {
    std::uint8_t format = (*header)[0];
    std::uint64_t size = k_nv_info_record_header;
    if (format == k_nv_info_format_sized) {
      size += read_le<std::uint16_t>(records, position + 2).value_or(0);
    } else if ((*header)[1] == attribute) {
      return (*header)[2];
    }
    if (format == 0 || format > k_nv_info_format_sized) {
      return std::nullopt;  // padding or an unknown record layout: stop
    }
    position += size;
  }
  return std::nullopt;
}

// The 'a' marker of an ABI-8 cubin: EF_CUDA_ACCELERATORS, or `.nv.compat` attribute 0x09 = 1.
Result<bool> new_abi_arch_specific(Bytes data, std::uint32_t flags) {
  if ((flags & k_ef_cuda_accelerators) != 0) {
    return true;
  }
  ARCHFIT_TRY(ElfFile elf, ElfFile::parse(data));
  const ElfSection* compat = elf.find_section(".nv.compat");
  if (compat == nullptr) {
    return false;
  }
  ARCHFIT_TRY(Bytes records, elf.section_data(*compat));
  return compat_attribute(records, k_nv_compat_attr_arch_specific).value_or(0) == 1;
}

}  // namespace

std::string Cubin::target() const { return fmt::format("sm_{}{}", sm, arch_specific ? "a" : ""); }

bool is_cubin(Bytes data) { return is_elf_for_machine(data, k_em_cuda); }

Result<Cubin> decode_cubin(Bytes data) {
  ARCHFIT_TRY(ElfHeader header, parse_elf_header(data));
  if (header.machine != k_em_cuda) {
    return Error{fmt::format("cubin ELF header: e_machine is {}, not EM_CUDA (190)", header.machine)};
  }
  Cubin cubin;
  cubin.osabi = header.osabi;
  cubin.abi_version = header.abi_version;
  cubin.elf_type = header.type;
  cubin.elf_version = header.version;
  cubin.flags = header.flags;
  if (uses_old_layout(header.abi_version, header.flags)) {
    cubin.sm = header.flags & 0xff;
    cubin.virtual_sm = (header.flags >> 16) & 0xff;
    cubin.arch_specific = (header.flags & k_ef_cuda_accelerators_v1) != 0;
    return cubin;
  }
  cubin.sm = (header.flags >> 8) & 0xff;
  auto arch_specific = new_abi_arch_specific(data, header.flags);
  if (!arch_specific) {
    return Error{fmt::format("cubin (e_flags {}): {}", hex(header.flags), arch_specific.error().message)};
  }
  cubin.arch_specific = *arch_specific;
  return cubin;
}

}  // namespace archfit::binfmt
