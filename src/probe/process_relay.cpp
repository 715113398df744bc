#include "probe/process_relay.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>

#include <fmt/format.h>

extern char** environ;

namespace archfit::probe {

namespace {

constexpr std::size_t k_chunk = std::size_t{64} << 10;

Error system_error(std::string_view what) { return Error{fmt::format("{}: {}", what, std::strerror(errno))}; }

bool is_executable_file(const std::string& path, bool* exists) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    return false;
  }
  if (S_ISDIR(info.st_mode)) {
    return false;
  }
  *exists = true;
  return ::access(path.c_str(), X_OK) == 0;
}

// environ with `changes` applied, as the NAME=value strings execve takes.
std::vector<std::string> child_environment(const std::vector<std::pair<std::string, std::string>>& changes) {
  std::vector<std::string> entries;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    std::string_view text(*entry);
    std::string_view name = text.substr(0, text.find('='));
    bool replaced = false;
    for (const auto& change : changes) {
      replaced = replaced || change.first == name;
    }
    if (!replaced) {
      entries.emplace_back(text);
    }
  }
  for (const auto& [name, value] : changes) {
    entries.push_back(name + "=" + value);
  }
  return entries;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> result;
  for (auto& text : strings) {
    result.push_back(text.data());
  }
  result.push_back(nullptr);
  return result;
}

// Writes all of `data` to `fd`; false when the reader is gone (EPIPE) or the write fails.
bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t written = ::write(fd, data.data(), data.size());
    if (written < 0) {
      if (errno == EINTR) {
        continue;
      }
      if (errno == EAGAIN) {  // a non-blocking stdout shared with another process
        pollfd wait{fd, POLLOUT, 0};
        ::poll(&wait, 1, -1);
        continue;
      }
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

struct Pipe {
  int read = -1;
  int write = -1;
};

void close_fd(int& fd) {
  if (fd >= 0) {
    ::close(fd);
    fd = -1;
  }
}

// Signal state we change while the command runs, restored by the destructor.
class SignalGuard {
 public:
  SignalGuard() {
    sigemptyset(&m_set);
    for (int signal : {SIGCHLD, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTTOU, SIGCONT}) {
      sigaddset(&m_set, signal);
    }
    ::sigprocmask(SIG_BLOCK, &m_set, &m_old_mask);
    m_fd = ::signalfd(-1, &m_set, SFD_CLOEXEC | SFD_NONBLOCK);
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &m_old_pipe);  // a closed stdout must be an EPIPE, not our death
  }
  ~SignalGuard() {
    drain();  // consume what arrived, so that unblocking does not deliver a stale SIGINT to us
    close_fd(m_fd);
    ::sigaction(SIGPIPE, &m_old_pipe, nullptr);
    ::sigprocmask(SIG_SETMASK, &m_old_mask, nullptr);
  }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

  int fd() const { return m_fd; }
  // In the child, before exec: the signal state archfit was started with.
  void restore_in_child() const {
    ::sigaction(SIGPIPE, &m_old_pipe, nullptr);
    ::sigprocmask(SIG_SETMASK, &m_old_mask, nullptr);
  }
  // The next pending signal, or 0.
  int next() {
    signalfd_siginfo info{};
    ssize_t got = ::read(m_fd, &info, sizeof info);
    return got == static_cast<ssize_t>(sizeof info) ? static_cast<int>(info.ssi_signo) : 0;
  }

 private:
  void drain() {
    while (m_fd >= 0 && next() != 0) {
    }
  }
  sigset_t m_set{};
  sigset_t m_old_mask{};
  struct sigaction m_old_pipe {};
  int m_fd = -1;
};

}  // namespace

