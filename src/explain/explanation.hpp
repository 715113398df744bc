// The one model `explain` (and `archfit run` after a failure) produces; report/explain_text.cpp
// and report/explain_json.cpp render it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "explain/log_scanner.hpp"
#include "model/vendor.hpp"

namespace archfit::explain {

struct Finding {
  std::string id;        // signature id, or "unknown"
  std::string category;  // one of k_categories
  std::string cause;     // the table's cause
  std::string fix;       // the table's fix, <placeholders> filled from the log and this machine
  std::string source;    // URLs where the cause was established; empty for "unknown"
  std::uint64_t matched_lines = 0;
  std::vector<EvidenceLine> evidence;
  // What the log's own values and this machine's facts add: "this GPU is gfx1031 (...)",
  // "libx.so carries gfx1030, gfx90a: none runs on gfx1031", "the CPU is the cause, not the GPU".
  std::vector<std::string> details;
};

// A library the log names, as found on this machine.
struct LibraryFacts {
  std::string path;                      // as the log names it
  std::string local_path;                // where it was read here (below --sysroot, or as named); empty: absent
  std::string error;                     // why it could not be read
  std::vector<std::string> gpu_targets;  // distinct, sorted
  std::string x86_isa_level;             // needed ("x86-64-v3"), or empty
  std::map<std::string, std::string> highest_needed;   // "GLIBCXX" → "GLIBCXX_3.4.30"
  std::map<std::string, std::string> highest_defined;  // for a libstdc++/libc the log names
};

struct ContextGpu {
  model::Vendor vendor = model::Vendor::unknown;
  std::string target;
  std::string target_id;
  std::string name;
  std::string override_target;
};

struct ContextRuntime {
  std::string path;
  std::map<std::string, std::string> highest;
};

// The machine facts the explanation used (JSON "context").
struct ContextSummary {
  std::string sysroot;
  std::vector<ContextGpu> gpus;
  std::string pytorch_rocm_arch;
  std::string torch_cuda_arch_list;
  std::string cpu_isa_level;
  std::vector<std::string> cpu_missing_for_next_level;
  bool avx2 = false;
  bool avx512 = false;
  std::optional<std::uint64_t> usable_memory_bytes;
  unsigned usable_cpus = 0;
  ContextRuntime libc;
  ContextRuntime libstdcxx;
  std::optional<ContextRuntime> conda_libstdcxx;
  std::vector<std::pair<std::string, std::string>> environment;
  std::vector<LibraryFacts> libraries;
};

struct Explanation {
  bool explained = false;   // some signature matched
  std::uint64_t lines = 0;  // lines read
  std::vector<Finding> findings;  // most likely first; one "unknown" finding when nothing matched
  std::optional<ContextSummary> context;  // absent with --no-context
};

}  // namespace archfit::explain
