// Builders of hostile inputs for the robustness tests, made at test time from first principles
// (the format documents cited in src/binfmt) and real libraries (zstd, zlib): decompression
// bombs, minimal ELF files whose section headers lie, zip archives whose members share data,
// nested ar archives. And a way to run code in a child and measure it (peak RSS, CPU time).
#pragma once

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <functional>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace archfit::test::hostile {

using Blob = std::vector<std::uint8_t>;

inline void put_le(Blob& out, std::size_t at, std::uint64_t value, int bytes) {
  if (out.size() < at + static_cast<std::size_t>(bytes)) {
    out.resize(at + static_cast<std::size_t>(bytes));
  }
  for (int i = 0; i < bytes; ++i) {
    out[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(value >> (8 * i));
  }
}
inline void put_u16(Blob& out, std::size_t at, std::uint16_t value) { put_le(out, at, value, 2); }
inline void put_u32(Blob& out, std::size_t at, std::uint32_t value) { put_le(out, at, value, 4); }
inline void put_u64(Blob& out, std::size_t at, std::uint64_t value) { put_le(out, at, value, 8); }
inline void append(Blob& out, const Blob& more) { out.insert(out.end(), more.begin(), more.end()); }
inline void append_text(Blob& out, const std::string& text) { out.insert(out.end(), text.begin(), text.end()); }
inline void pad_to(Blob& out, std::size_t alignment) { out.resize((out.size() + alignment - 1) / alignment * alignment); }

// One zstd frame (level 1, checksummed, content size recorded) of pieces, each some bytes followed
// by a run of zero bytes, compressed as a stream so that the zeros are never held.
inline Blob zstd_frame_of_pieces(const std::vector<std::pair<Blob, std::uint64_t>>& pieces) {
  std::uint64_t total = 0;
  for (const auto& [bytes, zeros] : pieces) {
    total += bytes.size() + zeros;
  }
  ZSTD_CCtx* context = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, 1);
  ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
  ZSTD_CCtx_setPledgedSrcSize(context, total);
  Blob out;
  Blob buffer(ZSTD_CStreamOutSize());
  auto feed = [&](const std::uint8_t* data, std::size_t size, ZSTD_EndDirective mode) {
    ZSTD_inBuffer in{data, size, 0};
    while (true) {
      ZSTD_outBuffer sink{buffer.data(), buffer.size(), 0};
      std::size_t left = ZSTD_compressStream2(context, &sink, &in, mode);
      if (ZSTD_isError(left) != 0) {
        throw std::runtime_error(ZSTD_getErrorName(left));
      }
      out.insert(out.end(), buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(sink.pos));
      if (mode == ZSTD_e_end ? left == 0 : in.pos == in.size) {
        break;
      }
    }
  };
  Blob chunk(1 << 20);
  for (const auto& [bytes, count] : pieces) {
    feed(bytes.data(), bytes.size(), ZSTD_e_continue);
    for (std::uint64_t zeros = count; zeros > 0;) {
      std::size_t now = static_cast<std::size_t>(std::min<std::uint64_t>(zeros, chunk.size()));
      feed(chunk.data(), now, ZSTD_e_continue);
      zeros -= now;
    }
  }
  feed(nullptr, 0, ZSTD_e_end);
  ZSTD_freeCCtx(context);
  return out;
}

// One zstd frame of `prefix` followed by `zeros` zero bytes.
inline Blob zstd_frame(const Blob& prefix, std::uint64_t zeros) { return zstd_frame_of_pieces({{prefix, zeros}}); }

// A raw deflate stream (no zlib header) of `data`.
inline Blob raw_deflate(const Blob& data) {
  z_stream stream{};
  deflateInit2(&stream, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  Blob out(deflateBound(&stream, static_cast<uLong>(data.size())));
  stream.next_in = const_cast<Bytef*>(data.data());
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = out.data();
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

// A plain clang offload bundle (OffloadBundler.cpp): magic, u64 count, then per entry u64 offset,
// u64 size, u64 id length, id; the payloads follow at the offsets given by `sizes` in order.
// Returns the header only (payloads are the caller's), with `header_size` set to its length.
inline Blob offload_bundle_header(const std::vector<std::string>& ids, const std::vector<std::uint64_t>& sizes,
                                  std::uint64_t& header_size) {
  header_size = 24 + 8;
  for (const auto& id : ids) {
    header_size += 24 + id.size();
  }
  Blob out;
  append_text(out, "__CLANG_OFFLOAD_BUNDLE__");
  put_u64(out, out.size(), ids.size());
  std::uint64_t offset = header_size;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    put_u64(out, out.size(), offset);
    put_u64(out, out.size(), sizes[i]);
    put_u64(out, out.size(), ids[i].size());
    append_text(out, ids[i]);
    offset += sizes[i];
  }
  return out;
}

// A CCOB v3 (zstd) around `frame`, claiming `uncompressed` bytes.
inline Blob ccob_v3(const Blob& frame, std::uint64_t uncompressed) {
  Blob out = {'C', 'C', 'O', 'B'};
  put_u16(out, 4, 3);
  put_u16(out, 6, 1);  // zstd
  put_u64(out, 8, 32 + frame.size());
  put_u64(out, 16, uncompressed);
  put_u64(out, 24, 0);  // hash: archfit does not check it
  append(out, frame);
  return out;
}

struct Section {
  std::string name;
  std::uint32_t type = 1;   // SHT_PROGBITS
  std::uint64_t flags = 2;  // SHF_ALLOC
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
};

// A minimal ELF64 little-endian x86-64 shared object: the ELF header, `body` at file offset 4096,
// then a section name table and the section headers (a null section, `sections`, .shstrtab).
// Section offsets are file offsets (so 4096 + the offset inside `body`).
inline Blob minimal_elf(const Blob& body, const std::vector<Section>& sections) {
  Blob out(4096, 0);
  out.reserve(4096 + body.size() + 4096 + 64 * (sections.size() + 2));
  const std::uint8_t ident[] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
  std::copy(std::begin(ident), std::end(ident), out.begin());
  put_u16(out, 16, 3);   // ET_DYN
  put_u16(out, 18, 62);  // EM_X86_64
  put_u32(out, 20, 1);
  put_u16(out, 52, 64);  // e_ehsize
  put_u16(out, 58, 64);  // e_shentsize
  append(out, body);
  Blob names(1, 0);
  std::vector<std::uint32_t> name_offsets;
  for (const auto& section : sections) {
    name_offsets.push_back(static_cast<std::uint32_t>(names.size()));
    append_text(names, section.name);
    names.push_back(0);
  }
  auto shstrtab_name = static_cast<std::uint32_t>(names.size());
  append_text(names, ".shstrtab");
  names.push_back(0);
  std::uint64_t names_offset = out.size();
  append(out, names);
  pad_to(out, 8);
  std::uint64_t table = out.size();
  auto header = [&](std::uint32_t name, std::uint32_t type, std::uint64_t flags, std::uint64_t offset,
                    std::uint64_t size) {
    std::size_t at = out.size();
    out.resize(at + 64, 0);
    put_u32(out, at, name);
    put_u32(out, at + 4, type);
    put_u64(out, at + 8, flags);
    put_u64(out, at + 24, offset);
    put_u64(out, at + 32, size);
    put_u64(out, at + 48, 1);
  };
  header(0, 0, 0, 0, 0);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    header(name_offsets[i], sections[i].type, sections[i].flags, sections[i].offset, sections[i].size);
  }
  header(shstrtab_name, 3, 0, names_offset, names.size());
  put_u64(out, 40, table);                                          // e_shoff
  put_u16(out, 60, static_cast<std::uint16_t>(sections.size() + 2));  // e_shnum
  put_u16(out, 62, static_cast<std::uint16_t>(sections.size() + 1));  // e_shstrndx
  return out;
}

// An ar archive (System V / GNU): "!<arch>\n", then per member a 60-byte header and the data.
inline Blob ar_archive(const std::vector<std::pair<std::string, Blob>>& members) {
  Blob out;
  append_text(out, "!<arch>\n");
  for (const auto& [name, data] : members) {
    auto field = [](std::string text, std::size_t width) {
      text.resize(width, ' ');
      return text;
    };
    std::string header = field(name + "/", 16) + field("0", 12) + field("0", 6) + field("0", 6) + field("644", 8) +
                         field(std::to_string(data.size()), 10) + "`\n";
    append_text(out, header);
    append(out, data);
    if (out.size() % 2 != 0) {
      out.push_back('\n');
    }
  }
  return out;
}

// One CUDA fatbin container holding `entries`, each: kind, flags, arch, payload, uncompressed size.
struct FatbinEntrySpec {
  std::uint16_t kind = 2;
  std::uint64_t flags = 0;
  std::uint32_t arch = 90;
  Blob payload;
  std::uint64_t uncompressed_size = 0;
};
inline Blob fatbin_container(const std::vector<FatbinEntrySpec>& entries) {
  Blob body;
  for (const auto& entry : entries) {
    Blob payload = entry.payload;
    auto compressed = static_cast<std::uint32_t>(payload.size());
    pad_to(payload, 8);
    std::size_t at = body.size();
    body.resize(at + 0x40, 0);
    put_u16(body, at, entry.kind);
    put_u32(body, at + 0x04, 0x40);
    put_u64(body, at + 0x08, payload.size());
    put_u32(body, at + 0x10, (entry.flags & 0xa000) != 0 ? compressed : 0);
    put_u16(body, at + 0x18, 8);
    put_u16(body, at + 0x1a, 1);
    put_u32(body, at + 0x1c, entry.arch);
    put_u64(body, at + 0x28, entry.flags);
    put_u64(body, at + 0x38, entry.uncompressed_size);
    append(body, payload);
  }
  Blob out;
  put_u32(out, 0, 0xBA55ED50);
  put_u16(out, 4, 1);
  put_u16(out, 6, 16);
  put_u64(out, 8, body.size());
  append(out, body);
  return out;
}

inline void write_file(const std::string& path, const Blob& data) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
}

struct Measured {
  bool exited = false;
  int exit_code = -1;
  int signal = 0;
  long max_rss_kb = 0;
  double cpu_seconds = 0;
  double wall_seconds = 0;
};

// Runs `argv` in a child (stdout and stderr to files), with an address-space limit when
// `address_space_limit` is not 0 and a SIGALRM after `alarm_seconds`, and measures it with wait4.
inline Measured measure_child(pid_t child, std::chrono::steady_clock::time_point start) {
  Measured measured;
  int status = 0;
  struct rusage usage {};
  while (::wait4(child, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  measured.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  measured.exited = WIFEXITED(status);
  measured.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  measured.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  measured.max_rss_kb = usage.ru_maxrss;
  measured.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  return measured;
}

inline Measured fork_measured(const std::function<int()>& body, unsigned alarm_seconds = 120) {
  auto start = std::chrono::steady_clock::now();
  pid_t child = ::fork();
  if (child == 0) {
    ::alarm(alarm_seconds);
    ::_exit(body());
  }
  return measure_child(child, start);
}

}  // namespace archfit::test::hostile
