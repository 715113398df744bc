// Twelfth round: rules written from the tools' own message text (docs/explain.md, "Twelfth round: rules from
// the tools' own messages (Python, ABI, Triton)"). Each case is a message the tool prints, as its source (or the
// Debian bookworm build of it: glibc 2.36, binutils 2.40, lld 19) writes it, with the id and category that must
// answer first; the neighbouring lines are wordings that must stay with another row or with nothing.
#include <gtest/gtest.h>

#include "explain_test_support.hpp"

namespace archfit::explain {
namespace {

std::shared_ptr<const SignatureSet> signatures() { return test::builtin_signatures_checked(); }

// The ids of the signatures and second-stage rules one line matches, in table order.
std::vector<std::string> matched_ids(const std::string& line) {
  auto set = signatures();
  LogScanner scanner(set);
  scanner.add_line(line);
  std::vector<std::string> ids;
  for (const auto& hit : scanner.matches().hits) {
    ids.push_back(set->signatures[hit.signature].id);
  }
  return ids;
}

struct Wording {
  std::string line;
  std::string id;        // the first id it must match; empty: it must match nothing
  std::string category;  // that id's category
  std::string source;    // where the tool prints it
};

void expect_answers(const std::vector<Wording>& wordings) {
  auto set = signatures();
  for (const auto& w : wordings) {
    SCOPED_TRACE(w.source);
    auto ids = matched_ids(w.line);
    if (w.id.empty()) {
      EXPECT_TRUE(ids.empty()) << w.line << " matched " << (ids.empty() ? "" : ids.front());
      continue;
    }
    if (ids.empty()) {
      ADD_FAILURE() << w.line << " matched nothing; expected " << w.id;
      continue;
    }
    EXPECT_EQ(ids.front(), w.id) << w.line;
    auto index = set->find(w.id);
    if (index < 0) {
      ADD_FAILURE() << w.id << " is not a signature or rule id";
      continue;
    }
    EXPECT_EQ(set->signatures[static_cast<std::size_t>(index)].category, w.category) << w.id;
  }
}

// glibc's loader, GNU ld, gold and lld on a symbol version libstdc++/glibc lacks.
TEST(SourceWordings, SymbolVersionsInEveryLinkerAndLoaderForm) {
  const std::string dl_lookup = "https://sourceware.org/git/?p=glibc.git;a=blob;f=elf/dl-lookup.c;hb=glibc-2.36";
  const std::string dl_lookup_229 = "https://sourceware.org/git/?p=glibc.git;a=blob;f=elf/dl-lookup.c;hb=glibc-2.29";
  const std::string gold = "https://sourceware.org/git/?p=binutils-gdb.git;a=blob;f=gold/errors.cc;hb=binutils-2_40";
  const std::string lld = "https://github.com/llvm/llvm-project/blob/llvmorg-19.1.7/lld/ELF/Symbols.cpp";
  expect_answers({
      // ld.so: the versioned symbol is missing from a libstdc++ that has the version node ("undefined symbol: %s%s%s"
      // with ", version "). Before: a std::__cxx11 symbol went to abi-mismatch's cxx11-abi-symbol-undefined.
      {"OSError: /opt/app/lib/libfoo.so: undefined symbol: _ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE9_"
       "M_createERmm, version GLIBCXX_3.4.21",
       "glibcxx-undefined-reference-link", "libstdcxx-version", dl_lookup},
      {"./bin/app: symbol lookup error: ./libfoo2.so: undefined symbol: _ZSt10fake_func2v, version GLIBCXX_3.4.30",
       "glibcxx-undefined-reference-link", "libstdcxx-version", dl_lookup},
      // gold: "undefined reference to '%s', version '%s'" (demangled, commas inside the name).
      {"ref.o:ref.c:function main: error: undefined reference to 'std::__cxx11::basic_string<char, "
       "std::char_traits<char>, std::allocator<char> >::_M_create(unsigned long&, unsigned long)', version "
       "'GLIBCXX_3.4.30'",
       "glibcxx-undefined-reference-link", "libstdcxx-version", gold},
      // lld: the demangled name (with blanks) and the version suffix after '@'.
      {"ld.lld: error: undefined symbol: std::__cxx11::basic_string<char, std::char_traits<char>, "
       "std::allocator<char>>::_M_create(unsigned long&, unsigned long)@GLIBCXX_3.4.30",
       "glibcxx-undefined-reference-link", "libstdcxx-version", lld},
      // glibc before 2.30: "symbol %s, version %s not defined in file %s with link time reference".
      {"/usr/share/typora/Typora: relocation error: /opt/spellchecker.node: symbol _ZNSt7__cxx1112basic_stringIcSt11"
       "char_traitsIcESaIcEE10_M_replaceEmmPKcm, version GLIBCXX_3.4.21 not defined in file libstdc++.so.6 with link "
       "time reference",
       "glibcxx-not-found", "libstdcxx-version", dl_lookup_229},
      {"python: relocation error: /opt/lib/libx.so: symbol pthread_getattr_np, version GLIBC_2.2.5 not defined in "
       "file libpthread.so.0 with link time reference",
       "glibc-not-found", "libstdcxx-version", dl_lookup_229},
      // GLIBC_2.x in the loader's, gold's and lld's forms (before: only the second stage, after every signature).
      {"ImportError: /opt/app/_ext.so: undefined symbol: memcpy, version GLIBC_2.14", "glibc-not-found",
       "libstdcxx-version", dl_lookup},
      {"a.o:a.c:function main: error: undefined reference to 'memcpy', version 'GLIBC_2.14'", "glibc-not-found",
       "libstdcxx-version", gold},
      {"ld.lld: error: undefined symbol: memcpy@GLIBC_2.14", "glibc-not-found", "libstdcxx-version", lld},
      // Neighbours: the forms the rows had keep them; the loader's warning about a library without version
      // information and GNU ld's soname-conflict warning name no cause.
      {"./libfoo.so: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by "
       "./libfoo.so)",
       "glibcxx-not-found", "libstdcxx-version", dl_lookup},
      {"ImportError: /opt/flash_attn_2_cuda.so: undefined symbol: _ZN3c104cuda9SetDeviceEi", "torch-symbol-undefined",
       "abi-mismatch", "https://sourceware.org/git/?p=glibc.git;a=blob;f=elf/dl-lookup.c;hb=glibc-2.36"},
      {"ImportError: /opt/ext.so: undefined symbol: _ZNK3c1010TensorImpl4sizeEl", "torch-symbol-undefined",
       "abi-mismatch", dl_lookup},
      {"./x: /usr/lib/libstdc++.so.6: no version information available (required by ./x)", "", "",
       "https://sourceware.org/git/?p=glibc.git;a=blob;f=elf/dl-version.c;hb=glibc-2.36"},
      {"/usr/bin/ld: warning: libstdc++.so.5, needed by /opt/libold.so, may conflict with libstdc++.so.6", "", "",
       "https://sourceware.org/git/?p=binutils-gdb.git;a=blob;f=ld/ldelf.c;hb=binutils-2_40"},
  });
}

// NumPy's import_array checks (1.x and 2.x), NumPy 2's message for modules built against 1.x, Cython's type-size check.
TEST(SourceWordings, NumPyAbiChecks) {
  const std::string numpy2 =
      "https://github.com/numpy/numpy/blob/03c6ba6da8c3a060b80ee3e2f19e053b0de0285f/numpy/_core/code_generators/"
      "generate_numpy_api.py";
  const std::string numpy1 =
      "https://github.com/numpy/numpy/blob/04434b143d6ec576711a40d31ae23d212d551715/numpy/core/code_generators/"
      "generate_numpy_api.py";
  const std::string umath =
      "https://github.com/numpy/numpy/blob/4e7f3b33df3e5ed2e9f46f6febdee62364520c70/numpy/core/_multiarray_umath.py";
  const std::string cython = "https://github.com/cython/cython/blob/0.29.37/Cython/Utility/ImportExport.c";
  expect_answers({
      {"ImportError: numpy.core.multiarray failed to import", "facets-numpy-abi-mismatch", "abi-mismatch", numpy1},
      {"ImportError: numpy._core.multiarray failed to import", "facets-numpy-abi-mismatch", "abi-mismatch", numpy2},
      {"RuntimeError: module compiled against ABI version 0x1000009 but this version of numpy is 0x2000000",
       "facets-numpy-abi-mismatch", "abi-mismatch", numpy2},
      {"RuntimeError: module compiled against API version 0x10 but this version of numpy is 0xf",
       "facets-numpy-abi-mismatch", "abi-mismatch", numpy1},
      {"RuntimeError: module was compiled against NumPy C-API version 0x12 (NumPy 2.0) but the running NumPy has C-API "
       "version 0x11. Check the section C-API incompatibility at the Troubleshooting ImportError section",
       "facets-numpy-abi-mismatch", "abi-mismatch", numpy2},
      {"A module that was compiled using NumPy 1.x cannot be run in", "facets-numpy-abi-mismatch", "abi-mismatch",
       umath},
      {"AttributeError: _ARRAY_API not found", "facets-numpy-abi-mismatch", "abi-mismatch", umath},
      {"ValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 "
       "from PyObject",
       "facets-numpy-abi-mismatch", "abi-mismatch", cython},
      // The same ValueError pasted without its exception name (xalpha PR #189 quotes only the message).
      {"numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject",
       "facets-numpy-abi-mismatch", "abi-mismatch", cython},
      // Cython's warning (a type grew, which is harmless) and a numpy import that is only missing are not read.
      {"RuntimeWarning: numpy.ufunc size changed, may indicate binary incompatibility. Expected 192 from C header, got "
       "216 from PyObject",
       "", "", cython},
      {"ModuleNotFoundError: No module named 'numpy'", "", "", umath},
  });
}

// pybind11's and CPython's checks of the interpreter an extension was built for; torchvision's and torchaudio's
// checks of the torch they were built for.
TEST(SourceWordings, ExtensionsBuiltForAnotherInterpreterOrTorch) {
  const std::string vision = "https://github.com/pytorch/vision/blob/v0.20.0/torchvision/extension.py";
  expect_answers({
      {"ImportError: Python version mismatch: module was compiled for Python 3.8, but the interpreter version is "
       "incompatible: 3.10.12 (main, Nov 20 2023, 15:14:05) [GCC 11.4.0].",
       "python-abi-mismatch", "abi-mismatch",
       "https://github.com/pybind/pybind11/blob/v2.13.6/include/pybind11/detail/common.h"},
      {"ImportError: Module use of python39.dll conflicts with this version of Python.", "python-abi-mismatch",
       "abi-mismatch", "https://github.com/python/cpython/blob/v3.12.0/Python/dynload_win.c"},
      {"ImportError: /opt/ext/_C.so: undefined symbol: _Py_ZeroStruct", "python-abi-mismatch", "abi-mismatch",
       "https://docs.python.org/3/c-api/stable.html"},
      {"ImportError: /opt/ext/_C.so: undefined symbol: PyUnicode_AsUTF8", "python-abi-mismatch", "abi-mismatch",
       "https://docs.python.org/3/c-api/stable.html"},
      // CPython's import of a .pyd on Windows: error 127 (a function the DLLs it loads do not export) is the ABI
      // pairing; error 126 (a DLL missing) and torch's own DLL loading are left alone.
      {"ImportError: DLL load failed while importing flash_attn_2_cuda: The specified procedure could not be found.",
       "windows-dll-procedure-not-found", "abi-mismatch",
       "https://github.com/python/cpython/blob/v3.12.0/Python/dynload_win.c"},
      {"ImportError: DLL load failed while importing _C: The specified module could not be found.", "", "",
       "https://learn.microsoft.com/en-us/windows/win32/debug/system-error-codes--0-499-"},
      {"OSError: [WinError 127] The specified procedure could not be found. Error loading "
       "\"C:\\Python311\\Lib\\site-packages\\torch\\lib\\c10_cuda.dll\" or one of its dependencies.",
       "", "", "https://learn.microsoft.com/en-us/windows/win32/debug/system-error-codes--0-499-"},
      {"RuntimeError: Couldn't load custom C++ ops. This can happen if your PyTorch and torchvision versions are "
       "incompatible, or if you had errors while compiling torchvision from source.",
       "torchvision-operator-missing", "abi-mismatch", vision},
      {"RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA major versions. PyTorch "
       "has CUDA Version=11.8 and torchvision has CUDA Version=12.1. Please reinstall the torchvision that matches "
       "your PyTorch install.",
       "torchvision-operator-missing", "abi-mismatch", vision},
      {"RuntimeError: Detected that PyTorch and TorchAudio were compiled with different CUDA versions. PyTorch has "
       "CUDA version 11.8 whereas TorchAudio has CUDA version 12.1. Please install the TorchAudio version that "
       "matches your PyTorch version.",
       "torchvision-operator-missing", "abi-mismatch",
       "https://github.com/pytorch/audio/blob/v2.5.0/src/torchaudio/_extension/utils.py"},
      {"RuntimeError: Detected that PyTorch and torch_scatter were compiled with different CUDA versions. PyTorch has "
       "CUDA version 11.8 and torch_scatter has CUDA version 12.1. Please reinstall the torch_scatter that matches your "
       "PyTorch install.",
       "torchvision-operator-missing", "abi-mismatch",
       "https://github.com/rusty1s/pytorch_scatter/blob/2.1.2/torch_scatter/__init__.py"},
      // torch's own check of the CUDA toolkit a build uses stays compiler-version; a missing module names nothing.
      {"RuntimeError: The detected CUDA version (12.1) mismatches the version that was used to compile PyTorch (11.8). "
       "Please make sure to use the same CUDA versions.",
       "torch-ext-cuda-version-mismatch", "compiler-version",
       "https://github.com/pytorch/pytorch/blob/v2.1.0/torch/utils/cpp_extension.py"},
      {"ModuleNotFoundError: No module named 'torchvision'", "", "", vision},
  });
}

// Triton's classes as torch's Inductor uses them (torch/_inductor/runtime/triton_compat.py), changed between
// Triton releases; torch's refusal of a GPU below compute capability 7.0 as its GPUTooOldForTriton prints it.
TEST(SourceWordings, TritonClassesAndTorchsTritonChecks) {
  const std::string compat =
      "https://github.com/pytorch/pytorch/blob/0fe901fb9a7e9a38bdeb606a47b56b0e1dc89322/torch/_inductor/runtime/"
      "triton_compat.py";
  const std::string compiler =
      "https://github.com/triton-lang/triton/blob/000086deb147631769fe275fea14cde9b64a455d/python/triton/compiler/"
      "compiler.py";
  const std::string exc =
      "https://github.com/pytorch/pytorch/blob/031e0e8c4f8d627732f599bd86b6fe0fbf879ff6/torch/_inductor/exc.py";
  expect_answers({
      {"AttributeError: 'CompiledKernel' object has no attribute 'cu_function'", "triton-module-moved",
       "triton-mismatch", compiler},
      {"AttributeError: 'JITFunction' object has no attribute 'cache_key'", "triton-module-moved", "triton-mismatch",
       compat},
      {"TypeError: JITFunction.__init__() got an unexpected keyword argument 'debug'", "triton-module-moved",
       "triton-mismatch", compat},
      {"TypeError: ASTSource.__init__() got an unexpected keyword argument 'attrs'", "triton-module-moved",
       "triton-mismatch", compat},
      {"TypeError: CompiledKernel.__init__() missing 1 required positional argument: 'metadata_group'",
       "triton-module-moved", "triton-mismatch", compiler},
      {"Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1",
       "triton-gpu-too-old", "triton-compile", exc},
      {"GPUTooOldForTriton: Found NVIDIA GeForce GTX 1070 Ti which is too old to be", "triton-gpu-too-old", "triton-compile",
       exc},
      // ptxas refusing the PTX ISA version Triton wrote into its .ptx file (Triton sets .version from the CUDA
      // version it reads from ptxas); the same refusal on nvcc's tmpxft file is not Triton's.
      {"ptxas /tmp/tmpa1b2c3d4.ptx, line 5; fatal   : Unsupported .version 8.7; current version is '8.4'",
       "facets-triton-ptx-version-unsupported", "triton-compile",
       "https://github.com/triton-lang/triton/blob/00526b7b43179a5003957e18fab1969e83ce4715/third_party/nvidia/"
       "backend/compiler.py"},
      {"ptxas /tmp/tmpxft_00001234_00000000-6_kernel.ptx, line 5; fatal   : Unsupported .version 8.7; current version "
       "is '8.4'",
       "", "", "https://docs.nvidia.com/cuda/parallel-thread-execution/index.html#release-notes"},
      // The rows that had their messages keep them; a class that is not Triton's, or a bare function, names nothing.
      {"AttributeError: type object 'CompiledKernel' has no attribute 'launch_enter_hook'", "triton-launch-enter-hook",
       "triton-mismatch", compiler},
      {"ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler'", "triton-key-import-error",
       "triton-mismatch", compat},
      {"AttributeError: 'Config' object has no attribute 'pre_hook'", "", "", compat},
      {"TypeError: compile() got an unexpected keyword argument 'device_type'", "", "", compiler},
  });
}

}  // namespace
}  // namespace archfit::explain
