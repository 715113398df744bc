// Twelfth round (build tools): the rows of cmake-version, compiler-version, missing-headers and oom take every
// wording the tools themselves print for the cause, read from the tools' sources (CMake's Source/ at tags, nvcc's
// host_config.h and binaries, the clang and GCC drivers, torch's and CCCL's headers, MSVC's error pages, glibc's and
// binutils' message catalogs), not only the wordings earlier logs showed. Each line is the tool's message as it
// prints it (the source in the comment or the case); the neighbouring messages (warnings of the same tools, other
// causes) must not be read as the cause. No issue thread was read for these.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "explain_test_support.hpp"
#include "util/text_lines.hpp"

namespace archfit::explain {
namespace {

std::shared_ptr<const SignatureSet> signatures() { return test::builtin_signatures_checked(); }

struct Hit {
  std::string id;
  std::string category;
};

// The rows (signatures and second-stage rules) one line matches, in table order.
std::vector<Hit> hits_of(const std::string& line) {
  auto set = signatures();
  LogScanner scanner(set);
  scanner.add_line(line);
  std::vector<Hit> hits;
  for (const auto& hit : scanner.matches().hits) {
    const auto& signature = set->signatures[hit.signature];
    hits.push_back({signature.id, signature.category});
  }
  return hits;
}

struct Case {
  std::string line;
  std::string category;
  std::string id;
  std::string source;
};

// Each line's first matching row is the case's row, of the case's category.
void expect_first_row_of_each(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.source);
    auto hits = hits_of(c.line);
    if (hits.empty()) {
      ADD_FAILURE() << "nothing matched: " << c.line;
      continue;
    }
    EXPECT_EQ(hits.front().id, c.id) << c.line;
    EXPECT_EQ(hits.front().category, c.category) << c.line;
  }
}

const std::string k_cmake = "https://github.com/Kitware/CMake/blob/";
const std::string k_cuda13 = "https://developer.download.nvidia.com/compute/cuda/redist/cuda_nvcc/ (CUDA 13.0)";
const std::string k_cuda12 =
    "https://github.com/ggerganov/llama.cpp/blob/f555db44ec12d429a073ce75208fd9ed3bf0a0c9/"
    "include/cuda/crt/host_config.h";
const std::string k_cuda4 =
    "https://github.com/Devdevdavid/Galaxeirb/blob/988657f5505170c1fe0f2a26135478fe1cd0daaf/include/host_config.h";
const std::string k_clang_driver =
    "https://github.com/llvm/llvm-project/blob/0008bd051a5ae7b613fc3416df3cb7363afa4220/clang/include/clang/Basic/"
    "DiagnosticDriverKinds.td";

