// Shared helpers for archfit's tests: where fixtures are, reading oracle files, running a
// command (an oracle tool or the archfit binary) and capturing what it printed.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace archfit::test {

// ${build}/fixtures/<name>, e.g. fixture_dir("amd"). Fails the test (ADD_FAILURE) if missing.
std::filesystem::path fixture_dir(const std::string& name);

// Path of the archfit binary under test.
std::string archfit_binary();

// A path in the temporary directory that no other test process uses: NAME.PID.
std::filesystem::path unique_temp_path(const std::string& name);

// Whole file as text; fails the test if unreadable.
std::string read_text(const std::filesystem::path& path);

// Whole file as bytes.
std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path);

// Non-empty lines of `text`.
std::vector<std::string> lines(const std::string& text);

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `argv` (no shell) and captures stdout, stderr and the exit code.
CommandResult run_command(const std::vector<std::string>& argv);

// Runs `archfit <args...>` (the binary under test) and captures its output.
CommandResult run_archfit(const std::vector<std::string>& args);

// How many times `what` occurs in `text` (not overlapping).
std::size_t count_of(const std::string& text, const std::string& what);

// Runs `archfit <args...> --json` and parses stdout.
nlohmann::json run_archfit_json(const std::vector<std::string>& args, int* exit_code = nullptr);

}  // namespace archfit::test
