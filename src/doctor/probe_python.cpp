// The Python environment the build will use. The interpreter is only asked for its paths (sys, sysconfig;
// nothing from the environment is imported); the installed distributions are read from their
// .dist-info/METADATA and torch/version.py (check/python_env.hpp).
#include <algorithm>

#include <nlohmann/json.hpp>

#include "doctor/probes.hpp"

namespace archfit::doctor {

namespace {

constexpr const char* k_query =
    "import json, sys, sysconfig\n"
    "p = sysconfig.get_paths()\n"
    "print(json.dumps({'executable': sys.executable, 'prefix': sys.prefix, "
    "'base_prefix': getattr(sys, 'base_prefix', sys.prefix), "
    "'version': '%d.%d.%d' % sys.version_info[:3], 'path': sys.path, "
    "'purelib': p.get('purelib', ''), 'platlib': p.get('platlib', ''), 'stdlib': p.get('stdlib', '')}))\n";

}  // namespace

void probe_python(const ProbeContext& context, const std::string& requested, PythonFacts& facts) {
  const auto& environment = context.environment;
  std::string path;
  if (!requested.empty()) {
    facts.requested = "--python " + requested;
    path = find_on_path(context, requested);
  } else if (auto venv = environment.get("VIRTUAL_ENV"); venv && !venv->empty()) {
    facts.requested = "$VIRTUAL_ENV/bin/python";
    path = find_on_path(context, join_path(*venv, "bin/python"));
  } else if (auto conda = environment.get("CONDA_PREFIX"); conda && !conda->empty()) {
    facts.requested = "$CONDA_PREFIX/bin/python";
    path = find_on_path(context, join_path(*conda, "bin/python"));
  }
  if (path.empty()) {
    for (const char* name : {"python3", "python"}) {
      path = find_on_path(context, name);
      if (!path.empty()) {
        facts.requested = facts.requested.empty() ? std::string(name) + " on PATH"
                                                   : facts.requested + " missing; " + name + " on PATH";
        break;
      }
    }
  }
  facts.interpreter = path;
  if (path.empty()) {
    facts.error = "no Python interpreter found (python3 and python are not on PATH)";
    return;
  }
  facts.query = run_tool(context, {path, "-c", k_query});
  if (!facts.query.ok()) {
    facts.error = path + ": the path query failed: " + facts.query.error +
                  (facts.query.err.empty() ? "" : " (" + facts.query.err.substr(0, 300) + ")");
    return;
  }
  auto json = nlohmann::json::parse(facts.query.out, nullptr, false);
  if (json.is_discarded() || !json.is_object()) {
    facts.error = path + ": unexpected answer to the path query: " + facts.query.out.substr(0, 200);
    return;
  }
  auto text = [&](const char* key) {
    return json.contains(key) && json[key].is_string() ? json[key].get<std::string>() : std::string();
  };
  facts.executable = text("executable");
  facts.version = text("version");
  facts.prefix = text("prefix");
  facts.base_prefix = text("base_prefix");
  facts.stdlib = text("stdlib");
  facts.venv = !facts.prefix.empty() && facts.prefix != facts.base_prefix;
  auto conda_prefix = environment.get("CONDA_PREFIX");
  facts.conda = context.root.exists(join_path(facts.prefix, "conda-meta")) ||
                (conda_prefix && !conda_prefix->empty() && normalize_path(*conda_prefix) == normalize_path(facts.prefix));
  facts.externally_managed =
      !facts.venv && !facts.conda && !facts.stdlib.empty() &&
      context.root.exists(join_path(facts.stdlib, "EXTERNALLY-MANAGED"));
  std::vector<std::string> candidates;
  if (json.contains("path") && json["path"].is_array()) {
    for (const auto& entry : json["path"]) {
      if (entry.is_string()) {
        candidates.push_back(entry.get<std::string>());
      }
    }
  }
  candidates.push_back(text("purelib"));
  candidates.push_back(text("platlib"));
  for (const auto& dir : candidates) {
    bool site = dir.ends_with("site-packages") || dir.ends_with("dist-packages");
    if (site && context.root.exists(dir) &&
        std::find(facts.site_dirs.begin(), facts.site_dirs.end(), dir) == facts.site_dirs.end()) {
      facts.site_dirs.push_back(dir);
    }
  }
  facts.distributions = check::read_distributions(context.root, facts.site_dirs);
}

}  // namespace archfit::doctor
