#include "probe/command_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

namespace archfit::probe {

namespace {

constexpr std::size_t k_capture_limit = std::size_t{1} << 20;

}  // namespace

std::string find_program(const std::string& name, const Environment& environment) {
  if (name.find('/') != std::string::npos) {
    return name;
  }
  std::string path = environment.get("PATH").value_or("/usr/local/bin:/usr/bin:/bin");
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find(':', start);
    if (end == std::string::npos) {
      end = path.size();
    }
    std::string dir = path.substr(start, end - start);
    std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
    start = end + 1;
  }
  return {};
}

CommandResult ProcessRunner::run(const std::vector<std::string>& argv, const Environment& environment,
                                 std::chrono::milliseconds timeout) const {
  CommandResult result;
  if (argv.empty()) {
    result.start_error = "empty command";
    return result;
  }
  // posix_spawnp would search the PATH of *this* process; the child's PATH is what counts.
  std::string program = find_program(argv[0], environment);
  if (program.empty()) {
    result.start_error = "not found on PATH";
    return result;
  }
  int out_pipe[2];
  int err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
    result.start_error = std::strerror(errno);
    return result;
  }
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    result.start_error = std::strerror(errno);
    ::close(out_pipe[0]);
    ::close(out_pipe[1]);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);

  std::vector<char*> args;
  for (const auto& arg : argv) {
    args.push_back(const_cast<char*>(arg.c_str()));
  }
  args.push_back(nullptr);
  std::vector<std::string> env_strings;
  for (const auto& [name, value] : environment.all()) {
    env_strings.push_back(name + "=" + value);
  }
  std::vector<char*> envp;
  for (auto& entry : env_strings) {
    envp.push_back(entry.data());
  }
  envp.push_back(nullptr);

  pid_t pid = 0;
  int spawn_error = ::posix_spawn(&pid, program.c_str(), &actions, nullptr, args.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (spawn_error != 0) {
    result.start_error = std::strerror(spawn_error);
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    return result;
  }
  result.started = true;

  auto deadline = std::chrono::steady_clock::now() + timeout;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&result.out, &result.err};
  int open_streams = 2;
  while (open_streams > 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      result.timed_out = true;
      ::kill(pid, SIGKILL);
      break;
    }
    int ready = ::poll(fds, 2, static_cast<int>(left.count()));
    if (ready < 0 && errno != EINTR) {
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) {
        continue;
      }
      char buffer[8192];
      ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n <= 0) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_streams;
        continue;
      }
      std::size_t room = k_capture_limit - std::min(k_capture_limit, sinks[i]->size());
      sinks[i]->append(buffer, std::min(room, static_cast<std::size_t>(n)));
    }
  }
  for (auto& fd : fds) {
    if (fd.fd >= 0) {
      ::close(fd.fd);
    }
  }
  // The deadline holds for the exit too: a program can close its pipes and run on (a daemon that
  // forks, `exec >&-; sleep`), and waiting for it without a limit would hang archfit.
  int status = 0;
  auto pause = std::chrono::milliseconds(1);
  while (true) {
    pid_t waited = ::waitpid(pid, &status, result.timed_out ? 0 : WNOHANG);
    if (waited == pid || (waited < 0 && errno != EINTR)) {
      break;
    }
    if (waited == 0 && std::chrono::steady_clock::now() >= deadline) {
      result.timed_out = true;
      ::kill(pid, SIGKILL);
      continue;  // now a blocking wait: SIGKILL ends it
    }
    if (waited == 0) {
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, std::chrono::milliseconds(50));
    }
  }
  if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
  }
  return result;
}

}  // namespace archfit::probe