TEST(SourceWordingsBuild, EachToolMessageIsReadAsItsCause) {
  const std::vector<Case> cases = {
      // --- cmake-version: CMake's own messages when the script needs another CMake ---
      {"  cmake_policy GET given policy \"CMP0135\" which is not known to this version of CMake.", "cmake-version",
       "cmake-policy-unknown", k_cmake + "v3.18.0/Source/cmCMakePolicyCommand.cxx"},
      {"  An attempt was made to set the policy version of CMake to \"3.27\" which is greater than this version of "
       "CMake.  This is not allowed because the greater version may have new policies not known to this CMake.  You may "
       "need a newer CMake version to build this project.",
       "cmake-version", "cmake-policy-unknown", k_cmake + "v3.18.0/Source/cmPolicies.cxx"},
      {"  However, this version of CMake no longer supports the OLD behavior for these policies.  Please either update "
       "your CMakeLists.txt files to conform to the new behavior or use an older version of CMake that still supports "
       "the old behavior.",
       "cmake-version", "cmake4-compat-removed", k_cmake + "v3.18.0/Source/cmPolicies.cxx"},
      {"  Compatibility with CMake < 2.4 is not supported by CMake >= 3.0.  For compatibility with older versions please "
       "use any CMake 2.8.x release or lower.",
       "cmake-version", "cmake4-compat-removed", k_cmake + "v3.31.0/Source/cmPolicies.cxx"},
      // A find module the script's own policies remove (CMP0146 NEW from cmake_minimum_required 3.27): a CMake too new.
      {"  By not providing \"FindCUDA.cmake\" in CMAKE_MODULE_PATH this project has asked CMake to find a package "
       "configuration file provided by \"CUDA\", but CMake did not find one.",
       "cmake-version", "cmake4-compat-removed", k_cmake + "v4.0.0/Source/cmFindPackageCommand.cxx"},
      {"  The FindCUDA module has been removed by policy CMP0146.", "cmake-version", "cmake4-compat-removed",
       k_cmake + "v4.0.0/Modules/FindCUDA.cmake"},
      {"  file does not recognize sub-command ARCHIVE_EXTRACT", "cmake-version", "cmake-syntax-too-new",
       k_cmake + "v3.18.0/Source/cmFileCommand.cxx"},
      {"  string does not recognize sub-command JSON", "cmake-version", "cmake-syntax-too-new",
       k_cmake + "v3.18.0/Source/cmStringCommand.cxx"},
      {"  Expression did not evaluate to a known generator expression", "cmake-version", "cmake-syntax-too-new",
       k_cmake + "v3.18.0/Source/cmGeneratorExpressionEvaluator.cxx"},
      {"  CUDA_STANDARD is set to invalid value '17'", "cmake-version", "cmake-syntax-too-new",
       k_cmake + "v3.18.0/Source/cmLocalGenerator.cxx"},
      {"  target_compile_features specified unknown feature \"cuda_std_17\" for target \"foo\".", "cmake-version",
       "cmake-syntax-too-new", k_cmake + "v3.27.0/Source/cmStandardLevelResolver.cxx"},
      {"  By not providing \"FindCUDAToolkit.cmake\" in CMAKE_MODULE_PATH this project has asked CMake to find a package "
       "configuration file provided by \"CUDAToolkit\", but CMake did not find one.",
       "cmake-version", "cmake-syntax-too-new", k_cmake + "v3.16.0/Source/cmFindPackageCommand.cxx"},
      {"  Unknown CMake command \"target_include_directories\".", "cmake-version", "cmake-command-too-new",
       k_cmake + "v2.8.11/Source/cmCommands.cxx"},
      {"  Unknown CMake command \"cmake_file_api\".", "cmake-version", "cmake-command-too-new",
       k_cmake + "v3.27.0/Source/cmCommands.cxx"},
      {"CMake Error: Could not create named generator Visual Studio 17 2022", "cmake-version", "cmake-option-too-new",
       k_cmake + "v3.20.0/Source/cmake.cxx"},
      {"CMake Error: Could not read presets from /src/proj: Unrecognized \"version\" field", "cmake-version",
       "cmake-option-too-new", k_cmake + "v3.25.0/Source/cmCMakePresetsGraph.cxx"},
      {"Unknown argument -j", "cmake-version", "cmake-option-too-new", k_cmake + "v3.11.0/Source/cmakemain.cxx"},
      {"CMake Error: Could not find cmake module file: CMakeDetermineCUDACompiler.cmake", "cmake-version",
       "cmake-hip-language-too-old", k_cmake + "v3.8.0/Modules/CMakeDetermineCUDACompiler.cmake"},
      {"CMake Error: Could not find cmake module file:CMakeDetermineVERSIONCompiler.cmake", "cmake-version",
       "cmake-hip-language-too-old", k_cmake + "v2.8.12/Source/cmGlobalGenerator.cxx"},
      {"nvcc fatal   : Unsupported gpu architecture 'compute_all'", "cmake-version", "cmake-native-arch-too-old",
       k_cmake + "v3.23.0/Source/cmGeneratorTarget.cxx"},
      {"nvcc fatal   : Unsupported gpu architecture 'compute_all-major'", "cmake-version", "cmake-native-arch-too-old",
       k_cmake + "v3.23.0/Source/cmGeneratorTarget.cxx"},
      // --- compiler-version: nvcc's host compiler checks, every CUDA release's wording ---
      {"/usr/local/cuda/include/host_config.h:82:2: error: #error -- unsupported GNU version! gcc 4.7 and up are not "
       "supported!",
       "compiler-version", "nvcc-unsupported-gcc", k_cuda4},
      {"/usr/local/cuda/include/host_config.h:119:2: error: #error -- unsupported GNU version! gcc versions later than "
       "4.9 are not supported!",
       "compiler-version", "nvcc-unsupported-gcc", k_cuda12},
      {"#error -- unsupported MSVC version! Only MSVC 8.0, 9.0, and 10.0 are supported!", "compiler-version",
       "nvcc-unsupported-host-compiler", k_cuda4},
      {"#error --- !!! UNSUPPORTED COMPILER !!! ---", "compiler-version", "nvcc-unsupported-host-compiler", k_cuda12},
      {"#error -- unsupported pgc++ configuration! pgc++ is supported only on Linux x86_64!", "compiler-version",
       "nvcc-unsupported-host-compiler", k_cuda12},
      {"#error -- clang and clang++ are the only supported host compilers on Mac OS X!", "compiler-version",
       "nvcc-unsupported-host-compiler", k_cuda12},
      {"#error -- ICC is not supported as a host compiler!", "compiler-version", "nvcc-unsupported-host-compiler",
       k_cuda13},
      {"#error -- unsupported Grace clang version! The version must be 16.x to 20.x. The nvcc flag "
       "'-allow-unsupported-compiler' can be used to override this version check",
       "compiler-version", "nvcc-unsupported-host-compiler", k_cuda13},
      {"#error -- unsupported Intel ICX compiler! The nvcc flag '-allow-unsupported-compiler' can be used to override "
       "this version check",
       "compiler-version", "nvcc-unsupported-host-compiler", k_cuda13},
      {"#error -- unsupported HOS clang version! The version must be must be less than 21 and greater than 3.2 .",
       "compiler-version", "nvcc-unsupported-host-compiler", k_cuda13},
      {"nvcc fatal   : Host compiler targets unsupported OS.", "compiler-version", "nvcc-unsupported-host-compiler",
       k_cuda13 + " bin/nvcc"},
      {"nvcc fatal   : Unsupported NVHPC compiler found. nvc++ is the only NVHPC compiler that is supported.",
       "compiler-version", "nvcc-unsupported-host-compiler", k_cuda13 + " bin/nvcc"},
      // --- compiler-version: a C++ standard the compiler (or a header) does not accept ---
      {"nvcc fatal   : Value 'c++20' is not defined for option 'std'", "compiler-version", "compiler-std-flag-unknown",
       k_cuda13 + " bin/nvcc (option parser: Value '%s' is not defined for option '%s')"},
      {"nvcc warning : The -std=c++20 flag is not supported with the configured host compiler. Flag will be ignored.",
       "compiler-version", "compiler-std-flag-unknown", k_cuda13 + " bin/nvcc"},
      {"g++: error: unrecognized command line option '-std=c++17'", "compiler-version", "compiler-std-flag-unknown",
       "https://github.com/gcc-mirror/gcc/blob/70f25790a1effc8f1cba3cb8a368b129c66a87b0/gcc/opts-common.c"},
      {"c++: error: unrecognized command-line option '-std=c++20'; did you mean '-std=c++2a'?", "compiler-version",
       "compiler-std-flag-unknown",
       "https://github.com/gcc-mirror/gcc/blob/e2a8772c9328960c625f5b95091d4312efa0e284/gcc/opts-common.cc"},
      {"error: invalid value 'c++20' in '-std=c++20'", "compiler-version", "compiler-std-flag-unknown",
       k_clang_driver + " (err_drv_invalid_value)"},
      {"cl : Command line warning D9002 : ignoring unknown option '/std:c++20'", "compiler-version",
       "compiler-std-flag-unknown", "https://learn.microsoft.com/en-us/cpp/error-messages/tool-errors/command-line-warning-d9002"},
      {"/usr/include/c++/4.8.2/bits/c++0x_warning.h:32:2: error: #error This file requires compiler and library support "
       "for the ISO C++ 2011 standard. This support must be enabled with the -std=c++11 or -std=gnu++11 compiler options.",
       "compiler-version", "cxx-standard-required-by-headers",
       "https://github.com/gcc-mirror/gcc/blob/198d14a1388128259c3b0a9e4fe74a50bdb33680/"
       "libstdc++-v3/include/bits/c++0x_warning.h"},
      {"torch/include/torch/csrc/api/include/torch/all.h:4:2: error: #error C++17 or later compatible compiler is "
       "required to use PyTorch.",
       "compiler-version", "cxx-standard-required-by-headers",
       "https://github.com/pytorch/pytorch/blob/8d67aa32948e7c60b74041470cb98dd51d69811c/"
       "torch/csrc/api/include/torch/all.h"},
      {"torch/include/ATen/ATen.h:4:2: error: #error C++17 or later compatible compiler is required to use ATen.",
       "compiler-version", "cxx-standard-required-by-headers",
       "https://github.com/pytorch/pytorch/blob/00322d0c5d45d9382e603c0f0f88e79c6bd1fcdc/aten/src/ATen/ATen.h"},
      {"/usr/local/cuda/include/cccl/thrust/detail/config/cpp_dialect.h:78:6: error: #error Thrust requires at least "
       "C++17. Define CCCL_IGNORE_DEPRECATED_CPP_DIALECT to suppress this message.",
       "compiler-version", "cxx-standard-required-by-headers", k_cuda13 + " include/cccl/thrust"},
      {"cuda/std/__internal/cpp_dialect.h:40:6: error: #error libcu++ requires at least C++ 17. Define "
       "CCCL_IGNORE_DEPRECATED_CPP_DIALECT to suppress this message.",
       "compiler-version", "cxx-standard-required-by-headers", k_cuda13 + " include/cccl/cuda"},
      {"clang: error: unsupported CUDA gpu architecture: sm_90", "compiler-version", "cuda-clang-gpu-arch-unsupported",
       k_clang_driver + " (err_drv_cuda_bad_gpu_arch)"},
      {"clang-18: error: GPU arch sm_35 is supported by CUDA versions between 7.0 and 11.8 (inclusive), but installation "
       "at /usr/local/cuda is 12.4; use '--cuda-path' to specify a different CUDA install, pass a different GPU arch "
       "with '--cuda-gpu-arch', or pass '--no-cuda-version-check'",
       "compiler-version", "cuda-clang-gpu-arch-unsupported", k_clang_driver + " (err_drv_cuda_version_unsupported)"},
      {"clang: error: unsupported HIP gpu architecture: gfx1201", "compiler-version", "cuda-clang-gpu-arch-unsupported",
       k_clang_driver + " (err_drv_offload_bad_gpu_arch)"},
      // A CPU model or ISA extension the compiler does not know.
      {"cc1plus: error: bad value 'sapphirerapids' for '-march=' switch", "compiler-version", "compiler-cpu-target-unknown",
       "https://github.com/gcc-mirror/gcc/blob/b3f1b9e2aa079f8ec73e3cb48143a16645c49566/"
       "gcc/config/i386/i386-options.cc"},
      {"error: unknown target CPU 'sapphirerapids'", "compiler-version", "compiler-cpu-target-unknown",
       "https://github.com/llvm/llvm-project/blob/196edb9f3f4a036371af0013a3d8b857fe0924d5/"
       "clang/include/clang/Basic/DiagnosticCommonKinds.td"},
      {"g++: error: unrecognized command-line option '-mavx512fp16'", "compiler-version", "compiler-cpu-target-unknown",
       "https://github.com/gcc-mirror/gcc/blob/e2a8772c9328960c625f5b95091d4312efa0e284/gcc/opts-common.cc"},
      {"clang: error: unknown argument: '-mavx512fp16'", "compiler-version", "compiler-cpu-target-unknown",
       k_clang_driver + " (err_drv_unknown_argument)"},
      {"  Target \"foo\" requires the language dialect \"CUDA17\" (with compiler extensions). But the current compiler "
       "\"NVIDIA\" does not support this, or CMake does not know the flags to enable it.",
       "compiler-version", "cmake-compiler-lacks-dialect", k_cmake + "v3.27.0/Source/cmStandardLevelResolver.cxx"},
      {"  The compiler feature \"cxx_std_17\" is not known to CXX compiler", "compiler-version",
       "cmake-compiler-lacks-dialect", k_cmake + "v3.18.0/Source/cmMakefile.cxx"},
      {"RuntimeError: The current installed version of g++ (4.8.5) is less than the minimum required version by CUDA "
       "11.7 (6.0.0). Please make sure to use an adequate version of g++ (>=6.0.0, <12.0).",
       "compiler-version", "torch-ext-gcc-below-cuda-min",
       "https://github.com/pytorch/pytorch/blob/0011ec5c5d6171a395bb339b873343a4cdfebd18/torch/utils/cpp_extension.py"},
      // --- missing-headers: a header without an extension, and a diagnostic in another language ---
      {"foo.cpp:3:10: fatal error: cuda/std/atomic: No such file or directory", "missing-headers", "header-not-found",
       "https://github.com/gcc-mirror/gcc/blob/d9b56c65a2697e0d7a6c0f15f1977803dc94579b/libcpp/files.cc"},
      {"foo.cpp:1:10: fatal error: 'Eigen/Dense' file not found", "missing-headers", "header-not-found",
       "https://github.com/llvm/llvm-project/blob/fb23eb5d46a541fe9d0bd7cb85d18edbcf2773b7/"
       "clang/include/clang/Basic/DiagnosticLexKinds.td"},
      // GCC's diagnostic (file:line:column, then libcpp's "header: strerror" at the end of the line) with glibc's
      // strerror(ENOENT) in de, fr, zh_CN and ko (libc.mo of glibc 2.36). The translated "fatal error" is not read,
      // any words match; the de, fr and zh_CN words are GCC's msgstr of "fatal error: " in gcc/po/de.po, fr.po and
      // zh_CN.po at https://github.com/gcc-mirror/gcc/blob/8df0de92a0bb2429491ab914461f30e960bba84a/gcc/po/ (GCC 15.1
      // and 14.2 catalogs). No gcc/po/ko.po was found there, so the ko line's words are placeholders. The separator
      // after the header is libcpp's "%s: %s" in cpplib's own catalog, which was not checked.
      {"foo.cpp:3:10: schwerwiegender Fehler: cuda.h: Datei oder Verzeichnis nicht gefunden", "missing-headers",
       "header-not-found", "https://sourceware.org/git/?p=glibc.git;a=blob;f=po/de.po;hb=glibc-2.36"},
      {"foo.cpp:3:10: erreur fatale: cuda.h : Aucun fichier ou dossier de ce type", "missing-headers",
       "header-not-found", "https://sourceware.org/git/?p=glibc.git;a=blob;f=po/fr.po;hb=glibc-2.36"},
      {"foo.cpp:3:10: 致命错误：cuda.h：没有那个文件或目录", "missing-headers", "header-not-found",
       "https://sourceware.org/git/?p=glibc.git;a=blob;f=po/zh_CN.po;hb=glibc-2.36"},
      {"foo.cpp:3:10: 치명적 오류: cuda.h: 그런 파일이나 디렉터리가 없습니다", "missing-headers", "header-not-found",
       "https://sourceware.org/git/?p=glibc.git;a=blob;f=po/ko.po;hb=glibc-2.36"},
      // --- oom: the heap of MSVC and of CUDA's tools, the allocation failure in the locale's words ---
      {"foo.cpp(10): fatal error C1060: compiler is out of heap space", "oom", "compiler-heap-exhausted",
       "https://learn.microsoft.com/en-us/cpp/error-messages/compiler-errors-1/fatal-error-c1060"},
      {"c1xx : fatal error C1002: compiler is out of heap space in pass 2", "oom", "compiler-heap-exhausted",
       "https://learn.microsoft.com/en-us/cpp/error-messages/compiler-errors-1/fatal-error-c1002"},
      {"c1xx: fatal error C1076: compiler limit: internal heap limit reached", "oom", "compiler-heap-exhausted",
       "https://learn.microsoft.com/en-us/cpp/error-messages/compiler-errors-1/fatal-error-c1076"},
      {"foo.cpp: error C3859: Failed to create virtual memory for PCH", "oom", "compiler-heap-exhausted",
       "https://learn.microsoft.com/en-us/cpp/error-messages/compiler-errors-2/compiler-error-c3859"},
      {"LINK : fatal error LNK1102: out of memory", "oom", "compiler-heap-exhausted",
       "https://learn.microsoft.com/en-us/cpp/error-messages/tool-errors/linker-tools-error-lnk1102"},
      {"ptxas fatal   : Memory allocation failure", "oom", "compiler-heap-exhausted", k_cuda13 + " bin/ptxas"},
      {"fatbinary fatal   : Memory allocation failure", "oom", "compiler-heap-exhausted", k_cuda13 + " bin/fatbinary"},
      {"foo.cu(3): catastrophic error: out of memory", "oom", "compiler-heap-exhausted", k_cuda13 + " bin/cudafe++"},
      {"g++: fatal error: cannot execute 'cc1plus': execvp: Nicht genügend Hauptspeicher verfügbar", "oom",
       "facets-build-tool-out-of-memory", "https://sourceware.org/git/?p=glibc.git;a=blob;f=po/de.po;hb=glibc-2.36"},
      {"/usr/bin/ld: final link failed: mémoire épuisée", "oom", "facets-build-tool-out-of-memory",
       "https://sourceware.org/git/?p=binutils-gdb.git;a=blob;f=bfd/po/fr.po;hb=binutils-2_40"},
      {"/usr/bin/ld: Zu wenig Speicher", "oom", "facets-build-tool-out-of-memory",
       "https://sourceware.org/git/?p=binutils-gdb.git;a=blob;f=ld/po/de.po;hb=binutils-2_40"},
      // GNU make reporting the signal that killed the command of an object file ("%s[%s: %s] %s%s%s" with strsignal,
      // in the locale's words: de "Getötet").
      {"make[2]: *** [CMakeFiles/foo.dir/build.make:76: CMakeFiles/foo.dir/foo.cpp.o] Killed", "oom",
       "compiler-killed-signal", "https://git.savannah.gnu.org/cgit/make.git/tree/src/job.c?h=4.4.1"},
      {"make[1]: *** [foo.o] Getötet", "oom", "compiler-killed-signal",
       "https://git.savannah.gnu.org/cgit/make.git/tree/src/job.c?h=4.4.1"},
  };
  expect_first_row_of_each(cases);
}

