#include "scan/parallel_scan.hpp"

#include <algorithm>
#include <new>
#include <thread>

#include "util/mapped_file.hpp"

namespace archfit::scan {

namespace {

std::vector<FileReport> scan_one(const InputFile& input, const ScanOptions& options) {
  std::vector<FileReport> reports;
  auto file = MappedFile::open(input.path);
  if (!file) {
    FileReport failed;
    failed.path = input.path;
    failed.format = "unreadable";
    failed.errors.push_back(file.error().message);
    reports.push_back(std::move(failed));
    return reports;
  }
  ScanOptions mapped = options;
  mapped.release_mapped_pages = true;
  mapped.mapping = &*file;
  scan_bytes(input.path, std::nullopt, file->bytes(), mapped, reports);
  if (file->changed_while_read()) {
    // Part of what was read is zeros standing in for pages the file lost: nothing found is sure.
    FileReport changed;
    changed.path = input.path;
    changed.format = "unreadable";
    changed.errors.push_back("the file shrank (was truncated) while it was being scanned; scan it again once "
                             "nothing writes to it");
    reports.assign(1, std::move(changed));
  }
  return reports;
}

}  // namespace

ScanReport scan_inputs(const std::vector<InputFile>& inputs, const ScanOptions& options, unsigned threads,
                       const ScanProgress& progress) {
  std::vector<std::vector<FileReport>> per_input(inputs.size());
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> files_done{0};
  std::atomic<std::uint64_t> bytes_done{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < inputs.size(); i = next++) {
      try {
        per_input[i] = scan_one(inputs[i], options);
      } catch (const std::bad_alloc&) {
        per_input[i] = {out_of_memory_report(inputs[i].path, std::nullopt)};
      }
      std::size_t done = ++files_done;
      std::uint64_t bytes = bytes_done += inputs[i].size;
      if (progress.on_file_done) {
        progress.on_file_done(done, bytes);
      }
    }
  };
  unsigned count = threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
  count = static_cast<unsigned>(std::min<std::size_t>(count, std::max<std::size_t>(inputs.size(), 1)));
  if (count <= 1) {
    worker();
  } else {
    std::vector<std::jthread> pool;
    for (unsigned t = 0; t < count; ++t) {
      pool.emplace_back(worker);
    }
  }
  ScanReport report;
  for (auto& reports : per_input) {
    for (auto& file : reports) {
      report.files.push_back(std::move(file));
    }
  }
  return report;
}

}  // namespace archfit::scan
