// Cutting a byte stream (a log file read in blocks, a child's pipe) into lines without ever
// holding more than one line: bytes are fed as they arrive, each complete line is handed on.
// A line longer than `max_line` keeps its first `max_line` bytes (the rest is dropped up to the
// next newline), so a 200 MB line of progress dots costs 64 KiB, not 200 MB.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace archfit::explain {

inline constexpr std::size_t k_default_max_line = std::size_t{64} << 10;

class LineSplitter {
 public:
  explicit LineSplitter(std::size_t max_line = k_default_max_line) : m_max_line(max_line) {}

  // Calls on_line(text) for every line completed by `chunk` (without its '\n').
  template <class OnLine>
  void feed(std::string_view chunk, OnLine&& on_line) {
    while (!chunk.empty()) {
      std::size_t newline = chunk.find('\n');
      std::string_view piece = chunk.substr(0, newline);
      append(piece);
      if (newline == std::string_view::npos) {
        return;
      }
      on_line(std::string_view(m_line));
      m_line.clear();
      m_truncated = false;
      chunk.remove_prefix(newline + 1);
    }
  }

  // The last line when the stream did not end with '\n'.
  template <class OnLine>
  void finish(OnLine&& on_line) {
    if (!m_line.empty() || m_truncated) {
      on_line(std::string_view(m_line));
    }
    m_line.clear();
    m_truncated = false;
  }

 private:
  void append(std::string_view piece) {
    std::size_t room = m_max_line - m_line.size();
    if (piece.size() > room) {
      m_truncated = true;
      piece = piece.substr(0, room);
    }
    m_line.append(piece);
  }

  std::string m_line;
  std::size_t m_max_line;
  bool m_truncated = false;
};

// The text a person sees of a raw log line: ANSI escape sequences (colours, cursor moves, OSC
// titles) removed, a carriage return left by a progress display replaced by a space, trailing
// whitespace (and a CRLF file's '\r') dropped. Writes into `out` (reused, so no allocation per line).
void visible_text(std::string_view raw, std::string& out);

}  // namespace archfit::explain
