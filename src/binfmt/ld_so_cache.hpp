// /etc/ld.so.cache, the dynamic loader's index of library sonames to paths, written by ldconfig
// (glibc sysdeps/generic/dl-cache.h). Two layouts, possibly one after the other:
//   old  "ld.so-1.7.0" (11 bytes, padded to 12), u32 nlibs, then nlibs × {i32 flags, u32 key,
//        u32 value}; key/value are offsets of NUL-terminated strings counted from the end of
//        that entry array.
//   new  "glibc-ld.so.cache" "1.1" (20 bytes), u32 nlibs, u32 len_strings, u8 flags, 3 pad,
//        u32 extension_offset, 3 × u32 unused (48 bytes), then nlibs × {i32 flags, u32 key,
//        u32 value, u32 osversion, u64 hwcap} (24 bytes); key/value are offsets counted from the
//        start of the new header. glibc ≥ 2.32 writes only this layout.
// flags: low byte the library type (3 = ELF libc6), high byte the ABI (0x03 x86-64, 0x0a
// AArch64 LP64, 0x08 x32 …); the loader takes entries whose flags equal its own
// _DL_CACHE_DEFAULT_ID (0x0303 on x86-64, 0x0a03 on AArch64).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "util/bytes.hpp"
#include "util/result.hpp"

namespace archfit::binfmt {

struct LdCacheEntry {
  std::string soname;  // "libstdc++.so.6"
  std::string path;    // "/lib/x86_64-linux-gnu/libstdc++.so.6"
  std::int32_t flags = 0;
  std::uint64_t hwcap = 0;
};

// The entries of the new layout when present (as the loader prefers it), else of the old one,
// in file order (ldconfig sorts them; the loader takes the first match).
// With `only_soname`, keeps just the entries of that soname (the loader's lookup; no strings
// are copied for the others).
Result<std::vector<LdCacheEntry>> parse_ld_so_cache(Bytes data, std::string_view only_soname = {});

// The loader's cache flags for this build's architecture (0x0303 on x86-64).
std::int32_t native_ld_cache_flags();

}  // namespace archfit::binfmt
