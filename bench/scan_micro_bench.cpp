// Micro-benchmarks of the scan engine's hot paths (Google Benchmark).
//
//   scan_bytes/rocsparse[_deep]   the whole scan of Debian's librocsparse.so.0.1 (1.3 GB, 111 bundles),
//                                 memory-mapped once; what `archfit scan` costs minus process start-up
//   scan_to_json/rocsparse        the JSON report of that scan, built and serialized (`scan --json`)
//   walk_hip_fatbin/<fixture>     walking one fixture bundle file as if it were a .hip_fatbin section
//   parse_compressed_bundle/<fixture>/{table_only,everything}
//                                 one CCOB: inflate only up to the entry table, or all of it
//
// Fixture bundles come from tests/fixtures/amd/make_amd_fixtures.sh DIR; set ARCHFIT_BENCH_FIXTURES=DIR.
// A benchmark whose input is missing reports an error (SkipWithError) and the others still run.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "binfmt/compressed_bundle.hpp"
#include "binfmt/hip_fatbin.hpp"
#include "report/scan_json.hpp"
#include "scan/scanner.hpp"
#include "util/mapped_file.hpp"

namespace {

using archfit::Bytes;
using archfit::MappedFile;
namespace binfmt = archfit::binfmt;
namespace scan = archfit::scan;

constexpr const char* k_rocsparse = "/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1";

// Maps `path`, or reports why not (the caller skips the benchmark).
std::optional<MappedFile> map_or_skip(benchmark::State& state, const std::string& path) {
  if (path.empty()) {
    state.SkipWithError("ARCHFIT_BENCH_FIXTURES is not set (run tests/fixtures/amd/make_amd_fixtures.sh DIR)");
    return std::nullopt;
  }
  auto mapped = MappedFile::open(path);
  if (!mapped) {
    state.SkipWithError(mapped.error().message.c_str());
    return std::nullopt;
  }
  return std::move(mapped).value();
}

std::string fixture(const char* name) {
  const char* dir = std::getenv("ARCHFIT_BENCH_FIXTURES");
  if (dir == nullptr || *dir == '\0') {
    return {};
  }
  return (std::filesystem::path(dir) / name).string();
}

void bm_scan_bytes(benchmark::State& state, bool deep) {
  auto mapped = map_or_skip(state, k_rocsparse);
  if (!mapped) {
    return;
  }
  scan::ScanOptions options;
  options.deep = deep;
  std::size_t bundles = 0;
  for (auto _ : state) {
    std::vector<scan::FileReport> out;
    scan::scan_bytes(k_rocsparse, std::nullopt, mapped->bytes(), options, out);
    bundles = out.empty() ? 0 : out.front().bundles.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["bundles"] = static_cast<double>(bundles);
}

// indent 2 is what a terminal gets, 0 (compact) what a pipe or file gets.
void bm_scan_to_json(benchmark::State& state, int indent) {
  auto mapped = map_or_skip(state, k_rocsparse);
  if (!mapped) {
    return;
  }
  scan::ScanReport report;
  scan::scan_bytes(k_rocsparse, std::nullopt, mapped->bytes(), scan::ScanOptions{}, report.files);
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::string text = archfit::report::scan_to_json(report, indent);
    bytes = text.size();
    benchmark::DoNotOptimize(text.data());
  }
  state.counters["json_bytes"] = static_cast<double>(bytes);
}

void bm_walk_hip_fatbin(benchmark::State& state, const char* name, binfmt::Decompress mode) {
  auto mapped = map_or_skip(state, fixture(name));
  if (!mapped) {
    return;
  }
  std::size_t entries = 0;
  for (auto _ : state) {
    auto walk = binfmt::walk_hip_fatbin(mapped->bytes(), mode);
    if (!walk.errors.empty()) {
      state.SkipWithError(walk.errors.front().message.c_str());
      return;
    }
    entries = 0;
    for (const auto& bundle : walk.bundles) {
      entries += bundle.bundle.entries.size();
    }
    benchmark::DoNotOptimize(walk.bundles.data());
  }
  state.counters["entries"] = static_cast<double>(entries);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(mapped->bytes().size()));
}

void bm_parse_compressed_bundle(benchmark::State& state, const char* name, binfmt::Decompress mode) {
  auto mapped = map_or_skip(state, fixture(name));
  if (!mapped) {
    return;
  }
  std::uint64_t uncompressed = 0;
  for (auto _ : state) {
    auto bundle = binfmt::parse_compressed_bundle(mapped->bytes(), mode);
    if (!bundle) {
      state.SkipWithError(bundle.error().message.c_str());
      return;
    }
    uncompressed = bundle->header.uncompressed_size;
    benchmark::DoNotOptimize(bundle->inner.entries.data());
  }
  state.counters["uncompressed_bytes"] = static_cast<double>(uncompressed);
  // Throughput in terms of the bundle it stands for (the decompressed size).
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(uncompressed));
}

const char* mode_name(binfmt::Decompress mode) {
  return mode == binfmt::Decompress::table_only ? "table_only" : "everything";
}

void register_all() {
  benchmark::RegisterBenchmark("scan_bytes/rocsparse", bm_scan_bytes, false)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("scan_bytes/rocsparse_deep", bm_scan_bytes, true)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("scan_to_json/rocsparse", bm_scan_to_json, 2)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("scan_to_json/rocsparse_compact", bm_scan_to_json, 0)->Unit(benchmark::kMicrosecond);

  const binfmt::Decompress modes[] = {binfmt::Decompress::table_only, binfmt::Decompress::everything};
  // Plain bundles (clang 15 and clang 19) and one real clang-19 CCOB v2 (zstd) as whole sections.
  for (const char* name : {"a15.hipfb", "a19_plain.hipfb", "work/a19c.hipfb"}) {
    for (auto mode : modes) {
      benchmark::RegisterBenchmark((std::string("walk_hip_fatbin/") + name + "/" + mode_name(mode)).c_str(),
                                   bm_walk_hip_fatbin, name, mode);
    }
  }
  // Every CCOB version x method (make_ccob.py, from the same real bundle).
  for (const char* name : {"ccob_v1_zlib.hipfb", "ccob_v1_zstd.hipfb", "ccob_v2_zlib.hipfb", "ccob_v3_zlib.hipfb",
                           "ccob_v3_zstd.hipfb", "work/a19c.hipfb"}) {
    for (auto mode : modes) {
      benchmark::RegisterBenchmark(
          (std::string("parse_compressed_bundle/") + name + "/" + mode_name(mode)).c_str(),
          bm_parse_compressed_bundle, name, mode);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
