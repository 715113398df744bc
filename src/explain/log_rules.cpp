#include "explain/log_rules.hpp"

#include <algorithm>
#include <optional>
#include <regex>

#include <fmt/format.h>

#include "detect/gfx_target_version.hpp"
#include "explain/line_normalizer.hpp"
#include "explain/placeholders.hpp"
#include "explain/signature_table.hpp"
#include "knowledge/amdgpu_processors.hpp"
#include "knowledge/cuda_compute_capabilities.hpp"
#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::explain {

namespace {

constexpr std::string_view k_override_crossing = "override-crosses-logged-gpu-family";
constexpr std::string_view k_override_within = "override-within-logged-gpu-family";
constexpr std::string_view k_before_gpu_findings = "before-gpu-findings";
constexpr std::string_view k_replaces_category_findings = "replaces-category-findings";
constexpr std::string_view k_ptxas_of_cuda_build = "ptxas-in-cuda-build-without-triton";
constexpr std::string_view k_replaces_ptxas_findings = "replaces-ptxas-findings";
constexpr std::string_view k_override_unseen_by_ollama = "override-set-but-ollama-checked-gfx";
constexpr std::string_view k_arch_list_names_unknown = "torch-arch-list-names-unknown-arch";
constexpr std::string_view k_family_override_not_in_run = "override-of-family-absent-from-failing-run";
constexpr std::string_view k_overrides_of_two_families = "overrides-of-two-families-and-gpu-fault";
constexpr std::string_view k_nvcc_arch_not_a_capability = "nvcc-arch-not-a-compute-capability";
constexpr std::string_view k_replaces_nvcc_arch_findings = "replaces-nvcc-arch-findings";
constexpr std::string_view k_no_override_brought_up = "log-brings-up-no-override";
constexpr std::string_view k_withdraws_listed_findings = "withdraws-listed-findings";
// Ollama's own lines (discover/amd_linux.go, amd_windows.go): the gfx compatibility check runs, and can
// print "amdgpu is not supported", only when HSA_OVERRIDE_GFX_VERSION is unset in the server's environment;
// with it set, the server logs "skipping rocm gfx compatibility check" instead.
constexpr std::string_view k_ollama_gfx_check_id = "ollama-amdgpu-not-supported";
constexpr std::string_view k_ollama_override_seen = "skipping rocm gfx compatibility check";

// The rank each condition goes with: the crossing rule names a cause, the within rule withdraws answers,
// the ptxas rule files another category's answer under its own.
std::string_view rank_of(std::string_view condition) {
  if (condition == k_override_crossing) {
    return k_before_gpu_findings;
  }
  if (condition == k_override_within) {
    return k_replaces_category_findings;
  }
  if (condition == k_ptxas_of_cuda_build) {
    return k_replaces_ptxas_findings;
  }
  if (condition == k_nvcc_arch_not_a_capability) {
    return k_replaces_nvcc_arch_findings;
  }
  if (condition == k_no_override_brought_up) {
    return k_withdraws_listed_findings;
  }
  if (condition == k_override_unseen_by_ollama || condition == k_arch_list_names_unknown ||
      condition == k_family_override_not_in_run || condition == k_overrides_of_two_families) {
    return k_before_gpu_findings;
  }
  return {};
}

// The finding a rule names, with the rule's words; the caller adds the evidence and the details.
Finding rule_finding(const LogRule& rule) {
  Finding finding;
  finding.id = rule.id;
  finding.category = rule.category;
  finding.cause = rule.cause;
  finding.fix = rule.fix;
  finding.source = rule.source;
  return finding;
}

// The rule's finding quoting two lines of the log in log order (one, when they are the same line).
Finding finding_quoting(const LogRule& rule, EvidenceLine first, EvidenceLine second) {
  Finding finding = rule_finding(rule);
  bool same_line = first.line == second.line;
  finding.evidence.push_back(std::move(first));
  if (!same_line) {
    finding.evidence.push_back(std::move(second));
  }
  std::sort(finding.evidence.begin(), finding.evidence.end(),
            [](const EvidenceLine& a, const EvidenceLine& b) { return a.line < b.line; });
  finding.matched_lines = finding.evidence.size();
  return finding;
}

Finding crossing_finding(const LogRule& rule, const OverrideCrossing& crossing) {
  Finding finding = rule_finding(rule);
  finding.evidence.push_back({crossing.override_value.line, crossing.override_value.text});
  const LoggedGpu& gpu = crossing.gpus.front();
  if (gpu.where.line != crossing.override_value.line) {
    finding.evidence.push_back({gpu.where.line, gpu.where.text});
  }
  finding.matched_lines = finding.evidence.size();
  // The override's own detail ("HSA_OVERRIDE_GFX_VERSION=10.3.0: the log sets it (line 1); programs
  // then see gfx1030 (family gfx10-3-generic)") comes from refine_gpu_isa_override, as for the
  // signatures of the category, with this machine's GPU when there is context.
  for (std::size_t i = 0; i < crossing.gpus.size(); ++i) {
    const LoggedGpu& named = crossing.gpus[i];
    std::string how = named.naming != GpuNaming::product_name
                          ? named.where.value
                          : fmt::format("{} ({} in data/amdgpu_pci_ids.tsv)", named.named_as, named.where.value);
    finding.details.push_back(fmt::format("line {} names an AMD GPU, {}, of family {}: not the override's family",
                                          named.where.line, how, crossing.gpu_families[i]));
  }
  PlaceholderValues values;
  values["override"] = crossing.override_value.value;
  values["override gfx"] = crossing.override_target;
  values["gpu"] = gpu.where.value;
  std::string representative = family_representative(gpu.where.value);
  if (auto version = detect::parse_gfx_processor_name(representative)) {
    values["gpu family value"] = version->override_spelling();
  }
  finding.fix = fill_placeholders(rule.fix, values);
  return finding;
}

// A gfx name on a line that sets an override, equal to the processor that override presents
// ("override to gfx1030", "HSA_OVERRIDE_GFX_VERSION=10.3.0 # gfx1030"), is the override's value, not a
// GPU. Any other gfx name counts as a GPU: one of another processor on that line ("a 6700XT, which is
// gfx1031, with HSA_OVERRIDE_GFX_VERSION=10.3.0", llama.cpp PR #4454), and one equal to the processor an
// override presents on another line (ollama's gpu_type= and amdgpu-arch read the hardware, and a log
// that names the override's own processor may be about a GPU it fits).
bool on_override_line(const LoggedGpu& gpu, const LogFacts& facts) {
  if (gpu.naming != GpuNaming::gfx_name) {
    return false;  // a product or CPU name is the hardware's (the driver's name, which no override changes)
  }
  return std::any_of(facts.overrides.begin(), facts.overrides.end(), [&](const LoggedValue& logged) {
    auto version = detect::parse_gfx_override(logged.value);
    return logged.line == gpu.where.line && version && version->processor_name() == gpu.where.value;
  });
}

// Whether the log names an AMD GPU itself: a gfx or product name not on an override's line (see above); an APU
// named only by its CPU does not count.
bool names_a_gpu(const LogFacts& facts) {
  return std::any_of(facts.gpus.begin(), facts.gpus.end(), [&](const LoggedGpu& gpu) {
    return gpu.naming != GpuNaming::cpu_name && !on_override_line(gpu, facts);
  });
}

// The processor an override presents ("10.3.0" -> "gfx1030"), or "" when the value is none.
std::string presented_processor(const LoggedValue& logged) {
  auto version = detect::parse_gfx_override(logged.value);
  return version ? version->processor_name() : std::string();
}

bool is_gpu_finding(const Finding& finding) {
  return finding.category == "gpu-code-missing" || finding.category == "gpu-isa-override" ||
         finding.id.starts_with("facets-");
}

}  // namespace

