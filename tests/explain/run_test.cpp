// `archfit run`: the command's status and output pass through unchanged, a failure is explained
// on stderr after the output (with --json: one document on stdout, the command's stdout on stderr),
// memory stays bounded, signals reach the command.
#include <cstdlib>
#include <sys/stat.h>

#include <csignal>
#include <fstream>
#include <iterator>
#include <thread>

#include <gtest/gtest.h>

#include "explain_test_support.hpp"

namespace archfit::test {
namespace {

std::vector<std::string> archfit_run(std::vector<std::string> command, std::vector<std::string> options = {}) {
  std::vector<std::string> argv{archfit_binary(), "run"};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.push_back("--");
  argv.insert(argv.end(), command.begin(), command.end());
  return argv;
}

TEST(ArchfitRun, ExitStatusPassesThrough) {
  EXPECT_EQ(run_command(archfit_run({"sh", "-c", "exit 3"})).exit_code, 3);
  EXPECT_EQ(run_command(archfit_run({"sh", "-c", "exit 0"})).exit_code, 0);
  EXPECT_EQ(run_command(archfit_run({"true"})).exit_code, 0);
  // Without "--": the first word that is not an option of `archfit run` starts the command.
  EXPECT_EQ(run_command({archfit_binary(), "run", "--no-context", "sh", "-c", "exit 4"}).exit_code, 4);
}

TEST(ArchfitRun, DeathBySignalIs128PlusTheSignal) {
  auto result = run_command(archfit_run({"sh", "-c", "kill -SEGV $$"}, {"--no-context"}));
  EXPECT_EQ(result.exit_code, 128 + SIGSEGV);
  EXPECT_NE(result.err.find("killed by signal 11 (SIGSEGV; status 139)"), std::string::npos) << result.err;
}

TEST(ArchfitRun, OutputIsPassedThroughByteForByte) {
  // Binary bytes, a partial last line, both streams.
  std::string script = "printf 'out \\001\\377\\nmore'; printf 'err line\\n\\033[31mred\\033[0m' >&2; printf ' tail'";
  auto direct = run_command({"sh", "-c", script});
  auto relayed = run_command(archfit_run({"sh", "-c", script}));
  EXPECT_EQ(relayed.exit_code, 0);
  EXPECT_EQ(relayed.out, direct.out);
  EXPECT_EQ(relayed.err, direct.err);
  EXPECT_EQ(relayed.out, std::string("out \001\377\nmore tail"));
}

TEST(ArchfitRun, FailureIsExplainedAfterTheOutput) {
  for (const auto& row : read_log_index()) {
    if (row.file != "oom/make-j4-cc1plus-killed-4gb.log" && row.file != "libstdcxx-version/triton-conda-libstdcxx-glibcxx-3.4.30.log") {
      continue;
    }
    SCOPED_TRACE(row.file);
    std::string log = (logs_dir() / row.file).string();
    auto result = run_command(archfit_run({"sh", "-c", "cat \"$0\"; echo 'make: *** [all] Error 2' >&2; exit 2", log}));
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.out, read_text(log));
    // The command's own stderr comes first, then the explanation.
    EXPECT_EQ(result.err.rfind("make: *** [all] Error 2\n", 0), 0u) << result.err;
    EXPECT_NE(result.err.find("`sh` exited with status 2"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find(row.category + ": " + row.signature), std::string::npos) << result.err;
  }
}

TEST(ArchfitRun, JsonAndReportFile) {
  std::string log = (logs_dir() / "cmake-version/khaiii-cmake-3.10-required-3.5.1.log").string();
  std::string report = unique_temp_path("run-report.json").string();
  auto result = run_command(archfit_run({"sh", "-c", "cat \"$0\" >&2; exit 1", log}, {"--json", "--no-context", "--report", report}));
  EXPECT_EQ(result.exit_code, 1);
  // stderr: the command's output alone; stdout: the archfit.run/1 document, the same as the report file.
  EXPECT_EQ(result.err, read_text(log));
  auto printed = nlohmann::json::parse(result.out);
  EXPECT_EQ(printed["schema"], "archfit.run/1");
  EXPECT_EQ(printed["explanation"]["findings"][0]["id"], "cmake-too-old");
  auto written = nlohmann::json::parse(read_text(report));
  std::filesystem::remove(report);
  EXPECT_EQ(written, printed);
  EXPECT_EQ(written["schema"], "archfit.run/1");
  EXPECT_EQ(written["command"], nlohmann::json({"sh", "-c", "cat \"$0\" >&2; exit 1", log}));
  EXPECT_EQ(written["status"], 1);
  EXPECT_EQ(written["exit_code"], 1);
  EXPECT_TRUE(written["signal"].is_null());
  EXPECT_EQ(written["explanation"]["findings"][0]["category"], "cmake-version");
  // A command that succeeds: report with no explanation, nothing added to stderr.
  auto ok = run_command(archfit_run({"true"}, {"--report", report}));
  EXPECT_EQ(ok.err, "");
  auto success = nlohmann::json::parse(read_text(report));
  std::filesystem::remove(report);
  EXPECT_EQ(success["status"], 0);
  EXPECT_TRUE(success["explanation"].is_null());
}

// Issue 16: with --json stdout is one JSON document and nothing else, whatever the outcome; the
// command's own stdout goes to stderr (docs/explain.md), and the exit status is the command's
// (docs/cli.md's table: run exits with CMD's own status).
TEST(RunJson, StdoutIsTheJsonAloneAndTheCommandsStdoutGoesToStderr) {
  auto failed = run_command(archfit_run({"sh", "-c", "echo out; echo err >&2; exit 3"}, {"--json", "--no-context"}));
  EXPECT_EQ(failed.exit_code, 3);
  auto document = nlohmann::json::parse(failed.out, nullptr, false);
  ASSERT_FALSE(document.is_discarded()) << failed.out;
  EXPECT_EQ(document["schema"], "archfit.run/1");
  EXPECT_EQ(document["status"], 3);
  EXPECT_EQ(document["exit_code"], 3);
  EXPECT_TRUE(document["explanation"].is_object()) << failed.out;
  // Both of the command's lines are on stderr, in the order written.
  auto out_at = failed.err.find("out\n");
  auto err_at = failed.err.find("err\n");
  ASSERT_NE(out_at, std::string::npos) << failed.err;
  ASSERT_NE(err_at, std::string::npos) << failed.err;
  EXPECT_LT(out_at, err_at) << failed.err;
  // No text explanation beside the JSON.
  EXPECT_EQ(failed.err.find("exited with status"), std::string::npos) << failed.err;

  // Success: still one document (no explanation), and the output still on stderr.
  auto ok = run_command(archfit_run({"sh", "-c", "echo fine"}, {"--json"}));
  EXPECT_EQ(ok.exit_code, 0);
  auto success = nlohmann::json::parse(ok.out, nullptr, false);
  ASSERT_FALSE(success.is_discarded()) << ok.out;
  EXPECT_EQ(success["status"], 0);
  EXPECT_TRUE(success["explanation"].is_null());
  EXPECT_EQ(ok.err, "fine\n");

  // A command that cannot start: 127 as without --json, and the document says why.
  auto missing = run_command(archfit_run({"archfit-no-such-command-xyz"}, {"--json"}));
  EXPECT_EQ(missing.exit_code, 127);
  auto not_started = nlohmann::json::parse(missing.out, nullptr, false);
  ASSERT_FALSE(not_started.is_discarded()) << missing.out;
  EXPECT_EQ(not_started["started"], false);
  EXPECT_NE(missing.err.find("command not found"), std::string::npos) << missing.err;

  // Without --json the command's stdout stays on stdout.
  auto plain = run_command(archfit_run({"sh", "-c", "echo out; exit 0"}));
  EXPECT_EQ(plain.out, "out\n");
}

TEST(ArchfitRun, CommandNotFoundIs127) {
  auto result = run_command(archfit_run({"archfit-no-such-command-xyz", "arg"}));
  EXPECT_EQ(result.exit_code, 127);
  EXPECT_NE(result.err.find("archfit-no-such-command-xyz: command not found"), std::string::npos) << result.err;
  std::string not_executable = write_temp_file("not-executable.sh", "echo hi\n");
  auto denied = run_command(archfit_run({not_executable}));
  std::filesystem::remove(not_executable);
  EXPECT_EQ(denied.exit_code, 126);
}

// Issue 14.15: a directory given as the command is "Is a directory", status 126, as in shells.
TEST(ArchfitRun, DirectoryAsCommandIs126) {
  auto dir = unique_temp_path("run-a-directory");
  std::filesystem::create_directories(dir);
  auto result = run_command(archfit_run({dir.string()}, {"--no-context"}));
  std::filesystem::remove_all(dir);
  EXPECT_EQ(result.exit_code, 126);
  EXPECT_NE(result.err.find(dir.string() + ": Is a directory"), std::string::npos) << result.err;
  // What bash answers for the same, the oracle for both.
  auto bash = run_command({"bash", "-c", "\"$0\"", "/"});
  EXPECT_EQ(bash.exit_code, 126);
  EXPECT_NE(bash.err.find("Is a directory"), std::string::npos) << bash.err;
}

// A process that is gone or a zombie (proc(5): state 'Z' after the command name).
bool running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  auto paren = text.rfind(')');
  return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] != 'Z';
}