// The same tools' neighbouring messages: warnings a successful build prints, and other causes.
TEST(SourceWordingsBuild, NeighbouringMessagesAreNotReadAsTheCause) {
  struct Neighbour {
    std::string line;
    std::string not_category;  // empty: nothing may match
    std::string source;
  };
  const std::vector<Neighbour> cases = {
      // CMake's deprecation warnings (the build goes on) and a policy that is only unset.
      {"  Compatibility with CMake < 3.10 will be removed from a future version of CMake.", "",
       k_cmake + "v3.31.0/Source/cmPolicies.cxx"},
      {"  The OLD behavior for policy CMP0072 will be removed from a future version of CMake.", "",
       k_cmake + "v3.31.0/Source/cmPolicies.cxx"},
      {"  Policy CMP0104 is not set: CMAKE_CUDA_ARCHITECTURES now detected for NVCC, empty CUDA_ARCHITECTURES not "
       "allowed.  Run \"cmake --help-policy CMP0104\" for policy details.",
       "", k_cmake + "v3.18.0/Source/cmPolicies.cxx"},
      // CMake's own default for the compiler, not the script's value.
      {"  CMAKE_CXX_STANDARD_DEFAULT is set to invalid value '26'", "", k_cmake + "v3.18.0/Source/cmLocalGenerator.cxx"},
      // A package that is not installed (its config file not found) is not a CMake version problem.
      {"  By not providing \"FindCUDNN.cmake\" in CMAKE_MODULE_PATH this project has asked CMake to find a package "
       "configuration file provided by \"CUDNN\", but CMake did not find one.",
       "cmake-version", k_cmake + "v3.16.0/Source/cmFindPackageCommand.cxx"},
      // A generator name or a presets file that is wrong in any CMake.
      {"CMake Error: Could not create named generator Foo Makefiles", "", k_cmake + "v3.20.0/Source/cmake.cxx"},
      {"CMake Error: Could not read presets from /src/proj: JSON parse error", "",
       k_cmake + "v3.25.0/Source/cmCMakePresetsGraph.cxx"},
      // A number the CUDA release does not know stays nvcc's refusal (compiler-version), not a CMake keyword.
      {"nvcc fatal   : Unsupported gpu architecture 'compute_86'", "cmake-version", k_cuda13 + " bin/nvcc"},
      // CCCL's compiler deprecation is a warning (#pragma GCC warning), not an #error.
      {"warning: Thrust requires at least GCC 7.0. Define CCCL_IGNORE_DEPRECATED_COMPILER to suppress this message.", "",
       k_cuda13 + " include/cccl/thrust/detail/config/cpp_dialect.h"},
      // A compiler's warning that names a header and the locale's "not found" words elsewhere on the line is not a
      // missing header (only libcpp's "header: strerror" ending the line is).
      {"foo.cpp:3:10: Warnung: cuda.h: Datei oder Verzeichnis nicht gefunden, CPU-Pfad wird verwendet", "",
       "https://sourceware.org/git/?p=glibc.git;a=blob;f=po/de.po;hb=glibc-2.36"},
      // A missing source file (no line and column) is not a missing header; a missing library is not the heap.
      {"cc1plus: fatal error: src/main: No such file or directory", "missing-headers",
       "https://github.com/gcc-mirror/gcc/blob/d9b56c65a2697e0d7a6c0f15f1977803dc94579b/libcpp/files.cc"},
      {"LINK : fatal error LNK1104: cannot open file 'cudart.lib'", "oom",
       "https://learn.microsoft.com/en-us/cpp/error-messages/tool-errors/linker-tools-error-lnk1104"},
      // An option the compiler does not know that names no CPU feature or standard is not a version problem.
      {"g++: error: unrecognized command-line option '-fno-plt-foo'", "compiler-version",
       "https://github.com/gcc-mirror/gcc/blob/e2a8772c9328960c625f5b95091d4312efa0e284/gcc/opts-common.cc"},
      // make's report for a target that is not an object file (a test, a script) is not the build's OOM.
      {"make: *** [Makefile:3: all] Killed", "", "https://git.savannah.gnu.org/cgit/make.git/tree/src/job.c?h=4.4.1"},
      // The allocation failure with no build tool on the line (a Python process) is not the build's.
      {"OSError: [Errno 12] Nicht genügend Hauptspeicher verfügbar", "",
       "https://sourceware.org/git/?p=glibc.git;a=blob;f=po/de.po;hb=glibc-2.36"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.source);
    for (const auto& hit : hits_of(c.line)) {
      if (c.not_category.empty()) {
        ADD_FAILURE() << c.line << " matched " << hit.id;
      } else {
        EXPECT_NE(hit.category, c.not_category) << c.line << " matched " << hit.id;
      }
    }
  }
}

