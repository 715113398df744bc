// CUDA cubins (formats.md §5): ELF64 little-endian files with e_machine EM_CUDA (190), the
// machine code ("SASS") for one GPU architecture. The SM number lives in e_flags, in one of two
// layouts chosen by EI_ABIVERSION:
//
//   ABI 7 (CUDA <= 12.x, "V1")  bits 0-7 SM, 0x800 EF_CUDA_ACCELERATORS_V1 ('a', e.g. sm_90a),
//                               bits 16-23 the virtual (PTX) SM the code came from
//   ABI 8 (CUDA 13, "V2")       bits 8-15 SM; 0x8 EF_CUDA_ACCELERATORS per LLVM, but nvcc 13.0
//                               leaves it clear even for sm_90a / sm_100a
//
// With nvcc 13.0 the 'a' of an ABI-8 cubin is visible only in its `.nv.compat` section, a list
// of nv.info-style records (u8 format, u8 attribute, then a 2-byte value, or for format 4 a u16
// size and that many bytes). Attribute 0x09 with value 1 marks an arch-specific ('a') cubin:
// byte-for-byte diffs of `nvcc -cubin -arch=sm_90` against sm_90a, and sm_100 against sm_100a,
// differ there (and in the ptxas command line kept in `.note.nv.tkinfo`), and cuobjdump
// --list-elf names them sm_90 / sm_90a accordingly. The 'f' (family) variant leaves no trace in
// the cubin's ELF data: cuobjdump --list-elf names an sm_100f cubin "sm_100". EI_OSABI is 0x33
// (ABI 7) or 0x41 (ABI 8), and e_version holds the toolkit version times ten, not EV_CURRENT.
#pragma once

#include <cstdint>
#include <string>

#include "util/bytes.hpp"
#include "util/result.hpp"

namespace archfit::binfmt {

inline constexpr std::uint8_t k_cuda_abi_v1 = 7;
inline constexpr std::uint8_t k_cuda_abi_v2 = 8;
inline constexpr std::uint32_t k_ef_cuda_accelerators_v1 = 0x800;
inline constexpr std::uint32_t k_ef_cuda_accelerators = 0x8;
inline constexpr std::uint8_t k_nv_compat_attr_arch_specific = 0x09;

struct Cubin {
  std::uint8_t osabi = 0;
  std::uint8_t abi_version = 0;  // 7 or 8 (others are decoded with the heuristic in cubin.cpp)
  std::uint16_t elf_type = 0;    // ET_EXEC for whole-program cubins, ET_REL for -rdc ones
  std::uint32_t elf_version = 0; // the toolkit version times ten, e.g. 130
  std::uint32_t flags = 0;       // raw e_flags
  std::uint32_t sm = 0;          // e.g. 90
  std::uint32_t virtual_sm = 0;  // ABI 7 only: the PTX arch the code came from; 0 when unknown
  bool arch_specific = false;    // 'a' variant (e_flags for ABI 7, .nv.compat for ABI 8)

  // "sm_90a" / "sm_100": what cuobjdump --list-elf calls it (never an 'f').
  std::string target() const;
};

// True when `data` is an ELF with e_machine EM_CUDA.
bool is_cubin(Bytes data);

// Decodes a cubin's ELF header and, for ABI 8, its `.nv.compat` section. Fails when `data` is
// not an EM_CUDA ELF, or when the header or section table lies outside `data`.
Result<Cubin> decode_cubin(Bytes data);

}  // namespace archfit::binfmt