Result<std::vector<LogRule>> parse_log_rules(std::string_view text, std::string_view name) {
  ARCHFIT_TRY(knowledge::TsvTable table, knowledge::parse_tsv(text, name));
  std::vector<LogRule> rules;
  for (const auto& row : table.rows) {
    LogRule rule{table.field(row, "id"),    table.field(row, "category"), table.field(row, "condition"),
                 table.field(row, "rank"),  {},                           table.field(row, "cause"),
                 table.field(row, "fix"),   table.field(row, "source")};
    for (auto& id : knowledge::split_list_field(table.field(row, "signatures"))) {
      if (id != "-") {
        rule.signatures.push_back(std::move(id));
      }
    }
    if (!is_known_category(rule.category) || rule.category == "unknown") {
      return Error{fmt::format("data/{}: rule '{}' has category '{}', which is not one of the documented categories",
                               name, rule.id, rule.category)};
    }
    if (rank_of(rule.condition).empty()) {
      return Error{fmt::format("data/{}: rule '{}' has condition '{}', which explain does not evaluate", name,
                               rule.id, rule.condition)};
    }
    if (rule.rank != k_before_gpu_findings && rule.rank != k_replaces_category_findings &&
        rule.rank != k_replaces_ptxas_findings && rule.rank != k_replaces_nvcc_arch_findings &&
        rule.rank != k_withdraws_listed_findings) {
      return Error{fmt::format("data/{}: rule '{}' has rank '{}', which explain does not know", name, rule.id,
                               rule.rank)};
    }
    // Each condition has the one rank it means.
    if (rule.rank != rank_of(rule.condition)) {
      return Error{fmt::format("data/{}: rule '{}' pairs condition '{}' with rank '{}'; that condition goes with '{}'",
                               name, rule.id, rule.condition, rule.rank, rank_of(rule.condition))};
    }
    // Only a rule that withdraws listed findings lists signatures, and it must list some.
    if ((rule.rank == k_withdraws_listed_findings) == rule.signatures.empty()) {
      return Error{fmt::format("data/{}: rule '{}' of rank '{}' {}", name, rule.id, rule.rank,
                               rule.signatures.empty() ? "lists no signatures to withdraw"
                                                       : "lists signatures, which only withdraws-listed-findings uses")};
    }
    for (const auto& known : rules) {
      if (known.id == rule.id) {
        return Error{fmt::format("data/{}: rule id '{}' is used twice", name, rule.id)};
      }
    }
    rules.push_back(std::move(rule));
  }
  return rules;
}