// Fourteenth round (common messages still unknown): CMake's CUDA/HIP language messages read at its tags, LLVM's
// subtarget warning for an AMDGPU processor it does not know, the sm_60 atomics of device code compiled for an older
// arch, the linkers' "cannot find -l" for a GPU toolkit's library, and the shells' words for a missing hipcc.
const std::string k_llvm_mc =
    "https://github.com/llvm/llvm-project/blob/02834a92a79279ca2594bf00f5e1f9cc8ac3c3f2/llvm/lib/MC/MCSubtargetInfo.cpp";
const std::string k_lld =
    "https://github.com/llvm/llvm-project/blob/00784b93bea681f3b601fbd69ba7a5c60ca7e0f9/lld/ELF/Driver.cpp";
const std::string k_ld = "https://sourceware.org/git/?p=binutils-gdb.git;a=blob;f=ld/ldfile.c;hb=binutils-2_42";
const std::string k_gold = "https://sourceware.org/git/?p=binutils-gdb.git;a=blob;f=gold/fileread.cc;hb=binutils-2_42";
const std::string k_atomics = "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#atomicadd";

TEST(SourceWordingsBuild, FourteenthRoundCommonMessagesAreReadAsTheirCause) {
  const std::vector<Case> cases = {
      // CMake's HIP and CUDA language support (Modules/CMakeDetermine{HIP,CUDA}Compiler.cmake, cmGlobalGenerator).
      {"  Failed to find ROCm root directory.", "rocm-path", "cmake-gpu-toolkit-root-not-found",
       k_cmake + "v3.22.0/Modules/CMakeDetermineHIPCompiler.cmake"},
      {"CMake Error: CMAKE_HIP_COMPILER not set, after EnableLanguage", "rocm-path", "cmake-gpu-compiler-not-found",
       k_cmake + "v4.0.0/Source/cmGlobalGenerator.cxx"},
      {"CMake Error: CMAKE_CUDA_COMPILER not set, after EnableLanguage", "rocm-path", "cmake-gpu-compiler-not-found",
       k_cmake + "v3.21.0/Source/cmGlobalGenerator.cxx"},
      {"  Unable to find _CUDA_LIBRARY_DIR based on _CUDA_TARGET_DIR=/usr/local/cuda/targets/x86_64-linux",
       "rocm-path", "cmake-gpu-toolkit-root-not-found", k_cmake + "v4.0.0/Modules/CMakeDetermineCUDACompiler.cmake"},
      {"  Unable to find cuda_runtime.h in \"/usr/local/cuda/targets/x86_64-linux/include\" for _CUDA_INCLUDE_DIR.",
       "rocm-path", "cmake-gpu-toolkit-root-not-found", k_cmake + "v4.0.0/Modules/CMakeDetermineCUDACompiler.cmake"},
      {"  Failed to find a working HIP architecture.", "arch-detect", "hip-cmake-gpu-detect-failed",
       k_cmake + "v3.21.0/Modules/CMakeDetermineHIPCompiler.cmake"},
      // LLVM's MC subtarget table does not know the AMDGPU processor: the compiler predates the GPU.
      {"'gfx1200' is not a recognized processor for this target (ignoring processor)", "compiler-version",
       "llvm-amdgpu-processor-unrecognized", k_llvm_mc},
      {"'gfx950' is not a recognized processor for this target (ignoring processor)", "compiler-version",
       "llvm-amdgpu-processor-unrecognized", k_llvm_mc},
      // sm_60_atomic_functions.h declares these only for __CUDA_ARCH__ >= 600.
      {"foo.cu:12:5: error: no matching function for call to 'atomicAdd(double*, double)'", "arch-detect",
       "cuda-sm60-atomic-old-arch", k_atomics},
      {"kernel.cu(40): error: identifier \"atomicAdd_block\" is undefined", "arch-detect", "cuda-sm60-atomic-old-arch",
       k_atomics},
      {"kernel.cu(41): error: identifier \"atomicCAS_system\" is undefined", "arch-detect", "cuda-sm60-atomic-old-arch",
       k_atomics},
      // GNU ld (binutils 2.38+ adds ": %E"), gold and lld not finding a GPU toolkit's library.
      {"/usr/bin/ld: cannot find -lcudart: No such file or directory", "rocm-path", "gpu-runtime-lib-not-on-link-path",
       k_ld},
      {"/usr/bin/ld: cannot find -lamdhip64", "rocm-path", "gpu-runtime-lib-not-on-link-path", k_ld},
      {"/usr/bin/ld: cannot find -lcuda: No such file or directory", "rocm-path", "gpu-runtime-lib-not-on-link-path",
       k_ld},
      {"/usr/bin/ld: cannot find -lnvrtc", "rocm-path", "gpu-runtime-lib-not-on-link-path", k_ld},
      {"/usr/bin/ld: cannot find -lhsa-runtime64", "rocm-path", "gpu-runtime-lib-not-on-link-path", k_ld},
      {"/usr/bin/ld.gold: error: cannot find -lrocblas", "rocm-path", "gpu-runtime-lib-not-on-link-path", k_gold},
      {"ld.lld: error: unable to find library -lcudart", "rocm-path", "gpu-runtime-lib-not-on-link-path", k_lld},
      // GCC handed HIP's flags: the HIP sources are compiled with g++, not ROCm's clang (opts-common.cc's wording, with
      // the typographic quotes GCC prints in a UTF-8 locale and the older "command line" spelling).
      {"c++: error: unrecognized command-line option ‘--offload-arch=gfx1201’", "rocm-path",
       "rocm-lib-needs-hip-compiler", "https://github.com/ROCm/TheRock/issues/498"},
      {"c++: error: unrecognized command line option '--offload-arch=gfx900'; did you mean '--offload-abi=ilp32'?",
       "rocm-path", "rocm-lib-needs-hip-compiler", "https://github.com/spack/spack/issues/30181"},
      {"g++: error: unrecognized command-line option ‘-fno-gpu-rdc’", "rocm-path", "rocm-lib-needs-hip-compiler",
       "https://github.com/ROCm/TransformerEngine/issues/439"},
      // bash's "%s: command not found" pasted without the shell's prefix.
      {"hipcc: command not found", "rocm-path", "hipcc-not-on-path",
       "https://git.savannah.gnu.org/cgit/bash.git/tree/execute_cmd.c?h=bash-5.2"},
      {"hipconfig: command not found", "rocm-path", "hipcc-not-on-path",
       "https://git.savannah.gnu.org/cgit/bash.git/tree/execute_cmd.c?h=bash-5.2"},
  };
  expect_first_row_of_each(cases);
}

