#include "scan/zip_scan.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <new>
#include <thread>

#include <fmt/format.h>

#include "binfmt/elf_file.hpp"
#include "binfmt/zip_archive.hpp"
#include "scan/elf_stream_scan.hpp"
#include "scan/input_discovery.hpp"
#include "util/mapped_file.hpp"

namespace archfit::scan {

namespace {

constexpr std::size_t k_chunk = 256 << 10;
constexpr std::uint64_t k_max_ratio = 1100;  // deflate's best is about 1032:1
constexpr unsigned k_max_workers = 8;
constexpr std::size_t k_head_bytes = 64;                  // an ELF header
constexpr std::uint64_t k_max_buffered = 64 << 20;        // larger non-streamable members are skipped

// Host shared objects and executables can be scanned as a stream; code objects, cubins and
// relocatable objects (whose GPU code lives in named sections) are read from memory.
bool streamable(Bytes head) {
  auto header = binfmt::parse_elf_header(head);
  return header && (header->type == binfmt::k_et_dyn || header->type == binfmt::k_et_exec) &&
         header->machine != binfmt::k_em_amdgpu && header->machine != binfmt::k_em_cuda;
}

// The first bytes of a member, enough to recognise its format.
Result<std::vector<std::uint8_t>> member_head(Bytes stored, const binfmt::ZipMember& member) {
  std::vector<std::uint8_t> head;
  auto status = binfmt::stream_zip_member(stored, member, 4096, [&head](Bytes chunk) {
    std::size_t take = std::min<std::size_t>(chunk.size(), k_head_bytes - head.size());
    head.insert(head.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(take));
    return head.size() < k_head_bytes;
  });
  if (!status) {
    return status.error();
  }
  return head;
}

void stream_elf(Bytes stored, const binfmt::ZipMember& member, const ScanOptions& options, FileReport& report) {
  ElfStreamScanner scanner(member.uncompressed_size, options);
  auto release = [](Bytes consumed) { MappedFile::release(consumed); };
  auto status = binfmt::stream_zip_member(
      stored, member, k_chunk,
      [&](Bytes chunk) {
        scanner.feed(chunk);
        return true;
      },
      release);
  while (status && scanner.wants_second_pass()) {
    status = binfmt::stream_zip_member(
        stored, member, k_chunk, [&](Bytes chunk) { return scanner.feed_second(chunk); }, release);
  }
  scanner.finish(report);
  if (!status) {
    report.errors.push_back(status.error().message);
  }
}

// Scans one member; returns its reports (none when it is not a format archfit reads).
std::vector<FileReport> scan_member(const std::string& path, Bytes archive, const binfmt::ZipMember& member,
                                    const ScanOptions& options) {
  std::vector<FileReport> reports;
  FileReport report;
  report.path = path;
  report.member = member.name;
  auto stored = binfmt::zip_member_data(archive, member);
  if (stored && member.method != 0 && member.uncompressed_size > options.zip_buffer_limit) {
    MappedFile::advise_sequential(*stored);
  }
  auto head = stored ? member_head(*stored, member) : Result<std::vector<std::uint8_t>>(stored.error());
  if (!head) {
    report.format = "unreadable";
    report.errors.push_back(head.error().message);
    reports.push_back(std::move(report));
    return reports;
  }
  if (binfmt::is_zip(*head)) {
    report.format = "zip";
    report.warnings.push_back("nested zip archive: not scanned; extract it and scan it on its own");
    reports.push_back(std::move(report));
    return reports;
  }
  if (!has_scannable_magic(head->data(), head->size())) {
    return reports;
  }
  if (member.method == 0) {
    scan_bytes(path, member.name, *stored, options, reports);
  } else if (streamable(*head) && member.uncompressed_size > options.zip_buffer_limit) {
    stream_elf(*stored, member, options, report);
    reports.push_back(std::move(report));
  } else if (member.uncompressed_size <= std::max(options.zip_buffer_limit, k_max_buffered)) {
    std::vector<std::uint8_t> bytes;
    bytes.reserve(static_cast<std::size_t>(member.uncompressed_size));
    auto status = binfmt::stream_zip_member(*stored, member, k_chunk, [&bytes](Bytes chunk) {
      bytes.insert(bytes.end(), chunk.begin(), chunk.end());
      return true;
    });
    if (!status) {
      report.format = "unreadable";
      report.errors.push_back(status.error().message);
      reports.push_back(std::move(report));
      return reports;
    }
    ScanOptions in_memory = options;
    in_memory.release_mapped_pages = false;
    scan_bytes(path, member.name, bytes, in_memory, reports);
  } else {
    report.format = "unknown";
    report.warnings.push_back(fmt::format("{} MiB member that is not a shared library or executable: archfit "
                                          "streams only those out of zips; extract it and scan it",
                                          member.uncompressed_size >> 20));
    reports.push_back(std::move(report));
  }
  return reports;
}

// Members that must not be scanned: impossible compression ratios, data shared with another member
// (binfmt::suspicious_zip_members), hidden data.
std::map<std::size_t, std::string> refused_members(Bytes data, const binfmt::ZipDirectory& directory) {
  std::map<std::size_t, std::string> refused = binfmt::suspicious_zip_members(data, directory);
  std::map<std::uint64_t, std::size_t> by_offset;
  for (std::size_t i = 0; i < directory.members.size(); ++i) {
    const auto& member = directory.members[i];
    if (member.method == 8 && member.uncompressed_size / std::max<std::uint64_t>(member.compressed_size, 1) > k_max_ratio) {
      refused[i] = fmt::format("declares {} bytes from {} compressed bytes (more than {}:1; a zip bomb?)",
                               member.uncompressed_size, member.compressed_size, k_max_ratio);
    }
    auto [it, inserted] = by_offset.emplace(member.local_header_offset, i);
    if (!inserted) {
      refused[i] = fmt::format("shares its data with member '{}' (an overlapping zip bomb?)",
                               directory.members[it->second].name);
    }
  }
  return refused;
}

}  // namespace

void scan_zip(const std::string& path, Bytes data, const ScanOptions& options, std::vector<FileReport>& out) {
  FileReport archive_report;
  archive_report.path = path;
  archive_report.format = "zip";
  auto directory = binfmt::read_zip_directory(data);
  if (!directory) {
    archive_report.errors.push_back(directory.error().message);
    out.push_back(std::move(archive_report));
    return;
  }
  auto refused = refused_members(data, *directory);
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < directory->members.size(); ++i) {
    const auto& member = directory->members[i];
    if (auto unsafe = binfmt::unsafe_member_name(member.name)) {
      archive_report.warnings.push_back(fmt::format("member '{}': unsafe name ({})", member.name, *unsafe));
    }
    if (auto reason = refused.find(i); reason != refused.end()) {
      archive_report.errors.push_back(fmt::format("member '{}' {}", member.name, reason->second));
    } else if (!member.is_directory() && member.uncompressed_size > 0) {
      todo.push_back(i);
    }
  }
  std::vector<std::vector<FileReport>> results(todo.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t t = next++; t < todo.size(); t = next++) {
      try {
        results[t] = scan_member(path, data, directory->members[todo[t]], options);
      } catch (const std::bad_alloc&) {
        results[t] = {out_of_memory_report(path, directory->members[todo[t]].name)};
      }
    }
  };
  unsigned workers = options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  workers = std::min<unsigned>({workers, k_max_workers, static_cast<unsigned>(std::max<std::size_t>(todo.size(), 1))});
  {
    std::vector<std::jthread> pool;
    for (unsigned w = 1; w < workers; ++w) {
      pool.emplace_back(worker);
    }
    worker();
  }
  for (auto& reports : results) {
    for (auto& report : reports) {
      out.push_back(std::move(report));
    }
  }
  if (!archive_report.errors.empty() || !archive_report.warnings.empty() || todo.empty()) {
    out.push_back(std::move(archive_report));
  }
}

}  // namespace archfit::scan