const std::vector<LogRule>& builtin_log_rules() {
  static const std::vector<LogRule> rules = [] {
    auto text = knowledge::embedded_file("error_log_rules.tsv");
    if (!text) {
      return std::vector<LogRule>{};
    }
    auto parsed = parse_log_rules(*text, "error_log_rules.tsv");
    return parsed.ok() ? std::move(parsed).value() : std::vector<LogRule>{};
  }();
  return rules;
}

std::optional<OverrideCrossing> find_override_crossing(const LogFacts& facts) {
  for (const auto& logged : facts.overrides) {
    auto version = detect::parse_gfx_override(logged.value);
    if (!version) {
      continue;
    }
    OverrideCrossing crossing;
    crossing.override_value = logged;
    crossing.override_target = version->processor_name();
    crossing.override_family = amd_family_key(crossing.override_target);
    if (crossing.override_family.empty()) {
      continue;
    }
    bool decided = true;
    for (const auto& gpu : facts.gpus) {
      // An APU's iGPU named by its CPU is no evidence of a crossing: the override may be for a discrete
      // GPU the log does not name.
      if (on_override_line(gpu, facts) || gpu.naming == GpuNaming::cpu_name) {
        continue;
      }
      std::string family = amd_family_key(gpu.where.value);
      if (family.empty() || family == crossing.override_family) {
        decided = false;
        break;
      }
      crossing.gpus.push_back(gpu);
      crossing.gpu_families.push_back(family);
    }
    if (decided && !crossing.gpus.empty()) {
      return crossing;
    }
  }
  return std::nullopt;
}

std::optional<OverrideWithin> find_override_within_family(const LogFacts& facts) {
  std::optional<OverrideWithin> within;
  for (const auto& logged : facts.overrides) {
    std::string target = presented_processor(logged);
    std::string family = amd_family_key(target);
    if (family.empty() || (within && within->family != family)) {
      return std::nullopt;  // an override explain cannot place, or two overrides of different families
    }
    if (!within) {
      within = OverrideWithin{logged, target, family, {}};
    }
  }
  if (!within) {
    return std::nullopt;
  }
  // An APU's iGPU named by its CPU counts only when the log names no other GPU: then it is the one the
  // override was set for; next to a named GPU, the CPU says nothing about which GPU that was.
  bool other_named = names_a_gpu(facts);
  for (const auto& gpu : facts.gpus) {
    if (on_override_line(gpu, facts) || (gpu.naming == GpuNaming::cpu_name && other_named)) {
      continue;
    }
    if (amd_family_key(gpu.where.value) != within->family) {
      return std::nullopt;
    }
    within->gpus.push_back(gpu);
  }
  if (within->gpus.empty()) {
    return std::nullopt;
  }
  return within;
}

