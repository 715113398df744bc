#include "util/decompressor.hpp"

#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <climits>

#include <fmt/format.h>

namespace archfit {

std::string_view compression_name(Compression method) {
  return method == Compression::zlib ? "zlib" : "zstd";
}

// zstd's own default limit on a frame's window (ZSTD_WINDOWLOG_LIMIT_DEFAULT, 128 MiB) and the
// largest window this reader ever accepts (2 GiB).
constexpr int k_zstd_default_window_log = 27;
constexpr int k_zstd_max_window_log = 31;

struct Decompressor::Impl {
  int zstd_window_log = k_zstd_default_window_log;
  z_stream zlib{};
  bool zlib_ready = false;
  ZSTD_DStream* zstd = nullptr;
  ~Impl() {
    if (zlib_ready) {
      inflateEnd(&zlib);
    }
    if (zstd != nullptr) {
      ZSTD_freeDStream(zstd);
    }
  }
};

Decompressor::Decompressor(Compression method, Bytes input, std::uint64_t limit, DecompressionBudget* budget)
    : m_method(method), m_input(input), m_limit(limit), m_budget(budget), m_impl(std::make_unique<Impl>()) {}
Decompressor::Decompressor(Decompressor&&) noexcept = default;
Decompressor& Decompressor::operator=(Decompressor&&) noexcept = default;
Decompressor::~Decompressor() = default;

// Grows the output by up to `want` bytes (bounded by the limit, and by the size already produced
// so that memory follows what the stream really yields, not what a header or table claims) and
// runs the codec once over as much input as it takes to fill that space or finish the stream.
Status Decompressor::step(std::uint64_t want) {
  constexpr std::uint64_t k_min_growth = 64 * 1024;
  std::size_t start = m_output.size();
  std::uint64_t total = m_window_start + start;
  std::uint64_t room = std::min({want, m_limit - total, std::max<std::uint64_t>(start, k_min_growth)});
  // At the limit the codec still runs, into one spare byte: it may have the stream's end (a
  // checksum) left to read, and producing that byte proves the data runs past the limit.
  std::uint8_t spare = 0;
  std::uint8_t* out = &spare;
  bool at_limit = room == 0;
  if (at_limit) {
    room = 1;
  } else {
    m_output.resize(start + static_cast<std::size_t>(room));
    out = m_output.data() + start;
  }
  Bytes in = m_input.subspan(static_cast<std::size_t>(m_consumed));
  std::size_t produced = 0;
  std::size_t used = 0;
  if (m_method == Compression::zlib) {
    if (!m_impl->zlib_ready) {
      if (inflateInit(&m_impl->zlib) != Z_OK) {
        return Error{"cannot initialise zlib"};
      }
      m_impl->zlib_ready = true;
    }
    z_stream& z = m_impl->zlib;
    z.next_in = const_cast<Bytef*>(in.data());
    z.avail_in = static_cast<uInt>(std::min<std::size_t>(in.size(), UINT_MAX));
    z.next_out = out;
    z.avail_out = static_cast<uInt>(std::min<std::uint64_t>(room, UINT_MAX));
    int rc = inflate(&z, Z_NO_FLUSH);
    used = static_cast<std::size_t>(z.next_in - in.data());
    produced = static_cast<std::size_t>(z.next_out - out);
    if (rc == Z_STREAM_END) {
      m_finished = true;
    } else if (rc == Z_BUF_ERROR && used == 0 && produced == 0) {
      m_output.resize(start);
      return Error{fmt::format("zlib stream ends early: input exhausted after {} bytes, {} bytes produced",
                               m_consumed, total)};
    } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
      m_output.resize(start);
      return Error{fmt::format("corrupt zlib stream after {} input bytes: {}", m_consumed,
                               z.msg != nullptr ? z.msg : "error")};
    }
  } else {
    if (m_impl->zstd == nullptr) {
      m_impl->zstd = ZSTD_createDStream();
      if (m_impl->zstd == nullptr) {
        return Error{"cannot initialise zstd"};
      }
      // Long-distance matching (used for large offload bundles) needs windows up to 2 GiB, and
      // zstd allocates the window a frame header asks for before decoding a single block. So a
      // frame may ask for more than zstd's default limit (2^27) only when its container claims
      // that much output AND the input's decompression budget still allows that much: a larger
      // request is refused instead of making zstd allocate it.
      std::uint64_t allowed = m_limit;
      if (m_budget != nullptr) {
        allowed = std::min(allowed, m_budget->remaining_bytes());
      }
      int window_log = k_zstd_default_window_log;
      while (window_log < k_zstd_max_window_log && (std::uint64_t{1} << window_log) < allowed) {
        ++window_log;
      }
      m_impl->zstd_window_log = window_log;
      ZSTD_DCtx_setParameter(m_impl->zstd, ZSTD_d_windowLogMax, window_log);
    }
    ZSTD_inBuffer zin{in.data(), in.size(), 0};
    ZSTD_outBuffer zout{out, static_cast<std::size_t>(room), 0};
    std::size_t rc = ZSTD_decompressStream(m_impl->zstd, &zout, &zin);
    used = zin.pos;
    produced = zout.pos;
    if (ZSTD_isError(rc) != 0) {
      m_output.resize(start);
      if (ZSTD_getErrorCode(rc) == ZSTD_error_frameParameter_windowTooLarge) {
        return Error{fmt::format("zstd frame header at input byte {} asks for a decoding window larger than the "
                                 "2^{} bytes allowed (the container claims {} bytes of output{}); refused "
                                 "without allocating it",
                                 m_consumed, m_impl->zstd_window_log, m_limit,
                                 m_budget != nullptr
                                     ? fmt::format(", the decompression budget leaves {}", m_budget->remaining_bytes())
                                     : std::string{})};
      }
      return Error{fmt::format("corrupt zstd frame after {} input bytes: {}", m_consumed, ZSTD_getErrorName(rc))};
    }
    if (rc == 0) {
      m_finished = true;
    } else if (used == 0 && produced == 0) {
      m_output.resize(start);
      return Error{fmt::format("zstd frame ends early: input exhausted after {} bytes, {} bytes produced",
                               m_consumed, total)};
    }
  }
  if (at_limit) {
    if (produced != 0) {
      return Error{fmt::format("decompressed data exceeds the limit of {} bytes", m_limit)};
    }
    m_consumed += used;
    return Ok{};
  }
  m_consumed += used;
  m_output.resize(start + produced);
  if (m_budget != nullptr) {
    if (auto charged = m_budget->charge(produced); !charged) {
      return charged;
    }
  }
  return Ok{};
}

