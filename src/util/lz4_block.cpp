#include "util/lz4_block.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "util/hex.hpp"

namespace archfit {

namespace {

constexpr std::uint64_t k_min_match = 4;

// Reads a length nibble's continuation bytes (each 255 means "more follows").
Result<std::uint64_t> read_length(Bytes input, std::uint64_t& position, std::uint64_t nibble) {
  std::uint64_t length = nibble;
  if (nibble != 15) {
    return length;
  }
  while (true) {
    auto byte = read_le<std::uint8_t>(input, position);
    if (!byte) {
      return Error{fmt::format("lz4 block: length runs past the input at +{}", hex(position))};
    }
    ++position;
    auto sum = checked_add(length, *byte);
    if (!sum) {
      return Error{fmt::format("lz4 block: length overflows at +{}", hex(position))};
    }
    length = *sum;
    if (*byte != 255) {
      return length;
    }
  }
}

Status copy_match(std::vector<std::uint8_t>& out, std::uint64_t distance, std::uint64_t length,
                  std::uint64_t expected_size, std::uint64_t position) {
  if (distance == 0 || distance > out.size()) {
    return Error{fmt::format("lz4 block: back offset {} at +{} points before the output start ({} bytes written)",
                             distance, hex(position), out.size())};
  }
  if (length > expected_size - out.size()) {
    return Error{fmt::format("lz4 block: match at +{} would exceed the expected size {}", hex(position),
                             expected_size)};
  }
  std::size_t from = out.size() - static_cast<std::size_t>(distance);
  for (std::uint64_t i = 0; i < length; ++i) {
    out.push_back(out[from + static_cast<std::size_t>(i)]);
  }
  return Ok{};
}

}  // namespace

Result<std::vector<std::uint8_t>> lz4_block_decode(Bytes input, std::uint64_t expected_size) {
  std::vector<std::uint8_t> out;
  out.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(expected_size, std::uint64_t{1} << 30)));
  std::uint64_t position = 0;
  while (position < input.size()) {
    std::uint8_t token = input[static_cast<std::size_t>(position++)];
    ARCHFIT_TRY(std::uint64_t literals, read_length(input, position, token >> 4));
    auto run = slice(input, position, literals);
    if (!run) {
      return Error{fmt::format("lz4 block: {} literal bytes at +{} run past the input ({} bytes)", literals,
                               hex(position), input.size())};
    }
    if (literals > expected_size - out.size()) {
      return Error{fmt::format("lz4 block: literals at +{} would exceed the expected size {}", hex(position),
                               expected_size)};
    }
    out.insert(out.end(), run->begin(), run->end());
    position += literals;
    if (position == input.size()) {
      break;  // the last sequence has literals only
    }
    auto distance = read_le<std::uint16_t>(input, position);
    if (!distance) {
      return Error{fmt::format("lz4 block: back offset at +{} runs past the input", hex(position))};
    }
    position += 2;
    ARCHFIT_TRY(std::uint64_t match, read_length(input, position, token & 0x0f));
    ARCHFIT_TRY(Ok copied, copy_match(out, *distance, checked_add(match, k_min_match).value_or(UINT64_MAX), expected_size, position));
    (void)copied;
  }
  if (out.size() != expected_size) {
    return Error{fmt::format("lz4 block: decoded {} bytes, expected {}", out.size(), expected_size)};
  }
  return out;
}

}  // namespace archfit