namespace {

// The sentence that replaces a withdrawn finding: what the log shows, and why it no longer names a cause.
std::string withdrawal_detail(const LogRule& rule, const OverrideWithin& within, const Finding& withdrawn) {
  const LoggedGpu& gpu = within.gpus.front();
  std::string shown = withdrawn.evidence.empty()
                          ? withdrawn.id
                          : fmt::format("line {} ({})", withdrawn.evidence.front().line, withdrawn.id);
  std::string named = gpu.where.value;
  if (gpu.naming == GpuNaming::cpu_name) {
    named = fmt::format("the integrated GPU of {} ({}, data/amd_apu_graphics.tsv)", gpu.named_as, gpu.where.value);
  } else if (gpu.naming == GpuNaming::product_name) {
    named = fmt::format("{} ({})", gpu.named_as, gpu.where.value);
  }
  return fmt::format(
      "{} would blame HSA_OVERRIDE_GFX_VERSION, but the override here is {} (line {}; programs see {}) and the log "
      "names the GPU as {} (line {}), of the same family {}: the usual workaround, so the failure next to it is "
      "no evidence against the override's choice and {} is not named as the cause (data/error_log_rules.tsv, {})",
      shown, within.override_value.value, within.override_value.line, within.override_target, named,
      gpu.where.line, within.family, withdrawn.category, rule.id);
}

// Says why findings were withdrawn: in details of the finding that now leads, or, when none is left, as the cause,
// details and fix of the unknown report.
void report_withdrawals(const LogRule& rule, std::string fix, std::vector<std::string> details,
                        std::vector<Finding>& findings, LogRuleOutcome& outcome) {
  if (findings.empty()) {
    outcome.unknown_cause = rule.cause;
    outcome.unknown_details = std::move(details);
    outcome.unknown_fix = std::move(fix);
    return;
  }
  for (auto& detail : details) {
    findings.front().details.push_back(std::move(detail));
  }
}

// Withdraws the findings of `rule`'s category that come from a signature or a second-stage rule (not
// from a whole-log rule); says so on the finding that then leads, or in `outcome` when none is left.
void withdraw_category_findings(const LogRule& rule, const std::vector<LogRule>& rules, const OverrideWithin& within,
                                std::vector<Finding>& findings, LogRuleOutcome& outcome) {
  auto from_log_rule = [&rules](const Finding& finding) {
    return std::any_of(rules.begin(), rules.end(), [&](const LogRule& r) { return r.id == finding.id; });
  };
  std::vector<std::string> details;
  std::vector<Finding> kept;
  for (auto& finding : findings) {
    if (finding.category == rule.category && !from_log_rule(finding)) {
      details.push_back(withdrawal_detail(rule, within, finding));
    } else {
      kept.push_back(std::move(finding));
    }
  }
  findings = std::move(kept);
  if (details.empty()) {
    return;
  }
  PlaceholderValues values;
  values["override"] = within.override_value.value;
  values["gpu"] = within.gpus.front().where.value;
  report_withdrawals(rule, fill_placeholders(rule.fix, values), std::move(details), findings, outcome);
}

// Whether `finding` is a triton-compile answer read from a ptxas message (ptxas-gpu-name-undefined:
// "ptxas fatal : Value 'sm_30' is not defined for option 'gpu-name'").
bool is_triton_ptxas_finding(const Finding& finding) {
  if (finding.category != "triton-compile" || finding.evidence.empty()) {
    return false;
  }
  std::string text = finding.evidence.front().text;
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text.find("ptxas") != std::string::npos;
}

// A ptxas message in a log that shows an nvcc build and never names Triton: the ptxas is the CUDA
// toolkit's that nvcc runs (instant-ngp#747: a stale apt CUDA 10.1 first on PATH), not Triton's bundled
// one, so the triton-compile answer is replaced by the rule's own (compiler-version), in its place.
void replace_ptxas_findings(const LogRule& rule, const LogFacts& facts, std::vector<Finding>& findings) {
  if (!facts.cuda_build || facts.triton) {
    return;
  }
  auto at = std::find_if(findings.begin(), findings.end(), is_triton_ptxas_finding);
  if (at == findings.end()) {
    return;
  }
  Finding finding = rule_finding(rule);
  finding.evidence.push_back(at->evidence.front());
  if (facts.cuda_build->line != at->evidence.front().line) {
    finding.evidence.push_back({facts.cuda_build->line, facts.cuda_build->text});
  }
  finding.matched_lines = finding.evidence.size();
  finding.details.push_back(fmt::format(
      "line {} shows an nvcc build and no line names Triton: the ptxas that failed is the CUDA toolkit's that nvcc "
      "runs, so {} (triton-compile, which assumes Triton's bundled ptxas) is not the answer (data/error_log_rules.tsv, {})",
      facts.cuda_build->line, at->id, rule.id));
  *at = std::move(finding);
  findings.erase(std::remove_if(std::next(at), findings.end(), is_triton_ptxas_finding), findings.end());
}

// The architecture name an nvcc refusal quotes after compute_ ("71" of "Unsupported gpu architecture
// 'compute_71'", "86+PTX" of 'compute_86+PTX'), or "" when the finding is none of nvcc's arch refusals.
std::string refused_nvcc_arch(const Finding& finding) {
  if ((finding.id != "nvcc-unsupported-gpu-arch" && finding.id != "nvcc-unsupported-gpu-arch-quoted") ||
      finding.evidence.empty()) {
    return {};
  }
  // Read with the marks of pasting undone (pasted_text: no-break spaces, tabs, HTML entities; quotes kept). The name
  // must end before the text does (nvcc quotes it): a piece of a wrapped line that the row matched on its own
  // ("... architecture 'compute_5" of a line cut at 60 columns) may have lost the name's end, and says nothing.
  static const std::regex refusal(R"(unsupported\s+gpu\s+architecture\W*compute_([0-9a-z+]+)[^0-9a-z+])",
                                  std::regex::icase);
  std::smatch match;
  std::string text;
  pasted_text(finding.evidence.front().text, text);
  if (!std::regex_search(text, match, refusal)) {
    return {};
  }
  return match[1].str();
}

// nvcc refused an architecture that no GPU has (compute_71; compute_86+PTX, torch's list syntax handed to
// nvcc): the toolkit is not too old for it, the build's architecture list is wrong, so the compiler-version
// answer of nvcc's refusal is replaced, in its place, by the rule's (arch-detect). A refusal of a real
// architecture (compute_30 on CUDA 11, compute_86 on CUDA 11.0) keeps compiler-version.
void replace_nvcc_arch_findings(const LogRule& rule, std::vector<Finding>& findings) {
  auto unreal = [](const Finding& finding) {
    std::string name = refused_nvcc_arch(finding);
    return !name.empty() && knowledge::classify_cuda_arch_name(name) == knowledge::CudaArchName::not_real;
  };
  auto at = std::find_if(findings.begin(), findings.end(), unreal);
  if (at == findings.end()) {
    return;
  }
  Finding finding = rule_finding(rule);
  finding.evidence = at->evidence;
  finding.matched_lines = at->matched_lines;
  finding.details.push_back(fmt::format(
      "nvcc refused compute_{}, which is no CUDA compute capability (data/cuda_compute_capabilities.tsv lists every "
      "one): the build's architecture list is wrong, so {} (compiler-version, a toolkit too old or too new for a "
      "real architecture) is not the answer (data/error_log_rules.tsv, {})",
      refused_nvcc_arch(*at), at->id, rule.id));
  *at = std::move(finding);
  findings.erase(std::remove_if(std::next(at), findings.end(), unreal), findings.end());
}

bool contains_lowercase(std::string text, std::string_view needle) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text.find(needle) != std::string::npos;
}

