// Values a log mentions anywhere, which the context step uses to make a cause precise even when
// they are not on the matching line: shared libraries named by absolute path (a gdb frame's
// "from /x/libtorch_cpu.so", an ImportError's "(required by /x/y.so)", llama.cpp's "loaded ROCm
// backend from /x/libggml-hip.so"), Python package directories (".../site-packages/torch/..."),
// and HSA_OVERRIDE_GFX_VERSION settings ("HSA_OVERRIDE_GFX_VERSION=10.3.0", a compose file's
// "HSA_OVERRIDE_GFX_VERSION: 11.0.0"). Each list keeps the first few distinct values, so a huge
// log costs a bounded amount.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::explain {

struct LoggedValue {
  std::uint64_t line = 0;  // 1-based line of the first mention
  std::string value;
};

struct LogFacts {
  static constexpr std::size_t k_max_libraries = 16;
  static constexpr std::size_t k_max_packages = 8;
  static constexpr std::size_t k_max_overrides = 4;

  std::vector<LoggedValue> libraries;  // "/opt/x/lib/libfoo.so.1"
  std::vector<LoggedValue> packages;   // "/venv/lib/python3.10/site-packages/torch"
  std::vector<LoggedValue> overrides;  // "10.3.0"

  // Records what `line` (visible text) mentions.
  void collect(std::string_view line, std::uint64_t number);
};

// Absolute paths of shared objects in `text` ("/a/libx.so", "/a/x.cpython-310-x86_64-linux-gnu.so",
// "/a/libx.so.1.2"; a trailing ':' or '.' is not part of the path).
std::vector<std::string> shared_object_paths(std::string_view text);

}  // namespace archfit::explain
