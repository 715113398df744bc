# Toolchain of the `portable` preset: one binary that starts on glibc 2.28 (RHEL 8, Ubuntu 20.04) and
# newer. zig (PyPI `ziglang`) compiles against glibc 2.28's headers and version scripts and links its
# own libc++ statically, so the binary needs nothing newer than GLIBC_2.28 (scripts/check_glibc.sh).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER ${CMAKE_CURRENT_LIST_DIR}/zig/zig-cc)
set(CMAKE_CXX_COMPILER ${CMAKE_CURRENT_LIST_DIR}/zig/zig-c++)
# The host's /usr/include (glibc 2.36) must never be searched: the header-only libraries come through
# a directory of links (cmake/PortableDeps.cmake), zlib and zstd from their Debian sources.
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE NEVER)
