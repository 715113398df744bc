// Values a log mentions anywhere, which the context step uses to make a cause precise even when
// they are not on the matching line: shared libraries named by absolute path (a gdb frame's
// "from /x/libtorch_cpu.so", an ImportError's "(required by /x/y.so)", llama.cpp's "loaded ROCm
// backend from /x/libggml-hip.so"), Python package directories (".../site-packages/torch/..."),
// and HSA_OVERRIDE_GFX_VERSION settings ("HSA_OVERRIDE_GFX_VERSION=10.3.0", a compose file's
// "HSA_OVERRIDE_GFX_VERSION: 11.0.0", or in words: "override to gfx1030"), and the AMD GPUs the log
// names, by gfx processor ("Name: gfx1012", "gpu_type=gfx1031", "GFX1010") or by product name
// ("RX 5500 XT", "Radeon 780M", looked up in data/amdgpu_pci_ids.tsv) or by the APU whose integrated
// GPU it is ("Ryzen 7 8700G", looked up in data/amd_apu_graphics.tsv). Each list keeps the first few
// distinct values, so a huge log costs a bounded amount.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace archfit::explain {

struct LoggedValue {
  std::uint64_t line = 0;  // 1-based line of the first mention
  std::string value;
  std::string text;  // that line (visible text, clipped as evidence is); kept for overrides and GPUs
};

// How a log line names an AMD GPU.
enum class GpuNaming {
  gfx_name,      // its processor ("GFX1012", "gfx1030")
  product_name,  // its product ("rx 5500xt", data/amdgpu_pci_ids.tsv): the driver's name, which no override changes
  // the APU's CPU model ("Ryzen 7 8700G", data/amd_apu_graphics.tsv): its integrated GPU, which is the GPU an
  // override was set for only when the log names no other (log_rules.hpp)
  cpu_name,
};

// An AMD GPU the log names: the processor, and how the line named it.
struct LoggedGpu {
  LoggedValue where;     // value: the processor ("gfx1012")
  std::string named_as;  // "GFX1012", the product name as the log wrote it ("rx 5500xt"), or the CPU model
  GpuNaming naming = GpuNaming::gfx_name;
};

struct LogFacts {
  static constexpr std::size_t k_max_libraries = 16;
  static constexpr std::size_t k_max_packages = 8;
  static constexpr std::size_t k_max_overrides = 4;
  static constexpr std::size_t k_max_gpus = 8;

  std::vector<LoggedValue> libraries;  // "/opt/x/lib/libfoo.so.1"
  std::vector<LoggedValue> packages;   // "/venv/lib/python3.10/site-packages/torch"
  std::vector<LoggedValue> overrides;  // "10.3.0"
  // Whether any line names HSA_OVERRIDE_GFX_VERSION in any case, with a value or without one ("unset
  // HSA_OVERRIDE_GFX_VERSION", a compose file's "${HSA_OVERRIDE_GFX_VERSION:-}"): whether the log brings up an
  // override at all (log_rules.hpp).
  bool override_named = false;
  // GPUs named outside lists of build targets or code objects ("PYTORCH_ROCM_ARCH=gfx1030;gfx90a",
  // "No compatible code objects found for: gfx1030", "hipv4-amdgcn-amd-amdhsa--gfx900"), which name
  // what a binary carries or what the runtime was told, not the GPU that is there.
  std::vector<LoggedGpu> gpus;
  // The first line that shows an nvcc build ("nvcc", "-D__CUDACC__", "__NVCC__", "-gencode") and the
  // first that names Triton ("triton", "_inductor"): whose ptxas a ptxas message is (log_rules.hpp).
  std::optional<LoggedValue> cuda_build;
  std::optional<LoggedValue> triton;
  // TORCH_CUDA_ARCH_LIST's values the log shows ("TORCH_CUDA_ARCH_LIST=\"8.0 8.6+PTX\"", or the line after
  // "echo $TORCH_CUDA_ARCH_LIST"), and the first entry torch's cpp_extension refused that is a number
  // ("Unknown CUDA arch (9.0+PTX) or GPU not supported"): whether the list the log shows named it (log_rules.hpp).
  static constexpr std::size_t k_max_arch_lists = 4;
  std::vector<LoggedValue> arch_lists;  // "5.2 6.0 9.0+PTX"
  std::optional<LoggedValue> unknown_torch_arch;  // "9.0+PTX"
  bool arch_list_echoed = false;  // the previous non-blank line was "echo $TORCH_CUDA_ARCH_LIST"

  // Records what `line` (visible text) mentions.
  // `shown`: the line as evidence quotes it, where `line` is a form of it made for reading values
  // (line_normalizer.hpp, pasted_text); empty: `line` itself.
  void collect(std::string_view line, std::uint64_t number, std::string_view shown = {});

 private:
  void collect_arch_list(std::string_view line, std::uint64_t number, std::string_view shown);
};

// Absolute paths of shared objects in `text` ("/a/libx.so", "/a/x.cpython-310-x86_64-linux-gnu.so",
// "/a/libx.so.1.2"; a trailing ':' or '.' is not part of the path).
std::vector<std::string> shared_object_paths(std::string_view text);

// The AMD processors named in `line`: gfx names ("gfx1012", "GFX1010", "gfx1031:xnack-" → gfx1031)
// that data/amdgpu_processors.tsv knows, and product names ("RX 5500 XT", "rx5700", "Radeon 780M")
// whose data/amdgpu_pci_ids.tsv rows all name one family. Pairs of (processor, as written).
std::vector<std::pair<std::string, std::string>> amd_gpus_named(std::string_view line);

// The integrated GPUs of the AMD APUs named in `line` ("AMD Ryzen 7 8845HS w/ Radeon 780M Graphics",
// "Ryzen 8700G", "Ryzen 9 PRO 7940HS"): "Ryzen", an optional tier digit and "PRO", then a model number
// of data/amd_apu_graphics.tsv matched whole (8700G, not 8700F or 8700GX). Pairs of (processor, the
// CPU as written from "Ryzen" on).
std::vector<std::pair<std::string, std::string>> apu_gpus_named(std::string_view line);

// The family two AMD processors must share for code of one to run on the other: the generic
// processor of data/amdgpu_processors.tsv ("gfx10-3-generic" for gfx1031), or the processor itself
// when it has none (gfx803); empty for a name the table does not know.
std::string amd_family_key(std::string_view processor);

// The first processor data/amdgpu_processors.tsv knows among the gfx names of `text`, lower-cased
// ("... Illegal seek for GPU arch : gfx90c" -> "gfx90c"); empty when it names none the table knows.
std::string first_known_processor(std::string_view text);

// The lowest-numbered processor of `processor`'s family (gfx1030 for gfx1031, whose family is
// gfx10-3-generic; gfx803 for gfx803, alone in its family): the override value people use for that
// family. Empty for a name the table does not know.
std::string family_representative(std::string_view processor);

}  // namespace archfit::explain