Result<std::string> find_executable(const std::string& name, const std::string& path) {
  if (name.empty()) {
    return Error{"empty command name"};
  }
  bool exists = false;
  if (name.find('/') != std::string::npos) {
    if (is_executable_file(name, &exists)) {
      return name;
    }
    // As shells say it (bash: "/tmp: Is a directory", status 126); a PATH search skips directories.
    struct stat info {};
    if (::stat(name.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
      return Error{fmt::format("{}: Is a directory", name)};
    }
    return Error{exists ? fmt::format("{}: permission denied (not executable)", name)
                        : fmt::format("{}: no such file", name)};
  }
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t colon = path.find(':', start);
    std::string directory = path.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    std::string candidate = (directory.empty() ? std::string(".") : directory) + "/" + name;
    if (is_executable_file(candidate, &exists)) {
      return candidate;
    }
    if (colon == std::string::npos) {
      break;
    }
    start = colon + 1;
  }
  return Error{exists ? fmt::format("{}: permission denied (not executable)", name)
                      : fmt::format("{}: command not found (not on PATH)", name)};
}

Result<RelayOutcome> run_relayed(const RelayOptions& options) {
  RelayOutcome outcome;
  if (options.argv.empty()) {
    return Error{"no command given"};
  }
  auto path_variable = options.search_environment != nullptr ? options.search_environment->get("PATH")
                                                              : probe::Environment::current().get("PATH");
  auto executable = find_executable(options.argv[0], path_variable.value_or("/usr/local/bin:/usr/bin:/bin"));
  if (!executable) {
    outcome.started = false;
    outcome.start_error = executable.error().message;
    // 126: found but not executable (a directory, no x bit); 127: not found (POSIX 2.8.2).
    bool found = outcome.start_error.find("permission denied") != std::string::npos ||
                 outcome.start_error.ends_with(": Is a directory");
    outcome.exit_code = found ? 126 : 127;
    return outcome;
  }
  std::vector<std::string> argv_strings = options.argv;
  std::vector<std::string> env_strings = child_environment(options.environment);
  std::vector<char*> argv = pointers(argv_strings);
  std::vector<char*> envp = pointers(env_strings);

  Pipe out;
  Pipe err;
  Pipe exec_error;
  for (Pipe* pipe : {&out, &err, &exec_error}) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
      return system_error("cannot create a pipe for the command's output");
    }
    pipe->read = fds[0];
    pipe->write = fds[1];
  }
  SignalGuard signals;
  if (signals.fd() < 0) {
    return system_error("signalfd");
  }
  bool terminal = ::isatty(STDIN_FILENO) == 1 && ::tcgetpgrp(STDIN_FILENO) == ::getpgrp();

  pid_t parent = ::getpid();
  pid_t child = ::fork();
  if (child < 0) {
    return system_error("fork");
  }
  if (child == 0) {
    // Only async-signal-safe calls from here to exec.
    // If archfit dies (SIGKILL, the OOM killer), the command dies with it instead of running on
    // unwatched; the check after prctl covers a parent that died before it took effect.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) {
      ::_exit(125);
    }
    signals.restore_in_child();
    ::setpgid(0, 0);
    if (terminal) {
      ::signal(SIGTTOU, SIG_IGN);  // we are not the foreground yet: taking the terminal must not stop us
      ::tcsetpgrp(STDIN_FILENO, ::getpid());
      ::signal(SIGTTOU, SIG_DFL);
    }
    ::dup2(out.write, STDOUT_FILENO);
    ::dup2(err.write, STDERR_FILENO);
    ::execve(executable->c_str(), argv.data(), envp.data());
    int error = errno;
    ssize_t ignored = ::write(exec_error.write, &error, sizeof error);
    (void)ignored;
    ::_exit(error == ENOENT ? 127 : 126);
  }
  ::setpgid(child, child);  // also here, so that forwarding works whichever runs first
  if (terminal) {
    ::tcsetpgrp(STDIN_FILENO, child);
  }
  close_fd(out.write);
  close_fd(err.write);
  close_fd(exec_error.write);
  int exec_errno = 0;
  ssize_t got = 0;
  do {
    got = ::read(exec_error.read, &exec_errno, sizeof exec_errno);
  } while (got < 0 && errno == EINTR);
  close_fd(exec_error.read);
  auto give_back_terminal = [&] {
    if (terminal) {
      ::tcsetpgrp(STDIN_FILENO, ::getpgrp());  // SIGTTOU is blocked: allowed from the background
      terminal = false;
    }
  };
  if (got == static_cast<ssize_t>(sizeof exec_errno)) {
    int status = 0;
    ::waitpid(child, &status, 0);
    give_back_terminal();
    close_fd(out.read);
    close_fd(err.read);
    outcome.started = false;
    outcome.exit_code = exec_errno == ENOENT ? 127 : 126;
    outcome.start_error = fmt::format("{}: cannot execute: {}", options.argv[0], std::strerror(exec_errno));
    return outcome;
  }

  struct Stream {
    int* fd;
    int sink;
    int number;
  };
  std::array<Stream, 2> streams = {Stream{&out.read, options.out_fd, 1}, Stream{&err.read, options.err_fd, 2}};
  std::vector<char> buffer(k_chunk);
  bool exited = false;
  bool stop_draining = false;
  bool child_stopped_by_terminal = false;
  bool kill_sent = false;
  while (!stop_draining && (!exited || out.read >= 0 || err.read >= 0)) {
    std::array<pollfd, 3> fds{};
    std::size_t count = 0;
    fds[count++] = {signals.fd(), POLLIN, 0};
    for (const auto& stream : streams) {
      if (*stream.fd >= 0) {
        fds[count++] = {*stream.fd, POLLIN, 0};
      }
    }
    int timeout = exited ? static_cast<int>(options.drain_timeout.count()) : (outcome.stopped && !kill_sent ? 3000 : -1);
    int ready = ::poll(fds.data(), count, timeout);
    if (ready < 0) {
      if (errno == EINTR) {
        continue;
      }
      return system_error("poll");
    }
    if (ready == 0) {
      if (!exited) {  // stopped, and still there 3 s after SIGTERM
        ::kill(-child, SIGKILL);
        kill_sent = true;
        continue;
      }
      break;  // the command is gone and whatever still holds its pipes is silent
    }
    for (auto& stream : streams) {
      if (*stream.fd < 0) {
        continue;
      }
      bool readable = false;
      for (std::size_t i = 1; i < count; ++i) {
        readable = readable || (fds[i].fd == *stream.fd && (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) != 0);
      }
      if (!readable) {
        continue;
      }
      ssize_t n = ::read(*stream.fd, buffer.data(), buffer.size());
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
        continue;
      }
      if (n <= 0) {
        close_fd(*stream.fd);
        continue;
      }
      std::string_view chunk(buffer.data(), static_cast<std::size_t>(n));
      if (options.on_output) {
        options.on_output(stream.number, chunk);
      }
      if (!exited && !outcome.stopped && options.stop && options.stop()) {
        outcome.stopped = true;
        ::kill(-child, SIGTERM);
      }
      if (!write_all(stream.sink, chunk)) {
        // Our reader went away: close the pipe so the command meets the same EPIPE/SIGPIPE it
        // would have met writing there itself.
        close_fd(*stream.fd);
      }
    }
    if ((fds[0].revents & POLLIN) == 0) {
      continue;
    }
    while (int received = signals.next()) {
      if (received == SIGCHLD) {
        int status = 0;
        pid_t reaped = 0;
        while ((reaped = ::waitpid(child, &status, WNOHANG | WUNTRACED)) == child) {
          if (WIFSTOPPED(status)) {
            child_stopped_by_terminal = terminal;
          } else if (WIFEXITED(status) || WIFSIGNALED(status)) {
            exited = true;
            outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
            outcome.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
            give_back_terminal();
            break;
          }
        }
        if (child_stopped_by_terminal && !exited) {
          // Ctrl-Z: stop with it, so that the shell sees the job stopped; `fg` continues us.
          child_stopped_by_terminal = false;
          ::tcsetpgrp(STDIN_FILENO, ::getpgrp());
          ::kill(::getpid(), SIGSTOP);
          ::tcsetpgrp(STDIN_FILENO, child);
          ::kill(-child, SIGCONT);
        }
      } else if (received == SIGINT || received == SIGTERM || received == SIGHUP || received == SIGQUIT) {
        if (exited) {
          stop_draining = true;
        } else {
          ::kill(-child, received);
          outcome.forwarded_signal = received;
        }
      }
    }
  }
  close_fd(out.read);
  close_fd(err.read);
  if (!exited) {
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
    outcome.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  }
  give_back_terminal();
  return outcome;
}

}  // namespace archfit::probe
