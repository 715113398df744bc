#include "report/detect_json.hpp"

#include <cmath>

#include "detect/detect_findings.hpp"
#include "report/finding_json.hpp"
#include "report/json_helpers.hpp"

namespace archfit::report {

namespace {

// A device mode as detect --json spells it ("on" | "off" | "unsupported"); empty (null) when not known.
std::string device_mode_or_empty(model::FeatureSetting mode) {
  return mode == model::FeatureSetting::any ? std::string() : std::string(model::device_mode_name(mode));
}

void write_gpu(JsonWriter& json, const detect::DetectedGpu& gpu) {
  json.begin_object();
  json.member("vendor", model::vendor_name(gpu.vendor));
  text_or_null(json, "target", gpu.target);
  text_or_null(json, "target_id", gpu.target_id);
  json.member("name", gpu.name);
  text_or_null(json, "pci", gpu.pci);
  json.member("accessible", gpu.accessible);
  text_or_null(json, "inaccessible_reason", gpu.inaccessible_reason);
  text_or_null(json, "fix", gpu.fix);
  json.member("source", gpu.source);
  json.member("confidence", gpu.confidence.empty() ? (gpu.low_confidence ? "inferred-from-device-id" : "exact")
                                                   : gpu.confidence);
  if (gpu.source_lines) {
    json.key("lines");
    json.begin_array();
    json.value(static_cast<std::uint64_t>(gpu.source_lines->first));
    json.value(static_cast<std::uint64_t>(gpu.source_lines->second));
    json.end_array();
  }
  json.member("visible", gpu.visible);
  optional_member(json, "visible_index", gpu.visible_index);
  if (gpu.device_id) {
    json.member("device_id", fmt_hex(*gpu.device_id, 4));
  } else {
    json.null_member("device_id");
  }
  if (gpu.revision) {
    json.member("revision", fmt_hex(*gpu.revision, 2));
  } else {
    json.null_member("revision");
  }
  text_or_null(json, "uuid", gpu.uuid);
  optional_member(json, "compute_units", gpu.compute_units);
  optional_member(json, "vram_bytes", gpu.vram_bytes);
  if (gpu.vendor == model::Vendor::amd) {
    json.key("amd");
    json.begin_object();
    optional_member(json, "kfd_node", gpu.kfd_node);
    optional_member(json, "gpu_id", gpu.gpu_id);
    optional_member(json, "render_minor", gpu.render_minor);
    text_or_null(json, "xnack", device_mode_or_empty(gpu.xnack));
    text_or_null(json, "xnack_source", gpu.xnack_source);
    text_or_null(json, "sramecc", device_mode_or_empty(gpu.sramecc));
    json.member("integrated", gpu.integrated);
    text_or_null(json, "override_target", gpu.override_target);
    json.end_object();
  } else {
    json.key("nvidia");
    json.begin_object();
    text_or_null(json, "compute_capability", gpu.compute_capability);
    optional_member(json, "device_minor", gpu.device_minor);
    json.end_object();
  }
  json.end_object();
}

void write_library(JsonWriter& json, std::string_view name, const detect::RuntimeLibrary& library) {
  json.key(name);
  json.begin_object();
  text_or_null(json, "path", library.path);
  text_or_null(json, "via", library.via);
  map_member(json, "highest", library.highest);
  text_or_null(json, "error", library.error);
  json.end_object();
}

void write_host(JsonWriter& json, const detect::HostReport& host) {
  json.key("host");
  json.begin_object();
  json.key("cpu");
  json.begin_object();
  text_or_null(json, "architecture", host.cpu.architecture);
  text_or_null(json, "vendor", host.cpu.vendor);
  text_or_null(json, "model", host.cpu.model);
  json.member("logical_cpus", static_cast<std::uint64_t>(host.cpu.logical_cpus));
  json.member("usable_cpus", static_cast<std::uint64_t>(host.resources.usable_cpus(host.cpu.logical_cpus)));
  text_or_null(json, "isa_level", host.cpu.isa_level);
  json.string_array("missing_for_next_level", host.cpu.missing_for_next_level);
  json.member("avx512", host.cpu.avx512);
  json.string_array("amx", host.cpu.amx);
  json.end_object();

  json.key("memory");
  json.begin_object();
  optional_member(json, "total_bytes", host.resources.memory_total_bytes);
  optional_member(json, "available_bytes", host.resources.memory_available_bytes);
  optional_member(json, "usable_bytes", host.resources.usable_memory_bytes());
  json.end_object();

  json.key("cgroup");
  json.begin_object();
  if (host.resources.cgroup_version != 0) {
    json.member("version", static_cast<std::uint64_t>(host.resources.cgroup_version));
  } else {
    json.null_member("version");
  }
  text_or_null(json, "path", host.resources.cgroup_path);
  optional_member(json, "memory_limit_bytes", host.resources.cgroup_memory_limit_bytes);
  if (host.resources.cgroup_cpu_limit) {
    // Millicores keep the JSON integral: 1.5 CPUs → 1500.
    json.member("cpu_limit_millicores",
                static_cast<std::uint64_t>(std::llround(*host.resources.cgroup_cpu_limit * 1000)));
  } else {
    json.null_member("cpu_limit_millicores");
  }
  optional_member(json, "affinity_cpus", host.resources.affinity_cpus);
  json.end_object();

  json.key("os");
  json.begin_object();
  text_or_null(json, "id", host.system.os.id);
  text_or_null(json, "id_like", host.system.os.id_like);
  text_or_null(json, "version_id", host.system.os.version_id);
  text_or_null(json, "pretty_name", host.system.os.pretty_name);
  text_or_null(json, "kernel", host.system.kernel);
  json.end_object();
  text_or_null(json, "glibc", host.system.glibc_version());
  write_library(json, "libc", host.system.libc);
  write_library(json, "libstdcxx", host.system.libstdcxx);
  if (!host.system.conda_prefix.empty()) {
    write_library(json, "conda_libstdcxx", host.system.conda_libstdcxx);
  } else {
    json.null_member("conda_libstdcxx");
  }
  json.end_object();
}

}  // namespace

std::string detect_to_json(const detect::DetectReport& report, int indent) {
  JsonWriter json(indent);
  json.begin_object();
  json.member("schema", "archfit.detect/1");
  json.member("source", report.source);
  json.member("sysroot", report.sysroot);
  array_member(json, "gpus", report.gpus, write_gpu);
  build_targets_member(json, report.pytorch_rocm_arch, report.torch_cuda_arch_list);
  json.key("drivers");
  json.begin_object();
  text_or_null(json, "nvidia", report.drivers.nvidia_version);
  text_or_null(json, "nvidia_flavor", report.drivers.nvidia_flavor);
  text_or_null(json, "amdgpu", report.drivers.amdgpu_version);
  json.member("kfd", report.drivers.kfd_present);
  json.end_object();
  map_member(json, "environment", report.environment);
  json.key("findings");
  json.begin_array();
  for (const auto& finding : report.findings) {
    // detect's own members (severity, message), then those of every Finding (id, status, title,
    // seen = message, rule, source, fix): report/finding_json.cpp.
    json.begin_object();
    json.member("severity", detect::severity_name(finding.severity));
    json.member("message", finding.message);
    finding_members(json, detect::detect_finding(finding));
    json.end_object();
  }
  json.end_array();
  if (report.source == "system") {
    write_host(json, report.host);
  } else {
    json.null_member("host");  // a saved tool output says nothing about the host
  }
  json.end_object();
  return json.take();
}

}  // namespace archfit::report
