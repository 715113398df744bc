#include "util/text_encoding.hpp"

#include "util/utf8.hpp"

namespace archfit::util {

namespace {

constexpr char32_t k_replacement = 0xFFFD;
constexpr std::size_t k_decision_window = 512;  // bytes read before a BOM-less encoding is decided

bool is_high_surrogate(char32_t unit) { return unit >= 0xD800 && unit <= 0xDBFF; }
bool is_low_surrogate(char32_t unit) { return unit >= 0xDC00 && unit <= 0xDFFF; }

}  // namespace

void TextDecoder::decide() {
  auto byte = [&](std::size_t at) { return at < m_held.size() ? static_cast<unsigned char>(m_held[at]) : -1; };
  auto drop = [&](std::size_t count) { m_held.erase(0, count); };
  if (byte(0) == 0xFF && byte(1) == 0xFE) {
    m_encoding = TextEncoding::utf16le;
    drop(2);
  } else if (byte(0) == 0xFE && byte(1) == 0xFF) {
    m_encoding = TextEncoding::utf16be;
    drop(2);
  } else if (byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF) {
    m_encoding = TextEncoding::utf8;
    drop(3);
  } else {
    // Without a BOM: the pairs of the window where one byte is NUL, the other not. ASCII in UTF-16LE is
    // "x 00", in UTF-16BE "00 x"; UTF-8 text has no NUL at all.
    std::size_t pairs = 0;
    std::size_t low_first = 0;
    std::size_t high_first = 0;
    for (std::size_t at = 0; at + 1 < m_held.size() && at < k_decision_window; at += 2) {
      bool first_nul = m_held[at] == '\0';
      bool second_nul = m_held[at + 1] == '\0';
      ++pairs;
      low_first += !first_nul && second_nul;
      high_first += first_nul && !second_nul;
    }
    // At least half of the pairs: a UTF-8 log with a stray UTF-16 fragment early on stays UTF-8.
    auto decides = [&](std::size_t mine, std::size_t other) { return mine >= 2 && mine * 2 >= pairs && mine >= 4 * other; };
    if (decides(low_first, high_first)) {
      m_encoding = TextEncoding::utf16le;
    } else if (decides(high_first, low_first)) {
      m_encoding = TextEncoding::utf16be;
    } else {
      m_encoding = TextEncoding::utf8;
    }
  }
}

void TextDecoder::convert(std::string_view bytes) {
  if (m_encoding == TextEncoding::utf8) {
    m_out.append(bytes);
    return;
  }
  bool little = m_encoding == TextEncoding::utf16le;
  std::size_t at = 0;
  auto next_unit = [&](unsigned char first, unsigned char second) -> char32_t {
    return little ? static_cast<char32_t>(first | (second << 8)) : static_cast<char32_t>((first << 8) | second);
  };
  auto take = [&](char32_t unit) {
    if (m_high != 0) {
      if (is_low_surrogate(unit)) {
        utf8::append(m_out, 0x10000 + ((static_cast<char32_t>(m_high) - 0xD800) << 10) + (unit - 0xDC00));
        m_high = 0;
        return;
      }
      utf8::append(m_out, k_replacement);  // a high surrogate without its low half
      m_high = 0;
    }
    if (is_high_surrogate(unit)) {
      m_high = static_cast<char16_t>(unit);
    } else {
      utf8::append(m_out, is_low_surrogate(unit) ? k_replacement : unit);
    }
  };
  if (!m_held.empty() && !bytes.empty()) {  // the odd byte of the chunk before
    take(next_unit(static_cast<unsigned char>(m_held[0]), static_cast<unsigned char>(bytes[0])));
    m_held.clear();
    at = 1;
  }
  for (; at + 1 < bytes.size(); at += 2) {
    take(next_unit(static_cast<unsigned char>(bytes[at]), static_cast<unsigned char>(bytes[at + 1])));
  }
  if (at < bytes.size()) {
    m_held.assign(1, bytes[at]);
  }
}

std::string_view TextDecoder::feed(std::string_view chunk) {
  m_out.clear();
  if (m_encoding == TextEncoding::undecided) {
    m_held.append(chunk);
    bool has_bom = m_held.starts_with("\xff\xfe") || m_held.starts_with("\xfe\xff") || m_held.starts_with("\xef\xbb\xbf");
    if (!has_bom && m_held.size() < k_decision_window) {
      return {};
    }
    decide();
    std::string start = std::move(m_held);
    m_held.clear();
    convert(start);
    return m_out;
  }
  if (m_encoding == TextEncoding::utf8) {
    return chunk;
  }
  convert(chunk);
  return m_out;
}

std::string_view TextDecoder::finish() {
  m_out.clear();
  if (m_encoding == TextEncoding::undecided) {
    decide();
    std::string start = std::move(m_held);
    m_held.clear();
    convert(start);
  }
  if (m_encoding != TextEncoding::utf8) {
    if (m_high != 0) {
      utf8::append(m_out, k_replacement);  // a high surrogate at the end
    }
    if (!m_held.empty()) {
      utf8::append(m_out, k_replacement);  // an odd byte at the end
    }
    m_high = 0;
    m_held.clear();
  }
  return m_out;
}

std::string decode_text(std::string_view text) {
  TextDecoder decoder;
  std::string out(decoder.feed(text));
  out.append(decoder.finish());
  return out;
}

}  // namespace archfit::util
