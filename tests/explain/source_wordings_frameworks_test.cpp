// Fourteenth round, the frameworks' own build scripts (docs/explain.md, "Fourteenth round: rules from the
// frameworks' own build scripts"): each message below is what a framework's setup.py, op builder or CMake
// prints when the environment is wrong, read from its source at a tag or commit, never from an issue thread
// or a corpus log. Every positive message was unexplained before this round (checked with the binary built
// before the data change); the neighbouring messages are the same scripts' warnings and notes that name no
// cause of ours and must stay unexplained.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "explain_test_support.hpp"

namespace archfit::explain {
namespace {

using Wording = test::SourceWording;
using Neighbour = test::SourceNeighbour;

const std::string k_torch_cpp_extension =
    "pytorch/pytorch@0011ec5c5d6171a395bb339b873343a4cdfebd18 torch/utils/cpp_extension.py";
const std::string k_torch_cuda_cmake =
    "pytorch/pytorch@3c678a4914266ddcd8360d327a9ebc1d52b3a8be cmake/public/cuda.cmake";
const std::string k_deepspeed = "deepspeedai/DeepSpeed@v0.17.0 op_builder/builder.py";
const std::string k_onnxruntime =
    "microsoft/onnxruntime@e5e5eb395c64c5274afb8af87343adb5b50f2208 tools/ci_build/build.py";
const std::string k_tensorflow =
    "tensorflow/tensorflow@95b0407e6236b947c1c8c28145c1538e1012b3e6 third_party/gpus/find_cuda_config.py";
const std::string k_bitsandbytes =
    "bitsandbytes-foundation/bitsandbytes@02188cc8159b2fd88fc6765cb29b3a9deb65591a CMakeLists.txt";

const std::vector<Wording>& wordings() {
  static const std::vector<Wording> cases = {
      // --- rocm-path: the toolkit is not where the script looks ---------------------------------------------------
      // torch.utils.cpp_extension's _check_cuda_version: CUDA_NOT_FOUND_MESSAGE (CUDA_HOME unresolved), and a
      // CUDA_HOME without bin/nvcc.
      {{"RuntimeError: CUDA was not found on the system, please set the CUDA_HOME or the CUDA_PATHenvironment "
        "variable or add NVCC to your system PATH. The extension compilation will fail."},
       "rocm-path", "cuda-home-not-set", k_torch_cpp_extension},
      {{"FileNotFoundError: nvcc not found at '/usr/local/cuda/bin/nvcc'. Ensure CUDA path '/usr/local/cuda' is "
        "correct."},
       "rocm-path", "nvcc-not-found", k_torch_cpp_extension},
      {{"FileNotFoundError: nvcc not found at 'C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.1\\bin\\"
        "nvcc.exe'. Ensure CUDA path 'C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.1' is correct."},
       "rocm-path", "nvcc-not-found", k_torch_cpp_extension + " (a Windows CUDA_HOME, with blanks)"},
      // distutils' spawn when the nvcc a setup.py names does not exist: CPython 3.7's (the child's "unable to execute")
      // and setuptools' own copy (DistutilsExecError "command ... failed: ..."), with a CUDA_HOME that kept a ':'.
      {{"unable to execute '/usr/local/cuda-10.1:/bin/nvcc': No such file or directory"},
       "rocm-path", "nvcc-not-found", "python/cpython@v3.7.0 Lib/distutils/spawn.py"},
      {{"distutils.errors.DistutilsExecError: command '/usr/local/cuda/bin/nvcc' failed: No such file or directory"},
       "rocm-path", "nvcc-not-found", "pypa/distutils@1261c36a distutils/spawn.py"},
      // DeepSpeed's op builder (assert_no_cuda_mismatch) when torch found no CUDA_HOME.
      {{"deepspeed.ops.op_builder.builder.MissingCUDAException: CUDA_HOME does not exist, unable to compile CUDA "
        "op(s)"},
       "rocm-path", "cuda-home-not-set", k_deepspeed},
      // flash-attention 2.0's and apex's raise_if_cuda_home_none (a RuntimeError), flash-attention 2.3+'s
      // check_if_cuda_home_none (a warning before the build that then fails), and its ROCm twin.
      {{"RuntimeError: flash_attn was requested, but nvcc was not found.  Are you sure your environment has nvcc "
        "available?  If you're installing within a container from https://hub.docker.com/r/pytorch/pytorch, only "
        "images whose names contain 'devel' will provide nvcc."},
       "rocm-path", "nvcc-not-found", "Dao-AILab/flash-attention@v2.0.0 setup.py"},
      {{"RuntimeError: --cuda_ext was requested, but nvcc was not found.  Are you sure your environment has nvcc "
        "available?  If you're installing within a container from https://hub.docker.com/r/pytorch/pytorch, only "
        "images whose names contain 'devel' will provide nvcc."},
       "rocm-path", "nvcc-not-found", "NVIDIA/apex@25.09 setup.py"},
      {{"  /tmp/pip-install-x/flash-attn_1/setup.py:119: UserWarning: flash_attn was requested, but hipcc was not "
        "found."},
       "rocm-path", "hipcc-not-on-path", "Dao-AILab/flash-attention@v2.8.3 setup.py"},
      // vLLM's CMakeLists.txt when torch's CMake package set neither CUDA_FOUND nor HIP_FOUND; llama.cpp's
      // ggml-cuda when find_package(CUDAToolkit) failed.
      {{"CMake Error at CMakeLists.txt:147 (message):", "  Can't find CUDA or HIP installation."},
       "rocm-path", "framework-gpu-toolkit-not-found",
       "vllm-project/vllm@000a1ee93b2ddc3cb06c62a71fe769c789cbf7b1 CMakeLists.txt"},
      {{"CMake Error at ggml/src/ggml-cuda/CMakeLists.txt:227 (message):", "  CUDA Toolkit not found"},
       "rocm-path", "framework-gpu-toolkit-not-found",
       "ggml-org/llama.cpp@00a2d60921595ea66853568270b3060490040dea ggml/src/ggml-cuda/CMakeLists.txt"},
      // PyTorch's cuda.cmake comparing nvcc's version with cuda.h's (its ${cuda_version_from_findcuda} is never set,
      // so the first version prints empty).
      {{"CMake Error at cmake/public/cuda.cmake:78 (message):",
        "  FindCUDA says CUDA version is  (usually determined by nvcc), but the CUDA",
        "  headers say the version is 12.1.  This often occurs when you set both",
        "  CUDA_HOME and CUDA_NVCC_EXECUTABLE to non-standard locations, without also"},
       "rocm-path", "cuda-toolkits-mixed", k_torch_cuda_cmake},
      // ONNX Runtime's build.py: a --cuda_home / --cudnn_home (or CUDA_HOME / CUDNN_HOME) that does not exist, and
      // its ROCm twin; BuildError joins its messages with newlines.
      {{"build.BuildError: cuda_home and cudnn_home paths must be specified and valid.",
        "cuda_home='None' valid=False. cudnn_home='None' valid=False"},
       "rocm-path", "cuda-home-not-set", k_onnxruntime},
      {{"build.BuildError: rocm_home paths must be specified and valid.", "rocm_home='/opt/rocm-6.0' valid=True."},
       "rocm-path", "rocm-home-not-set", k_onnxruntime},
      // TensorFlow's configure (find_cuda_config.py): no cuda.h of the asked version under TF_CUDA_PATHS, and nvcc
      // and libdevice from two toolkit roots.
      {{"Could not find any cuda.h matching version '11.2' in any subdirectory:", "        ''",
        "        'include'"},
       "rocm-path", "framework-gpu-toolkit-not-found", k_tensorflow},
      {{"Inconsistent CUDA toolkit path: /usr vs /usr/lib/cuda"}, "rocm-path", "cuda-toolkits-mixed", k_tensorflow},
      // bitsandbytes' CMake: the CUDA_VERSION asked for is not the nvcc first on PATH.
      {{"CMake Error at CMakeLists.txt:101 (message):",
        "  You've specified CUDA version 121 however the CUDA compiler found is 118.",
        "  Ensure the desired CUDA compiler is the first one available on your PATH."},
       "rocm-path", "cuda-toolkits-mixed", k_bitsandbytes},
      // --- compiler-version: the toolkit of another version than the build needs ---------------------------------
      // apex's and flash-attention 2.0's check_cuda_torch_binary_vs_bare_metal (any mismatch, minor included).
      {{"RuntimeError: Cuda extensions are being compiled with a version of Cuda that does not match the version "
        "used to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 12.1."},
       "compiler-version", "torch-ext-cuda-version-mismatch", "NVIDIA/apex@25.09 setup.py"},
      // torch's own check since it raises RuntimeError(CUDA_MISMATCH_MESSAGE, found, torch's) unformatted: Python
      // prints the tuple, "(%s)" and all, and the two strings have no blank between "compile" and "PyTorch".
      {{"RuntimeError: ('The detected CUDA version (%s) mismatches the version that was used to compilePyTorch (%s). "
        "Please make sure to use the same CUDA versions.', '12.4', '13.0')"},
       "compiler-version", "torch-ext-cuda-version-mismatch",
       "pytorch/pytorch@0011ec5c5d6171a395bb339b873343a4cdfebd18 torch/utils/cpp_extension.py"},
      // DeepSpeed's assert_no_cuda_mismatch.
      {{"deepspeed.ops.op_builder.builder.CUDAMismatchException: >- DeepSpeed Op Builder: Installed CUDA version 12.4 "
        "does not match the version torch was compiled with 12.1, unable to compile cuda/cpp extensions without a "
        "matching cuda version."},
       "compiler-version", "torch-ext-cuda-version-mismatch", k_deepspeed},
      // A toolkit below the framework's floor: flash-attention 2.x and 3, PyTorch's CMake, llama.cpp's ggml-hip.
      {{"RuntimeError: FlashAttention is only supported on CUDA 11.7 and above.  Note: make sure nvcc has a "
        "supported version by running nvcc -V."},
       "compiler-version", "framework-gpu-toolkit-too-old", "Dao-AILab/flash-attention@v2.8.3 setup.py"},
      {{"RuntimeError: FlashAttention is only supported on CUDA 11 and above"}, "compiler-version",
       "framework-gpu-toolkit-too-old", "Dao-AILab/flash-attention@v2.0.0 setup.py"},
      {{"RuntimeError: FlashAttention-3 is only supported on CUDA 12.3 and above"}, "compiler-version",
       "framework-gpu-toolkit-too-old", "Dao-AILab/flash-attention@v2.8.3 hopper/setup.py"},
      {{"CMake Error at cmake/public/cuda.cmake:42 (message):", "  PyTorch requires CUDA 9.0 and above."},
       "compiler-version", "framework-gpu-toolkit-too-old", k_torch_cuda_cmake},
      {{"CMake Error at CMakeLists.txt:107 (message):", "  CUDA Version < 11.4 is not supported"}, "compiler-version",
       "framework-gpu-toolkit-too-old", k_bitsandbytes},
      {{"CMake Error at ggml/src/ggml-hip/CMakeLists.txt:50 (message):", "  At least ROCM/HIP V6.1 is required"},
       "compiler-version", "framework-gpu-toolkit-too-old",
       "ggml-org/llama.cpp@047c774418623168d7c79aef165c9e3b03ffd8d4 ggml/src/ggml-hip/CMakeLists.txt"},
      // PyTorch's cuda.cmake on host compilers CUDA 9.x/10.0 cannot take.
      {{"CMake Error at cmake/public/cuda.cmake:198 (message):",
        "  CUDA 9.0 is not compatible with std::tuple from GCC version >= 6.  Please",
        "  upgrade to CUDA 9.2 or set the following environment variable to use",
        "  another version (for example):"},
       "compiler-version", "nvcc-unsupported-host-compiler", k_torch_cuda_cmake},
      {{"CMake Error at cmake/public/cuda.cmake:230 (message):",
        "  CUDA 10.0 is not compatible with MSVC toolchain version >= 19.20.  (a.k.a",
        "  Visual Studio 2019, VS 16.0) Please upgrade to CUDA >= 10.1 or set the"},
       "compiler-version", "nvcc-unsupported-host-compiler", k_torch_cuda_cmake},
      // --- abi-mismatch: DeepSpeed's prebuilt ops of another torch, CUDA or HIP --------------------------------------
      {{"RuntimeError: PyTorch version mismatch! DeepSpeed ops were compiled and installed with a different version "
        "than what is being used at runtime. Please re-install DeepSpeed or switch torch versions. Install torch "
        "version=2.1, Runtime torch version=2.3"},
       "abi-mismatch", "deepspeed-ops-built-for-other-torch", k_deepspeed},
      {{"RuntimeError: HIP version mismatch! DeepSpeed ops were compiled and installed with a different version than "
        "what is being used at runtime. Please re-install DeepSpeed or switch torch versions. Install HIP "
        "version=6.0, Runtime HIP version=6.2"},
       "abi-mismatch", "deepspeed-ops-built-for-other-torch", k_deepspeed},
  };
  return cases;
}

// The same scripts' warnings and notes that name none of these causes: each must stay unexplained.
const std::vector<Neighbour>& neighbours() {
  static const std::vector<Neighbour> cases = {
      // torch.utils.cpp_extension: a minor CUDA mismatch (CUDA_MISMATCH_WARN), no ninja (falls back), no arch list
      // set, no GPU at build time, a compiler version it could not read; none stops the build.
      {"UserWarning: The detected CUDA version (12.4) has a minor version mismatch with the version that was used to "
       "compile PyTorch (12.1). Most likely this shouldn't be a problem.",
       k_torch_cpp_extension + ": CUDA_MISMATCH_WARN"},
      {"UserWarning: Attempted to use ninja as the BuildExtension backend but we could not find ninja.. Falling back "
       "to using the slow distutils backend.",
       k_torch_cpp_extension + ": BuildExtension without ninja"},
      {"UserWarning: TORCH_CUDA_ARCH_LIST is not set, all archs for visible cards are included for compilation. ",
       k_torch_cpp_extension + ": no arch list"},
      {"UserWarning: There are no g++ version bounds defined for CUDA version 12.4",
       k_torch_cpp_extension + ": no bounds for this CUDA"},
      // DeepSpeed: CUDA missing is only a warning where the op builder falls back to CPU ops.
      {"[WARNING]  async_io: cuda is missing or is incompatible with installed torch, only cpu ops can be compiled!",
       k_deepspeed + ": the CPU fallback"},
      // vLLM: another torch than the one it pins is only a warning.
      {"  Pytorch version 2.11.0 expected for CUDA build, saw 2.10.0 instead.",
       "vllm-project/vllm@000a1ee9 CMakeLists.txt: the torch-version warning"},
      // llama.cpp's ggml-cuda: the toolkit found, and NCCL missing (slower, not broken).
      {"-- CUDA Toolkit found", "ggml-org/llama.cpp@00a2d609 ggml/src/ggml-cuda/CMakeLists.txt: found"},
      {"-- Warning: NCCL not found, performance for multiple CUDA GPUs will be suboptimal",
       "ggml-org/llama.cpp@00a2d609 ggml/src/ggml-cuda/CMakeLists.txt: no NCCL"},
      // PyTorch's cuda.cmake: no CUDA (a CPU build goes on), cuDNN's floor (a library, not the toolkit).
      {"  Caffe2: CUDA cannot be found.  Depending on whether you are building Caffe2 or a Caffe2 dependent library, "
       "the next warning / error will give you more info.",
       k_torch_cuda_cmake + ": CUDA optional"},
      {"  PyTorch requires cuDNN 7 and above.", k_torch_cuda_cmake + ": cuDNN's floor"},
      // TensorFlow's configure finding no cuDNN of the asked version: a library, not the toolkit.
      {"Could not find any cudnn.h, cudnn_version.h matching version '8' in any subdirectory:",
       k_tensorflow + ": cuDNN, not the toolkit"},
      // bitsandbytes' status lines.
      {"-- CUDA Version: 121 (12.1.105)", k_bitsandbytes + ": the CUDA version found"},
      // flash-attention: the prebuilt wheel missing (it then builds), and apex skipping an optional extension.
      {"Precompiled wheel not found. Building from source...", "Dao-AILab/flash-attention@v2.8.3 setup.py: no wheel"},
      {"UserWarning: Skip `--nccl_p2p` as it requires NCCL 2.10.3 or later, but 2.9",
       "NVIDIA/apex@25.09 setup.py: an optional extension skipped"},
  };
  return cases;
}

// --- Part two: PyTorch's ROCm CMake, the ROCm libraries' build scripts, and frameworks not read before ---------------
// (docs/explain.md, the same section, "Part two"). Read at a tag or commit as cited; the positives were unexplained on
// the data of 4851335 (main when this part began).
const std::string k_rocblas = "ROCm/rocBLAS@rocm-6.2.2 CMakeLists.txt";
const std::string k_hipblaslt = "ROCm/hipBLASLt@rocm-6.2.2 CMakeLists.txt";
const std::string k_rccl = "ROCm/rccl@rocm-6.2.2 CMakeLists.txt";
const std::string k_miopen = "ROCm/MIOpen@rocm-6.2.2 CMakeLists.txt";
const std::string k_torch_loadhip =
    "pytorch/pytorch@dbd090ee941dde8749bd7c2e8114d77f03fd8b8c cmake/public/LoadHIP.cmake";
const std::string k_triton = "triton-lang/triton@e179241f81c5d92f5fa1dd7eb89beff7e3d8c41b python/setup.py";
const std::string k_tensile_create = "ROCm/Tensile@rocm-6.2.2 Tensile/TensileCreateLibrary.py";
const std::string k_therock = "ROCm/TheRock@therock-7.14 cmake/therock_amdgpu_targets.cmake";

const std::vector<Wording>& wordings_part_two() {
  static const std::vector<Wording> cases = {
      // rocBLAS: rocm_check_target_ids (rocm-cmake) kept none of AMDGPU_TARGETS, i.e. the compiler refused
      // --offload-arch for each: a ROCm clang older than the target, as clang's own "unsupported HIP gpu
      // architecture". With the default AMDGPU_TARGETS=all the message names "all".
      {{"CMake Error at CMakeLists.txt:144 (message):",
        "  Unsupported target gfx1036 by compiler, List of supported targets:",
        "  gfx900;gfx906:xnack-;gfx908:xnack-;gfx90a:xnack+;gfx90a:xnack-;gfx940;gfx941;gfx942;gfx1010;gfx1012;gfx1030;"
        "gfx1100;gfx1101;gfx1102"},
       "compiler-version", "cuda-clang-gpu-arch-unsupported", k_rocblas},
      {{"CMake Error at CMakeLists.txt:144 (message):", "  Unsupported target all by compiler, List of supported targets:",
        "  gfx900;gfx906:xnack-;gfx908:xnack-"},
       "compiler-version", "cuda-clang-gpu-arch-unsupported", k_rocblas + " (AMDGPU_TARGETS left at all)"},
      // The ROCm libraries refusing the compiler they were configured with: hipBLASLt (CMAKE_CXX_COMPILER_ID is
      // not Clang, e.g. the system g++), RCCL (hip-config's HIP_COMPILER is not clang), MIOpen's OpenCL backend (no
      // clang++ under /opt/rocm/llvm or the prefix).
      {{"CMake Error at CMakeLists.txt:117 (message):", "  'hipcc' compiler required to compile for ROCm software."},
       "rocm-path", "rocm-lib-needs-hip-compiler", k_hipblaslt},
      {{"CMake Error at CMakeLists.txt:125 (message):", "  RCCL requires clang-based compiler (hipcc)"}, "rocm-path",
       "rocm-lib-needs-hip-compiler", k_rccl},
      {{"CMake Error at CMakeLists.txt:202 (message):", "  hip compiler not found"}, "rocm-path",
       "rocm-lib-needs-hip-compiler", k_miopen},
      // MIOpen's floor for the host GCC.
      {{"CMake Error at CMakeLists.txt:121 (message):", "  MIOpen requires at least gcc 5.3"}, "compiler-version",
       "framework-host-compiler-too-old", k_miopen},
      // Triton's setup.py checking `cmake --version` before it configures.
      {{"    raise RuntimeError(\"CMake >= 3.18.0 is required\")", "RuntimeError: CMake >= 3.18.0 is required"},
       "cmake-version", "cmake-too-old", k_triton},
      // PyTorch's own setup helper looking for cmake3 / cmake (its floor was 3.5.0 then).
      {{"RuntimeError: no cmake or cmake3 with version >= 3.5.0 found"}, "cmake-version", "cmake-too-old",
       "pytorch/pytorch@5bffd765e11b78074f2f4499bc946e0a5bf6a655 tools/setup_helpers/cmake.py"},
      // Tensile (rocBLAS's and hipBLASLt's kernel generator) asked for a target its architectureMap lacks: the
      // release has no kernels for the GPU.
      {{"Tensile::FATAL: Architecture gfx1036 not supported"}, "gpu-code-missing", "tensile-arch-not-supported",
       k_tensile_create},
      // TheRock with neither THEROCK_AMDGPU_FAMILIES nor THEROCK_AMDGPU_TARGETS: no target list, as PyTorch's
      // "No GPU arch specified for ROCm build".
      {{"CMake Error at cmake/therock_amdgpu_targets.cmake:383 (message):",
        "  No AMDGPU target selected: make a selection via THEROCK_AMDGPU_FAMILIES or",
        "  THEROCK_AMDGPU_TARGETS (or THEROCK_DIST_AMDGPU_FAMILIES for dist-only)."},
       "arch-detect", "no-gpu-arch-specified", k_therock},
  };
  return cases;
}

const std::vector<Neighbour>& neighbours_part_two() {
  static const std::vector<Neighbour> cases = {
      // apex's check with a torch built without CUDA (torch.version.cuda is None: a CPU wheel, or TheRock's nightly
      // ROCm wheel without its build information, round 59): no toolkit version is compared, so no compiler-version.
      {"RuntimeError: Cuda extensions are being compiled with a version of Cuda that does not match the version used "
       "to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda None.",
       "NVIDIA/apex@25.09 setup.py, https://github.com/ROCm/TheRock/issues/3628"},
      // PyTorch's LoadHIP.cmake: no ROCm (a CPU/CUDA build goes on), optional packages, a CMake 4 workaround, the
      // hipBLASLt feature probes.
      {"-- ROCM_PATH environment variable is not set and /opt/rocm does not exist.",
       k_torch_loadhip + ": no ROCm, building without it"},
      {"Optional package rccl not found", k_torch_loadhip + ": an optional package"},
      {"  Work around hiprtc cmake failure for cmake >= 4", k_torch_loadhip + ": a warning"},
      {"hipblaslt is NOT using scale pointer outer vec: Change Dir: /build/CMakeFiles/CMakeTmp",
       k_torch_loadhip + ": a feature probe"},
      // rocBLAS and composable_kernel status lines about the target lists.
      {"-- ROCM Platform Version:  is not set, using default supported list", k_rocblas + ": the default list"},
      {"Supported GPU_TARGETS= gfx908;gfx90a;gfx1030;gfx1100",
       "ROCm/composable_kernel@rocm-6.2.2 CMakeLists.txt: the filtered list"},
      {"Building CK for the following targets: gfx1100", "ROCm/composable_kernel@rocm-6.2.2 CMakeLists.txt"},
      {"  Job pooling is only available with Ninja generators.",
       "ROCm/composable_kernel@rocm-6.2.2 CMakeLists.txt: a warning"},
      // The compilers found, as the same scripts report them.
      {"-- hip compiler: /opt/rocm/llvm/bin/clang++", k_miopen + ": found"},
      {"-- HIP compiler:     clang", k_rccl + ": found"},
      {"-- Using hip-clang to build for amdgpu backend", k_hipblaslt + ": found"},
      // Triton's setup.py: no prebuilt LLVM for the platform (it then builds against a user LLVM), its downloads.
      {"LLVM pre-compiled image is not available for Linux-ppc64le. Proceeding with user-configured LLVM from source "
       "build.",
       k_triton + ": no prebuilt LLVM"},
      {"downloading and extracting https://oaitriton.blob.core.windows.net/public/llvm-builds/"
       "llvm-10dc3a8e-ubuntu-x64.tar.gz ...",
       k_triton + ": a download"},
      // xFormers, PyTorch3D, mmcv, detectron2, jax: notes and floors that name no cause of ours.
      {"Looks like we are using CUDA 12.1 which segfaults when provided with the -generate-line-info flag. Disabling it.",
       "facebookresearch/xformers@5dbdc2ec setup.py: a flag dropped"},
      {"UserWarning: The environment variable `CUB_HOME` was not found. NVIDIA CUB is required for compilation and can "
       "be downloaded from `https://github.com/NVIDIA/cub/releases`.",
       "facebookresearch/pytorch3d@ef43b8dd setup.py: a warning (CUDA 11+ carries CUB)"},
      {"Skip building ext ops due to the absence of torch.", "open-mmlab/mmcv@1bb3dea9 setup.py: no torch"},
      {"AssertionError: Requires PyTorch >= 1.8", "facebookresearch/detectron2@2dde7068 setup.py: a torch floor"},
      {"Outdated bazel revision (>= 1.2.1 required, found 0.29.1)",
       "jax-ml/jax@3a6a3af3 build/build.py: a Bazel floor (no category for a build tool other than CMake)"},
      // Tensile's asm-capability check only warns (the build goes on with the cached capabilities).
      {"Tensile::WARNING: Architecture (11, 0, 3) not supported by ROCm 5.4.22801",
       "ROCm/Tensile@rocm-6.2.2 Tensile/Common.py: a warning"},
      // TheRock: a target name it does not know is a typo as often as a GPU it does not build for; its status lines.
      {"  Unknown AMDGPU target 'gfx1036'. Available: gfx900 gfx906 gfx908 gfx90a gfx942 gfx1030 gfx1100",
       k_therock + ": an unknown target name (ambiguous)"},
      {"-- Configured AMDGPU Targets:", k_therock + ": a status line"},
      // PyTorch's setup helper refusing a Visual Studio generator it does not list (not the CMake version).
      {"Unsupported `CMAKE_GENERATOR`: Visual Studio 17 2022",
       "pytorch/pytorch@5bffd765 tools/setup_helpers/cmake.py: a generator it does not list"},
  };
  return cases;
}

// Both parts, each message as a log of its own.
TEST(ExplainSourceWordingsFrameworks, EachBuildScriptMessageGetsItsCategoryAndRow) {
  test::expect_wordings_explained(wordings());
  test::expect_wordings_explained(wordings_part_two());
}

TEST(ExplainSourceWordingsFrameworks, NeighbouringMessagesStayUnexplained) {
  test::expect_neighbours_unexplained(neighbours());
  test::expect_neighbours_unexplained(neighbours_part_two());
}

}  // namespace
}  // namespace archfit::explain
