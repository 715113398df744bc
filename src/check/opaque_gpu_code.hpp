// Libraries whose GPU code a static reader cannot judge: they build or load kernels at run time
// (cuFFT's own kernel containers, NVRTC / nvJitLink / HIPRTC compilation). The facts are
// data/opaque_gpu_code.tsv: a row matches a file by its name, or by a DT_NEEDED entry (evidence in
// the file itself). `check` says `opaque` for such a file instead of guessing `no-code`.
#pragma once

#include <optional>
#include <string>

#include "scan/scan_report.hpp"

namespace archfit::check {

struct OpaqueEvidence {
  bool by_file_name = false;  // the library itself is listed (else: one of its DT_NEEDED is)
  std::string matched;        // the file name or DT_NEEDED entry that matched
  std::string reason;
  std::string source;
};

// The first row of data/opaque_gpu_code.tsv that applies to `file` for targets of `vendor`.
std::optional<OpaqueEvidence> find_opaque_evidence(const scan::FileReport& file, model::Vendor vendor);

}  // namespace archfit::check
