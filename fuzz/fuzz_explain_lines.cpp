// libFuzzer harness for explain's line path (issue 13, twelfth round: pasting forms): the input's
// lines go through the scanner (visible text, the JSON-kept-log decoding, the matching form with the
// pasting prefixes and marks undone, the facts' pasted form, the literal prefilter and the regexes),
// and each line through matching_text/pasted_text/matching_literal on its own. One scanner lives for
// the whole run (its memory is bounded by design), so an input costs its lines, not a table build.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "explain/line_normalizer.hpp"
#include "explain/line_splitter.hpp"
#include "explain/log_scanner.hpp"
#include "explain/signature_table.hpp"

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
  splitter.feed(text, on_line);
  splitter.finish(on_line);
  (void)scanner.matches();
  return 0;
}
