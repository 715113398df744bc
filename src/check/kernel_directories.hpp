// rocBLAS and hipBLASLt keep most of their kernels outside the library: in a `library/`
// directory of code objects (`*gfx90a*.co`, `Kernels.so-000-gfx90a.hsaco`) with a
// `TensileLibrary_lazy_gfx90a.dat` index per processor, found relative to the library file
// (data/kernel_library_dirs.tsv cites the upstream lookup). A library whose directory lacks the
// GPU's files fails at the first GEMM ("rocBLAS error: Cannot read …TensileLibrary.dat … for GPU
// arch : gfx1031"). This finds the directory as the library does and gives a verdict per target
// from the index, the code objects' names and the code objects themselves (scanned).
#pragma once

#include <string>
#include <vector>

#include "check/check_report.hpp"
#include "check/target_rules.hpp"
#include "probe/environment.hpp"
#include "scan/scanner.hpp"

namespace archfit::check {

struct KernelDirectoryCheck {
  bool applies = false;            // the file is one of the table's libraries
  std::string library;             // "librocblas.so"
  std::string directory;           // the directory the library would read, after the processor step for the first target
  std::vector<TargetResult> results;  // one per AMD target; `path` is the directory
  std::vector<std::string> errors;    // code objects that could not be read
};

// For a library file (`library_path`, on this system) and the AMD targets among `targets`.
// `environment` gives ROCBLAS_TENSILE_LIBPATH / HIPBLASLT_TENSILE_LIBPATH.
KernelDirectoryCheck check_kernel_directory(const std::string& library_path, const std::string& package,
                                            const std::vector<DeviceTarget>& targets,
                                            const probe::Environment& environment,
                                            const scan::ScanOptions& scan_options);

}  // namespace archfit::check
