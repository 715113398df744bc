// The scan report model: what `archfit scan` found in each input. Built once by the scanner and
// rendered by report/ as text or JSON (docs/json.md documents the JSON form).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/vendor.hpp"

namespace archfit::scan {

// A code object's own ELF header, decoded with --deep, and where it disagrees with its bundle ID.
struct CodeObjectCheck {
  std::string elf_target;            // target ID from e_flags, e.g. "gfx90a:xnack-"
  int code_object_version = 0;       // 2..6
  int generic_version = 0;           // V6 generic processors
  std::vector<std::string> mismatches;  // human-readable disagreements; empty when consistent
  std::optional<std::string> error;  // the payload could not be decoded
};

struct GpuCode {
  model::Vendor vendor = model::Vendor::unknown;  // amd | nvidia | intel | other | unknown (data/offload_triple_vendors.tsv)
  std::string kind;        // "code-object" | "bitcode" | "spirv" | "cubin" | "ptx" | "unknown"
  std::string target;      // "gfx90a:xnack-", "gfx11-generic", "sm_90a", "compute_90"
  std::string entry_id;    // the bundle entry ID as stored
  bool compressed = false;
  std::string compression;  // "zstd" | "zlib" | "" when not compressed
  std::uint64_t size = 0;   // uncompressed payload size
  std::optional<std::uint64_t> file_offset;  // where the payload starts in the file, when stored plainly
  int bundle = -1;          // index into FileReport::bundles, -1 when the code is not in a bundle
  std::string section;      // for a whole code object or cubin embedded in a host file's section
                            // (.rodata, ...; embedded_code_scan.hpp): that section; else empty
  std::optional<CodeObjectCheck> check;
  // CUDA relocatable device code (`__nv_relfatbin`, from -rdc objects): input for the device
  // linker (nvlink), never loaded by the runtime from a linked file; `check` ignores it.
  bool relocatable = false;
};

// The record for a file that is one code object (a bare AMDGPU code object or a cubin): its ELF
// header is the only description there is, so it gives both the target and the check.
inline GpuCode whole_file_code(model::Vendor vendor, std::string kind, std::string target, std::uint64_t size,
                               int code_object_version, int generic_version) {
  GpuCode code;
  code.vendor = vendor;
  code.kind = std::move(kind);
  code.target = std::move(target);
  code.size = size;
  code.file_offset = 0;
  CodeObjectCheck check;
  check.elf_target = code.target;
  check.code_object_version = code_object_version;
  check.generic_version = generic_version;
  code.check = std::move(check);
  return code;
}

struct BundleEntryRecord {
  std::string id;
  std::uint64_t offset = 0;  // plain bundles: file offset; compressed: offset in the decompressed bundle
  std::uint64_t size = 0;
};

// One offload bundle (plain or CCOB) found in a section.
struct BundleRecord {
  std::string section;             // ".hip_fatbin"
  std::uint64_t file_offset = 0;   // where the bundle starts in the file
  std::string format;              // "plain" | "ccob"
  int ccob_version = 0;
  std::string compression;         // "zstd" | "zlib" | ""
  std::uint64_t stored_size = 0;
  std::uint64_t uncompressed_size = 0;
  std::vector<BundleEntryRecord> entries;  // table order, host entry included
};

struct HostNeedsRecord {
  std::vector<std::string> needed;
  std::vector<std::string> rpath;
  std::vector<std::string> runpath;
  std::map<std::string, std::vector<std::string>> versions;  // file → required versions
  std::map<std::string, std::string> highest;                // "GLIBCXX" → "GLIBCXX_3.4.30"
  std::string x86_isa_level;                                 // "x86-64-v3", or empty
};

struct FileReport {
  std::string path;
  std::optional<std::string> member;  // archive member name
  std::string format;                 // "elf-shared-object", "elf-executable", "elf-relocatable",
                                      // "amdgpu-code-object", "offload-bundle", "ar-archive", "unknown"
  std::vector<BundleRecord> bundles;
  std::vector<GpuCode> gpu_code;
  std::optional<HostNeedsRecord> needs;
  std::vector<std::string> errors;    // one line each: structure, offset, problem
  std::vector<std::string> warnings;

  // "path" or "path(member)", as LLVM tools name archive members.
  std::string display_name() const { return member ? path + "(" + *member + ")" : path; }
};

struct ScanReport {
  std::vector<FileReport> files;

  bool has_errors() const {
    for (const auto& file : files) {
      if (!file.errors.empty()) {
        return true;
      }
    }
    return false;
  }
};

}  // namespace archfit::scan