TEST(SourceWordingsBuild, FourteenthRoundNeighboursStayUnmatched) {
  const std::vector<std::string> lines = {
      "/usr/bin/ld: cannot find -lfoo: No such file or directory",  // a library of no GPU toolkit
      "/usr/bin/ld: cannot find -lcudnn_foo",
      "ld.lld: error: unable to find library -lz",
      "-- Looking for a CUDA compiler - NOTFOUND",  // CMake's probe (check_language), not a failure
      "-- Looking for a HIP compiler - /opt/rocm/llvm/bin/clang++",
      "-- Looking for pthread_create in pthreads - not found",
      "RuntimeError: No CUDA GPUs are available",  // a run without a GPU: none
      "CUDA error: the provided PTX was compiled with an unsupported toolchain.",  // driver too old: none
      "'apple-m4' is not a recognized processor for this target (ignoring processor)",  // a CPU, not a GPU
      "'gfx000' is not a recognized processor for this target (ignoring processor)",  // the CPU agent: arch-detect
      "error: no matching function for call to 'atomicAdd(float*, double)'",
      "error: identifier \"atomicAdd\" is undefined",
      "foo: command not found",
      "g++: error: unrecognized command-line option ‘-fno-plt-foo’",  // another option GCC does not know
      "clang: warning: argument unused during compilation: '--offload-arch=gfx90a'",
      // CMake 3.23's wording for an architecture list it could not test: the training log instant-ngp-753 (fixed by
      // another CMake) shows that the message alone does not name the cause.
      "  CMAKE_CUDA_ARCHITECTURES must be valid if set.",
  };
  for (const auto& line : lines) {
    for (const auto& hit : hits_of(line)) {
      if (line.find("gfx000") != std::string::npos) {
        EXPECT_NE(hit.id, "llvm-amdgpu-processor-unrecognized") << line;
      } else {
        ADD_FAILURE() << line << " matched " << hit.id;
      }
    }
  }
}

