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

// The decoded output as a window: `window` holds bytes [base, base + window.size()) of the stream,
// and `head` the first `keep` bytes once the window has moved past them.
struct Lz4Output {
  static constexpr std::size_t k_reach = 65536;  // the farthest a back offset points
  std::vector<std::uint8_t> window;
  std::vector<std::uint8_t> head;
  std::uint64_t base = 0;
  std::uint64_t keep = UINT64_MAX;

  std::uint64_t size() const { return base + window.size(); }

  void keep_head() {
    if (head.size() < keep && base + window.size() > head.size()) {
      std::uint64_t until = std::min<std::uint64_t>(keep, base + window.size());
      std::uint64_t from = head.size();  // >= base: the window never moves past unkept bytes
      head.insert(head.end(), window.begin() + static_cast<std::ptrdiff_t>(from - base),
                  window.begin() + static_cast<std::ptrdiff_t>(until - base));
    }
  }

  // Lets go of all but the last k_reach bytes once the window holds four times that.
  void slide() {
    if (keep == UINT64_MAX || window.size() < 4 * k_reach) {
      return;
    }
    keep_head();
    std::size_t drop = window.size() - k_reach;
    if (head.size() < keep) {
      drop = std::min<std::size_t>(drop, static_cast<std::size_t>(head.size() - base));
    }
    window.erase(window.begin(), window.begin() + static_cast<std::ptrdiff_t>(drop));
    base += drop;
  }
};

Status copy_match(Lz4Output& out, std::uint64_t distance, std::uint64_t length, std::uint64_t expected_size,
                  std::uint64_t position) {
  if (distance == 0 || distance > out.size()) {
    return Error{fmt::format("lz4 block: back offset {} at +{} points before the output start ({} bytes written)",
                             distance, hex(position), out.size())};
  }
  if (length > expected_size - out.size()) {
    return Error{fmt::format("lz4 block: match at +{} would exceed the expected size {}", hex(position),
                             expected_size)};
  }
  std::size_t from = out.window.size() - static_cast<std::size_t>(distance);
  for (std::uint64_t i = 0; i < length; ++i) {
    out.window.push_back(out.window[from + static_cast<std::size_t>(i)]);
  }
  out.slide();
  return Ok{};
}

}  // namespace

std::uint64_t lz4_max_decoded_size(std::uint64_t input_size) {
  return input_size > UINT64_MAX / 256 ? UINT64_MAX : input_size * 255 + 16;
}

Result<std::vector<std::uint8_t>> lz4_block_decode(Bytes input, std::uint64_t expected_size, std::uint64_t keep) {
  if (expected_size > lz4_max_decoded_size(input.size())) {
    return Error{fmt::format("lz4 block: {} bytes cannot expand to the {} bytes expected (at most {})", input.size(),
                             expected_size, lz4_max_decoded_size(input.size()))};
  }
  Lz4Output out;
  out.keep = keep;
  out.window.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(expected_size, std::uint64_t{1} << 20)));
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
    out.window.insert(out.window.end(), run->begin(), run->end());
    out.slide();
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
  if (keep == UINT64_MAX) {
    return std::move(out.window);
  }
  out.keep_head();
  return std::move(out.head);
}

}  // namespace archfit