void Decompressor::discard_before(std::uint64_t offset) {
  if (offset <= m_window_start) {
    return;
  }
  auto drop = static_cast<std::size_t>(std::min<std::uint64_t>(offset - m_window_start, m_output.size()));
  m_output.erase(m_output.begin(), m_output.begin() + static_cast<std::ptrdiff_t>(drop));
  m_window_start += drop;
}

Status Decompressor::fill_more(std::uint64_t chunk) {
  if (m_finished) {
    return Ok{};
  }
  return step(std::max<std::uint64_t>(chunk, 1));
}

Status Decompressor::fill_to(std::uint64_t size) {
  if (size > m_limit) {
    return Error{fmt::format("needs {} decompressed bytes, more than the limit of {}", size, m_limit)};
  }
  while (produced() < size) {
    if (m_finished) {
      return Error{fmt::format("compressed stream ends after {} bytes, {} needed", produced(), size)};
    }
    // Grow geometrically so that small prefixes stay cheap and large ones take few steps.
    std::uint64_t want = std::max<std::uint64_t>(size - produced(), std::max<std::size_t>(m_output.size(), 4096));
    auto status = step(want);
    if (!status) {
      return status;
    }
  }
  return Ok{};
}

Status Decompressor::fill_all() {
  while (!m_finished) {
    std::uint64_t want = std::max<std::size_t>(m_output.size(), 1 << 16);
    auto status = step(want);
    if (!status) {
      return status;
    }
  }
  return Ok{};
}

}  // namespace archfit
