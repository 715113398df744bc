// Fuzzes the `ar` archive reader (GNU long names, BSD #1/N names, symbol tables).
#include <cstddef>
#include <cstdint>

#include "binfmt/ar_archive.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  archfit::Bytes bytes(data, size);
  auto archive = archfit::binfmt::read_ar_archive(bytes);
  // Every member must lie inside the input.
  for (const auto& member : archive.members) {
    if (member.data.data() < data || member.data.data() + member.data.size() > data + size) {
      __builtin_trap();
    }
  }
  return 0;
}