// Issue 14 ("Also"): archfit killed with SIGKILL takes its command along.
TEST(ArchfitRun, CommandDiesWhenArchfitIsKilled) {
  Child child(archfit_run({"sh", "-c", "echo $$; exec sleep 30"}, {"--no-context"}));
  ASSERT_TRUE(child.wait_for_stdout("\n", std::chrono::seconds(10))) << child.out << child.err;
  pid_t command = static_cast<pid_t>(std::stol(child.out));
  ASSERT_TRUE(running(command));
  ::kill(child.pid(), SIGKILL);
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    gone = !running(command);
  }
  EXPECT_TRUE(gone) << "the command (pid " << command << ") outlived archfit";
  if (!gone) {
    ::kill(command, SIGKILL);
  }
  child.finish();
}

TEST(ArchfitRun, SignalsBecomeEvidence) {
  // SIGILL is evidence of a CPU ISA problem, SIGKILL of the OOM killer.
  auto ill = run_command(archfit_run({"sh", "-c", "kill -ILL $$"}, {"--no-context"}));
  EXPECT_EQ(ill.exit_code, 128 + SIGILL);
  EXPECT_NE(ill.err.find("cpu-isa: illegal-instruction"), std::string::npos) << ill.err;
  auto killed = run_command(archfit_run({"sh", "-c", "kill -KILL $$"}, {"--no-context"}));
  EXPECT_EQ(killed.exit_code, 128 + SIGKILL);
  EXPECT_NE(killed.err.find("oom: exit-137"), std::string::npos) << killed.err;
}

