#include "report/explain_json.hpp"

#include "report/explain_findings.hpp"
#include "report/finding_json.hpp"
#include "report/json_helpers.hpp"

namespace archfit::report {

namespace {

void write_runtime(JsonWriter& json, std::string_view name, const explain::ContextRuntime& runtime) {
  json.key(name);
  if (runtime.path.empty()) {
    json.null();
    return;
  }
  json.begin_object();
  json.member("path", runtime.path);
  map_member(json, "highest", runtime.highest);
  json.end_object();
}

// explain's own members, then those of every Finding (report/finding_json.cpp: id, status, title,
// seen, rule, source, fix), from report::explain_finding.
void write_finding(JsonWriter& json, const explain::Finding& finding) {
  json.begin_object();
  json.member("category", finding.category);
  json.member("cause", finding.cause);
  json.key("evidence");
  json.begin_array();
  for (const auto& line : finding.evidence) {
    json.value(line.text);
  }
  json.end_array();
  json.key("evidence_lines");
  json.begin_array();
  for (const auto& line : finding.evidence) {
    if (line.line == 0) {
      json.null();
    } else {
      json.value(line.line);
    }
  }
  json.end_array();
  json.member("matched_lines", finding.matched_lines);
  json.string_array("details", finding.details);
  finding_members(json, explain_finding(finding));
  json.end_object();
}

void write_library(JsonWriter& json, const explain::LibraryFacts& library) {
  json.begin_object();
  json.member("path", library.path);
  text_or_null(json, "local_path", library.local_path);
  json.string_array("gpu_targets", library.gpu_targets);
  text_or_null(json, "x86_isa_level", library.x86_isa_level);
  map_member(json, "highest_needed", library.highest_needed);
  map_member(json, "highest_defined", library.highest_defined);
  text_or_null(json, "error", library.error);
  json.end_object();
}

void write_context(JsonWriter& json, const explain::ContextSummary& context) {
  json.begin_object();
  json.member("sysroot", context.sysroot);
  json.key("gpus");
  json.begin_array();
  for (const auto& gpu : context.gpus) {
    json.begin_object();
    json.member("vendor", model::vendor_name(gpu.vendor));
    text_or_null(json, "target", gpu.target);
    text_or_null(json, "target_id", gpu.target_id);
    text_or_null(json, "name", gpu.name);
    text_or_null(json, "override_target", gpu.override_target);
    json.end_object();
  }
  json.end_array();
  build_targets_member(json, context.pytorch_rocm_arch, context.torch_cuda_arch_list);
  json.key("cpu");
  json.begin_object();
  text_or_null(json, "isa_level", context.cpu_isa_level);
  json.string_array("missing_for_next_level", context.cpu_missing_for_next_level);
  json.member("avx2", context.avx2);
  json.member("avx512", context.avx512);
  json.end_object();
  optional_member(json, "usable_memory_bytes", context.usable_memory_bytes);
  json.member("usable_cpus", context.usable_cpus);
  write_runtime(json, "libc", context.libc);
  write_runtime(json, "libstdcxx", context.libstdcxx);
  write_runtime(json, "conda_libstdcxx", context.conda_libstdcxx.value_or(explain::ContextRuntime{}));
  map_member(json, "environment", context.environment);
  array_member(json, "libraries", context.libraries, write_library);
  json.end_object();
}

}  // namespace

void write_explanation(JsonWriter& json, const explain::Explanation& explanation) {
  json.begin_object();
  json.member("schema", "archfit.explain/1");
  json.member("explained", explanation.explained);
  json.member("lines", explanation.lines);
  array_member(json, "findings", explanation.findings, write_finding);
  json.key("context");
  if (explanation.context) {
    write_context(json, *explanation.context);
  } else {
    json.null();
  }
  json.end_object();
}

std::string explain_to_json(const explain::Explanation& explanation, int indent) {
  JsonWriter json(indent);
  write_explanation(json, explanation);
  return json.take();
}

std::string run_to_json(const RunRecord& record, int indent) {
  JsonWriter json(indent);
  json.begin_object();
  json.member("schema", "archfit.run/1");
  json.string_array("command", record.command);
  json.member("started", record.outcome.started);
  text_or_null(json, "start_error", record.outcome.start_error);
  if (record.outcome.signal != 0) {
    json.null_member("exit_code");
    json.member("signal", record.outcome.signal);
  } else {
    json.member("exit_code", record.outcome.exit_code);
    json.null_member("signal");
  }
  json.member("status", record.outcome.status());
  json.member("interrupted", record.interrupted);
  json.member("lines", record.lines);
  json.key("explanation");
  if (record.explanation != nullptr) {
    write_explanation(json, *record.explanation);
  } else {
    json.null();
  }
  json.end_object();
  return json.take();
}

}  // namespace archfit::report