// The log sets HSA_OVERRIDE_GFX_VERSION, yet Ollama ran its gfx compatibility check ("amdgpu is not
// supported"), which it runs only without the variable in its own environment, and no line shows Ollama
// reading it ("skipping rocm gfx compatibility check"): the override the author set never reached the
// server (ollama#8679: set in the systemd unit, while `ollama serve` was started by hand). Goes in front of
// the gpu-code-missing answer that the check's message gives alone.
void add_override_unseen_by_ollama(const LogRule& rule, const LogFacts& facts, std::vector<Finding>& findings) {
  if (facts.overrides.empty()) {
    return;
  }
  for (const auto& logged : facts.overrides) {
    if (contains_lowercase(logged.text, k_ollama_override_seen)) {
      return;  // Ollama itself read the override on some run of the log (ollama#2502)
    }
  }
  auto check = std::find_if(findings.begin(), findings.end(),
                            [](const Finding& finding) { return finding.id == k_ollama_gfx_check_id; });
  if (check == findings.end() || check->evidence.empty()) {
    return;
  }
  const LoggedValue& logged = facts.overrides.front();
  Finding finding = rule_finding(rule);
  finding.evidence.push_back({logged.line, logged.text});
  if (check->evidence.front().line != logged.line) {
    finding.evidence.push_back(check->evidence.front());
  }
  finding.matched_lines = finding.evidence.size();
  finding.details.push_back(fmt::format(
      "line {} sets HSA_OVERRIDE_GFX_VERSION={}, but line {} is Ollama's gfx compatibility check, which Ollama runs "
      "only when the variable is unset in its own environment, and no line shows Ollama's \"skipping rocm gfx "
      "compatibility check\": the override did not reach the server (data/error_log_rules.tsv, {})",
      logged.line, logged.value, check->evidence.front().line, rule.id));
  PlaceholderValues values;
  values["override"] = logged.value;
  finding.fix = fill_placeholders(rule.fix, values);
  auto at = std::find_if(findings.begin(), findings.end(), is_gpu_finding);
  findings.insert(at, std::move(finding));
}

