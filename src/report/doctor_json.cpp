#include "report/doctor_json.hpp"

#include <cmath>

#include "report/finding_json.hpp"
#include "report/json_helpers.hpp"
#include "util/json_writer.hpp"

namespace archfit::report {

namespace {

void tool_run(JsonWriter& json, std::string_view name, const doctor::ToolRun& run) {
  json.key(name);
  if (run.argv.empty()) {
    json.null();
    return;
  }
  json.begin_object();
  json.string_array("argv", run.argv);
  json.member("ran", run.ran);
  json.member("timed_out", run.timed_out);
  number_or_null(json, "exit_code", run.ran && !run.timed_out ? run.exit_code : -1, -1);
  text_or_null(json, "error", run.error);
  json.member("elapsed_ms", static_cast<std::uint64_t>(std::llround(run.elapsed_ms)));
  json.end_object();
}

void compiler(JsonWriter& json, std::string_view name, const doctor::Compiler& c) {
  json.key(name);
  json.begin_object();
  text_or_null(json, "path", c.path);
  json.string_array("links", c.links);
  text_or_null(json, "real_path", c.real_path);
  text_or_null(json, "family", c.family);
  text_or_null(json, "version", c.version);
  text_or_null(json, "version_line", c.version_line);
  text_or_null(json, "launcher", c.launcher);
  json.member("how", c.how);
  json.end_object();
}

// `"installs": [ {…} … ], "selected": N | null` of the ROCm and the CUDA facts: `each` writes the
// members of one install.
template <class Install, class Each>
void installs_json(JsonWriter& json, const std::vector<Install>& installs, int selected, Each each) {
  json.key("installs");
  json.begin_array();
  for (const auto& install : installs) {
    json.begin_object();
    each(install);
    json.end_object();
  }
  json.end_array();
  number_or_null(json, "selected", selected, -1);
}

void facts_json(JsonWriter& json, const doctor::Facts& facts) {
  json.key("facts");
  json.begin_object();
  json.key("toolchain");
  json.begin_object();
  compiler(json, "cxx", facts.toolchain.cxx);
  compiler(json, "cc", facts.toolchain.cc);
  json.key("clang_gcc");
  json.begin_object();
  text_or_null(json, "clang", facts.toolchain.clang_gcc.clang_path);
  text_or_null(json, "selected", facts.toolchain.clang_gcc.selected);
  text_or_null(json, "headers_dir", facts.toolchain.clang_gcc.headers_dir);
  json.member("headers_present", facts.toolchain.clang_gcc.headers_present);
  json.string_array("installations", facts.toolchain.clang_gcc.installations);
  json.end_object();
  text_or_null(json, "cmake", facts.toolchain.cmake_version);
  text_or_null(json, "cmake_path", facts.toolchain.cmake_path);
  text_or_null(json, "ninja", facts.toolchain.ninja_version);
  text_or_null(json, "git", facts.toolchain.git_version);
  text_or_null(json, "ccache_path", facts.toolchain.ccache_path);
  tool_run(json, "cmake_run", facts.toolchain.cmake);
  json.end_object();

  json.key("rocm");
  json.begin_object();
  installs_json(json, facts.rocm.installs, facts.rocm.selected, [&](const doctor::RocmInstall& install) {
    json.member("root", install.root);
    json.member("kind", install.kind);
    json.string_array("aliases", install.aliases);
    text_or_null(json, "version", install.version);
    text_or_null(json, "version_source", install.version_source);
    text_or_null(json, "hip_version", install.hip_version);
    json.member("hipcc", install.has_hipcc);
    std::vector<std::string> missing;
    for (const auto& component : install.components) {
      if (!component.present) {
        missing.push_back(component.component);
      }
    }
    json.string_array("missing_components", missing);
  });
  text_or_null(json, "selected_reason", facts.rocm.selected_reason);
  text_or_null(json, "hipcc", facts.rocm.hipcc_path);
  text_or_null(json, "hipconfig_version", facts.rocm.hipconfig_version);
  tool_run(json, "hipconfig_run", facts.rocm.hipconfig);
  json.end_object();

  json.key("cuda");
  json.begin_object();
  installs_json(json, facts.cuda.installs, facts.cuda.selected, [&](const doctor::NvccInstall& install) {
    json.member("nvcc", install.nvcc);
    json.member("home", install.home);
    json.string_array("origins", install.origins);
    text_or_null(json, "version", install.version);
    optional_member(json, "max_gcc", install.max_gcc);
    optional_member(json, "max_clang", install.max_clang);
    tool_run(json, "run", install.run);
  });
  json.end_object();

  json.key("python");
  json.begin_object();
  text_or_null(json, "interpreter", facts.python.interpreter);
  text_or_null(json, "version", facts.python.version);
  text_or_null(json, "prefix", facts.python.prefix);
  json.member("venv", facts.python.venv);
  json.member("conda", facts.python.conda);
  json.string_array("site_dirs", facts.python.site_dirs);
  json.key("packages");
  json.begin_object();
  for (const auto& distribution : facts.python.distributions) {
    const auto& name = distribution.info.name;
    if (name == "torch" || name.find("triton") != std::string::npos || name == "vllm" || name == "flash-attn" ||
        name.starts_with("rocm")) {
      json.member(name, distribution.info.version);
    }
  }
  json.end_object();
  text_or_null(json, "error", facts.python.error);
  json.end_object();

  json.key("source");
  if (facts.source.dir.empty()) {
    json.null();
  } else {
    json.begin_object();
    json.member("dir", facts.source.dir);
    text_or_null(json, "project", facts.source.project);
    text_or_null(json, "version", facts.source.version);
    text_or_null(json, "cmake_min", facts.source.cmake_min);
    text_or_null(json, "python_requires", facts.source.python_requires);
    text_or_null(json, "triton_version", facts.source.triton_version);
    text_or_null(json, "triton_commit", facts.source.triton_commit);
    text_or_null(json, "hipify", facts.source.hipify);
    text_or_null(json, "cmake_cache", facts.source.cache_path);
    json.end_object();
  }

  json.key("resources");
  json.begin_object();
  json.key("disks");
  json.begin_array();
  for (const auto& disk : facts.resources.disks) {
    json.begin_object();
    json.member("what", disk.what);
    json.member("path", disk.path);
    optional_member(json, "free_bytes", disk.free_bytes);
    json.end_object();
  }
  json.end_array();
  json.end_object();
  json.end_object();
}

}  // namespace

std::string doctor_to_json(const doctor::DoctorReport& report, int indent) {
  const auto& facts = report.facts;
  JsonWriter json(indent);
  json.begin_object();
  json.member("schema", "archfit.doctor/1");
  json.member("project", facts.project);
  text_or_null(json, "project_version", facts.project_version);
  text_or_null(json, "project_version_source", facts.project_version_source);
  json.member("backend", facts.backend);
  json.member("backend_reason", facts.backend_reason);
  json.string_array("targets", facts.targets);
  text_or_null(json, "targets_source", facts.targets_source);
  text_or_null(json, "src", facts.source.dir);
  json.string_array("rules_files", report.rules_files);
  json.key("summary");
  json.begin_object();
  json.member("pass", report.count(doctor::Status::pass));
  json.member("warn", report.count(doctor::Status::warn));
  json.member("fail", report.count(doctor::Status::fail));
  json.member("skip", report.count(doctor::Status::skip));
  json.end_object();
  json.member("elapsed_ms", static_cast<std::uint64_t>(std::llround(facts.elapsed_ms)));
  json.key("checks");
  json.begin_array();
  for (const auto& check : report.checks) {
    json.begin_object();
    finding_members(json, check);
    json.end_object();
  }
  json.end_array();
  facts_json(json, facts);
  json.end_object();
  return json.take();
}

}  // namespace archfit::report
