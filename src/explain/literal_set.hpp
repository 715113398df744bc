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
    std::uint32_t state = 0;
    for (unsigned char byte : text) {
      state = m_next[static_cast<std::size_t>(state) * 256 + byte];
      for (std::uint32_t output = m_first_output[state]; output != k_none; output = m_outputs[output].next) {
        std::uint32_t literal = m_outputs[output].literal;
        if (seen_stamp[literal] != stamp) {
          seen_stamp[literal] = stamp;
          found(literal);
        }
      }
    }
  }

  std::size_t size() const { return m_literal_count; }
  std::size_t states() const { return m_first_output.size(); }

 private:
  static constexpr std::uint32_t k_none = 0xffffffffu;
  struct Output {
    std::uint32_t literal;
    std::uint32_t next;  // next output of the same state, or k_none
  };
  std::vector<std::uint32_t> m_next;          // states × 256 transitions
  std::vector<std::uint32_t> m_first_output;  // per state: head of its output list (own + suffixes')
  std::vector<Output> m_outputs;
  std::size_t m_literal_count = 0;
};

}  // namespace archfit::explain