// A missing-code error whose line names the processor the runtime saw (rocBLAS's "Illegal seek for GPU arch :
// gfx90c", HIP's "No compatible code objects found for: gfx1152", Ollama's "gpu_type=gfx1031"): with
// HSA_OVERRIDE_GFX_VERSION in that process, libhsakmt reports the override's processor instead (topology.c), so
// the line shows a run without it. When the log gives an override presenting another processor of that one's
// family (9.0.0 for gfx90c, 10.3.0 for gfx1031: the usual workaround, ROCm/rocBLAS#1398), the failing process went
// without the override. Goes in front of the missing-code finding; says nothing when a finding of the category is
// already there (override-not-reaching-ollama) or when Ollama shows it read the override on some run (ollama#2502).
void add_family_override_not_in_run(const LogRule& rule, const LogFacts& facts, std::vector<Finding>& findings) {
  if (facts.overrides.empty() ||
      std::any_of(findings.begin(), findings.end(), [&](const Finding& f) { return f.category == rule.category; })) {
    return;
  }
  for (const auto& logged : facts.overrides) {
    if (contains_lowercase(logged.text, k_ollama_override_seen)) {
      return;
    }
  }
  for (const auto& missing : findings) {
    if (missing.category != "gpu-code-missing" || missing.evidence.empty()) {
      continue;
    }
    std::string seen = first_known_processor(missing.evidence.front().text);
    if (seen.empty()) {
      continue;
    }
    for (const auto& logged : facts.overrides) {
      std::string presented = presented_processor(logged);
      if (presented.empty() || presented == seen || amd_family_key(presented) != amd_family_key(seen)) {
        continue;
      }
      Finding finding = finding_quoting(rule, missing.evidence.front(), {logged.line, logged.text});
      finding.details.push_back(fmt::format(
          "line {} ({}) names {}, the processor the runtime saw: with HSA_OVERRIDE_GFX_VERSION set in that process it "
          "would have seen {}; line {} gives HSA_OVERRIDE_GFX_VERSION={} ({}, of {}'s family {}), so the failing run "
          "went without it (data/error_log_rules.tsv, {})",
          missing.evidence.front().line, missing.id, seen, presented, logged.line, logged.value, presented, seen,
          amd_family_key(seen), rule.id));
      PlaceholderValues values;
      values["override"] = logged.value;
      values["override gfx"] = presented;
      values["gpu"] = seen;
      finding.fix = fill_placeholders(rule.fix, values);
      auto at = std::find_if(findings.begin(), findings.end(), is_gpu_finding);
      findings.insert(at, std::move(finding));
      return;
    }
  }
}

// "9.0+PTX" -> "9.0": torch accepts an arch with or without +PTX alike.
std::string_view without_ptx(std::string_view arch) {
  std::size_t plus = arch.find('+');
  return plus == std::string_view::npos ? arch : arch.substr(0, plus);
}

// torch's cpp_extension refused an arch that is a number ("Unknown CUDA arch (9.0+PTX) or GPU not supported"), and a
// TORCH_CUDA_ARCH_LIST the log shows names it (BMTrain#83: "echo $TORCH_CUDA_ARCH_LIST" printing "... 8.6 9.0+PTX"):
// the list holds an arch the installed torch does not know. Without the list in the log, the number alone may be a
// GPU newer than torch, and the rule says nothing.
void add_arch_list_names_unknown(const LogRule& rule, const LogFacts& facts, std::vector<Finding>& findings) {
  if (!facts.unknown_torch_arch) {
    return;
  }
  const LoggedValue& refused = *facts.unknown_torch_arch;
  for (const auto& list : facts.arch_lists) {
    std::string_view entries = list.value;
    bool named = false;
    while (!entries.empty() && !named) {
      std::size_t end = entries.find_first_of(" ;,");
      std::string_view entry = entries.substr(0, end);
      named = !entry.empty() && without_ptx(entry) == without_ptx(refused.value);
      entries.remove_prefix(end == std::string_view::npos ? entries.size() : end + 1);
    }
    if (!named) {
      continue;
    }
    Finding finding = finding_quoting(rule, {refused.line, refused.text}, {list.line, list.text});
    finding.details.push_back(fmt::format(
        "line {} shows TORCH_CUDA_ARCH_LIST as {}, which names {}, the arch torch refused on line {} "
        "(data/error_log_rules.tsv, {})",
        list.line, list.value, refused.value, refused.line, rule.id));
    PlaceholderValues values;
    values["arch"] = std::string(without_ptx(refused.value));
    finding.fix = fill_placeholders(rule.fix, values);
    // A signature of the same category that read the refusal alone (torch-arch-list-unknown-number, seventeenth
    // round) is this finding without the list: this one, which quotes both lines, takes its place.
    std::erase_if(findings, [&](const Finding& other) {
      return other.category == rule.category && !other.evidence.empty() &&
             std::all_of(other.evidence.begin(), other.evidence.end(),
                         [&](const EvidenceLine& e) { return e.line == refused.line; });
    });
    auto at = std::find_if(findings.begin(), findings.end(), is_gpu_finding);
    findings.insert(at, std::move(finding));
    return;
  }
}

