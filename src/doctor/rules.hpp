// The rules archfit doctor and env apply, read from the data/ tables (each row with its source) plus
// any `--rules FILE` the user gives. A rules file is a TSV with exactly the columns of one of the tables
// below (any order, '#' comments, a `source` on every row): its rows replace the rows with the same key
// and the others are added. docs/doctor.md documents the format.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "knowledge/rocm_releases.hpp"
#include "knowledge/tsv_table.hpp"
#include "model/status.hpp"
#include "model/vendor.hpp"
#include "util/result.hpp"

namespace archfit::doctor {

struct AdviceRule {
  std::string id;
  std::string applies_to;
  // The table's `severity`: fail where the vendor or project build itself stops, else warn (advice);
  // a word other than "fail" (a --rules file's typo included) is warn, as it always was.
  model::Status severity = model::Status::warn;
  std::string advice;
  std::string when;      // condition (doctor/conditions.hpp), "-" = used by a built-in check only
  std::string fix;       // commands, "" when the table says "-"
  std::string source;
};

struct CudaToolkit {
  std::string cuda;  // "12.8"
  int max_gcc = 0;
  int max_clang = 0;
  std::string min_driver;
  std::vector<std::string> sm_list;  // "sm_90"
  std::string source;
};

using knowledge::RocmRelease;  // data/rocm_releases.tsv's row (knowledge/rocm_releases.hpp)

// data/compiler_targets.tsv: the targets one ROCm or CUDA release's compiler can build for.
struct CompilerTargets {
  std::string toolchain;  // "rocm" | "cuda"
  std::string release;    // "5.2", "12.8"
  std::vector<std::string> targets;
  std::string source;
};

// What the table says about one target and one installed release.
struct TargetVerdict {
  std::optional<CompilerTargets> installed;  // nullopt: the release has no row (no verdict)
  bool builds = false;
  std::string first_release;  // the oldest release with the target, "" when none
  std::string last_release;   // the newest release with the target (differs from the table's newest when dropped)
  std::string first_source;
  // Releases the compatibility matrix knows (data/rocm_releases.tsv) that fall between the last row without the
  // target and first_release but have no row here (ROCm 6.1): the target may be older than first_release.
  std::vector<std::string> unread_before_first;
};

struct ProjectRequirement {
  std::string project;
  std::string version;
  std::string cmake_min;   // "" when the table says "-"
  std::string python_min;
  std::string python_max;  // highest minor ("3.14"), "" when none
  std::string gcc_min;
  std::string source;
};

struct TritonPin {
  std::string torch;
  std::string triton;            // specifier: "==3.6.0", "~=3.8.0"
  std::string triton_rocm_dist;  // "pytorch-triton-rocm==3.5.1", "" when "-"
  std::string source;
};

struct ArchAllowlist {
  std::string project;
  std::string version;
  std::string vendor;  // "rocm", "cuda", "cuda-nvcc>=12.8"
  std::vector<std::string> archs;
  std::string source;
};

struct CompileMemory {
  std::string project;
  double gib_per_job = 0;
  std::string note;
  std::string source;
};

struct RocmComponent {
  std::string component;
  std::vector<std::string> proofs;  // alternatives; "{cmake}" expanded by the probe
  bool required = true;
  std::vector<std::string> projects;
  std::string rocm_package;  // AMD's repository name (Debian/Ubuntu); the distributions' names: distro_package()
  std::string source;
};

struct Threshold {
  std::string id;
  std::string project;
  double value = 0;
  std::string unit;
  std::string meaning;
  std::string source;
};

// data/doctor_vendor_repositories.tsv
struct VendorRepository {
  model::Vendor vendor = model::Vendor::unknown;
  std::string distro;
  std::string manager;  // "apt-get" | "dnf"
  std::string setup;    // URL of the page with the repository's setup step
  std::string install;  // package that brings every development component
  std::string source;
};

struct PackageName {
  std::string need;
  std::string family;
  std::string manager;
  std::string package;  // may contain {N}
  std::string source;
};

class RuleSet {
 public:
  // The tables compiled into the binary. Fails only if an embedded table is missing or malformed.
  static Result<RuleSet> embedded();

  // Adds or replaces rows from a rules file (`name` names it in errors).
  archfit::Status add_rules_file(std::string_view text, std::string_view name);

  std::vector<AdviceRule> advice() const;
  std::optional<AdviceRule> advice_by_id(std::string_view id) const;
  std::vector<CudaToolkit> cuda_toolkits() const;
  // The row of `version`'s major.minor, or nullopt.
  std::optional<CudaToolkit> cuda_toolkit(std::string_view version) const;
  std::vector<RocmRelease> rocm_releases() const;
  // The row for `version`: exact "6.4.2" first, else the newest row of the same major.minor that is not
  // newer than it ("6.4.3" -> "6.4.3", "6.4.1" -> "6.4.0", "6.2.4" -> "6.2"), or nullopt.
  std::optional<RocmRelease> rocm_release(std::string_view version) const;
  std::vector<ProjectRequirement> project_requirements(std::string_view project) const;
  // The row with the highest version not newer than `version` (any when `version` is empty: the newest).
  std::optional<ProjectRequirement> project_requirement(std::string_view project, std::string_view version) const;
  std::optional<TritonPin> triton_pin(std::string_view torch_version) const;
  std::vector<ArchAllowlist> allowlists(std::string_view project) const;
  std::optional<CompileMemory> compile_memory(std::string_view project) const;
  std::vector<RocmComponent> rocm_components() const;
  // The archive package of `component` in `distro` ("debian-12"), or nullopt when that archive lacks it.
  std::optional<std::string> distro_package(std::string_view component, std::string_view distro) const;
  std::optional<VendorRepository> vendor_repository(model::Vendor vendor, std::string_view distro) const;
  std::vector<CompilerTargets> compiler_targets() const;  // by toolchain, oldest release first
  // `release` is matched by major.minor.
  TargetVerdict judge_target(std::string_view toolchain, std::string_view release, std::string_view target) const;
  std::optional<Threshold> threshold(std::string_view id, std::string_view project) const;
  std::optional<PackageName> package(std::string_view need, std::string_view family) const;

  // Names of the rules files added, in order.
  const std::vector<std::string>& rules_files() const { return m_rules_files; }

 private:
  struct Table {
    knowledge::TsvTable data;
    std::vector<std::string> key_columns;
  };
  const knowledge::TsvTable* table(std::string_view name) const;

  std::map<std::string, Table, std::less<>> m_tables;
  std::vector<std::string> m_rules_files;
};

// Field `column` of `row` in `table` ("" when the table has no such column).
std::string field(const knowledge::TsvTable& table, const std::vector<std::string>& row, std::string_view column);

// Whether release `a` is newer than `b` ("2.8.3.post2" is newer than "2.8.3").
bool newer_release(std::string_view a, std::string_view b);


}  // namespace archfit::doctor