// A child's output as the lines explain reads (util/text_lines.hpp's split), owned.
std::vector<std::string> output_lines(const std::string& text) {
  std::vector<std::string> lines;
  for (auto line : split_lines(text)) {
    lines.emplace_back(line);
  }
  return lines;
}

// bash's own report of a job a signal ended (jobs.c, notify_of_job_status: "<script>: line N: " and then the job as
// `jobs` prints it, "<pid> Killed <command>"), made here by a real bash: a script whose build commands (stand-ins on
// PATH named make, pip and bundle, each ending itself with SIGKILL as the OOM killer would) are killed. The same report
// for a program that is no build command (python3 train.py) is not read as a build's OOM.
TEST(SourceWordings, BashReportsABuildCommandKilled) {
  auto dir = test::unique_temp_path("bash-killed");
  std::filesystem::create_directories(dir / "bin");
  for (const char* tool : {"make", "pip", "bundle", "python3"}) {
    auto path = dir / "bin" / tool;
    std::ofstream(path) << "#!/bin/sh\nkill -9 $$\n";
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  }
  std::ofstream(dir / "build.sh") << "make -j8\npip install --no-build-isolation .\nbundle install\npython3 train.py\n";
  test::Child bash({"bash", (dir / "build.sh").string()}, {"PATH=" + (dir / "bin").string() + ":/usr/bin:/bin"});
  bash.finish();
  auto lines = output_lines(bash.err);
  ASSERT_EQ(lines.size(), 4u) << bash.err;
  for (std::size_t i = 0; i < 3; ++i) {
    ASSERT_NE(lines[i].find("Killed"), std::string::npos) << lines[i];
    auto hits = hits_of(lines[i]);
    ASSERT_FALSE(hits.empty()) << lines[i];
    EXPECT_EQ(hits.front().id, "shell-reports-build-command-killed") << lines[i];
    EXPECT_EQ(hits.front().category, "oom") << lines[i];
  }
  ASSERT_NE(lines[3].find("python3 train.py"), std::string::npos) << lines[3];
  EXPECT_TRUE(hits_of(lines[3]).empty()) << lines[3];
  std::filesystem::remove_all(dir);
}

// CMake's own message for a compiler path that names no file (Source/cmGlobalGenerator.cxx: "The CMAKE_<LANG>_COMPILER:",
// the path, "is not a full path to an existing compiler tool."), made by this machine's cmake at test time: hipcc under
// a ROCm prefix that does not exist is a ROCm path problem; the same for a GCC path is no GPU toolkit's, and says nothing.
TEST(SourceWordings, CMakeReportsAGpuCompilerPathThatNamesNoFile) {
  auto dir = test::unique_temp_path("cmake-compiler-path");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.16)\nproject(probe LANGUAGES CXX)\n";
  auto configure = [&](const std::string& compiler) {
    std::filesystem::remove_all(dir / "build");
    // Ninja, as archfit's own build: a fresh Debian root has no make for CMake's default generator.
    test::Child cmake(
        {"cmake", "-G", "Ninja", "-S", dir.string(), "-B", (dir / "build").string(), "-DCMAKE_CXX_COMPILER=" + compiler});
    EXPECT_NE(cmake.finish(), 0);
    return output_lines(cmake.out + cmake.err);
  };
  auto rocm = configure("/opt/rocm-archfit-absent/bin/hipcc");
  auto rocm_text = testing::PrintToString(rocm);
  ASSERT_NE(rocm_text.find("is not a full path to an existing compiler tool"), std::string::npos) << rocm_text;
  auto explanation = test::explain_lines(rocm);
  ASSERT_TRUE(explanation.explained) << rocm_text;
  EXPECT_EQ(explanation.findings.front().id, "facets-cmake-gpu-compiler-not-in-path");
  EXPECT_EQ(explanation.findings.front().category, "rocm-path");
  auto gcc = configure("/opt/gcc-archfit-absent/bin/g++");
  EXPECT_FALSE(test::explain_lines(gcc).explained) << testing::PrintToString(gcc);
  std::filesystem::remove_all(dir);
}

