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

// Whether the file name is one of the table's libraries (librocblas.so*, libhipblaslt.so*).
bool is_kernel_directory_library(const std::string& path);

// For a library file (`library_path`, on this system) and the AMD targets among `targets`.
// `environment` gives ROCBLAS_TENSILE_LIBPATH / HIPBLASLT_TENSILE_LIBPATH.
KernelDirectoryCheck check_kernel_directory(const std::string& library_path, const std::string& package,
                                            const std::vector<DeviceTarget>& targets,
                                            const probe::Environment& environment,
                                            const scan::ScanOptions& scan_options);

// The same lookup inside a wheel, which is the tree it installs: `library_member` is the library's
// member name ("torch/lib/librocblas.so"), `member_names` every member of the zip, `member_reports`
// the scans of its members (those with GPU code are the code objects). The environment variables
// are not applied: they name directories of this system, not of the wheel. Results carry the
// wheel as `path` and the directory's member path as `member`; `directory` is that member path.
KernelDirectoryCheck check_kernel_directory_in_zip(const std::string& zip_path, const std::string& library_member,
                                                   const std::string& package,
                                                   const std::vector<DeviceTarget>& targets,
                                                   const std::vector<std::string>& member_names,
                                                   const std::vector<const scan::FileReport*>& member_reports);

}  // namespace archfit::check
