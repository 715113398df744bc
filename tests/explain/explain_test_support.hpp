// Helpers for the explain/run tests: the log corpus index, explaining in-process, and running a
// process with more control than test::run_command (environment, discarded output, signals).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "explain/explainer.hpp"
#include "explain/log_reader.hpp"
#include "explain/log_scanner.hpp"
#include "explain/signature_table.hpp"
#include "support/test_support.hpp"

extern char** environ;

namespace archfit::test {

// The embedded signature table (data/error_signatures.tsv and the second stage), failing the test when it does
// not parse.
inline std::shared_ptr<const explain::SignatureSet> builtin_signatures_checked() {
  auto set = explain::builtin_signatures();
  EXPECT_TRUE(set.ok()) << (set.ok() ? "" : set.error().message);
  return set.ok() ? *set : nullptr;
}

inline std::filesystem::path logs_dir() { return std::filesystem::path(ARCHFIT_SOURCE_DIR) / "tests/data/logs"; }
inline std::filesystem::path sysroot(const std::string& name) {
  return std::filesystem::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots" / name / "root";
}

// One row of tests/data/logs/INDEX.tsv: the log, the category and signature the public issue
// established, and where.
struct IndexedLog {
  std::string file;
  std::string category;
  std::string source_url;
  std::string established_cause;
  std::string signature;
};

inline std::vector<IndexedLog> read_log_index(const std::filesystem::path& dir = logs_dir()) {
  std::vector<IndexedLog> rows;
  std::istringstream in(read_text(dir / "INDEX.tsv"));
  std::string line;
  std::map<std::string, std::size_t> column;
  while (std::getline(in, line)) {
    if (line.empty()) {
      continue;
    }
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (true) {
      std::size_t tab = line.find('\t', start);
      fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) {
        break;
      }
      start = tab + 1;
    }
    if (column.empty()) {
      for (std::size_t i = 0; i < fields.size(); ++i) {
        column[fields[i]] = i;
      }
      continue;
    }
    auto field = [&](const char* name) {
      auto at = column.find(name);
      return at != column.end() && at->second < fields.size() ? fields[at->second] : std::string();
    };
    rows.push_back({field("file"), field("category"), field("source_url"), field("established_cause"), field("signature")});
  }
  return rows;
}

// Explains a file in-process, from the log alone (no machine context).
inline explain::Explanation explain_file_without_context(const std::filesystem::path& path) {
  auto signatures = explain::builtin_signatures();
  EXPECT_TRUE(signatures.ok()) << (signatures.ok() ? "" : signatures.error().message);
  explain::LogScanner scanner(*signatures);
  auto status = explain::scan_file(path.string(), scanner);
  EXPECT_TRUE(status.ok()) << path;
  return explain::explain_matches(scanner.matches(), **signatures, nullptr);
}

// Explains the lines as one log, in-process, without machine context.
inline explain::Explanation explain_lines(const std::vector<std::string>& lines) {
  auto signatures = explain::builtin_signatures();
  EXPECT_TRUE(signatures.ok()) << (signatures.ok() ? "" : signatures.error().message);
  explain::LogScanner scanner(*signatures);
  for (const auto& line : lines) {
    scanner.add_line(line);
  }
  return explain::explain_matches(scanner.matches(), **signatures, nullptr);
}

// A message as a tool or a build script prints it, read from its source (the source_wordings_*_test.cpp files):
// the category it names and the row that owns it.
struct SourceWording {
  std::vector<std::string> lines;  // the output, as printed
  std::string category;            // the category the message names
  std::string id;                  // the row that owns it
  std::string source;              // where the wording was read
};

// The same tools' neighbouring message that names none of the causes, and why.
struct SourceNeighbour {
  std::string line;
  std::string why;
};

// Each wording, explained as a log of its own, names its category first, by its row.
inline void expect_wordings_explained(const std::vector<SourceWording>& wordings) {
  for (const auto& wording : wordings) {
    SCOPED_TRACE(wording.source);
    auto explanation = explain_lines(wording.lines);
    ASSERT_FALSE(explanation.findings.empty());
    const auto& top = explanation.findings.front();
    EXPECT_TRUE(explanation.explained) << wording.lines.back();
    EXPECT_EQ(top.category, wording.category) << wording.lines.back();
    EXPECT_EQ(top.id, wording.id) << wording.lines.back();
  }
}

