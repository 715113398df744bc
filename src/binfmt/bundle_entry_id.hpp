// Clang offload bundle entry IDs (clang/docs/ClangOffloadBundler.rst, "Bundle Entry ID"):
//
//   <offload-kind> "-" <target-triple> [ "-" <target-id> ]
//
// e.g. "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-" (kind hipv4, triple amdgcn-amd-amdhsa- with an empty
// environment, target ID gfx90a:xnack-), "host-x86_64-unknown-linux-gnu-" (host entry, empty
// target ID), or the legacy 3-part-triple "hip-amdgcn-amd-amdhsa-gfx906" that clang 15 writes into
// -fgpu-rdc section names. A target ID may itself contain '-' ("gfx10-3-generic"), so it takes the
// remainder of the string.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace archfit::binfmt {

struct BundleEntryId {
  std::string kind;       // "hipv4", "hip", "host", "openmp", "cuda"
  std::string triple;     // "amdgcn-amd-amdhsa-" / "x86_64-unknown-linux-gnu"
  std::string target_id;  // "gfx90a:xnack-", or empty
  std::string processor;  // target_id up to the first ':'
  std::vector<std::pair<std::string, char>> features;  // ("xnack", '-'), from model::split_target_id

  bool is_host() const { return kind == "host"; }
};

// Splits an ID leniently; never fails (an unparseable ID keeps its text in `kind`).
BundleEntryId parse_bundle_entry_id(std::string_view id);

}  // namespace archfit::binfmt
