// libFuzzer harness for explain's line path (issue 13, twelfth round: pasting forms): the input's
// lines go through the scanner (visible text, the JSON-kept-log decoding, the matching form with the
// pasting prefixes and marks undone, the facts' pasted form, the literal prefilter and the regexes),
// and each line through matching_text/pasted_text/matching_literal on its own. The bytes first pass
// util::TextDecoder (a Windows tool's UTF-16 log), cut in two chunks where the first byte says. One
// scanner lives for the whole run (its memory is bounded by design), so an input costs its lines, not a
// table build.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "explain/line_normalizer.hpp"
#include "explain/line_splitter.hpp"
#include "explain/log_scanner.hpp"
#include "explain/signature_table.hpp"
#include "util/text_encoding.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static auto signatures = archfit::explain::builtin_signatures();
  if (!signatures.ok()) {
    __builtin_trap();
  }
  static archfit::explain::LogScanner scanner(*signatures);
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string matching;
  std::string pasted;
  archfit::explain::LineSplitter splitter(4096);
  auto on_line = [&](std::string_view line) {
    scanner.add_line(line);
    if (archfit::explain::matching_text(line, matching)) {
      archfit::explain::pasted_text(line, pasted);
    }
    (void)archfit::explain::matching_literal(line);
  };
  archfit::util::TextDecoder decoder;
  std::size_t cut = text.empty() ? 0 : static_cast<unsigned char>(text[0]) % (text.size() + 1);
  splitter.feed(decoder.feed(text.substr(0, cut)), on_line);
  splitter.feed(decoder.feed(text.substr(cut)), on_line);
  splitter.feed(decoder.finish(), on_line);
  splitter.finish(on_line);
  (void)scanner.matches();
  return 0;
}
