// Finding which of a fixed set of literal strings occur in a line, in one pass over the line
// (Aho–Corasick, compiled to a full DFA: one table lookup per byte, whatever the number of
// literals). The signature prefilter: a 100 MB build log is read once, not once per signature.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::explain {

class LiteralSet {
 public:
  // Literals may repeat; each keeps its index in `literals`.
  explicit LiteralSet(const std::vector<std::string>& literals);

  // Calls `found(index)` once for each literal that occurs in `text` (in no particular order).
  // `seen` is scratch space owned by the caller (so that one set can serve several threads).
  template <class Found>
  void find_all(std::string_view text, std::vector<std::uint32_t>& seen_stamp, std::uint32_t stamp,
                Found&& found) const {
    find_all_from(0, text, seen_stamp, stamp, found);
  }

  // A resumable scan: starts in `state` (0 at the start of a text) and returns the state after `text`,
  // so that texts with a common beginning share its scan.
  template <class Found>
  std::uint32_t find_all_from(std::uint32_t state, std::string_view text, std::vector<std::uint32_t>& seen_stamp,
                              std::uint32_t stamp, Found&& found) const {
    for (unsigned char byte : text) {
      state = step(state, byte, seen_stamp, stamp, found);
    }
    return state;
  }

  // Resumes in `state` and reads `text` only as long as a literal may still start before it: it stops
  // once the longest literal prefix the scan is in lies within `text` (what follows would be found
  // by a scan of `text` alone). A literal wholly within `text` may or may not be reported.
  template <class Found>
  void find_all_across(std::uint32_t state, std::string_view text, std::vector<std::uint32_t>& seen_stamp,
                       std::uint32_t stamp, Found&& found) const {
    for (std::size_t read = 0; read < text.size() && m_depth[state] > read;) {
      state = step(state, static_cast<unsigned char>(text[read]), seen_stamp, stamp, found);
      ++read;
    }
  }

  std::size_t size() const { return m_literal_count; }
  std::size_t states() const { return m_first_output.size(); }

 private:
  static constexpr std::uint32_t k_none = 0xffffffffu;
  template <class Found>
  std::uint32_t step(std::uint32_t state, unsigned char byte, std::vector<std::uint32_t>& seen_stamp, std::uint32_t stamp,
                     Found& found) const {
    state = m_next[static_cast<std::size_t>(state) * 256 + byte];
    for (std::uint32_t output = m_first_output[state]; output != k_none; output = m_outputs[output].next) {
      std::uint32_t literal = m_outputs[output].literal;
      if (seen_stamp[literal] != stamp) {
        seen_stamp[literal] = stamp;
        found(literal);
      }
    }
    return state;
  }
  struct Output {
    std::uint32_t literal;
    std::uint32_t next;  // next output of the same state, or k_none
  };
  std::vector<std::uint32_t> m_next;          // states × 256 transitions
  std::vector<std::uint32_t> m_first_output;  // per state: head of its output list (own + suffixes')
  std::vector<Output> m_outputs;
  std::vector<std::uint32_t> m_depth;  // per state: the length of the literal prefix it stands for
  std::size_t m_literal_count = 0;
};

}  // namespace archfit::explain
