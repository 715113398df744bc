// `archfit build [--project P] [--src DIR] [--target T,...] [--python PY] [--wheel|--editable] [--log FILE]
//                [--force] [--retry-on-oom] [--json] [-- EXTRA ARGS]`
// doctor first (a FAIL stops the build unless --force), then env's variables (set in the children
// only), then the project's steps (data/build_recipes.tsv) with a live progress display, the full log
// and the arch-line watch; explain on failure, check on the wheel on success (docs/build.md).
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "srcbuild/build_recipe.hpp"
#include "srcbuild/build_runner.hpp"
#include "srcbuild/ccache_stats.hpp"
#include "cli/command.hpp"
#include "cli/doctor_inputs.hpp"
#include "cli/failure_output.hpp"
#include "doctor/doctor.hpp"
#include "doctor/env_plan.hpp"
#include "model/finding.hpp"
#include "explain/context_builder.hpp"
#include "explain/explainer.hpp"
#include "explain/log_reader.hpp"
#include "explain/log_scanner.hpp"
#include "explain/signature_table.hpp"
#include "check/checker.hpp"
#include "report/build_findings.hpp"
#include "report/check_json.hpp"
#include "report/check_text.hpp"
#include "report/doctor_text.hpp"
#include "report/env_output.hpp"
#include "report/explain_findings.hpp"
#include "report/explain_text.hpp"
#include "report/finding_json.hpp"
#include "report/finding_text.hpp"
#include "util/json_writer.hpp"
#include "util/terminal_text.hpp"

namespace archfit::cli {

namespace {

namespace fs = std::filesystem;

struct BuildCommandOptions {
  DoctorInputs inputs;
  bool wheel = false;
  bool editable = false;
  std::string log;
  bool force = false;
  bool retry_on_oom = false;
  bool json = false;
  std::vector<std::string> extra;
};

// The progress display: a bar with ETA on a terminal (redrawn at most 5 times a second), else one
// plain line per ninja step and per phase.
class ProgressDisplay {
 public:
  // quiet (-q): no step and phase lines, only the bar on a terminal.
  ProgressDisplay(bool terminal, bool quiet)
      : m_terminal(terminal), m_quiet(quiet), m_start(std::chrono::steady_clock::now()) {}
  void step(const std::string& name) {
    clear();
    if (!m_quiet) {
      fmt::print(stderr, "archfit build: step {}\n", name);
    }
    m_step_start = std::chrono::steady_clock::now();
  }
  void line(std::string_view line, const build::BuildWatch& watch) {
    auto status = build::parse_ninja_status(line);
    if (!m_terminal) {
      if (m_quiet) {
        return;
      }
      // pip -v indents the backend's output (CMake's phases) and its own phase lines.
      std::string_view text = line.substr(std::min(line.find_first_not_of(' '), line.size()));
      if (status || text.starts_with("-- Configuring done") || text.starts_with("Building wheel for") ||
          text.starts_with("Successfully built") || build::parse_arch_line(line)) {
        fmt::print(stderr, "{}\n", terminal_safe(line.substr(0, 300)));
      }
      return;
    }
    auto now = std::chrono::steady_clock::now();
    if (now - m_last_draw < std::chrono::milliseconds(200)) {
      return;
    }
    m_last_draw = now;
    const auto& progress = watch.progress();
    std::string text;
    if (progress.total > 0) {
      int width = 30;
      int filled = static_cast<int>(static_cast<double>(width) * static_cast<double>(progress.done) /
                                    static_cast<double>(progress.total));
      auto eta = build::eta(progress, now - m_step_start);
      text = fmt::format("[{}{}] {}/{} {}", std::string(static_cast<std::size_t>(filled), '#'),
                         std::string(static_cast<std::size_t>(width - filled), '.'), progress.done, progress.total,
                         eta ? fmt::format("ETA {}m{:02}s", eta->count() / 60, eta->count() % 60) : std::string());
    } else {
      text = progress.phase.empty() ? std::string("starting") : progress.phase;
    }
    auto elapsed = std::chrono::duration_cast<std::chrono::seconds>(now - m_start).count();
    fmt::print(stderr, "\r\x1b[K{} {}s", text, elapsed);
    m_drawn = true;
  }
  void clear() {
    if (m_drawn) {
      fmt::print(stderr, "\r\x1b[K");
      m_drawn = false;
    }
  }