// The log sets HSA_OVERRIDE_GFX_VERSION to values of two GPU families (9.0.0 and 10.3.0) and names no GPU, and
// a signature reads a GPU fault that an override of another family produces (a Memory access fault, the amdgpu
// driver's page fault): one GPU is of one family only, so at least one of the overrides presents it as another
// family's processor, and the log shows the fault that crossing causes (NixOS/nixpkgs#207109: a Ryzen 5600G's
// gfx90c under 9.0.12/9.0.0, missing code objects, and under 10.3.0, a page fault). Goes in front of the
// missing-code answer that the other override's run gives. A GPU named, and the crossing and within rules decide.
void add_overrides_of_two_families(const LogRule& rule, const std::vector<LogRule>& rules, const LogFacts& facts,
                                   std::vector<Finding>& findings) {
  if (names_a_gpu(facts)) {
    return;
  }
  if (std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
        return f.category == rule.category &&
               std::any_of(rules.begin(), rules.end(), [&](const LogRule& r) { return r.id == f.id; });
      })) {
    return;  // another whole-log rule of the category has answered
  }
  const LoggedValue* first = nullptr;
  const LoggedValue* other = nullptr;
  std::string first_family;
  std::string other_family;
  for (const auto& logged : facts.overrides) {
    std::string family = amd_family_key(presented_processor(logged));
    if (family.empty()) {
      continue;
    }
    if (first == nullptr) {
      first = &logged;
      first_family = family;
    } else if (family != first_family && other == nullptr) {
      other = &logged;
      other_family = family;
    }
  }
  if (first == nullptr || other == nullptr) {
    return;
  }
  auto fault = std::find_if(findings.begin(), findings.end(), [&](const Finding& f) {
    return f.category == rule.category && !f.evidence.empty() && !f.id.starts_with("facets-");
  });
  if (fault == findings.end()) {
    return;
  }
  Finding finding = finding_quoting(rule, {first->line, first->text}, {other->line, other->text});
  EvidenceLine shown = fault->evidence.front();
  if (std::none_of(finding.evidence.begin(), finding.evidence.end(),
                   [&](const EvidenceLine& e) { return e.line == shown.line; })) {
    finding.evidence.push_back(shown);
    std::sort(finding.evidence.begin(), finding.evidence.end(),
              [](const EvidenceLine& a, const EvidenceLine& b) { return a.line < b.line; });
    finding.matched_lines = finding.evidence.size();
  }
  finding.details.push_back(fmt::format(
      "line {} sets HSA_OVERRIDE_GFX_VERSION={} (family {}) and line {} sets {} (family {}): a GPU is of one family "
      "only, so at least one of them presents it as another family's processor, and line {} shows the GPU fault "
      "({}) that follows from it; the log names no GPU, so which override fits must come from rocminfo or "
      "archfit detect run without it (data/error_log_rules.tsv, {})",
      first->line, first->value, first_family, other->line, other->value, other_family, shown.line, fault->id,
      rule.id));
  PlaceholderValues values;
  values["override"] = first->value;
  values["other override"] = other->value;
  finding.fix = fill_placeholders(rule.fix, values);
  auto at = std::find_if(findings.begin(), findings.end(), is_gpu_finding);
  findings.insert(at, std::move(finding));
}