TEST(ArchfitRun, SigtermIsForwardedToTheCommand) {
  Child child(archfit_run({"sh", "-c", "trap 'echo got TERM; exit 7' TERM; echo ready; while :; do sleep 0.05; done"}));
  ASSERT_TRUE(child.wait_for_stdout("ready\n", std::chrono::seconds(10))) << child.out << child.err;
  ::kill(child.pid(), SIGTERM);
  EXPECT_EQ(child.finish(), 7);
  EXPECT_NE(child.out.find("got TERM"), std::string::npos) << child.out;
  // Stopped on request: nothing to explain.
  EXPECT_EQ(child.err.find("archfit"), std::string::npos) << child.err;
}

// archfit's own peak resident set (VmHWM of its address space, proc(5)), read while the command
// waits on a FIFO after producing its output. (wait4's ru_maxrss would not do: a process started
// from this test inherits the test process's peak at exec.)
long peak_rss_kib_of(pid_t pid) {
  std::string status = read_text("/proc/" + std::to_string(pid) + "/status");
  auto at = status.find("VmHWM:");
  return at == std::string::npos ? -1 : std::stol(status.substr(at + 6));
}

TEST(ArchfitRun, MemoryStaysBoundedFor200MegabytesOfOutput) {
  constexpr long k_limit_kib = 64 * 1024;
  // 200 MB of short lines (3.3 million), and 200 MB as one line.
  for (const char* producer : {"yes 'building target libtorch_hip.so for gfx942 [1234/5678]' | head -c 200000000",
                               "head -c 200000000 /dev/zero | tr '\\0' x"}) {
    SCOPED_TRACE(producer);
    auto fifo = unique_temp_path("run-release");
    auto produced = unique_temp_path("run-produced");
    std::filesystem::remove(fifo);
    std::filesystem::remove(produced);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::string script = std::string(producer) + "; : > '" + produced.string() + "'; read go < '" + fifo.string() + "'; exit 1";
    // Under ASan, freed memory waits in the allocator's quarantine (256 MiB by default) before it
    // is reused, which is the sanitizer's memory, not archfit's: without it the instrumented binary
    // peaks at about 41 MiB here (and the release binary at 11 MiB). Other ASan options are kept.
    const char* asan_options = std::getenv("ASAN_OPTIONS");
    std::string asan = std::string("ASAN_OPTIONS=") + (asan_options != nullptr ? asan_options : "") +
                       (asan_options != nullptr && *asan_options != '\0' ? ":" : "") + "quarantine_size_mb=0";
    Child child(archfit_run({"sh", "-c", script}, {"--no-context"}), {asan}, true);
    // A memory test, not a timed one: the wait only ends a hung run. The ASan+UBSan build reads 200 MB of
    // short lines in about 60 s of CPU, and about 300 s of wall time on a loaded 2-core host (fresh-root run 22).
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(420);
    while (!std::filesystem::exists(produced) && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_TRUE(std::filesystem::exists(produced));
    long peak = peak_rss_kib_of(child.pid());
    std::ofstream(fifo) << "go\n";
    EXPECT_EQ(child.finish(), 1);
    std::filesystem::remove(fifo);
    std::filesystem::remove(produced);
    EXPECT_GT(peak, 0);
    EXPECT_LT(peak, k_limit_kib);
  }
}

TEST(ArchfitRun, ColourIsForcedOnlyWhenOurOutputIsColoured) {
  auto plain = run_command(archfit_run({"sh", "-c", "echo \"[$FORCE_COLOR][$CLICOLOR_FORCE]\""}));
  EXPECT_EQ(plain.out, "[][]\n");
  auto forced = run_command({archfit_binary(), "--color", "always", "run", "--", "sh", "-c", "echo \"[$FORCE_COLOR][$CLICOLOR_FORCE]\""});
  EXPECT_EQ(forced.out, "[1][1]\n");
}

TEST(ArchfitRun, RealCompilerFailureIsExplained) {
  auto dir = unique_temp_path("run-clang");
  std::filesystem::create_directories(dir);
  std::string source = (dir / "uses_cmath.cpp").string();
  std::ofstream(source) << "#include <cmath>\nint main() { return 0; }\n";
  auto result = run_command({archfit_binary(), "--color", "always", "run", "--no-context", "/usr/lib/llvm-19/bin/clang++", "-fcolor-diagnostics",
                             "-nostdinc++", "-c", source, "-o", (dir / "x.o").string()});
  std::filesystem::remove_all(dir);
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("cmath-not-found"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace archfit::test