 private:
  bool m_terminal;
  bool m_quiet;
  std::chrono::steady_clock::time_point m_start;
  std::chrono::steady_clock::time_point m_step_start;
  std::chrono::steady_clock::time_point m_last_draw;
  bool m_drawn = false;
};

std::string newest_wheel(const std::string& dist, fs::file_time_type after) {
  std::error_code error;
  std::string best;
  fs::file_time_type best_time{};
  for (fs::directory_iterator it(dist, error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() != ".whl") {
      continue;
    }
    auto time = it->last_write_time(error);
    if (!error && time >= after && (best.empty() || time > best_time)) {
      best = it->path().string();
      best_time = time;
    }
  }
  return best;
}

int run_build_command(const BuildCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  const report::TextStyle say_style = global.text_style(STDERR_FILENO);
  DoctorInputs inputs = options.inputs;
  if (inputs.src.empty()) {
    inputs.src = ".";
  }
  std::error_code error;
  inputs.src = fs::absolute(inputs.src, error).lexically_normal().string();
  while (inputs.src.size() > 1 && inputs.src.back() == '/') {
    inputs.src.pop_back();
  }
  auto prepared = prepare_doctor(inputs);
  if (!prepared) {
    return report_failure(error_style, options.json, "build", prepared.error().message, k_exit_usage);
  }
  auto environment = probe::Environment::current();
  probe::ProcessRunner runner;
  probe::SystemRoot root("/");

  // 1. doctor.
  auto doctor_report = doctor::run_doctor(root, environment, runner, prepared->rules, prepared->options);
  const auto& facts = doctor_report.facts;
  if (doctor_report.has_failures()) {
    fmt::print(stderr, "{}", report::doctor_to_text(doctor_report, say_style));
    if (!options.force) {
      return report_failure(error_style, options.json, "build",
                            "doctor found failures (above); fix them or build anyway with --force", k_exit_findings);
    }
  }
  // 2. env: the variables, set in the children only.
  auto plan = doctor::plan_env(facts, prepared->rules, environment, doctor::EnvOptions{});
  std::vector<std::pair<std::string, std::string>> variables;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  for (const auto& variable : plan.variables) {
    variables.emplace_back(variable.name, variable.prepend ? variable.full : variable.value);
    if (variable.name == "MAX_JOBS") {
      jobs = static_cast<unsigned>(std::max(1, std::atoi(variable.value.c_str())));
    }
  }
  // 3. the steps.
  // --project names the recipe; without it, the project doctor recognised in the tree.
  std::string project = !inputs.project.empty() ? inputs.project : facts.source.project;
  std::string recipe = build::recipe_for_tree(project, inputs.src);
  if (recipe.empty()) {
    return report_failure(error_style, options.json, "build",
                          inputs.src + ": no setup.py, pyproject.toml or CMakeLists.txt: nothing archfit can build",
                          k_exit_usage);
  }
  build::RecipeInputs recipe_inputs;
  recipe_inputs.project = project;
  recipe_inputs.backend = facts.backend;
  recipe_inputs.mode = options.editable ? "editable" : "wheel";
  recipe_inputs.src = inputs.src;
  recipe_inputs.python = facts.python.interpreter.empty() ? "python3" : facts.python.interpreter;
  recipe_inputs.dist = inputs.src + "/dist";
  recipe_inputs.build_dir = "build";
  recipe_inputs.jobs = jobs;
  std::string log_path = options.log.empty() ? inputs.src + "/archfit-build.log" : options.log;
  int exit_code = k_exit_ok;
  auto started = fs::file_time_type::clock::now();
  while (true) {  // once, and again with fewer jobs after an OOM kill
    recipe_inputs.jobs = jobs;
    auto steps = build::recipe_steps(recipe_inputs);
    if (!steps.empty()) {
      steps.back().argv.insert(steps.back().argv.end(), options.extra.begin(), options.extra.end());
    }
    for (auto& [name, value] : variables) {
      if (name == "MAX_JOBS" || name == "CMAKE_BUILD_PARALLEL_LEVEL") {
        value = std::to_string(jobs);
      }
    }
    if (std::none_of(variables.begin(), variables.end(), [](const auto& v) { return v.first == "MAX_JOBS"; })) {
      variables.emplace_back("MAX_JOBS", std::to_string(jobs));
    }
    if (std::none_of(variables.begin(), variables.end(), [](const auto& v) { return v.first == "CMAKE_BUILD_PARALLEL_LEVEL"; })) {
      variables.emplace_back("CMAKE_BUILD_PARALLEL_LEVEL", std::to_string(jobs));
    }
    int log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (log_fd < 0) {
      return report_failure(error_style, options.json, "build", log_path + ": cannot write the log", k_exit_usage);
    }
    std::string header = "# archfit build: " + inputs.src + " (" + (recipe == "*" ? "python project" : recipe) + ", " +
                         facts.backend + ", targets " + fmt::format("{}", fmt::join(facts.targets, ",")) + ")\n";
    for (const auto& [name, value] : variables) {
      header += "# " + name + "=" + value + "\n";
    }
    (void)!::write(log_fd, header.data(), header.size());
    ProgressDisplay display(::isatty(STDERR_FILENO) == 1 && !options.json,
                            global.verbosity == report::Verbosity::quiet);
    // build's own findings (the guards and the diagnosis), said on stderr by the one Finding renderer
    // as they happen (-q: problems only; -v: the rule and source of each) and listed in the JSON.
    std::vector<model::Finding> findings;
    auto say = [&](model::Finding finding, const std::vector<std::string>& details = {}) {
      if (report::finding_shown(finding, say_style)) {
        fmt::print(stderr, "{}", report::finding_to_text(finding, say_style, details));
      }
      findings.push_back(std::move(finding));
    };
    if (say_style.verbose()) {  // -v: the environment the steps run in, set in the children only
      for (const auto& [name, value] : variables) {
        fmt::print(stderr, "archfit build: {}={}\n", name, terminal_safe(value));
      }
    }
    build::BuildRunOptions run_options;
    run_options.steps = steps;
    run_options.cwd = inputs.src;
    run_options.environment = variables;
    run_options.targets = facts.targets;
    run_options.log_fd = log_fd;
    run_options.on_step = [&](const build::StepOutcome& step) {
      display.step(step.name + ": " + fmt::format("{}", fmt::join(step.argv, " ")));
      std::string line = "# step " + step.name + ": " + fmt::format("{}", fmt::join(step.argv, " ")) + "\n";
      (void)!::write(log_fd, line.data(), line.size());
    };
    run_options.on_line = [&](std::string_view line, const build::BuildWatch& watch) { display.line(line, watch); };
    // ccache's counters around the build (never zeroed: they are the user's), read in the children's
    // environment only when a compiler launcher names ccache.
    auto children = build::child_environment(environment, variables);
    std::optional<Result<build::CcacheCounters>> ccache_before;
    if (build::ccache_launcher_set(children)) {
      ccache_before = build::read_ccache_stats(runner, children);
    }
    auto run = build::run_build_steps(run_options);
    ::close(log_fd);
    display.clear();
    std::optional<Result<build::CcacheDelta>> ccache;
    if (ccache_before) {
      auto after = build::read_ccache_stats(runner, children);
      ccache = !*ccache_before ? Result<build::CcacheDelta>(ccache_before->error())
               : !after        ? Result<build::CcacheDelta>(after.error())
                               : build::ccache_delta(**ccache_before, *after);
    }
    if (!run) {
      return report_failure(error_style, options.json, "build", run.error().message, k_exit_findings);
    }
    const auto& watch = run->watch;
    JsonWriter json(::isatty(STDOUT_FILENO) == 1 ? 2 : 0);
    json.begin_object();
    json.member("schema", "archfit.build/1");
    json.member("src", inputs.src);
    json.member("recipe", recipe);
    json.member("backend", facts.backend);
    json.string_array("targets", facts.targets);
    json.member("log", log_path);
    json.member("jobs", jobs);
    json.key("steps");
    json.begin_array();
    for (const auto& step : run->steps) {
      json.begin_object();
      json.member("name", step.name);
      json.string_array("argv", step.argv);
      json.member("status", step.status());
      json.member("stopped", step.stopped);
      json.member("seconds", step.seconds);
      json.end_object();
    }
    json.end_array();
    json.member("succeeded", run->succeeded);
    json.member("interrupted", run->interrupted);
    json.key("arch_lines");
    json.begin_array();
    for (const auto& line : watch.arch_lines()) {
      json.value(line.line);
    }
    json.end_array();
    json.member("arch_lines_agreeing", watch.arch_lines_agreeing());
    if (ccache && *ccache) {
      const auto& counters = (*ccache)->counters;
      auto rate = (*ccache)->hit_rate();
      json.key("ccache");
      json.begin_object();
      json.member("hits", counters.hits());
      json.member("direct_hits", counters.direct_hits);
      json.member("preprocessed_hits", counters.preprocessed_hits);
      json.member("misses", counters.misses);
      if (rate) {
        json.member("hit_rate", *rate);
      } else {
        json.null_member("hit_rate");
      }
      json.end_object();
      model::Finding finding = report::build_finding(
          "build.ccache", model::Status::pass, "ccache",
          fmt::format("{} hits ({} direct, {} preprocessed), {} misses{}", counters.hits(), counters.direct_hits,
                      counters.preprocessed_hits, counters.misses,
                      rate ? fmt::format(": hit rate {:.1f}%", 100.0 * *rate) : std::string(": no cacheable compile")));
      say(std::move(finding));
    } else {
      json.null_member("ccache");
      if (ccache) {
        json.member("ccache_unknown", ccache->error().message);
        model::Finding finding = report::build_finding("build.ccache", model::Status::unknown, "ccache",
                                               "hit rate unknown: " + ccache->error().message);
        say(std::move(finding));
      }
    }
    if (const auto& disagreement = watch.disagreement()) {
      const auto& [line, verdict] = *disagreement;
      json.key("arch_disagreement");
      json.begin_object();
      json.member("line", line.line);
      json.string_array("missing", verdict.missing);
      json.string_array("extra", verdict.extra);
      json.end_object();
      model::Finding finding = report::build_finding("build.arch-line", model::Status::fail, "arch line",
                                             "stopped: the build's arch line disagrees with the targets");
      say(std::move(finding),
          {line.line, fmt::format("requested: {}; missing: {}; not requested: {}", fmt::join(watch.requested(), ","),
                                  verdict.missing.empty() ? "-" : fmt::format("{}", fmt::join(verdict.missing, ",")),
                                  verdict.extra.empty() ? "-" : fmt::format("{}", fmt::join(verdict.extra, ",")))});
    } else if (!watch.arch_lines().empty()) {
      model::Finding finding = report::build_finding("build.arch-line", model::Status::pass, "arch line",
                                             "agrees with the targets: " + watch.arch_lines().front().line.substr(0, 300));
      say(std::move(finding));
    }
    bool oom = false;
    if (!run->succeeded) {
      exit_code = k_exit_findings;
      if (run->interrupted) {
        say(report::build_finding("build.interrupted", model::Status::warn, "build",
                          "interrupted; the log so far is in " + log_path));
      } else if (!watch.disagreement()) {
        // 4. explain the log.
        auto signatures = explain::builtin_signatures();
        if (signatures) {
          explain::LogScanner scanner(*signatures);
          if (explain::scan_file(log_path, scanner).ok()) {
            auto machine = explain::build_machine_context("/", environment);
            auto explanation = explain::explain_matches(scanner.matches(), **signatures,
                                                        machine ? machine->get() : nullptr);
            fmt::print(stderr, "{}", report::explain_to_text(explanation, say_style));  // -v: every matched line
            json.key("explain");
            json.begin_array();
            for (const auto& finding : explanation.findings) {
              json.value(finding.id);
              oom = oom || finding.category == "oom";
              findings.push_back(report::explain_finding(finding));  // said above, with its evidence
              findings.back().origin = "explain";
            }
            json.end_array();
          }
        }
        oom = oom || (!run->steps.empty() && run->steps.back().signal == SIGKILL);
      }
    }
    unsigned fewer = std::max(1u, jobs / 2);
    if (oom) {
      std::string why;
      if (auto advice = doctor::max_jobs(facts, prepared->rules)) {
        fewer = std::min(fewer, advice->jobs);
        why = " (" + advice->why + ")";
      }
      json.member("oom", true);
      json.member("proposed_max_jobs", fewer);
      bool retrying = options.retry_on_oom && jobs > 1;
      model::Finding finding = report::build_finding(
          "build.oom", model::Status::fail, "memory",
          fmt::format("a compiler ran out of memory with MAX_JOBS={}: try MAX_JOBS={}{}{}", jobs, fewer, why,
                      retrying ? "; retrying" : ""));
      finding.fix = retrying ? std::string()
                            : fmt::format("MAX_JOBS={} archfit build --src {}\n# or build with --retry-on-oom", fewer,
                                          report::quote_posix(inputs.src));
      say(std::move(finding));
    }
    std::string wheel;
    if (run->succeeded && !options.editable) {
      wheel = newest_wheel(recipe_inputs.dist, started);
      json.member("wheel", wheel);
    }
    report::findings_member(json, "findings", findings);
    json.end_object();
    std::string report_json = json.take();
    if (!wheel.empty()) {
      // 5. check the wheel against the targets (the library's report, rendered here); the build
      // report with check's JSON inside goes next to the wheel.
      check::CheckOptions check_options;
      check_options.paths = {wheel};
      check_options.targets = facts.targets;
      auto checked = check::run_check(check_options, root, environment, runner);
      int check_exit = k_exit_findings;
      std::string check_json = "null";
      if (checked) {
        check_exit = checked->will_fail() || !checked->errors.empty() ? k_exit_findings : k_exit_ok;
        check_json = report::check_to_json(*checked, 0);
        while (!check_json.empty() && (check_json.back() == '\n' || check_json.back() == ' ')) {
          check_json.pop_back();
        }
      } else {
        fmt::print(stderr, "{} {}\n", error_style.red("archfit build: cannot check the wheel:"),
                   terminal_safe(checked.error().message));
      }
      report_json.pop_back();  // the closing brace: add the check result
      report_json += ",\"check\":" + check_json + ",\"check_exit_code\":" + std::to_string(check_exit) + "}";
      std::string report_path = wheel + ".archfit.json";
      bool written = false;
      if (FILE* file = std::fopen(report_path.c_str(), "w")) {
        written = std::fputs(report_json.c_str(), file) >= 0 && std::fputs("\n", file) >= 0;
        written = std::fclose(file) == 0 && written;
      }
      if (!written) {
        fmt::print(stderr, "{} {}\n", error_style.red("archfit build: cannot write the report:"), report_path);
      }
      if (!options.json) {
        if (checked) {
          fmt::print("{}", report::check_to_text(*checked, global.text_style(STDOUT_FILENO)));
          std::fflush(stdout);
          fmt::print(stderr, "{}", report::check_errors_to_text(*checked, error_style));
        }
        fmt::print("archfit build: {} built; report: {}\n", wheel, report_path);
      }
      exit_code = check_exit;
    } else if (run->succeeded && !options.json) {
      fmt::print("archfit build: done; log: {}\n", log_path);
    }
    if (oom && options.retry_on_oom && jobs > 1 && !run->interrupted) {
      jobs = fewer;
      continue;
    }
    if (options.json) {
      fmt::print("{}\n", report_json);
    }
    return exit_code;
  }
}

}  // namespace

std::function<int()> setup_build(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<BuildCommandOptions>();
  app.add_option("--project", options->inputs.project, "pytorch, triton, vllm or flash-attn (default: the tree's)")
      ->type_name("NAME");
  app.add_option("--src", options->inputs.src, "The source tree to build (default: .)")->type_name("DIR");
  add_target_options(app, options->inputs);
  app.add_option("--python", options->inputs.python, "The interpreter to build with")->type_name("PY");
  auto* wheel = app.add_flag("--wheel", options->wheel, "Build a wheel into DIR/dist (the default)");
  auto* editable = app.add_flag("--editable", options->editable, "An editable install instead of a wheel");
  wheel->excludes(editable);
  app.add_option("--log", options->log, "The full log (default: DIR/archfit-build.log)")->type_name("FILE");
  app.add_flag("--force", options->force, "Build even when doctor finds failures");
  app.add_flag("--retry-on-oom", options->retry_on_oom, "When a compiler runs out of memory, build again with half the jobs");
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.build/1, docs/build.md)");
  app.add_option("extra", options->extra, "After --: arguments added to the last step")->type_name("ARGS");
  return [options, &global] { return run_build_command(*options, global); };
}

}  // namespace archfit::cli