// FindCUDAToolkit's failures as this machine's cmake prints them (Modules/FindCUDAToolkit.cmake and
// FindPackageHandleStandardArgs.cmake): no nvcc anywhere it looks (the find root moved to an empty directory, so the
// machine's own /usr/local/cuda is not found), and an nvcc whose toolkit has no include/ (a stand-in nvcc that only
// prints its version). find_package without REQUIRED prints the first as a status line ("-- Could not find nvcc…"),
// which every CPU-only configure of a project with optional CUDA shows: not read.
TEST(SourceWordings, CMakeFindCudaToolkitFailures) {
  auto dir = test::unique_temp_path("cmake-cudatoolkit");
  std::filesystem::create_directories(dir / "fake-cuda" / "bin");
  auto nvcc = dir / "fake-cuda" / "bin" / "nvcc";
  std::ofstream(nvcc) << "#!/bin/sh\necho 'nvcc: NVIDIA (R) Cuda compiler driver'\n"
                         "echo 'Cuda compilation tools, release 12.1, V12.1.105'\n";
  std::filesystem::permissions(nvcc, std::filesystem::perms::owner_all);
  auto configure = [&](const std::string& find, const std::vector<std::string>& options) {
    std::filesystem::remove_all(dir / "build");
    std::ofstream(dir / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.17)\nproject(probe LANGUAGES NONE)\n" << find;
    std::vector<std::string> argv = {"cmake", "-G", "Ninja", "-S", dir.string(), "-B", (dir / "build").string()};
    argv.insert(argv.end(), options.begin(), options.end());
    test::Child cmake(argv, {"PATH=/usr/bin:/bin", "CUDA_PATH", "CUDAToolkit_ROOT", "CUDACXX", "CUDA_HOME"});
    cmake.finish();
    return output_lines(cmake.out + cmake.err);
  };
  const std::string hidden = "set(CMAKE_FIND_ROOT_PATH " + (dir / "empty").string() +
                             ")\nset(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM ONLY)\nset(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)\n"
                             "set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)\n";
  struct Run {
    std::vector<std::string> lines;
    std::string wording;
    bool explained;
  };
  std::vector<Run> runs = {
      {configure(hidden + "find_package(CUDAToolkit REQUIRED)\n", {}), "Could not find nvcc, please set CUDAToolkit_ROOT", true},
      {configure("find_package(CUDAToolkit REQUIRED)\n", {"-DCUDAToolkit_ROOT=" + (dir / "fake-cuda").string()}),
       "Could NOT find CUDAToolkit (missing: CUDAToolkit_INCLUDE_DIR", true},
      {configure(hidden + "find_package(CUDAToolkit)\n", {}), "-- Could not find nvcc, please set CUDAToolkit_ROOT", false},
  };
  for (const auto& run : runs) {
    auto text = testing::PrintToString(run.lines);
    ASSERT_NE(text.find(run.wording), std::string::npos) << text;
    auto explanation = test::explain_lines(run.lines);
    EXPECT_EQ(explanation.explained, run.explained) << text;
    if (run.explained && explanation.explained) {
      EXPECT_EQ(explanation.findings.front().id, "findcudatoolkit-not-found") << text;
      EXPECT_EQ(explanation.findings.front().category, "rocm-path") << text;
    }
  }
  std::filesystem::remove_all(dir);
}

// A GPU compiler that is not there, as the tools that ran it say so, made by this machine's tools at test time with a
// PATH that holds nothing: GNU make running a recipe's command itself (src/job.c: "make: nvcc: No such file or
// directory"), interactive bash given a path that names no file (without the "line N:" of a script), zsh's
// "command not found: nvcc" (Src/exec.c), fish's
// command-not-found handler (share/functions/fish_command_not_found.fish: "fish: Unknown command: nvcc") and distutils'
// spawn (Lib/distutils/spawn.py: "command 'nvcc' failed: No such file or directory", here without setuptools' "error:").
// The same tools' reports about another program (make running g++) name no GPU toolkit and are not read.
TEST(SourceWordings, ToolsReportAGpuCompilerThatIsNotThere) {
  auto dir = test::unique_temp_path("tool-not-there");
  std::filesystem::create_directories(dir / "empty");
  const std::string empty_path = "PATH=" + (dir / "empty").string();
  std::ofstream(dir / "Makefile") << "cuda:\n\tnvcc -c kernel.cu\nhip:\n\thipcc -c kernel.hip\nhost:\n\tg++ -c main.cpp\n";
  auto make = [&](const std::string& target) {
    test::Child child({"/usr/bin/make", "-s", "-C", dir.string(), "--no-print-directory", target}, {empty_path});
    EXPECT_NE(child.finish(), 0);
    return output_lines(child.out + child.err);
  };
  auto line_naming = [](const std::vector<std::string>& lines, const std::string& word) {
    for (const auto& line : lines) {
      if (line.find(word) != std::string::npos && line.find("Error") == std::string::npos) return line;
    }
    return std::string();
  };
  auto fish = [&](const std::string& command) {
    test::Child child({"/usr/bin/fish", "--no-config", "-c", command}, {empty_path});
    EXPECT_NE(child.finish(), 0);
    return output_lines(child.out + child.err);
  };
  // In a session of its own (setsid), so that interactive bash finds no terminal to take over: run from a shell's
  // background job, it would otherwise stop the whole test process group (SIGTTIN).
  test::Child bash({"/usr/bin/setsid", "-w", "/bin/bash", "--norc", "--noprofile", "-i", "-c",
                    (dir / "cuda-absent" / "bin" / "nvcc").string() + " -V"},
                   {"PATH=/usr/bin:/bin"});
  bash.finish();
  test::Child zsh({"/usr/bin/zsh", "-f", "-c", "nvcc -V"}, {empty_path});
  EXPECT_NE(zsh.finish(), 0);
  test::Child python({"/usr/bin/python3", "-W", "ignore", "-c",
                      "from distutils.spawn import spawn\n"
                      "try:\n    spawn(['nvcc', '-V'])\nexcept Exception as error:\n    print(error)\n"},
                     {empty_path});
  EXPECT_EQ(python.finish(), 0);
  struct Made {
    std::string line;
    std::string wording;
    std::string id;
  };
  std::vector<Made> made = {
      {line_naming(make("cuda"), "nvcc"), "make: nvcc: No such file or directory", "nvcc-not-found"},
      {line_naming(make("hip"), "hipcc"), "make: hipcc: No such file or directory", "hipcc-not-on-path"},
      {line_naming(output_lines(bash.err), "nvcc"), "/cuda-absent/bin/nvcc: No such file or directory", "nvcc-not-found"},
      {line_naming(fish("nvcc -V"), "nvcc"), "fish: Unknown command: nvcc", "nvcc-not-found"},
      {line_naming(output_lines(zsh.err), "nvcc"), "command not found: nvcc", "nvcc-not-found"},
      {line_naming(fish("hipcc --version"), "hipcc"), "fish: Unknown command: hipcc", "hipcc-not-on-path"},
      {line_naming(output_lines(python.out), "nvcc"), "command 'nvcc' failed: No such file or directory", "nvcc-not-found"},
  };
  for (const auto& m : made) {
    ASSERT_NE(m.line.find(m.wording), std::string::npos) << m.line;
    auto hits = hits_of(m.line);
    ASSERT_FALSE(hits.empty()) << m.line;
    EXPECT_EQ(hits.front().id, m.id) << m.line;
    EXPECT_EQ(hits.front().category, "rocm-path") << m.line;
  }
  auto host = line_naming(make("host"), "g++");
  ASSERT_NE(host.find("make: g++: No such file or directory"), std::string::npos) << host;
  EXPECT_TRUE(hits_of(host).empty()) << host;
  std::filesystem::remove_all(dir);
}

