// Twelfth round, GPU runtimes and toolkits (docs/explain.md, "Twelfth round: rules from the tools' own
// messages (GPU runtimes)"): each line below is a message as the tool itself prints it, taken from the
// tool's source at a tag (or from a tool installed here and run), never from an issue thread. Every
// positive line was unexplained before this round (checked with the binary built before the data
// change); the neighbouring wordings are the same tools' messages that name no cause of ours (a
// warning, a driver too old for the code, no GPU at all) and must stay unexplained.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "explain_test_support.hpp"

namespace archfit::explain {
namespace {

using Wording = test::SourceWording;
using Neighbour = test::SourceNeighbour;
using test::explain_lines;

const std::vector<Wording>& wordings() {
  static const std::vector<Wording> cases = {
      // --- gpu-code-missing ---------------------------------------------------------------------------------------
      // ROCm/clr@rocm-6.2.2 hipamd/src/hip_fatbin.cpp (ListAllDeviceWithNoCOFromBundle; LogPrintfError's prefix).
      {{":1:hip_fatbin.cpp           :117 : 4021342185 us: [pid:3791  tid:0x7f1c] Missing CO for these ISAs - ",
        ":1:hip_fatbin.cpp           :120 : 4021342191 us: [pid:3791  tid:0x7f1c]      amdgcn-amd-amdhsa--gfx1031"},
       "gpu-code-missing", "hip-no-binary-for-gpu", "ROCm/clr@rocm-6.2.2 hipamd/src/hip_fatbin.cpp"},
      // ROCm/clr@rocm-6.2.2 hipamd/src/hip_fatbin.cpp: "Cannot find CO in the bundle %s for ISA: %s".
      {{":1:hip_fatbin.cpp           :277 : 4021342200 us: [pid:3791  tid:0x7f1c] Cannot find CO in the bundle "
        "/opt/venv/lib/python3.12/site-packages/torch/lib/libtorch_hip.so for ISA: amdgcn-amd-amdhsa--gfx1031"},
       "gpu-code-missing", "hip-no-binary-for-gpu", "ROCm/clr@rocm-6.2.2 hipamd/src/hip_fatbin.cpp"},
      // ROCm/clr@rocm-6.0.0 hipamd/src/hip_fatbin.cpp: "Cannot find CO in the bundle for ISA: %s \n".
      {{"Cannot find CO in the bundle for ISA: amdgcn-amd-amdhsa--gfx1010 "},
       "gpu-code-missing", "hip-no-binary-for-gpu", "ROCm/clr@rocm-6.0.0 hipamd/src/hip_fatbin.cpp"},
      // The runtime's and the driver's names of error 209 (driver_types.h and cuda.h of the CUDA toolkit).
      {{"RuntimeError: CUDA driver error: cudaErrorNoKernelImageForDevice"},
       "gpu-code-missing", "cuda-no-kernel-image", "cuda/include/driver_types.h, cudaErrorNoKernelImageForDevice = 209"},
      {{"cuModuleLoadData failed with CUDA_ERROR_NO_BINARY_FOR_GPU"},
       "gpu-code-missing", "cuda-no-kernel-image", "cuda/include/cuda.h, CUDA_ERROR_NO_BINARY_FOR_GPU = 209"},
      // ggml-org/llama.cpp@f6d77a1b ggml/src/ggml-cuda/ggml-cuda.cu (ggml_cuda_error) with GGML_CUDA_NAME "ROCm" of
      // ggml/include/ggml-cuda.h@124d3d94 under GGML_USE_HIP.
      {{"ROCm error: invalid device function",
        "  current device: 0, in function ggml_cuda_compute_forward at /llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:2420",
        "  err", "/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:84: ROCm error"},
       "gpu-code-missing", "hip-invalid-device-function", "ggml-org/llama.cpp@f6d77a1b ggml/src/ggml-cuda/ggml-cuda.cu"},
      // microsoft/onnxruntime@044f3d7e onnxruntime/core/providers/rocm/rocm_call.cc: "%s failure %d: %s ; GPU=%d ;
      // hostname=%s ; expr=%s; %s" with libName "HIP" (HIP_CALL) and hipGetErrorString's text.
      {{"HIP failure 98: invalid device function ; GPU=0 ; hostname=ws ; expr=hipGetLastError(); "},
       "gpu-code-missing", "hip-invalid-device-function",
       "microsoft/onnxruntime@044f3d7e onnxruntime/core/providers/rocm/rocm_call.cc"},
      // pytorch/pytorch@000d1f4a torch/cuda/__init__.py (old_gpu_warn, printed by warnings.warn).
      {{"/usr/lib/python3/dist-packages/torch/cuda/__init__.py:118: UserWarning: ",
        "    Found GPU0 GeForce GTX 760 which is of cuda capability 3.0.",
        "    PyTorch no longer supports this GPU because it is too old.", "    "},
       "gpu-code-missing", "cuda-sm-not-compatible-with-torch",
       "pytorch/pytorch@000d1f4a10e3207891737deb5a8ed33615628866 torch/cuda/__init__.py"},
      // ROCm/rocBLAS@rocm-5.4.0 library/src/tensile_host.cpp: the lazy and the separate-arch library of one target.
      {{"", "rocBLAS error: Cannot read /opt/rocm-5.4.0/lib/rocblas/library/TensileLibrary_lazy_gfx1031.dat: No such "
        "file or directory"},
       "gpu-code-missing", "rocblas-no-kernels-for-arch", "ROCm/rocBLAS@rocm-5.4.0 library/src/tensile_host.cpp"},
      {{"rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary_gfx1010.dat: No such file or directory"},
       "gpu-code-missing", "rocblas-no-kernels-for-arch", "ROCm/rocBLAS@rocm-5.4.0 library/src/tensile_host.cpp"},
      // --- gpu-isa-override ---------------------------------------------------------------------------------------
      // ROCm/ROCR-Runtime@rocm-6.2.0 src/loader/executable.cpp (LOADER_ENABLE_LOGGING).
      {{"LoaderError: code object's ISA (amdgcn-amd-amdhsa--gfx1030) is not supported by the agent"},
       "gpu-isa-override", "hsa-invalid-isa", "ROCm/ROCR-Runtime@rocm-6.2.0 src/loader/executable.cpp"},
      {{"LoaderError: code object's ISA (amdgcn-amd-amdhsa--gfx1201) is invalid"},
       "gpu-isa-override", "hsa-invalid-isa", "ROCm/ROCR-Runtime@rocm-6.2.0 src/loader/executable.cpp"},
      // ROCm/ROCR-Runtime@rocm-6.2.0 src/core/runtime/hsa.cpp: the status string after its code is cut off.
      {{"hipModuleLoad failed: The instruction set architecture is invalid."},
       "gpu-isa-override", "hsa-invalid-isa", "ROCm/ROCR-Runtime@rocm-6.2.0 src/core/runtime/hsa.cpp"},
      // ROCm/ROCR-Runtime@rocm-6.2.0 libhsakmt/src/topology.c: pr_err("HSA_OVERRIDE_GFX_VERSION %s is invalid\n").
      {{"HSA_OVERRIDE_GFX_VERSION 1030 is invalid"},
       "gpu-isa-override", "hsa-override-value-invalid", "ROCm/ROCR-Runtime@rocm-6.2.0 libhsakmt/src/topology.c"},
      // --- arch-detect --------------------------------------------------------------------------------------------
      // Debian's clang 19.1.7 run here with --offload-arch=native and no GPU (DiagnosticDriverKinds.td at
      // llvm/llvm-project@llvmorg-19.1.7: "cannot determine %0 architecture: %1; consider passing it via '%2'").
      {{"clang-19: error: cannot determine amdgcn architecture: /usr/lib/llvm-19/bin/amdgpu-arch: ; consider passing it "
        "via '--offload-arch'"},
       "arch-detect", "gpu-arch-detection-failed", "llvm/llvm-project@llvmorg-19.1.7 DiagnosticDriverKinds.td"},
      {{"clang-19: error: cannot determine nvptx64 architecture: /usr/lib/llvm-19/bin/nvptx-arch: ; consider passing it "
        "via '--offload-arch'"},
       "arch-detect", "gpu-arch-detection-failed", "llvm/llvm-project@llvmorg-19.1.7 DiagnosticDriverKinds.td"},
      // llvm/llvm-project@llvmorg-14.0.6 (Debian clang-14): "cannot determine AMDGPU architecture: %0; consider
      // passing it via '--march'", with the text of clang's AMDGPU.cpp as %0.
      {{"clang-14: error: cannot determine AMDGPU architecture: Multiple AMD GPUs found with different archs; consider "
        "passing it via '--march'"},
       "arch-detect", "gpu-arch-detection-failed", "llvm/llvm-project@llvmorg-14.0.6 DiagnosticDriverKinds.td"},
      // Debian's clang 19.1.7 run here with an empty --offload-arch= (err_drv_bad_target_id of DiagnosticDriverKinds.td
      // at llvm/llvm-project@llvmorg-19.1.7, with '%0' empty).
      {{"clang-19: error: invalid target ID ''; format is a processor name followed by an optional colon-delimited list "
        "of features followed by an enable/disable sign (e.g., 'gfx908:sramecc+:xnack-')"},
       "arch-detect", "hip-empty-offload-arch", "llvm/llvm-project@llvmorg-19.1.7 DiagnosticDriverKinds.td"},
      // ROCm/HIPCC@rocm-6.0.2 src/hipBin_amd.h and ROCm/HIP@rocm-5.4.0 bin/hipcc.pl: no target and none detected.
      {{"No valid AMD GPU target was either specified or found. Please specify a valid target using "
        "--offload-arch=<target>."},
       "arch-detect", "gpu-arch-tool-no-device", "ROCm/HIPCC@rocm-6.0.2 src/hipBin_amd.h"},
      // Kitware/CMake@v4.4.2 Source/cmGeneratorTarget.cxx (since 3.28 "no NVIDIA GPU"; lang is CUDA or HIP).
      {{"CMake Error in CMakeLists.txt:", "  CUDA_ARCHITECTURES is set to \"native\", but no NVIDIA GPU was detected."},
       "arch-detect", "cmake-cuda-native-no-gpu", "Kitware/CMake@v4.4.2 Source/cmGeneratorTarget.cxx"},
      {{"CMake Error in CMakeLists.txt:", "  HIP_ARCHITECTURES is set to \"native\", but no NVIDIA GPU was detected."},
       "arch-detect", "cmake-cuda-native-no-gpu", "Kitware/CMake@v4.4.2 Source/cmGeneratorTarget.cxx"},
      // Kitware/CMake@v4.4.2 Modules/CMakeDetermineHIPCompiler.cmake: rocm_agent_enumerator listed nothing.
      {{"CMake Error at /usr/share/cmake-4.4/Modules/CMakeDetermineHIPCompiler.cmake:368 (message):",
        "  Failed to find a default HIP architecture."},
       "arch-detect", "hip-cmake-gpu-detect-failed", "Kitware/CMake@v4.4.2 Modules/CMakeDetermineHIPCompiler.cmake"},
      // --- rocm-path ----------------------------------------------------------------------------------------------
      // llvm/llvm-project@llvmorg-19.1.7 DiagnosticDriverKinds.td (err_drv_no_cuda_installation, err_drv_no_cuda_libdevice,
      // err_drv_no_hip_device_lib without a target); the same text in llvmorg-14.0.6.
      {{"clang++: error: cannot find CUDA installation; provide its path via '--cuda-path', or pass '-nocudainc' to "
        "build without CUDA includes"},
       "rocm-path", "clang-cuda-installation-not-found", "llvm/llvm-project@llvmorg-19.1.7 DiagnosticDriverKinds.td"},
      {{"clang++: error: cannot find libdevice for sm_35; provide path to different CUDA installation via "
        "'--cuda-path', or pass '-nocudalib' to build without linking with libdevice"},
       "rocm-path", "clang-cuda-installation-not-found", "llvm/llvm-project@llvmorg-14.0.6 DiagnosticDriverKinds.td"},
      {{"clang: error: cannot find HIP device library; provide its path via '--hip-path' or '--hip-device-lib-path', or "
        "pass '-nogpulib' to build without HIP device library"},
       "rocm-path", "rocm-device-lib-not-found", "llvm/llvm-project@llvmorg-19.1.7 DiagnosticDriverKinds.td"},
      // nvcc missing, as the shells and Python say it (Debian's dash 0.5.12 and bash 5.2 run here with nvcc off PATH;
      // CPython's FileNotFoundError for torch.utils.cpp_extension's <CUDA_HOME>/bin/nvcc, pytorch/pytorch@26e79290
      // torch/utils/cpp_extension.py).
      {{"/bin/sh: 1: nvcc: not found"}, "rocm-path", "nvcc-not-found", "dash 0.5.12 src/exec.c"},
      {{"/bin/bash: line 1: nvcc: command not found"}, "rocm-path", "nvcc-not-found", "bash 5.2 execute_cmd.c"},
      {{"FileNotFoundError: [Errno 2] No such file or directory: '/usr/local/cuda-12.4/bin/nvcc'"}, "rocm-path",
       "nvcc-not-found", "pytorch/pytorch@26e79290 torch/utils/cpp_extension.py"},
      // Kitware/CMake@v4.4.2 Modules/CMakeDetermineHIPCompiler.cmake and Modules/Internal/CMakeCUDAFindToolkit.cmake.
      {{"CMake Error at /usr/share/cmake-4.4/Modules/CMakeDetermineHIPCompiler.cmake:210 (message):",
        "  Failed to find HIP root directory."},
       "rocm-path", "cmake-gpu-toolkit-root-not-found", "Kitware/CMake@v4.4.2 Modules/CMakeDetermineHIPCompiler.cmake"},
      {{"CMake Error at /usr/share/cmake-4.4/Modules/CMakeDetermineHIPCompiler.cmake:257 (message):",
        "  The ROCm root directory:", "", "   /opt/rocm", "",
        "  does not contain the HIP runtime CMake package, expected at one of:", "",
        "   /opt/rocm/lib/cmake/hip-lang/hip-lang-config.cmake"},
       "rocm-path", "cmake-gpu-toolkit-root-not-found", "Kitware/CMake@v4.4.2 Modules/CMakeDetermineHIPCompiler.cmake"},
      {{"CMake Error at /usr/share/cmake-4.4/Modules/Internal/CMakeCUDAFindToolkit.cmake:39 (message):",
        "  Could not find nvcc executable in path specified by environment variable",
        "  CUDAToolkit_ROOT=/usr/local/cuda-12.4"},
       "rocm-path", "cmake-gpu-toolkit-root-not-found",
       "Kitware/CMake@v4.4.2 Modules/Internal/CMakeCUDAFindToolkit.cmake"},
      {{"CMake Error at /usr/share/cmake-3.25/Modules/CMakeDetermineCUDACompiler.cmake:180 (message):",
        "  Failed to find nvcc.", "", "  Compiler Clang requires the CUDA toolkit.  Please set the CUDAToolkit_ROOT",
        "  variable."},
       "rocm-path", "cmake-gpu-toolkit-root-not-found", "Kitware/CMake@v3.25.1 Modules/CMakeDetermineCUDACompiler.cmake"},
      {{"CMake Error at /usr/share/cmake-3.25/Modules/CMakeDetermineCUDACompiler.cmake:227 (message):",
        "  Couldn't find CUDA library root."},
       "rocm-path", "cmake-gpu-toolkit-root-not-found", "Kitware/CMake@v3.25.1 Modules/CMakeDetermineCUDACompiler.cmake"},
      // Kitware/CMake@v4.4.2 Modules/CMakeDetermineHIPCompiler.cmake: CMake could not build its HIP probe.
      {{"CMake Error at /usr/share/cmake-4.4/Modules/CMakeDetermineHIPCompiler.cmake:325 (message):",
        "  Failed to detect a default HIP architecture."},
       "rocm-path", "cmake-cuda-compiler-id-failed", "Kitware/CMake@v4.4.2 Modules/CMakeDetermineHIPCompiler.cmake"},
      // Kitware/CMake@v4.4.2 Modules/CMakeDetermineHIPCompiler.cmake (the 4.x wording of CUDACXX/HIPCXX's check).
      {{"CMake Error at /usr/share/cmake-4.4/Modules/CMakeDetermineHIPCompiler.cmake:51 (message):",
        "  Could not find the compiler specified in the environment variable HIPCXX:", "", "  /opt/rocm/llvm/bin/clang++."},
       "rocm-path", "cmake-gpu-compiler-not-found", "Kitware/CMake@v4.4.2 Modules/CMakeDetermineHIPCompiler.cmake"},
      // pytorch/pytorch@005ebec8 cmake/public/LoadHIP.cmake: find_package(rocrand REQUIRED), then CMake's own text.
      {{"CMake Error at cmake/public/LoadHIP.cmake:112 (find_package):",
        "  By not providing \"Findrocrand.cmake\" in CMAKE_MODULE_PATH this project has",
        "  asked CMake to find a package configuration file provided by \"rocrand\", but",
        "  CMake did not find one."},
       "rocm-path", "hip-cmake-config-not-found", "pytorch/pytorch@005ebec8 cmake/public/LoadHIP.cmake"},
      // ROCm/HIP@rocm-6.2.0 cmake/FindHIP.cmake.
      {{"CMake Error at /opt/rocm/lib/cmake/hip/FindHIP.cmake:299 (message):",
        "  Unable to find the clang compiler path.  Set ROCM_PATH or HIP_PATH in env"},
       "rocm-path", "hip-cmake-component-not-located", "ROCm/HIP@rocm-6.2.0 cmake/FindHIP.cmake"},
      {{"CMake Error at /opt/rocm/hip/cmake/FindHIP.cmake:113 (message):", "  Specify HIP_ROOT_DIR"},
       "rocm-path", "hip-cmake-component-not-located", "ROCm/HIP@rocm-6.2.0 cmake/FindHIP.cmake"},
      // Kitware/CMake@v4.4.2 Source/cmMakefile.cxx for a macro of ROCm/HIP@rocm-6.2.0 cmake/FindHIP.cmake.
      {{"CMake Error at src/CMakeLists.txt:12 (hip_add_executable):", "  Unknown CMake command \"hip_add_executable\"."},
       "rocm-path", "findhip-not-loaded", "Kitware/CMake@v4.4.2 Source/cmMakefile.cxx"},
      // --- cpu-isa ------------------------------------------------------------------------------------------------
      // glibc 2.36 sysdeps/x86/dl-prop.h through _dl_signal_error (the loader's error while loading a library), and
      // its de translation from Debian's libc-l10n 2.36 (po/de.po).
      {{"python3: error while loading shared libraries: /usr/lib/x86_64-linux-gnu/libggml-cpu.so: CPU ISA level is "
        "lower than required"},
       "cpu-isa", "glibc-cpu-isa-level", "glibc@glibc-2.36 sysdeps/x86/dl-prop.h"},
      {{"./llama-server: error while loading shared libraries: libllama.so: Die CPU ISA Version ist kleiner als "
        "notwendig"},
       "cpu-isa", "glibc-cpu-isa-level", "glibc@glibc-2.36 po/de.po"},
      // glibc@glibc-2.38 sysdeps/x86/dl-get-cpu-features.c: ld.so of a distribution built for x86-64-v2/v3.
      {{"Fatal glibc error: CPU does not support x86-64-v2"},
       "cpu-isa", "glibc-cpu-isa-level", "glibc@glibc-2.38 sysdeps/x86/dl-get-cpu-features.c"},
      // tensorflow/tensorflow@021bfd4e tensorflow/core/platform/cpu_feature_guard.cc (LOG(FATAL)).
      {{"2019-04-20 17:20:03.915545: F tensorflow/core/platform/cpu_feature_guard.cc:37] The TensorFlow library was "
        "compiled to use AVX instructions, but these aren't available on your machine.",
        "Aborted"},
       "cpu-isa", "cpu-feature-required-at-build-time",
       "tensorflow/tensorflow@021bfd4e8001ca9ded726921e90d61594c044419 tensorflow/core/platform/cpu_feature_guard.cc"},
      // Windows' NTSTATUS for an illegal instruction (Microsoft's [MS-ERREF] 2.3.1 NTSTATUS Values: 0xC000001D
      // STATUS_ILLEGAL_INSTRUCTION), as a process's exit code in hex and in signed decimal.
      {{"Process finished with exit code -1073741795 (0xC000001D)"}, "cpu-isa", "illegal-instruction",
       "learn.microsoft.com [MS-ERREF] NTSTATUS Values"},
      {{"llama-server.exe exited with code 3221225501"}, "cpu-isa", "illegal-instruction",
       "learn.microsoft.com [MS-ERREF] NTSTATUS Values"},
      // numpy/numpy@v2.3.0 numpy/_core/src/common/npy_cpu_features.c (v1.26.0 numpy/core/...): the import-time check
      // of the wheel's baseline, printed over three lines.
      {{"RuntimeError: NumPy was built with baseline optimizations: ",
        "(X86_V2) but your machine doesn't support:", "(X86_V2)."},
       "cpu-isa", "cpu-feature-required-at-build-time", "numpy/numpy@v2.3.0 numpy/_core/src/common/npy_cpu_features.c"},
      // glibc@glibc-2.36 po/*.po, msgstr of "Illegal instruction" (strsignal, as bash prints it): cs, nl, sv, uk, zh_TW.
      {{"Nedovolená instrukce (SIGILL) (core dumped)"}, "cpu-isa", "illegal-instruction", "glibc@glibc-2.36 po/cs.po"},
      {{"Ongeldige instructie (geheugendump gemaakt)"}, "cpu-isa", "illegal-instruction", "glibc@glibc-2.36 po/nl.po"},
      {{"Otillåten instruktion"}, "cpu-isa", "illegal-instruction", "glibc@glibc-2.36 po/sv.po"},
      {{"Помилкова інструкція"}, "cpu-isa", "illegal-instruction", "glibc@glibc-2.36 po/uk.po"},
      {{"無效指令"}, "cpu-isa", "illegal-instruction", "glibc@glibc-2.36 po/zh_TW.po"},
      // oven-sh/bun@6f900177 src/crash_handler.zig: the crash report's line on a CPU without AVX.
      {{"CPU lacks AVX support. Please consider upgrading to a newer CPU.",
        "panic(main thread): Segmentation fault at address 0x38465000000"},
       "cpu-isa", "cpu-lacks-isa-extension-stated", "oven-sh/bun@6f900177 src/crash_handler.zig"},
  };
  return cases;
}

// The same tools' neighbouring messages that name none of these causes: each must stay unexplained.
const std::vector<Neighbour>& neighbours() {
  static const std::vector<Neighbour> cases = {
      // Bun's start-up warning (oven-sh/bun's x64 builds on a CPU without AVX, or under Rosetta) before a run that may
      // well work: no crash yet.
      {"warn: CPU lacks AVX support, strange crashes may occur. Reinstall Bun or use *-baseline build:",
       "oven-sh/bun start-up warning"},
      // tensorflow@021bfd4e cpu_feature_guard.cc's INFO and TensorFlow 1.x's warning: the CPU has *more* than the
      // binary uses; no failure.
      {"2023-01-01 12:00:00.000000: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is "
       "optimized to use available CPU instructions in performance-critical operations.",
       "TensorFlow's INFO about unused instructions"},
      {"2019-01-01 12:00:00.000000: I tensorflow/core/platform/cpu_feature_guard.cc:141] Your CPU supports instructions "
       "that this TensorFlow binary was not compiled to use: AVX2 FMA",
       "TensorFlow 1.x's warning about unused instructions"},
      // CUDA's errors for code the driver cannot take (a driver older than the toolkit): not missing code for the GPU.
      {"RuntimeError: CUDA error: the provided PTX was compiled with an unsupported toolchain.",
       "cudaErrorUnsupportedPtxVersion: the driver predates the PTX"},
      {"RuntimeError: Triton Error [CUDA]: device kernel image is invalid", "cudaErrorInvalidKernelImage"},
      {"The NVIDIA driver on your system is too old (found version 10010).", "torch's driver check"},
      // No GPU at all (ROCm/clr@rocm-6.2.2 hip_error.cpp; ROCm/rocBLAS@rocm-6.0.0 tensile_host.cpp).
      {"hipErrorNoDevice: no ROCm-capable device is detected", "HIP without a GPU"},
      {"rocBLAS error: Could not initialize Tensile host: No devices found", "rocBLAS without a GPU"},
      // rocBLAS@rocm-4.5.0's single TensileLibrary.dat names no target: a broken install, not a missing one.
      {"rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: No such file or directory",
       "rocBLAS's library without a target in its name"},
      // hipBLASLt prints rocBLAS's words but does not abort there (its rocblaslt_abort() is commented out), so the
      // line alone is no failure (ROCm/hipBLASLt@a1cdd790 library/src/amd_detail/rocblaslt/src/tensile_host.cpp).
      {"rocblaslt error: Cannot read /opt/rocm/lib/hipblaslt/library/TensileLibrary_lazy_gfx1031.dat: No such file or "
       "directory",
       "hipBLASLt's non-fatal missing library"},
      // NumPy refusing to disable a baseline feature (NPY_DISABLE_CPU_FEATURES): a setting, not a CPU that lacks it
      // (numpy/numpy@v1.26.0 numpy/core/src/common/npy_cpu_features.c).
      {"RuntimeError: During parsing environment variable: 'NPY_DISABLE_CPU_FEATURES':",
       "NumPy's environment-variable header"},
      {"You cannot disable CPU feature 'SSE3', since it is part of the baseline optimizations:",
       "NumPy's NPY_DISABLE_CPU_FEATURES check"},
      // (Debian's clang 14 refusing gfx1100, a target it predates, left this list in session 26: the compiler's age is
      // now read as compiler-version, hip-target-id-unknown-processor; SourceWordings.ClangRefusesAHipTargetItDoesNotKnow.)
      // FindCUDA's macro (removed from CMake 3.27 on, CMP0146) is not FindHIP's.
      {"  Unknown CMake command \"cuda_add_executable\".", "FindCUDA, not FindHIP"},
      // clang-19's own warning next to the CUDA errors above.
      {"clang-19: warning: CUDA version is newer than the latest partially supported version 12.5 "
       "[-Wunknown-cuda-version]",
       "clang's CUDA version warning"},
  };
  return cases;
}

TEST(ExplainSourceWordingsGpu, EachToolMessageGetsItsCategoryAndRow) {
  test::expect_wordings_explained(wordings());
}

TEST(ExplainSourceWordingsGpu, NeighbouringWordingsStayUnexplained) {
  test::expect_neighbours_unexplained(neighbours());
}

// The "device library for a target" error stays a missing target (compiler-version), never a path problem, in
// clang's HIP wording too (docs/explain.md, Cause families): only the form without a target is rocm-path.
TEST(ExplainSourceWordingsGpu, DeviceLibraryForATargetStaysOffThePathRow) {
  auto explanation = explain_lines({"clang: error: cannot find ROCm device library for gfx1100; provide its path via "
                                    "'--rocm-path' or '--rocm-device-lib-path', or pass '-nogpulib' to build without "
                                    "ROCm device library"});
  ASSERT_FALSE(explanation.findings.empty());
  EXPECT_EQ(explanation.findings.front().id, "rocm-device-lib-missing-target");
  EXPECT_EQ(explanation.findings.front().category, "compiler-version");
}

}  // namespace
}  // namespace archfit::explain
