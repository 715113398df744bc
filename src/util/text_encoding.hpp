// Logs and pastes that Windows tools saved as UTF-16. PowerShell 5.1's `>` and Out-File, and Notepad's
// "Unicode", write UTF-16LE with a byte order mark (FF FE), so `pip install . > build.log` or
// `nvidia-smi > smi.txt` on Windows gives a file whose every second byte is NUL: no pattern matches it
// as bytes. TextDecoder turns such input into UTF-8 as it streams in and passes anything else through.
//
// The encoding is decided once: at a byte order mark, else from the first 512 bytes (fewer only at the end
// of the input):
//   FF FE            UTF-16LE (BOM, dropped)        FE FF            UTF-16BE (BOM, dropped)
//   EF BB BF         UTF-8 with a BOM (dropped)
//   "xx 00" pairs    UTF-16LE without a BOM, when they are at least half of the window's byte pairs and four
//                    times the "00 xx" pairs; "00 xx" pairs likewise: UTF-16BE without a BOM
//   anything else    passed through unchanged
// (xx: a non-NUL byte; text in UTF-8 has no NUL, so such pairs are the UTF-16 form of ASCII characters.)
// UTF-16 is decoded by RFC 2781: a surrogate pair is one code point; a lone surrogate, and an odd byte
// left at the end, become U+FFFD. A code unit or a pair split across two chunks is kept for the next one.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace archfit::util {

enum class TextEncoding { undecided, utf8, utf16le, utf16be };

class TextDecoder {
 public:
  // The UTF-8 text of `chunk` (after the chunks before it); valid until the next call.
  std::string_view feed(std::string_view chunk);
  // What is left at the end of the input (a held BOM-less start, an odd byte, a lone high surrogate).
  std::string_view finish();
  TextEncoding encoding() const { return m_encoding; }

 private:
  void decide();
  void convert(std::string_view bytes);  // appends the UTF-8 form of `bytes` to m_out

  TextEncoding m_encoding = TextEncoding::undecided;
  std::string m_held;        // the bytes before the decision; then UTF-16's odd byte between chunks
  char16_t m_high = 0;       // a high surrogate waiting for its low half
  std::string m_out;
};

// `text` whole, decoded as TextDecoder does.
std::string decode_text(std::string_view text);

}  // namespace archfit::util
