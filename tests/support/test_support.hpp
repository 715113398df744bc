// Shared helpers for archfit's tests: where fixtures are, reading oracle files, running a
// command (an oracle tool or the archfit binary) and capturing what it printed.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace archfit::test {

// Whether this build carries AddressSanitizer (the `asan` preset: ASan+UBSan, clang 19). There archfit runs five to
// twenty times slower, and the tests that sweep the whole log corpus (explain on 1,355 training logs, every pasting
// form, every prefilter against every regex) took 85 minutes of CPU between them in CI's fresh root, more than the
// rest of the suite (stop 34's CI ran out of its 90 minutes in that suite). Under a sanitizer those sweeps look for
// memory errors, leaks and undefined behaviour, which one log in k_sanitized_corpus_stride finds as well as every
// log; the release build runs every log and asserts the counts. The fuzzers add what a sample leaves out.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool k_sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool k_sanitized = true;
#else
inline constexpr bool k_sanitized = false;
#endif
#else
inline constexpr bool k_sanitized = false;
#endif
inline constexpr std::size_t k_sanitized_corpus_stride = 10;

// Whether a corpus sweep takes its item number `index` (0-based, in the corpus's own order): always in a release
// build, one in k_sanitized_corpus_stride under a sanitizer.
constexpr bool in_corpus_sample(std::size_t index) { return !k_sanitized || index % k_sanitized_corpus_stride == 0; }

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

// `text` (UTF-8) converted by glibc's iconv(3) to `encoding` ("UTF-16": with a BOM in the host's order,
// "UTF-16LE", "UTF-16BE"): the encoder that the decoder of Windows tools' output is tested against.
// nullopt when iconv refuses the text (ill-formed UTF-8).
std::optional<std::string> iconv_encode(const std::string& text, const char* encoding);

// Runs `archfit <args...> --json` and parses stdout.
nlohmann::json run_archfit_json(const std::vector<std::string>& args, int* exit_code = nullptr);

}  // namespace archfit::test
