#include "doctor/rules.hpp"

#include <algorithm>
#include <cstdlib>

#include "doctor/versions.hpp"
#include "knowledge/embedded_data.hpp"
#include "probe/system_root.hpp"
#include "util/text_lines.hpp"

namespace archfit::doctor {

namespace {

struct TableSpec {
  std::string_view name;
  std::vector<std::string> keys;
};

const std::vector<TableSpec>& table_specs() {
  static const std::vector<TableSpec> specs = {
      {"toolchain_advice.tsv", {"id"}},
      {"cuda_toolkits.tsv", {"cuda"}},
      {"rocm_releases.tsv", {"rocm"}},
      {"project_requirements.tsv", {"project", "version"}},
      {"torch_triton_pins.tsv", {"torch"}},
      {"project_arch_allowlists.tsv", {"project", "version", "vendor"}},
      {"compile_memory.tsv", {"project"}},
      {"doctor_rocm_components.tsv", {"component"}},
      {"doctor_thresholds.tsv", {"id", "project"}},
      {"doctor_packages.tsv", {"need", "family"}},
      {"compiler_targets.tsv", {"toolchain", "release"}},
      {"doctor_distro_packages.tsv", {"component", "distro"}},
      {"doctor_vendor_repositories.tsv", {"vendor", "distro"}},
  };
  return specs;
}

std::string dash_empty(std::string value) { return value == "-" ? std::string() : value; }

// toolchain_advice.tsv's severity column: "fail" or "warn" (model's spelling); anything else is advice.
model::Status advice_severity(std::string_view text) {
  return model::status_from_name(text) == model::Status::fail ? model::Status::fail : model::Status::warn;
}

int to_int(const std::string& text) { return std::atoi(text.c_str()); }

std::vector<std::string> row_key(const knowledge::TsvTable& table, const std::vector<std::string>& row,
                                 const std::vector<std::string>& keys) {
  std::vector<std::string> key;
  for (const auto& column : keys) {
    key.push_back(field(table, row, column));
  }
  return key;
}

}  // namespace

bool newer_release(std::string_view a, std::string_view b) {
  int order = compare_versions(a, b);
  if (order != 0) {
    return order > 0;
  }
  // Same release numbers: a post-release ("2.8.3.post2") comes after the release itself.
  return a.find("post") != std::string_view::npos && b.find("post") == std::string_view::npos;
}

std::string field(const knowledge::TsvTable& table, const std::vector<std::string>& row, std::string_view column) {
  int index = table.column(column);
  if (index < 0 || static_cast<std::size_t>(index) >= row.size()) {
    return {};
  }
  return row[static_cast<std::size_t>(index)];
}

Result<RuleSet> RuleSet::embedded() {
  RuleSet rules;
  for (const auto& spec : table_specs()) {
    auto text = knowledge::embedded_file(spec.name);
    if (!text) {
      return Error{"data/" + std::string(spec.name) + " is not embedded in this build"};
    }
    auto parsed = knowledge::parse_tsv(*text, spec.name);
    if (!parsed) {
      return parsed.error();
    }
    for (const auto& key : spec.keys) {
      if (parsed->column(key) < 0) {
        return Error{"data/" + std::string(spec.name) + ": no column '" + key + "'"};
      }
    }
    rules.m_tables.emplace(std::string(spec.name), Table{std::move(*parsed), spec.keys});
  }
  return rules;
}

archfit::Status RuleSet::add_rules_file(std::string_view text, std::string_view name) {
  auto parsed = knowledge::parse_tsv(text, name);
  if (!parsed) {
    return parsed.error();
  }
  std::vector<std::string> columns = parsed->columns;
  std::sort(columns.begin(), columns.end());
  for (auto& [table_name, table] : m_tables) {
    std::vector<std::string> known = table.data.columns;
    std::sort(known.begin(), known.end());
    if (known != columns) {
      continue;
    }
    for (const auto& row : parsed->rows) {
      std::vector<std::string> reordered;
      for (const auto& column : table.data.columns) {
        reordered.push_back(field(*parsed, row, column));
      }
      auto key = row_key(table.data, reordered, table.key_columns);
      auto existing = std::find_if(table.data.rows.begin(), table.data.rows.end(), [&](const auto& candidate) {
        return row_key(table.data, candidate, table.key_columns) == key;
      });
      if (existing != table.data.rows.end()) {
        *existing = std::move(reordered);
      } else {
        table.data.rows.push_back(std::move(reordered));
      }
    }
    m_rules_files.emplace_back(name);
    return Ok{};
  }
  std::string names;
  for (const auto& spec : table_specs()) {
    names += names.empty() ? "" : ", ";
    names += spec.name;
  }
  std::string header;
  for (const auto& column : parsed->columns) {
    header += header.empty() ? "" : " ";
    header += column;
  }
  return Error{std::string(name) + ": its columns (" + header +
               ") are not those of any rules table; use the header of one of " + names};
}

const knowledge::TsvTable* RuleSet::table(std::string_view name) const {
  auto found = m_tables.find(name);
  return found == m_tables.end() ? nullptr : &found->second.data;
}

std::vector<AdviceRule> RuleSet::advice() const {
  std::vector<AdviceRule> rules;
  const auto* t = table("toolchain_advice.tsv");
  for (const auto& row : t->rows) {
    rules.push_back({field(*t, row, "id"), field(*t, row, "applies_to"), advice_severity(field(*t, row, "severity")),
                     field(*t, row, "advice"), field(*t, row, "when"), dash_empty(field(*t, row, "fix")),
                     field(*t, row, "source")});
    if (rules.back().when.empty()) {
      rules.back().when = "-";
    }
  }
  return rules;
}

std::optional<AdviceRule> RuleSet::advice_by_id(std::string_view id) const {
  for (auto& rule : advice()) {
    if (rule.id == id) {
      return rule;
    }
  }
  return std::nullopt;
}

std::vector<CudaToolkit> RuleSet::cuda_toolkits() const {
  std::vector<CudaToolkit> toolkits;
  const auto* t = table("cuda_toolkits.tsv");
  for (const auto& row : t->rows) {
    toolkits.push_back({field(*t, row, "cuda"), to_int(field(*t, row, "max_gcc")), to_int(field(*t, row, "max_clang")),
                        field(*t, row, "min_driver_linux"), knowledge::split_list_field(field(*t, row, "sm_list")),
                        field(*t, row, "source")});
  }
  return toolkits;
}

std::optional<CudaToolkit> RuleSet::cuda_toolkit(std::string_view version) const {
  std::string wanted = major_minor(version);
  for (auto& toolkit : cuda_toolkits()) {
    if (major_minor(toolkit.cuda) == wanted) {
      return toolkit;
    }
  }
  return std::nullopt;
}

std::vector<RocmRelease> RuleSet::rocm_releases() const {
  return knowledge::read_rocm_releases(*table("rocm_releases.tsv"));
}

std::optional<std::string> RuleSet::distro_package(std::string_view component, std::string_view distro) const {
  const auto* t = table("doctor_distro_packages.tsv");
  for (const auto& row : t->rows) {
    if (field(*t, row, "component") == component && field(*t, row, "distro") == distro) {
      return field(*t, row, "package");
    }
  }
  return std::nullopt;
}

std::optional<VendorRepository> RuleSet::vendor_repository(model::Vendor vendor, std::string_view distro) const {
  const auto* t = table("doctor_vendor_repositories.tsv");
  for (const auto& row : t->rows) {
    if (model::vendor_from_name(field(*t, row, "vendor")) == vendor && field(*t, row, "distro") == distro) {
      return VendorRepository{vendor, field(*t, row, "distro"), field(*t, row, "manager"),
                              field(*t, row, "setup"), field(*t, row, "install"), field(*t, row, "source")};
    }
  }
  return std::nullopt;
}

std::vector<CompilerTargets> RuleSet::compiler_targets() const {
  std::vector<CompilerTargets> rows;
  {
    const auto* t = table("compiler_targets.tsv");
    for (const auto& row : t->rows) {
      rows.push_back({field(*t, row, "toolchain"), field(*t, row, "release"), knowledge::split_list_field(field(*t, row, "targets")),
                      field(*t, row, "source")});
    }
    std::sort(rows.begin(), rows.end(), [](const CompilerTargets& a, const CompilerTargets& b) {
      return a.toolchain != b.toolchain ? a.toolchain < b.toolchain : compare_versions(a.release, b.release) < 0;
    });
  }
  return rows;
}

TargetVerdict RuleSet::judge_target(std::string_view toolchain, std::string_view release, std::string_view target) const {
  TargetVerdict verdict;
  std::string wanted = major_minor(release);
  std::string last_without;  // the newest row before first_release that lacks the target
  std::vector<std::string> rows_read;
  for (const auto& row : compiler_targets()) {
    if (row.toolchain != toolchain) {
      continue;
    }
    rows_read.push_back(major_minor(row.release));
    bool has = std::find(row.targets.begin(), row.targets.end(), target) != row.targets.end();
    if (major_minor(row.release) == wanted) {
      verdict.installed = row;
      verdict.builds = has;
    }
    if (has) {
      if (verdict.first_release.empty()) {
        verdict.first_release = row.release;
        verdict.first_source = row.source;
      }
      verdict.last_release = row.release;
    } else if (verdict.first_release.empty()) {
      last_without = row.release;
    }
  }
  if (toolchain == "rocm" && !last_without.empty() && !verdict.first_release.empty()) {
    for (const auto& known : rocm_releases()) {
      std::string minor = major_minor(known.rocm);
      bool between = compare_versions(minor, last_without) > 0 && compare_versions(minor, verdict.first_release) < 0;
      bool listed = std::find(rows_read.begin(), rows_read.end(), minor) != rows_read.end() ||
                    std::find(verdict.unread_before_first.begin(), verdict.unread_before_first.end(), minor) !=
                        verdict.unread_before_first.end();
      if (between && !listed) {
        verdict.unread_before_first.push_back(minor);
      }
    }
  }
  return verdict;
}

std::optional<RocmRelease> RuleSet::rocm_release(std::string_view version) const {
  std::string wanted_minor = major_minor(version);
  std::optional<RocmRelease> best;
  for (auto& release : rocm_releases()) {
    if (major_minor(release.rocm) != wanted_minor) {
      continue;
    }
    if (compare_versions(release.rocm, version) == 0 && release.rocm.size() >= version.size()) {
      return release;
    }
    if (compare_versions(release.rocm, version) <= 0 &&
        (!best || compare_versions(best->rocm, release.rocm) < 0)) {
      best = release;
    }
  }
  return best;
}

std::vector<ProjectRequirement> RuleSet::project_requirements(std::string_view project) const {
  std::vector<ProjectRequirement> rows;
  const auto* t = table("project_requirements.tsv");
  for (const auto& row : t->rows) {
    if (field(*t, row, "project") != project) {
      continue;
    }
    rows.push_back({field(*t, row, "project"), field(*t, row, "version"), dash_empty(field(*t, row, "cmake_min")),
                    dash_empty(field(*t, row, "python_min")), dash_empty(field(*t, row, "python_max")),
                    dash_empty(field(*t, row, "gcc_min")), field(*t, row, "source")});
  }
  return rows;
}

std::optional<ProjectRequirement> RuleSet::project_requirement(std::string_view project,
                                                               std::string_view version) const {
  std::optional<ProjectRequirement> best;
  for (auto& row : project_requirements(project)) {
    bool eligible = version.empty() || compare_versions(row.version, version) <= 0;
    if (eligible && (!best || newer_release(row.version, best->version))) {
      best = row;
    }
  }
  return best;
}

std::optional<TritonPin> RuleSet::triton_pin(std::string_view torch_version) const {
  const auto* t = table("torch_triton_pins.tsv");
  std::string_view release = torch_version.substr(0, torch_version.find_first_of("+a"));
  for (const auto& row : t->rows) {
    if (compare_versions(field(*t, row, "torch"), release) == 0) {
      return TritonPin{field(*t, row, "torch"), field(*t, row, "triton"),
                       dash_empty(field(*t, row, "triton_rocm_dist")), field(*t, row, "source")};
    }
  }
  return std::nullopt;
}

std::vector<ArchAllowlist> RuleSet::allowlists(std::string_view project) const {
  std::vector<ArchAllowlist> rows;
  const auto* t = table("project_arch_allowlists.tsv");
  for (const auto& row : t->rows) {
    if (field(*t, row, "project") == project) {
      rows.push_back({field(*t, row, "project"), field(*t, row, "version"), field(*t, row, "vendor"),
                      knowledge::split_list_field(field(*t, row, "archs")), field(*t, row, "source")});
    }
  }
  return rows;
}

std::optional<CompileMemory> RuleSet::compile_memory(std::string_view project) const {
  const auto* t = table("compile_memory.tsv");
  for (const auto& row : t->rows) {
    if (field(*t, row, "project") == project) {
      return CompileMemory{field(*t, row, "project"), std::atof(field(*t, row, "gib_per_job").c_str()),
                           field(*t, row, "note"), field(*t, row, "source")};
    }
  }
  return std::nullopt;
}

std::vector<RocmComponent> RuleSet::rocm_components() const {
  std::vector<RocmComponent> components;
  const auto* t = table("doctor_rocm_components.tsv");
  for (const auto& row : t->rows) {
    RocmComponent component;
    component.component = field(*t, row, "component");
    std::string proofs = field(*t, row, "proof");
    std::size_t start = 0;
    while (start <= proofs.size()) {
      auto bar = proofs.find('|', start);
      std::string one = proofs.substr(start, bar == std::string::npos ? std::string::npos : bar - start);
      if (!one.empty()) {
        component.proofs.push_back(one);
      }
      if (bar == std::string::npos) {
        break;
      }
      start = bar + 1;
    }
    component.required = field(*t, row, "needed") != "optional";
    component.projects = knowledge::split_list_field(field(*t, row, "projects"), true);
    component.rocm_package = dash_empty(field(*t, row, "rocm_package"));
    component.source = field(*t, row, "source");
    components.push_back(std::move(component));
  }
  return components;
}

std::optional<Threshold> RuleSet::threshold(std::string_view id, std::string_view project) const {
  const auto* t = table("doctor_thresholds.tsv");
  for (const auto& row : t->rows) {
    std::string row_project = field(*t, row, "project");
    if (field(*t, row, "id") == id && (row_project == project || row_project == "*")) {
      return Threshold{field(*t, row, "id"), row_project, std::atof(field(*t, row, "value").c_str()),
                       field(*t, row, "unit"), field(*t, row, "meaning"), field(*t, row, "source")};
    }
  }
  return std::nullopt;
}

std::optional<PackageName> RuleSet::package(std::string_view need, std::string_view family) const {
  const auto* t = table("doctor_packages.tsv");
  for (const auto& row : t->rows) {
    if (field(*t, row, "need") == need && field(*t, row, "family") == family) {
      return PackageName{field(*t, row, "need"), field(*t, row, "family"), field(*t, row, "manager"),
                         field(*t, row, "package"), field(*t, row, "source")};
    }
  }
  return std::nullopt;
}

}  // namespace archfit::doctor
