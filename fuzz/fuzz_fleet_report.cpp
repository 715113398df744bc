// Fuzzes what `fleet report` and `fleet check` read from files any node could have written: a node
// report (util/json_pull underneath) and an embedded check document. The first byte picks which.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fleet/node_report.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) {
    return 0;
  }
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] % 2 == 0) {
    (void)archfit::fleet::read_node_report(text, "n1.json");
  } else {
    (void)archfit::fleet::verdict_from_check_json("input", text);
  }
  return 0;
}