// GNU time's report of a command a signal ended (src/time.c: "Command terminated by signal N"), made at test time:
// signal 4 is SIGILL, an instruction this CPU does not implement; signal 9 (SIGKILL) says nothing about the CPU.
TEST(SourceWordings, GnuTimeReportsACommandEndedBySigill) {
  auto report = [](const std::string& signal) {
    test::Child child({"/usr/bin/time", "/bin/sh", "-c", "ulimit -c 0; kill -" + signal + " $$"});
    EXPECT_NE(child.finish(), 0);
    auto lines = output_lines(child.err);
    return lines.empty() ? std::string() : lines.front();
  };
  auto ill = report("ILL");
  ASSERT_EQ(ill, "Command terminated by signal 4");
  auto hits = hits_of(ill);
  ASSERT_FALSE(hits.empty()) << ill;
  EXPECT_EQ(hits.front().id, "sigill-in-runtime-reports");
  EXPECT_EQ(hits.front().category, "cpu-isa");
  auto kill = report("KILL");
  ASSERT_EQ(kill, "Command terminated by signal 9");
  for (const auto& hit : hits_of(kill)) {
    EXPECT_NE(hit.category, "cpu-isa") << hit.id;
  }
}

// clang's refusal of a HIP target (HIPAMD.cpp's checkTargetID: "invalid target ID '<id>'; format is …"), made at test
// time: Debian's clang 15 predates gfx1201 (a toolchain too old for the GPU: compiler-version); clang 19 knows gfx90a
// but refuses a feature without its sign, a spelling mistake that no toolkit upgrade mends (not read).
TEST(SourceWordings, ClangRefusesAHipTargetItDoesNotKnow) {
  auto dir = test::unique_temp_path("clang-target-id");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "kernel.hip") << "__global__ void kernel() {}\n";
  auto compile = [&](const std::string& clang, const std::string& target) {
    test::Child child({clang, "-x", "hip", "--offload-arch=" + target, "-nogpulib", "-nogpuinc", "-c",
                       (dir / "kernel.hip").string(), "-o", (dir / "kernel.o").string()});
    EXPECT_NE(child.finish(), 0);
    auto lines = output_lines(child.err);
    return lines.empty() ? std::string() : lines.front();
  };
  auto unknown = compile("/usr/bin/clang-15", "gfx1201");
  ASSERT_NE(unknown.find("invalid target ID 'gfx1201'; format is a processor name"), std::string::npos) << unknown;
  auto hits = hits_of(unknown);
  ASSERT_FALSE(hits.empty()) << unknown;
  EXPECT_EQ(hits.front().id, "hip-target-id-unknown-processor");
  EXPECT_EQ(hits.front().category, "compiler-version");
  auto misspelled = compile("/usr/lib/llvm-19/bin/clang++", "gfx90a:xnack");
  ASSERT_NE(misspelled.find("invalid target ID 'gfx90a:xnack'"), std::string::npos) << misspelled;
  EXPECT_TRUE(hits_of(misspelled).empty()) << misspelled;
  // gfx940 and gfx941, which LLVM removed in 2025 (llvm-project PR #126762), are refused in the same words by a clang
  // newer than them: no upgrade mends that, so the row does not read them.
  for (const char* removed : {"gfx940", "gfx941"}) {
    std::string line = std::string("clang: error: invalid target ID '") + removed +
                       "'; format is a processor name followed by an optional colon-delimited list of features "
                       "followed by an enable/disable sign (e.g., 'gfx908:sramecc+:xnack-')";
    for (const auto& hit : hits_of(line)) {
      EXPECT_NE(hit.category, "compiler-version") << line;
    }
  }
  std::filesystem::remove_all(dir);
}

// The <stdexcept> constructors from a C string, read from this machine's libstdc++ at test time (objdump -T, and
// c++filt for the linker's demangled form): each has the symbol version GLIBCXX_3.4.21 (GCC 5), so a loader that cannot
// find one has loaded a libstdc++ older than the compiler that built the caller (pytorch_geometric#506). The linker's
// "undefined reference to std::runtime_error::runtime_error(char const*)" is also what C++ linked with gcc prints.
TEST(SourceWordings, StdexceptConstructorsFromACStringNeedGcc5sLibstdcxx) {
  test::Child objdump({"/usr/bin/objdump", "-T", "/usr/lib/x86_64-linux-gnu/libstdc++.so.6"});
  ASSERT_EQ(objdump.finish(), 0) << objdump.err;
  std::vector<std::string> symbols;
  for (const auto& line : output_lines(objdump.out)) {
    auto at = line.rfind(' ');
    if (at == std::string::npos) continue;
    std::string symbol = line.substr(at + 1);
    bool from_c_string = symbol.starts_with("_ZNSt") && (symbol.ends_with("C1EPKc") || symbol.ends_with("C2EPKc"));
    bool stdexcept = from_c_string && (symbol.find("_error") != std::string::npos ||
                                       symbol.find("out_of_range") != std::string::npos ||
                                       symbol.find("invalid_argument") != std::string::npos);
    if (!stdexcept) continue;
    EXPECT_NE(line.find("GLIBCXX_3.4.21"), std::string::npos) << line;
    symbols.push_back(symbol);
  }
  ASSERT_EQ(symbols.size(), 18u) << testing::PrintToString(symbols);
  for (const auto& symbol : symbols) {
    auto load = "ImportError: /env/lib/python3.6/site-packages/torch_scatter/scatter_cpu.so: undefined symbol: " + symbol;
    auto hits = hits_of(load);
    ASSERT_FALSE(hits.empty()) << load;
    EXPECT_EQ(hits.front().id, "libstdcxx-stdexcept-ctor-undefined") << load;
    EXPECT_EQ(hits.front().category, "libstdcxx-version") << load;
    test::Child filt({"/usr/bin/c++filt", symbol});
    ASSERT_EQ(filt.finish(), 0);
    auto demangled = output_lines(filt.out).front();
    ASSERT_NE(demangled.find("(char const*)"), std::string::npos) << demangled;
    // The linker's demangled form is as often C++ linked with gcc, without libstdc++ at all: not read as an old one.
    auto link = "/usr/bin/ld: main.o: in function `main': undefined reference to `" + demangled + "'";
    for (const auto& hit : hits_of(link)) {
      EXPECT_NE(hit.category, "libstdcxx-version") << link;
    }
  }
  // A constructor from a std::string (GLIBCXX_3.4 in its old-ABI form) names no newer libstdc++: not read.
  EXPECT_TRUE(hits_of("undefined symbol: _ZNSt13runtime_errorC1ERKSs").empty());
}

}  // namespace
}  // namespace archfit::explain
