// A one-line progress display on stderr for long scans: files and bytes done, and the rate.
// Shown only when stderr is a terminal (and never in --json mode); redrawn at most ten times a
// second; erased when done so that it never mixes with the report.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>

namespace archfit::cli {

class ProgressBar {
 public:
  ProgressBar(bool enabled, std::size_t total_files, std::uint64_t total_bytes);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // Thread-safe.
  void update(std::size_t files_done, std::uint64_t bytes_done);

 private:
  bool m_enabled;
  std::size_t m_total_files;
  std::uint64_t m_total_bytes;
  std::chrono::steady_clock::time_point m_start;
  std::chrono::steady_clock::time_point m_last_draw;
  bool m_drawn = false;
  std::mutex m_mutex;
};

}  // namespace archfit::cli
