#!/usr/bin/env python3
"""Prints "OFFSET SIZE" for each section of an ELF64 file that scan's embedded-code search reads:
allocated, not executable, not NOBITS, not unwind tables, not the GPU code sections themselves
(the rule of embedded_search_section in src/scan/embedded_code_scan.cpp). Input of read_floor.c."""
import struct
import sys

SHF_ALLOC, SHF_EXECINSTR, SHT_NULL, SHT_NOBITS = 0x2, 0x4, 0, 8
SKIP = {".hip_fatbin", ".nv_fatbin", "__nv_relfatbin", ".gcc_except_table"}

def main(path):
    with open(path, "rb") as f:
        data = f.read(64)
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
        f.seek(shoff)
        table = f.read(shentsize * shnum)
        headers = [struct.unpack_from("<IIQQQQ", table, i * shentsize) for i in range(shnum)]
        f.seek(headers[shstrndx][4])
        names = f.read(headers[shstrndx][5])
    for name_at, kind, flags, _addr, offset, size in headers:
        name = names[name_at:names.index(b"\0", name_at)].decode(errors="replace")
        if (flags & SHF_ALLOC and not flags & SHF_EXECINSTR and kind not in (SHT_NULL, SHT_NOBITS) and size
                and not name.startswith(".eh_frame") and name not in SKIP
                and not name.startswith("__CLANG_OFFLOAD_BUNDLE__")):
            print(offset, size)

if __name__ == "__main__":
    main(sys.argv[1])
