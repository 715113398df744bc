#include "cli/progress_bar.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace archfit::cli {

namespace {

std::string mebibytes(std::uint64_t bytes) { return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1 << 20)); }

int terminal_width() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 20) {
    return size.ws_col;
  }
  return 80;
}

}  // namespace

ProgressBar::ProgressBar(bool enabled, std::size_t total_files, std::uint64_t total_bytes)
    : m_enabled(enabled && total_files > 1),
      m_total_files(total_files),
      m_total_bytes(total_bytes),
      m_start(std::chrono::steady_clock::now()),
      m_last_draw(m_start) {}

ProgressBar::~ProgressBar() {
  if (m_drawn) {
    std::fputs("\r\x1b[K", stderr);
    std::fflush(stderr);
  }
}

void ProgressBar::update(std::size_t files_done, std::uint64_t bytes_done) {
  if (!m_enabled) {
    return;
  }
  std::lock_guard lock(m_mutex);
  auto now = std::chrono::steady_clock::now();
  if (now - m_last_draw < std::chrono::milliseconds(100) && files_done < m_total_files) {
    return;
  }
  m_last_draw = now;
  double seconds = std::chrono::duration<double>(now - m_start).count();
  double rate = seconds > 0 ? static_cast<double>(bytes_done) / seconds : 0;
  std::string line = fmt::format("scanning {}/{} files, {} of {}, {}/s", files_done, m_total_files,
                                 mebibytes(bytes_done), mebibytes(m_total_bytes), mebibytes(static_cast<std::uint64_t>(rate)));
  if (static_cast<int>(line.size()) >= terminal_width()) {
    line.resize(static_cast<std::size_t>(terminal_width() - 1));
  }
  std::fprintf(stderr, "\r\x1b[K%s", line.c_str());
  std::fflush(stderr);
  m_drawn = true;
}

}  // namespace archfit::cli