// Each neighbour, explained as a log of its own, stays unexplained.
inline void expect_neighbours_unexplained(const std::vector<SourceNeighbour>& neighbours) {
  for (const auto& neighbour : neighbours) {
    SCOPED_TRACE(neighbour.why);
    auto explanation = explain_lines({neighbour.line});
    ASSERT_FALSE(explanation.findings.empty());
    EXPECT_FALSE(explanation.explained) << neighbour.line;
    EXPECT_EQ(explanation.findings.front().category, "unknown") << neighbour.line;
  }
}

inline std::string write_temp_file(const std::string& name, const std::string& content) {
  auto path = unique_temp_path(name);
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

// A child process with its stdout/stderr captured (or discarded), in the environment of this
// test process changed by `extra_environment` ("NAME=value" sets, "NAME" unsets).
class Child {
 public:
  Child(const std::vector<std::string>& argv, const std::vector<std::string>& extra_environment = {},
        bool discard_output = false) {
    int out_pipe[2] = {-1, -1};
    int err_pipe[2] = {-1, -1};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (discard_output) {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    } else {
      EXPECT_EQ(pipe2(out_pipe, O_CLOEXEC), 0);
      EXPECT_EQ(pipe2(err_pipe, O_CLOEXEC), 0);
      posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
      posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    // "NAME=value" sets (replacing), a bare "NAME" unsets.
    std::vector<std::string> env_strings;
    auto name_of = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
    for (char** entry = environ; *entry != nullptr; ++entry) {
      std::string text(*entry);
      bool changed = false;
      for (const auto& change : extra_environment) {
        changed = changed || name_of(change) == name_of(text);
      }
      if (!changed) {
        env_strings.push_back(text);
      }
    }
    for (const auto& change : extra_environment) {
      if (change.find('=') != std::string::npos) {
        env_strings.push_back(change);
      }
    }
    std::vector<char*> env;
    for (auto& text : env_strings) {
      env.push_back(text.data());
    }
    env.push_back(nullptr);
    std::vector<std::string> arg_strings = argv;
    std::vector<char*> args;
    for (auto& text : arg_strings) {
      args.push_back(text.data());
    }
    args.push_back(nullptr);
    int rc = posix_spawnp(&m_pid, args[0], &actions, nullptr, args.data(), env.data());
    posix_spawn_file_actions_destroy(&actions);
    EXPECT_EQ(rc, 0) << "cannot run " << argv[0];
    if (!discard_output) {
      close(out_pipe[1]);
      close(err_pipe[1]);
      m_out_fd = out_pipe[0];
      m_err_fd = err_pipe[0];
    }
  }

  pid_t pid() const { return m_pid; }

  // Reads output until stdout contains `text` (or the timeout passes); true when it did.
  bool wait_for_stdout(const std::string& text, std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (out.find(text) == std::string::npos) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0 || !pump(static_cast<int>(left.count()))) {
        return out.find(text) != std::string::npos;
      }
    }
    return true;
  }

  // Reads everything, waits for the exit; returns the shell-style status.
  int finish() {
    while (pump(-1)) {
    }
    int status = 0;
    waitpid(m_pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  std::string out;
  std::string err;

 private:
  // One poll round; false when both pipes are closed (or there are none).
  bool pump(int timeout_ms) {
    pollfd fds[2] = {{m_out_fd, POLLIN, 0}, {m_err_fd, POLLIN, 0}};
    if (m_out_fd < 0 && m_err_fd < 0) {
      return false;
    }
    if (poll(fds, 2, timeout_ms) <= 0) {
      return timeout_ms < 0;
    }
    std::string* sinks[2] = {&out, &err};
    int* fds_owned[2] = {&m_out_fd, &m_err_fd};
    char buffer[65536];
    for (int i = 0; i < 2; ++i) {
      if (*fds_owned[i] >= 0 && (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
        ssize_t n = read(*fds_owned[i], buffer, sizeof buffer);
        if (n > 0) {
          sinks[i]->append(buffer, static_cast<std::size_t>(n));
        } else {
          close(*fds_owned[i]);
          *fds_owned[i] = -1;
        }
      }
    }
    return true;
  }

  pid_t m_pid = -1;
  int m_out_fd = -1;
  int m_err_fd = -1;
};

}  // namespace archfit::test