// The log brings up no override (no line names HSA_OVERRIDE_GFX_VERSION, none is given in words) and none is
// in effect here: the listed rows, which read a GPU fault as an override's doing, have nothing to blame. The
// fault alone is what any kernel that touches unmapped memory raises (an out-of-bounds write:
// ROCm/legacy-rocm-build#993; a firmware regression: #5616), so their findings are withdrawn, and a detail (or,
// when none is left, the unknown report) says so.
void withdraw_listed_findings(const LogRule& rule, const LogFacts& facts, bool override_here,
                              std::vector<Finding>& findings, LogRuleOutcome& outcome) {
  if (!facts.overrides.empty() || facts.override_named || override_here) {
    return;
  }
  std::vector<std::string> details;
  std::vector<Finding> kept;
  for (auto& finding : findings) {
    if (std::find(rule.signatures.begin(), rule.signatures.end(), finding.id) == rule.signatures.end()) {
      kept.push_back(std::move(finding));
      continue;
    }
    std::string where = finding.evidence.empty() ? std::string("the log")
                                                 : fmt::format("line {}", finding.evidence.front().line);
    details.push_back(fmt::format("{} ({}) would blame an HSA_OVERRIDE_GFX_VERSION for the GPU fault, but the log "
                                  "brings up no override (data/error_log_rules.tsv, {})",
                                  where, finding.id, rule.id));
  }
  findings = std::move(kept);
  if (!details.empty()) {
    report_withdrawals(rule, rule.fix, std::move(details), findings, outcome);
  }
}

}  // namespace

LogRuleOutcome apply_log_rules(const std::vector<LogRule>& rules, const LogFacts& facts, std::vector<Finding>& findings,
                               bool override_here) {
  LogRuleOutcome outcome;
  for (const auto& rule : rules) {
    if (rule.condition == k_no_override_brought_up) {
      withdraw_listed_findings(rule, facts, override_here, findings, outcome);
      continue;
    }
    if (rule.condition == k_ptxas_of_cuda_build) {
      replace_ptxas_findings(rule, facts, findings);
      continue;
    }
    if (rule.condition == k_nvcc_arch_not_a_capability) {
      replace_nvcc_arch_findings(rule, findings);
      continue;
    }
    if (rule.condition == k_override_unseen_by_ollama) {
      add_override_unseen_by_ollama(rule, facts, findings);
      continue;
    }
    if (rule.condition == k_arch_list_names_unknown) {
      add_arch_list_names_unknown(rule, facts, findings);
      continue;
    }
    if (rule.condition == k_family_override_not_in_run) {
      add_family_override_not_in_run(rule, facts, findings);
      continue;
    }
    if (rule.condition == k_overrides_of_two_families) {
      add_overrides_of_two_families(rule, rules, facts, findings);
      continue;
    }
    if (rule.condition == k_override_within) {
      if (auto within = find_override_within_family(facts)) {
        withdraw_category_findings(rule, rules, *within, findings, outcome);
      }
      continue;
    }
    if (rule.condition != k_override_crossing) {
      continue;
    }
    auto crossing = find_override_crossing(facts);
    if (!crossing) {
      continue;
    }
    Finding finding = crossing_finding(rule, *crossing);
    for (const auto& other : findings) {
      if (is_gpu_finding(other)) {
        finding.details.push_back(fmt::format("the log also shows {} ({}): with the override presenting another "
                                              "family's processor, that follows from the override",
                                              other.category, other.id));
      }
    }
    auto at = std::find_if(findings.begin(), findings.end(), is_gpu_finding);
    findings.insert(at, std::move(finding));
  }
  // An override, but no GPU named: whether it fits cannot be told from the log.
  if (facts.overrides.empty() || names_a_gpu(facts)) {
    return outcome;
  }
  const LoggedValue& logged = facts.overrides.front();
  auto version = detect::parse_gfx_override(logged.value);
  std::string seen = version ? version->processor_name() : std::string("?");
  std::string family = amd_family_key(seen);
  for (auto& finding : findings) {
    if (finding.category == "gpu-code-missing" || finding.category == "gpu-isa-override") {
      finding.details.push_back(fmt::format(
          "the log sets HSA_OVERRIDE_GFX_VERSION={} (line {}; programs see {}{}) but names no other GPU, so "
          "whether the override fits the real GPU cannot be told from it: the GPU's own gfx (rocminfo's Name: or "
          "archfit detect, run without the override) is missing; an override of another family than the GPU is "
          "the cause, one of its own family a workaround",
          logged.value, logged.line, seen, family.empty() ? "" : fmt::format(", family {}", family)));
    }
  }
  return outcome;
}

}  // namespace archfit::explain
