#include "support/test_support.hpp"

#include <fcntl.h>
#include <iconv.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

extern char** environ;

namespace archfit::test {

namespace {

// Every test, and every archfit it runs, starts without the developer's own archfit settings: the
// arch variables a shell may export (`eval "$(archfit env)"`) and a config.toml would change
// doctor's targets and exit codes. A test that wants them sets them for its own command.
[[maybe_unused]] const bool k_without_user_settings = [] {
  ::unsetenv("PYTORCH_ROCM_ARCH");
  ::unsetenv("TORCH_CUDA_ARCH_LIST");
  ::setenv("XDG_CONFIG_HOME", "/nonexistent/archfit-tests-read-no-config", 1);
  return true;
}();

}  // namespace

std::filesystem::path fixture_dir(const std::string& name) {
  std::filesystem::path dir = std::filesystem::path(ARCHFIT_FIXTURE_ROOT) / name;
  if (!std::filesystem::is_directory(dir)) {
    ADD_FAILURE() << "fixture directory " << dir << " is missing: run the fixtures." << name << " CTest test first";
  }
  return dir;
}

// This build's binary, or the one ARCHFIT_TEST_BINARY names: the end-to-end tests then run against
// another build of the same sources, e.g. the portable preset's (docs/testing.md "Which binary").
std::string archfit_binary() {
  const char* other = std::getenv("ARCHFIT_TEST_BINARY");
  return other != nullptr && *other != '\0' ? std::string(other) : std::string(ARCHFIT_BINARY);
}

std::filesystem::path unique_temp_path(const std::string& name) {
  return std::filesystem::temp_directory_path() / (name + "." + std::to_string(::getpid()));
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ADD_FAILURE() << "cannot read " << path;
    return {};
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
  std::string text = read_text(path);
  return {text.begin(), text.end()};
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) {
      result.push_back(line);
    }
  }
  return result;
}

CommandResult run_command(const std::vector<std::string>& argv) {
  CommandResult result;
  int out_pipe[2];
  int err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
    ADD_FAILURE() << "pipe failed";
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
  std::vector<char*> args;
  for (const auto& arg : argv) {
    args.push_back(const_cast<char*>(arg.c_str()));
  }
  args.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (rc != 0) {
    close(out_pipe[0]);
    close(err_pipe[0]);
    ADD_FAILURE() << "cannot run " << argv[0];
    return result;
  }
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&result.out, &result.err};
  int open_count = 2;
  char buffer[65536];
  while (open_count > 0) {
    if (poll(fds, 2, -1) < 0) {
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd >= 0 && (fds[i].revents & (POLLIN | POLLHUP)) != 0) {
        ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
        if (n > 0) {
          sinks[i]->append(buffer, static_cast<std::size_t>(n));
        } else {
          close(fds[i].fd);
          fds[i].fd = -1;
          --open_count;
        }
      }
    }
  }
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

CommandResult run_archfit(const std::vector<std::string>& args) {
  std::vector<std::string> argv{archfit_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_command(argv);
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); !what.empty() && at != std::string::npos; at = text.find(what, at + what.size())) {
    ++n;
  }
  return n;
}

nlohmann::json run_archfit_json(const std::vector<std::string>& args, int* exit_code) {
  std::vector<std::string> argv{archfit_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back("--json");
  auto result = run_command(argv);
  if (exit_code != nullptr) {
    *exit_code = result.exit_code;
  }
  try {
    return nlohmann::json::parse(result.out);
  } catch (const std::exception& error) {
    ADD_FAILURE() << "archfit printed no valid JSON (" << error.what() << "); stderr: " << result.err;
    return nlohmann::json::object();
  }
}

std::optional<std::string> iconv_encode(const std::string& text, const char* encoding) {
  iconv_t cd = ::iconv_open(encoding, "UTF-8");
  if (cd == reinterpret_cast<iconv_t>(-1)) {
    ADD_FAILURE() << "iconv_open " << encoding;
    return std::nullopt;
  }
  std::string out(text.size() * 4 + 16, '\0');
  char* in_at = const_cast<char*>(text.data());
  std::size_t in_left = text.size();
  char* out_at = out.data();
  std::size_t out_left = out.size();
  std::size_t done = ::iconv(cd, &in_at, &in_left, &out_at, &out_left);
  ::iconv_close(cd);
  if (done == static_cast<std::size_t>(-1)) {
    return std::nullopt;
  }
  out.resize(out.size() - out_left);
  return out;
}

}  // namespace archfit::test
