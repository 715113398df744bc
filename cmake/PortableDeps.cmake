# Dependencies of the portable build (ARCHFIT_PORTABLE, cmake/ZigToolchain.cmake):
#  - fmt (its compiled part is src/util/fmt_library.cpp), CLI11, nlohmann/json and toml++: Debian's
#    headers, through a directory that links just their folders (adding /usr/include itself would pull in the host's glibc 2.36 headers);
#  - zlib and zstd are compiled here from Debian's own sources (scripts/fetch_portable_sources.sh puts
#    `apt-get source zlib libzstd` under ARCHFIT_PORTABLE_SOURCES).
set(ARCHFIT_PORTABLE_SOURCES "${CMAKE_BINARY_DIR}/portable-sources" CACHE PATH
    "Unpacked Debian sources of zlib and libzstd (scripts/fetch_portable_sources.sh)")
set(ARCHFIT_PORTABLE_HEADERS /usr/include CACHE PATH
    "Folder holding Debian's fmt/, CLI/, nlohmann/ and toml++/ headers (only those folders are used)")
enable_language(C)
set(header_dir ${CMAKE_BINARY_DIR}/portable-include)
file(MAKE_DIRECTORY ${header_dir})
foreach(dir fmt CLI nlohmann toml++)
  file(CREATE_LINK ${ARCHFIT_PORTABLE_HEADERS}/${dir} ${header_dir}/${dir} SYMBOLIC)
endforeach()

file(GLOB zlib_dir LIST_DIRECTORIES true ${ARCHFIT_PORTABLE_SOURCES}/zlib-*)
file(GLOB zstd_dir LIST_DIRECTORIES true ${ARCHFIT_PORTABLE_SOURCES}/libzstd-*)
if(NOT zlib_dir OR NOT zstd_dir)
  message(FATAL_ERROR "ARCHFIT_PORTABLE: no zlib-*/libzstd-* under ${ARCHFIT_PORTABLE_SOURCES}; "
                      "run: bash scripts/fetch_portable_sources.sh ${ARCHFIT_PORTABLE_SOURCES}")
endif()
set(zlib_sources adler32 compress crc32 deflate infback inffast inflate inftrees trees uncompr zutil)
list(TRANSFORM zlib_sources PREPEND ${zlib_dir}/)
list(TRANSFORM zlib_sources APPEND .c)
add_library(archfit_zlib STATIC ${zlib_sources})
target_include_directories(archfit_zlib SYSTEM PUBLIC ${zlib_dir})
target_compile_options(archfit_zlib PRIVATE -w)

file(GLOB zstd_sources ${zstd_dir}/lib/common/*.c ${zstd_dir}/lib/compress/*.c ${zstd_dir}/lib/decompress/*.c)
add_library(archfit_zstd STATIC ${zstd_sources})
target_include_directories(archfit_zstd SYSTEM PUBLIC ${zstd_dir}/lib)
# The x86-64 assembly Huffman decoder is left out (plain C): CCOB and fatbin payloads are small.
target_compile_definitions(archfit_zstd PRIVATE ZSTD_DISABLE_ASM=1 ZSTD_MULTITHREAD=0)
target_compile_options(archfit_zstd PRIVATE -w)

add_library(archfit_portable_headers INTERFACE)
target_include_directories(archfit_portable_headers SYSTEM INTERFACE ${header_dir})
