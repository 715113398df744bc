// The archfit binary: `doctor --json` (schema archfit.doctor/1, exit codes), `env` evaluated by real shells
// (bash always; zsh and fish when installed) with values that need quoting, and `env --write`.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <fstream>
#include <set>

#include "fake_machine.hpp"
#include "report/finding_text.hpp"
#include "util/text_lines.hpp"

namespace archfit::doctor::testing {
namespace {

// argv run with exactly `environment` (env -i), the machine's environment plus `extra`.
test::CommandResult run_in(const FakeMachine& machine, std::vector<std::string> argv,
                           const std::vector<std::pair<std::string, std::string>>& extra = {}) {
  std::vector<std::string> full = {"/usr/bin/env", "-i"};
  for (const auto& [name, value] : machine.environment.all()) {
    full.push_back(name + "=" + value);
  }
  for (const auto& [name, value] : extra) {
    full.push_back(name + "=" + value);
  }
  full.insert(full.end(), argv.begin(), argv.end());
  return test::run_command(full);
}

// Also looks in $ARCHFIT_TEST_SHELL_DIR (shells unpacked from their .deb without installing them; their libraries
// then come from $ARCHFIT_TEST_SHELL_LIBS).
std::string find_shell(const std::string& name) {
  std::vector<std::string> dirs = {"/usr/bin/", "/bin/", "/usr/local/bin/"};
  if (auto extra = probe::Environment::current().get("ARCHFIT_TEST_SHELL_DIR")) {
    dirs.insert(dirs.begin(), *extra + "/");
  }
  for (const auto& dir : dirs) {
    if (fs::exists(std::string(dir) + name)) {
      return std::string(dir) + name;
    }
  }
  return {};
}

void rocm_machine(FakeMachine& machine) {
  machine.debian_gcc12();
  machine.build_tools();
  machine.python_venv();
  machine.rocm("6.4.1");
  machine.environment.set("PATH", "/opt/rocm/bin:/usr/bin:/bin");
}

// Variables of `env` output (NAME=value per line).
std::map<std::string, std::string> parse_env(const std::string& text) {
  std::map<std::string, std::string> variables;
  for (const auto& line : test::lines(text)) {
    auto equals = line.find('=');
    if (equals != std::string::npos) {
      variables[line.substr(0, equals)] = line.substr(equals + 1);
    }
  }
  return variables;
}

TEST(DoctorCli, JsonSchemaAndExitCode) {
  FakeMachine machine("mi300x-8gpu");
  rocm_machine(machine);
  auto result = run_in(machine, {test::archfit_binary(), "doctor", "--json", "--sysroot", machine.root().string()});
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(json.is_discarded()) << result.out << result.err;
  EXPECT_EQ(json["schema"], "archfit.doctor/1");
  ASSERT_TRUE(json["checks"].is_array());
  bool failed = false;
  for (const auto& check : json["checks"]) {
    for (const char* key : {"id", "group", "status", "seen", "rule", "source", "fix"}) {
      EXPECT_TRUE(check.contains(key)) << key;
    }
    std::string status = check["status"];
    EXPECT_TRUE(status == "pass" || status == "warn" || status == "fail" || status == "skip") << status;
    failed = failed || status == "fail";
  }
  EXPECT_EQ(result.exit_code, failed ? 1 : 0);
  EXPECT_EQ(json["targets"], nlohmann::json::array({"gfx942"}));

  // A FAIL makes the exit code 1: ROCM_PATH naming a directory that does not exist.
  result = run_in(machine, {test::archfit_binary(), "doctor", "--json", "--sysroot", machine.root().string()},
                  {{"ROCM_PATH", "/opt/rocm-9.9"}});
  EXPECT_EQ(result.exit_code, 1);
  // Usage errors: 2.
  EXPECT_EQ(run_in(machine, {test::archfit_binary(), "doctor", "--project", "tensorflow"}).exit_code, 2);
  EXPECT_EQ(run_in(machine, {test::archfit_binary(), "doctor", "--target", "hopper"}).exit_code, 2);
  auto bad_rules = machine.work() / "bad.tsv";
  std::ofstream(bad_rules) << "id\tsource\nx\ty\n";
  EXPECT_EQ(run_in(machine, {test::archfit_binary(), "doctor", "--rules", bad_rules.string()}).exit_code, 2);
}

TEST(DoctorCli, TextReportNamesRuleSourceAndFix) {
  FakeMachine machine("mi300x-8gpu");
  rocm_machine(machine);
  auto result = run_in(machine, {test::archfit_binary(), "--color", "never", "doctor", "--sysroot",
                                 machine.root().string()},
                       {{"ROCM_PATH", "/opt/rocm-9.9"}});
  EXPECT_NE(result.out.find("FAIL  ROCm the build uses: $ROCM_PATH=/opt/rocm-9.9 does not exist"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("        source: pytorch/pytorch@v2.7.1 cmake/public/LoadHIP.cmake"), std::string::npos);
}

// `eval "$(archfit env)"` in a shell, then `env`: the values must arrive exactly, also a ROCm path with a
// space and a single quote in it.
void check_eval(const std::string& shell, const std::string& script_format, const std::string& shell_flag) {
  std::string path = find_shell(shell);
  if (path.empty()) {
    GTEST_SKIP() << shell << " is not installed (CI: apt-get install " << shell << ")";
  }
  FakeMachine machine("mi300x-8gpu");
  rocm_machine(machine);
  machine.copy("rocm/rocm-6.4.1", "/opt/it's rocm");
  std::string command = test::archfit_binary() + " env --shell " + shell_flag + " --sysroot '" +
                        machine.root().string() + "' --target gfx942,gfx90a:xnack-";
  std::string script = script_format;
  script.replace(script.find("%s"), 2, command);
  std::vector<std::pair<std::string, std::string>> extra = {{"ROCM_PATH", "/opt/it's rocm"}};
  if (auto libs = probe::Environment::current().get("ARCHFIT_TEST_SHELL_LIBS")) {
    extra.emplace_back("LD_LIBRARY_PATH", *libs);
  }
  auto result = run_in(machine, {path, "-c", script}, extra);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  auto variables = parse_env(result.out);
  EXPECT_EQ(variables["PYTORCH_ROCM_ARCH"], "gfx942;gfx90a:xnack-");
  EXPECT_EQ(variables["ROCM_PATH"], "/opt/it's rocm");
  EXPECT_EQ(variables["HIP_PATH"], "/opt/it's rocm");
  EXPECT_EQ(variables["USE_ROCM"], "1");
  EXPECT_EQ(variables["MAX_JOBS"], "1");
  // hipcc on PATH is /opt/rocm's, not the selected install's: its bin/ goes first, the rest of PATH stays.
  EXPECT_EQ(variables["PATH"], "/opt/it's rocm/bin:/opt/rocm/bin:/usr/bin:/bin");
}

// `text` as a POSIX shell word.
std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

// Issue 16, "lines wrap to the terminal width": archfit doctor on a terminal (a pty from script(1))
// with COLUMNS=N prints no line of prose longer than N. What may stay longer: a word that does not
// fit on any line (a URL, a path) and a fix command, which is never cut so it can be pasted. Without a
// terminal nothing wraps (the same report piped has longer lines: the test means something).
TEST(DoctorCli, OnATerminalProseWrapsAtColumns) {
  FakeMachine machine("mi300x-8gpu");  // nothing installed: FAILs with long rules, sources and fixes
  std::vector<std::string> argv = {"/usr/bin/env", "-i"};
  for (const auto& [name, value] : machine.environment.all()) {
    argv.push_back(name + "=" + value);
  }
  std::vector<std::string> doctor = {test::archfit_binary(), "--color", "never", "doctor", "--sysroot",
                                     machine.root().string()};
  // The fix commands, from the JSON of the same report: one a line, comments aside.
  auto json_argv = argv;
  json_argv.insert(json_argv.end(), doctor.begin(), doctor.end());
  json_argv.push_back("--json");
  auto json = nlohmann::json::parse(test::run_command(json_argv).out, nullptr, false);
  ASSERT_FALSE(json.is_discarded());
  std::set<std::string> commands;
  for (const auto& check : json["checks"]) {
    if (check["fix"].is_string()) {
      for (const auto& line : test::lines(check["fix"].get<std::string>())) {
        commands.insert(std::string(trim(line)));
      }
    }
  }
  ASSERT_FALSE(commands.empty());

  auto piped_argv = argv;
  piped_argv.insert(piped_argv.end(), doctor.begin(), doctor.end());
  std::size_t piped_overflow = 0;
  for (const auto& line : test::lines(test::run_command(piped_argv).out)) {
    piped_overflow += line.size() > 80 ? 1 : 0;
  }
  EXPECT_GT(piped_overflow, 0u);

  for (std::size_t columns : {80u, 50u}) {
    SCOPED_TRACE(columns);
    std::string command;
    for (const auto& word : argv) {
      command += shell_quoted(word) + " ";
    }
    command += shell_quoted("COLUMNS=" + std::to_string(columns)) + " ";
    for (const auto& word : doctor) {
      command += shell_quoted(word) + " ";
    }
    auto result = test::run_command({"script", "-qec", command, "/dev/null"});
    std::size_t lines = 0;
    for (auto line : test::lines(result.out)) {
      if (!line.empty() && line.back() == '\r') {
        line.pop_back();  // the pty's CRLF
      }
      ++lines;
      if (report::text_columns(line) <= columns) {
        continue;
      }
      std::string_view body = trim(line);
      for (std::string_view label : {"rule:", "source:", "fix:"}) {
        if (body.starts_with(label)) {
          body = trim(body.substr(label.size()));
        }
      }
      bool command_line = commands.count(std::string(body)) > 0;
      bool one_word = body.find(' ') == std::string_view::npos;
      EXPECT_TRUE(command_line || one_word) << "a line of " << report::text_columns(line) << " columns:\n" << line;
    }
    EXPECT_GT(lines, 20u) << result.out << result.err;
  }
}

TEST(DoctorCli, EnvEvalInBash) { check_eval("bash", "eval \"$(%s)\" && env", "bash"); }
TEST(DoctorCli, EnvEvalInZsh) { check_eval("zsh", "eval \"$(%s)\" && env", "zsh"); }
TEST(DoctorCli, EnvEvalInFish) { check_eval("fish", "eval (%s | string collect); and env", "fish"); }

TEST(DoctorCli, EnvOtherFormats) {
  FakeMachine machine("mi300x-8gpu");
  rocm_machine(machine);
  auto dotenv = run_in(machine, {test::archfit_binary(), "env", "--shell", "dotenv", "--sysroot", machine.root().string()});
  ASSERT_EQ(dotenv.exit_code, 0) << dotenv.err;
  EXPECT_NE(dotenv.out.find("\nPYTORCH_ROCM_ARCH=gfx942\n"), std::string::npos) << dotenv.out;
  auto github = run_in(machine, {test::archfit_binary(), "env", "--shell", "github", "--sysroot", machine.root().string()});
  for (const auto& line : test::lines(github.out)) {
    EXPECT_EQ(line.find('#'), std::string::npos) << line;
    EXPECT_NE(line.find('='), std::string::npos) << line;
  }
  auto json = run_in(machine, {test::archfit_binary(), "env", "--shell", "json", "--sysroot", machine.root().string()});
  auto parsed = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << json.out;
  EXPECT_EQ(parsed["schema"], "archfit.env/1");
  EXPECT_FALSE(parsed["steps"].empty());
  EXPECT_EQ(run_in(machine, {test::archfit_binary(), "env", "--shell", "tcsh"}).exit_code, 2);
}

TEST(DoctorCli, EnvWriteKeepsTheRestOfTheFile) {
  FakeMachine machine("mi300x-8gpu");
  rocm_machine(machine);
  auto rc = machine.work() / "bashrc";
  const std::string before = "# my settings\nexport EDITOR=vi\nalias ll='ls -l'";  // no newline at the end
  std::ofstream(rc, std::ios::binary) << before;
  ::chmod(rc.c_str(), 0640);
  std::vector<std::string> argv = {test::archfit_binary(), "env", "--sysroot", machine.root().string(), "--write",
                                   rc.string()};
  auto first = run_in(machine, argv);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  std::string once = test::read_text(rc);
  EXPECT_EQ(once.rfind(before + "\n# >>> archfit env >>>\n", 0), 0u) << once;
  EXPECT_EQ(test::read_text(rc.string() + ".archfit-backup"), before);
  // A line the user adds after the block survives the next run byte for byte.
  std::ofstream(rc, std::ios::binary | std::ios::app) << "export AFTER=1\n";
  auto second = run_in(machine, argv, {{"MAX_JOBS", "3"}});
  ASSERT_EQ(second.exit_code, 0) << second.err;
  std::string twice = test::read_text(rc);
  EXPECT_EQ(twice.find("# >>> archfit env >>>"), twice.rfind("# >>> archfit env >>>"));
  EXPECT_EQ(twice.rfind(before + "\n# >>> archfit env >>>\n", 0), 0u);
  EXPECT_TRUE(twice.ends_with("# <<< archfit env <<<\nexport AFTER=1\n")) << twice;
  EXPECT_EQ(test::read_text(rc.string() + ".archfit-backup"), once + "export AFTER=1\n");
  struct stat info {};
  ASSERT_EQ(::stat(rc.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0640u);
  // The block itself is valid bash.
  auto sourced = run_in(machine, {"/bin/bash", "-c", ". '" + rc.string() + "' && echo \"$PYTORCH_ROCM_ARCH\""});
  EXPECT_EQ(sourced.out, "gfx942\n") << sourced.err;
  // json has no comment syntax for the block markers.
  EXPECT_EQ(run_in(machine, {test::archfit_binary(), "env", "--shell", "json", "--write", rc.string()}).exit_code, 2);
}

}  // namespace
}  // namespace archfit::doctor::testing
