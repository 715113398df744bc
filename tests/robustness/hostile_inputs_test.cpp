// Hostile inputs (issue 14): every input here is built by the test, as an attacker would build it,
// and each test fails on the behaviour the campaign found (a hang, a bomb, a crash, a silent skip).
// Time limits are on CPU time (robust to a loaded machine); memory limits on the child's peak RSS.
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "binfmt/compressed_bundle.hpp"
#include "binfmt/zip_archive.hpp"
#include "util/decompression_budget.hpp"
#include "util/decompressor.hpp"
#include "util/lz4_block.hpp"
#include "robustness/hostile_support.hpp"
#include "scan/input_discovery.hpp"
#include "scan/parallel_scan.hpp"
#include "scan/scanner.hpp"
#include "support/test_support.hpp"
#include "util/input_file.hpp"
#include "util/mapped_file.hpp"

namespace {

namespace fs = std::filesystem;
using namespace archfit::test::hostile;
using archfit::Bytes;
using archfit::scan::FileReport;

constexpr long k_max_rss_kb = 256 * 1024;  // the goal for every bomb: < 256 MB
constexpr double k_max_cpu_seconds = 2.0;  // and < 2 s

fs::path temp_dir(const std::string& name) {
  fs::path dir = archfit::test::unique_temp_path(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<FileReport> scan(const Blob& data, bool deep, const std::string& path = "hostile") {
  std::vector<FileReport> out;
  archfit::scan::ScanOptions options;
  options.deep = deep;
  archfit::scan::scan_bytes(path, std::nullopt, Bytes(data.data(), data.size()), options, out);
  return out;
}

std::string all_errors(const std::vector<FileReport>& reports) {
  std::string text;
  for (const auto& report : reports) {
    for (const auto& error : report.errors) {
      text += report.display_name() + ": " + error + "\n";
    }
  }
  return text;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string describe(const Measured& run) {
  return "exit " + std::to_string(run.exit_code) + " signal " + std::to_string(run.signal) + ", " +
         std::to_string(run.cpu_seconds) + " s CPU, " + std::to_string(run.max_rss_kb / 1024) + " MiB RSS";
}

// Scans `paths` as `archfit scan` does (discover_inputs, then scan_inputs over memory maps) in a
// child process, with an address-space limit when asked; the child exits 0 when `expect` holds
// for the report, 1 when not. The parent gets the child's peak RSS and CPU time.
Measured scan_in_child(const std::vector<std::string>& paths, bool deep,
                       const std::function<bool(const archfit::scan::ScanReport&)>& expect,
                       std::uint64_t address_space_limit = 0) {
  return fork_measured(
      [&] {
        if (address_space_limit != 0) {
          struct rlimit limit {address_space_limit, address_space_limit};
          ::setrlimit(RLIMIT_AS, &limit);
        }
        auto inputs = archfit::scan::discover_inputs(paths);
        archfit::scan::ScanOptions options;
        options.deep = deep;
        auto report = archfit::scan::scan_inputs(inputs.files, options, 1, {});
        return expect(report) ? 0 : 1;
      },
      60);
}

bool has_error_containing(const archfit::scan::ScanReport& report, const std::string& part) {
  for (const auto& file : report.files) {
    for (const auto& error : file.errors) {
      if (contains(error, part)) {
        return true;
      }
    }
  }
  return false;
}

// --- 14.1: a FIFO given to scan must not hang it -------------------------------------------------

TEST(HostileInputs, FifoIsRefusedWithOneErrorAndTheOtherInputIsStillScanned) {
  fs::path dir = temp_dir("hostile_fifo");
  std::string fifo = (dir / "f").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string real = "/proc/self/exe";  // a real ELF executable: this test program
  auto run = scan_in_child({real, fifo}, false, [&](const archfit::scan::ScanReport& report) {
    bool real_reported = false;
    int fifo_errors = 0;
    for (const auto& file : report.files) {
      real_reported = real_reported || (file.path == real && file.format != "unreadable");
      if (file.path == fifo) {
        fifo_errors += static_cast<int>(file.errors.size());
        fifo_errors += contains(file.errors.empty() ? "" : file.errors[0], "is a FIFO") ? 0 : 100;
      }
    }
    return real_reported && fifo_errors == 1;
  });
  ASSERT_TRUE(run.exited) << "the scan was killed (it hung on the FIFO): " << describe(run);
  EXPECT_EQ(run.exit_code, 0) << "the FIFO did not get exactly one error, or the other input was not scanned";
  fs::remove_all(dir);
}

TEST(HostileInputs, OpenInputRefusesFifosAndDevicesWithoutBlocking) {
  fs::path dir = temp_dir("hostile_open_input");
  std::string fifo = (dir / "f").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto opened = archfit::open_input(fifo);  // a blocking open would wait here for a writer forever
  ASSERT_FALSE(opened.ok());
  EXPECT_TRUE(contains(opened.error().message, "is a FIFO")) << opened.error().message;
  auto device = archfit::open_input("/dev/null");
  ASSERT_FALSE(device.ok());
  EXPECT_TRUE(contains(device.error().message, "character device")) << device.error().message;
  EXPECT_FALSE(archfit::open_input(dir.string()).ok());
  EXPECT_TRUE(archfit::open_input(dir.string(), archfit::AllowDirectory::yes).ok());
  EXPECT_TRUE(archfit::open_input("/proc/self/exe").ok());
  fs::remove_all(dir);
}

// --- 14.3: decompression bombs with --deep -------------------------------------------------------

// Ten fatbin entries, each a real zstd frame of 1 GiB of zeros (the entry headers tell the truth).
TEST(HostileInputs, FatbinOfTenOneGiBZstdEntriesEndsFastAndSmall) {
  Blob frame = zstd_frame({}, std::uint64_t{1} << 30);
  std::vector<FatbinEntrySpec> entries(10);
  for (auto& entry : entries) {
    entry.flags = 0x8000;  // zstd
    entry.payload = frame;
    entry.uncompressed_size = std::uint64_t{1} << 30;
  }
  fs::path dir = temp_dir("hostile_fatbin_bomb");
  std::string path = (dir / "bomb.fatbin").string();
  write_file(path, fatbin_container(entries));
  auto run = scan_in_child({path}, true, [](const archfit::scan::ScanReport& report) {
    return has_error_containing(report, "decompression budget spent");
  });
  ASSERT_TRUE(run.exited) << describe(run);
  EXPECT_EQ(run.exit_code, 0) << "no 'decompression budget spent' error";
  EXPECT_LT(run.cpu_seconds, k_max_cpu_seconds) << describe(run);
  EXPECT_LT(run.max_rss_kb, k_max_rss_kb) << describe(run);
  fs::remove_all(dir);
}

// 200 tiny entries that each claim 1 GiB but hold garbage: nothing may be set aside for the claim.
TEST(HostileInputs, FatbinEntriesClaimingOneGiBOfGarbageAreNotAllocated) {
  std::vector<FatbinEntrySpec> entries(200);
  for (auto& entry : entries) {
    entry.flags = 0x8000;
    entry.payload = Blob{0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66};
    entry.uncompressed_size = std::uint64_t{1} << 30;
  }
  for (std::size_t i = 0; i < 20; ++i) {  // and some LZ4 ones claiming far more than LZ4 can give
    FatbinEntrySpec lz4;
    lz4.flags = 0x2000;
    lz4.payload = Blob(16, 0x11);
    lz4.uncompressed_size = std::uint64_t{1} << 30;
    entries.push_back(lz4);
  }
  fs::path dir = temp_dir("hostile_fatbin_claims");
  std::string path = (dir / "claims.fatbin").string();
  write_file(path, fatbin_container(entries));
  auto run = scan_in_child({path}, true, [](const archfit::scan::ScanReport& report) {
    return report.has_errors();
  });
  ASSERT_TRUE(run.exited) << describe(run);
  EXPECT_EQ(run.exit_code, 0) << "the lies were not reported";
  EXPECT_LT(run.cpu_seconds, k_max_cpu_seconds) << describe(run);
  EXPECT_LT(run.max_rss_kb, k_max_rss_kb) << describe(run);
  fs::remove_all(dir);
}

// A CCOB v3 whose zstd frame really holds a bundle of that size (a bundle header, then zeros).
Blob ccob_bomb(std::uint64_t entry_size, std::uint64_t& uncompressed) {
  std::uint64_t header_size = 0;
  std::vector<std::string> ids = {"host-x86_64-unknown-linux-gnu-", "hipv4-amdgcn-amd-amdhsa--gfx90a"};
  Blob header = offload_bundle_header(ids, {0, entry_size}, header_size);
  uncompressed = header_size + entry_size;
  return ccob_v3(zstd_frame(header, entry_size), uncompressed);
}

TEST(HostileInputs, CcobV3BombEndsFastAndSmallEvenUnderAMemoryCap) {
  std::uint64_t uncompressed = 0;
  Blob bomb = ccob_bomb(std::uint64_t{2} << 30, uncompressed);
  fs::path dir = temp_dir("hostile_ccob_bomb");
  std::string path = (dir / "bomb.hipfb").string();
  write_file(path, bomb);
  auto run = scan_in_child({path}, true, [](const archfit::scan::ScanReport& report) {
    return has_error_containing(report, "decompression budget spent");
  });
  ASSERT_TRUE(run.exited) << describe(run);
  EXPECT_EQ(run.exit_code, 0) << "no 'decompression budget spent' error";
  EXPECT_LT(run.cpu_seconds, k_max_cpu_seconds) << describe(run);
  EXPECT_LT(run.max_rss_kb, k_max_rss_kb) << describe(run);
  // Under a 1 GiB address-space cap nothing may abort (the campaign saw std::bad_alloc, exit 134).
  auto capped = scan_in_child(
      {path}, true, [](const archfit::scan::ScanReport& report) { return report.has_errors(); },
      std::uint64_t{1} << 30);
  ASSERT_TRUE(capped.exited) << describe(capped);
  EXPECT_EQ(capped.exit_code, 0) << describe(capped);
  fs::remove_all(dir);
}

// A CCOB kept as plain data in .rodata, where the embedded-code search finds it by its magic (a
// program that loads its kernels itself): its decode draws on the input's budget too. Before, that
// path decoded with no budget, and a bundle whose entry ID the stream really makes 1 GiB long grew
// the decoder's output to 1 GiB (fuzz_ccob's out-of-memory report was the same read without a budget).
TEST(HostileInputs, CcobBombInRodataIsDecodedWithinTheBudget) {
  // An inner bundle whose one entry ID is 1 GiB long, and a zstd frame that really holds that
  // many bytes after the entry table: reading the ID fills the decoder's output up to its end.
  constexpr std::uint64_t k_id_size = std::uint64_t{1} << 30;
  Blob table;
  append_text(table, "__CLANG_OFFLOAD_BUNDLE__");
  Blob fields(32);
  put_u64(fields, 0, 1);           // one entry
  put_u64(fields, 8, 0);           // its offset
  put_u64(fields, 16, 0);          // its size
  put_u64(fields, 24, k_id_size);  // its ID's length
  append(table, fields);
  std::uint64_t uncompressed = table.size() + k_id_size;
  Blob bomb = ccob_v3(zstd_frame(table, k_id_size), uncompressed);
  Blob section;
  append(section, bomb);
  Blob elf = minimal_elf(section, {{".rodata", 1, 2, 4096, section.size()}});
  fs::path dir = temp_dir("hostile_ccob_rodata");
  std::string path = (dir / "embedded.so").string();
  write_file(path, elf);
  auto run = scan_in_child({path}, true, [](const archfit::scan::ScanReport&) { return true; });
  ASSERT_TRUE(run.exited) << describe(run);
  EXPECT_EQ(run.exit_code, 0) << describe(run);
  EXPECT_LT(run.cpu_seconds, k_max_cpu_seconds) << describe(run);
  EXPECT_LT(run.max_rss_kb, k_max_rss_kb) << describe(run);
  auto capped = scan_in_child(
      {path}, true, [](const archfit::scan::ScanReport&) { return true; }, std::uint64_t{1} << 30);
  ASSERT_TRUE(capped.exited) << describe(capped);
  EXPECT_EQ(capped.exit_code, 0) << describe(capped);
  fs::remove_all(dir);
}

// Without a caller's budget the parser gives the bundle the default budget of an input its size,
// so the claim is refused before anything is decoded (fuzz_ccob calls it so).
TEST(HostileInputs, CcobParsedWithoutABudgetIsRefusedBeyondTheDefaultBudget) {
  std::uint64_t uncompressed = 0;
  Blob bomb = ccob_bomb(std::uint64_t{2} << 30, uncompressed);
  archfit::Bytes bytes(bomb.data(), bomb.size());
  auto parsed = archfit::binfmt::parse_compressed_bundle(bytes, archfit::binfmt::Decompress::everything);
  ASSERT_FALSE(parsed);
  EXPECT_NE(parsed.error().message.find("decompression budget"), std::string::npos) << parsed.error().message;
}

// Twenty CCOBs of 200 MiB each (each alone within the budget) in one .hip_fatbin section: the
// budget is per input, so together they stop at the budget.
TEST(HostileInputs, ManyMidSizedCcobBombsShareOneBudget) {
  std::uint64_t uncompressed = 0;
  Blob one = ccob_bomb(std::uint64_t{200} << 20, uncompressed);
  Blob section;
  for (int i = 0; i < 20; ++i) {
    pad_to(section, 4096);
    append(section, one);
  }
  Blob elf = minimal_elf(section, {{".hip_fatbin", 1, 2, 4096, section.size()}});
  fs::path dir = temp_dir("hostile_ccob_many");
  std::string path = (dir / "many.so").string();
  write_file(path, elf);
  auto run = scan_in_child({path}, true, [](const archfit::scan::ScanReport& report) {
    return has_error_containing(report, "decompression budget spent");
  });
  ASSERT_TRUE(run.exited) << describe(run);
  EXPECT_EQ(run.exit_code, 0) << "no 'decompression budget spent' error";
  EXPECT_LT(run.cpu_seconds, k_max_cpu_seconds) << describe(run);
  EXPECT_LT(run.max_rss_kb, k_max_rss_kb) << describe(run);
  fs::remove_all(dir);
}

// 150 section headers that all point at one bundle: it is decoded once.
TEST(HostileInputs, SectionHeadersSharingOneBundleDecodeItOnce) {
  std::uint64_t uncompressed = 0;
  Blob bundle = ccob_bomb(std::uint64_t{16} << 20, uncompressed);
  std::vector<Section> sections(150, Section{".hip_fatbin", 1, 2, 4096, bundle.size()});
  auto reports = scan(minimal_elf(bundle, sections), true);
  ASSERT_FALSE(reports.empty());
  std::size_t bundles = 0;
  for (const auto& report : reports) {
    bundles += report.bundles.size();
  }
  EXPECT_EQ(bundles, 1u);
  std::string errors = all_errors(reports);
  EXPECT_TRUE(contains(errors, "overlaps section '.hip_fatbin'")) << errors.substr(0, 2000);
  // 149 overlaps: the first 100 are listed, then one line counts the rest.
  EXPECT_TRUE(contains(errors, "more errors in this file")) << errors.substr(0, 2000);
}

// The decoders themselves: a window instead of the whole output, the budget shared and sticky.
TEST(HostileInputs, Lz4BlockKeepsOnlyItsHeadWhileDecodingAll) {
  // One literal 'a', then a match of distance 1 repeating it (length 4 + 15 + 255 * 4000 + 7), then
  // a last literal: an LZ4 block that expands 4,000 bytes into about 1 MB.
  Blob block = {0x1f, 'a', 0x01, 0x00};
  block.insert(block.end(), 4000, 0xff);
  block.push_back(7);
  block.insert(block.end(), {0x10, 'a'});
  std::uint64_t size = 1 + 4 + 15 + 255 * 4000 + 7 + 1;
  auto whole = archfit::lz4_block_decode(Bytes(block.data(), block.size()), size);
  ASSERT_TRUE(whole.ok()) << whole.error().message;
  EXPECT_EQ(whole->size(), size);
  auto head = archfit::lz4_block_decode(Bytes(block.data(), block.size()), size, 100);
  ASSERT_TRUE(head.ok()) << head.error().message;
  EXPECT_EQ(*head, Blob(100, 'a'));
  // A claim beyond what 4,000 bytes of LZ4 can hold is refused before anything is set aside.
  auto lie = archfit::lz4_block_decode(Bytes(block.data(), block.size()), std::uint64_t{1} << 40);
  ASSERT_FALSE(lie.ok());
  EXPECT_TRUE(contains(lie.error().message, "cannot expand")) << lie.error().message;
}

TEST(HostileInputs, BudgetIsSharedAndStaysSpent) {
  Blob frame = zstd_frame({}, std::uint64_t{8} << 20);
  archfit::DecompressionBudget budget(std::uint64_t{4} << 20, std::chrono::seconds(60));
  archfit::Decompressor decompressor(archfit::Compression::zstd, Bytes(frame.data(), frame.size()),
                                     std::uint64_t{8} << 20, &budget);
  archfit::Status status = archfit::Ok{};
  while (status && !decompressor.finished()) {
    status = decompressor.fill_more(1 << 20);
    decompressor.discard_before(decompressor.produced());
    EXPECT_LE(decompressor.output().size(), std::size_t{1} << 20);  // a window, never the whole
  }
  ASSERT_FALSE(status.ok());
  EXPECT_TRUE(contains(status.error().message, "decompression budget spent")) << status.error().message;
  EXPECT_LE(decompressor.produced(), (std::uint64_t{4} << 20) + (1 << 20));
  EXPECT_FALSE(budget.charge(1).ok());  // spent for good
  EXPECT_FALSE(budget.can_afford(1).ok());
}

// --- 14.4: a zip bomb through overlapping members ------------------------------------------------

// Five members, each with its own local header, whose local extra fields all point the data at one
// shared deflate stream.
Blob overlapping_zip(std::size_t members, const Blob& plain) {
  Blob deflated = raw_deflate(plain);
  std::uint32_t crc = static_cast<std::uint32_t>(crc32(0, plain.data(), static_cast<uInt>(plain.size())));
  std::vector<std::string> names;
  for (std::size_t i = 0; i < members; ++i) {
    names.push_back("pkg/lib" + std::to_string(i) + ".so");
  }
  std::size_t headers_size = 0;
  for (const auto& name : names) {
    headers_size += 30 + name.size();
  }
  std::size_t shared = headers_size + 64 * members;  // room for every extra field
  Blob out;
  std::vector<std::size_t> local_offsets;
  for (std::size_t i = 0; i < members; ++i) {
    std::size_t at = out.size();
    local_offsets.push_back(at);
    std::size_t extra = shared - (at + 30 + names[i].size());
    out.resize(at + 30, 0);
    put_u32(out, at, 0x04034b50);
    put_u16(out, at + 4, 20);
    put_u16(out, at + 8, 8);
    put_u32(out, at + 14, crc);
    put_u32(out, at + 18, static_cast<std::uint32_t>(deflated.size()));
    put_u32(out, at + 22, static_cast<std::uint32_t>(plain.size()));
    put_u16(out, at + 26, static_cast<std::uint16_t>(names[i].size()));
    put_u16(out, at + 28, static_cast<std::uint16_t>(i + 1 == members ? extra : 0));
    append_text(out, names[i]);
    if (i + 1 == members) {
      out.resize(shared, 0);
    }
  }
  // Every earlier member's local header claims an extra field reaching the shared stream too.
  for (std::size_t i = 0; i + 1 < members; ++i) {
    put_u16(out, local_offsets[i] + 28, static_cast<std::uint16_t>(shared - (local_offsets[i] + 30 + names[i].size())));
  }
  append(out, deflated);
  std::size_t central = out.size();
  for (std::size_t i = 0; i < members; ++i) {
    std::size_t at = out.size();
    out.resize(at + 46, 0);
    put_u32(out, at, 0x02014b50);
    put_u16(out, at + 4, 20);
    put_u16(out, at + 6, 20);
    put_u16(out, at + 10, 8);
    put_u32(out, at + 16, crc);
    put_u32(out, at + 20, static_cast<std::uint32_t>(deflated.size()));
    put_u32(out, at + 24, static_cast<std::uint32_t>(plain.size()));
    put_u16(out, at + 28, static_cast<std::uint16_t>(names[i].size()));
    put_u32(out, at + 42, static_cast<std::uint32_t>(local_offsets[i]));
    append_text(out, names[i]);
  }
  std::size_t end = out.size();
  out.resize(end + 22, 0);
  put_u32(out, end, 0x06054b50);
  put_u16(out, end + 8, static_cast<std::uint16_t>(members));
  put_u16(out, end + 10, static_cast<std::uint16_t>(members));
  put_u32(out, end + 12, static_cast<std::uint32_t>(end - central));
  put_u32(out, end + 16, static_cast<std::uint32_t>(central));
  return out;
}

TEST(HostileInputs, ZipMembersSharingOneDeflateStreamAreRefused) {
  // 1 MiB that deflate cannot shrink much (so no member trips the compression-ratio check).
  Blob plain(std::size_t{1} << 20);
  std::uint32_t state = 12345;
  for (auto& byte : plain) {
    state = state * 1664525u + 1013904223u;
    byte = static_cast<std::uint8_t>(state >> 24);
  }
  std::copy_n("\x7f" "ELF", 4, plain.begin());
  Blob zip = overlapping_zip(5, plain);
  auto directory = archfit::binfmt::read_zip_directory(Bytes(zip.data(), zip.size()));
  ASSERT_TRUE(directory.ok()) << directory.error().message;
  auto suspicious = archfit::binfmt::suspicious_zip_members(Bytes(zip.data(), zip.size()), *directory);
  EXPECT_EQ(suspicious.size(), 4u);  // every member after the first
  auto reports = scan(zip, false, "bomb.whl");
  std::string errors = all_errors(reports);
  EXPECT_TRUE(contains(errors, "overlaps the data of member 'pkg/lib0.so'")) << errors;
  std::size_t member_reports = 0;
  for (const auto& report : reports) {
    member_reports += report.member.has_value() ? 1 : 0;
  }
  EXPECT_EQ(member_reports, 1u);  // only the first member is read
}

// --- 14.12: a zip member declaring 0 bytes while it holds data -----------------------------------

TEST(HostileInputs, ZipMemberDeclaringZeroBytesWithDataIsNamed) {
  Blob plain(4096, 0x41);
  Blob zip = overlapping_zip(1, plain);
  // Member 0 now says it is empty, in the central directory, keeping its CRC and compressed size.
  std::size_t central = zip.size() - 22 - 46 - std::string("pkg/lib0.so").size();
  put_u32(zip, central + 24, 0);
  auto reports = scan(zip, false, "hidden.whl");
  std::string errors = all_errors(reports);
  EXPECT_TRUE(contains(errors, "declares 0 bytes")) << errors;
}

// --- 14.5: a file truncated while it is scanned --------------------------------------------------

TEST(HostileInputs, MappedFileTruncatedWhileReadGivesAnErrorNotSigbus) {
  fs::path dir = temp_dir("hostile_truncate");
  std::string path = (dir / "shrinks.so").string();
  Blob data(std::size_t{8} << 20, 0x5a);
  write_file(path, data);
  auto mapped = archfit::MappedFile::open(path);
  ASSERT_TRUE(mapped.ok()) << mapped.error().message;
  ASSERT_EQ(::truncate(path.c_str(), 4096), 0);  // another process cuts the file
  Bytes bytes = mapped->bytes();
  ASSERT_EQ(bytes.size(), data.size());
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < bytes.size(); i += 4096) {
    sum += bytes[i];  // pages past 4096 no longer exist in the file: SIGBUS before the guard
  }
  EXPECT_EQ(sum, 0x5au);  // the first page is still the file's; the lost ones read as zeros
  EXPECT_TRUE(mapped->changed_while_read());
  fs::remove_all(dir);
}

TEST(HostileInputs, UntouchedMappingIsNotReportedAsChanged) {
  auto mapped = archfit::MappedFile::open("/proc/self/exe");
  ASSERT_TRUE(mapped.ok());
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < mapped->bytes().size(); i += 4096) {
    sum += mapped->bytes()[i];
  }
  EXPECT_GT(sum, 0u);
  EXPECT_FALSE(mapped->changed_while_read());
}

// --- 14.12: silent skips inside a walked directory -----------------------------------------------

TEST(HostileInputs, UnreadableFileInsideADirectoryIsAnError) {
  fs::path dir = temp_dir("hostile_unreadable");
  ::chmod(dir.c_str(), 0755);
  std::string file = (dir / "secret.so").string();
  write_file(file, Blob{0x7f, 'E', 'L', 'F', 2, 1, 1});
  ::chmod(file.c_str(), 0000);
  // root may read anything, so the walk runs as an unprivileged user in a child.
  auto run = fork_measured([&] {
    if (::geteuid() == 0 && ::setuid(65534) != 0) {
      return 3;
    }
    auto inputs = archfit::scan::discover_inputs({dir.string()});
    for (const auto& error : inputs.errors) {
      if (contains(error, "secret.so") && contains(error, "Permission denied")) {
        return 0;
      }
    }
    return 1;
  });
  EXPECT_EQ(run.exit_code, 0) << "the unreadable file was skipped without an error";
  fs::remove_all(dir);
}

TEST(HostileInputs, PathDeeperThanPathMaxIsAnError) {
  fs::path dir = temp_dir("hostile_deep");
  // Twenty directories of 250-character names: the path passes PATH_MAX (4096) at the 17th.
  std::string name(250, 'd');
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(fd, 0);
  for (int depth = 0; depth < 20; ++depth) {
    ASSERT_EQ(::mkdirat(fd, name.c_str(), 0755), 0);
    int next = ::openat(fd, name.c_str(), O_RDONLY | O_DIRECTORY);
    ::close(fd);
    ASSERT_GE(next, 0);
    fd = next;
  }
  int file = ::openat(fd, "deep.so", O_WRONLY | O_CREAT, 0644);
  ASSERT_GE(file, 0);
  ASSERT_EQ(::write(file, "\x7f" "ELF", 4), 4);
  ::close(file);
  ::close(fd);
  auto inputs = archfit::scan::discover_inputs({dir.string()});
  std::string errors;
  for (const auto& error : inputs.errors) {
    errors += error + "\n";
  }
  EXPECT_FALSE(inputs.errors.empty()) << "a path beyond PATH_MAX was skipped without an error";
  archfit::test::run_command({"rm", "-rf", dir.string()});
}

// --- scan /proc and directory symlinks out of the tree -------------------------------------------

TEST(HostileInputs, DirectorySymlinkOutOfTheTreeIsNotFollowed) {
  fs::path outside = temp_dir("hostile_outside");
  write_file((outside / "outside.so").string(), Blob{0x7f, 'E', 'L', 'F', 2, 1, 1});
  fs::path tree = temp_dir("hostile_tree");
  write_file((tree / "inside.so").string(), Blob{0x7f, 'E', 'L', 'F', 2, 1, 1});
  fs::create_directories(tree / "sub");
  write_file((tree / "sub" / "nested.so").string(), Blob{0x7f, 'E', 'L', 'F', 2, 1, 1});
  fs::create_directory_symlink(outside, tree / "out");
  fs::create_directory_symlink(tree / "sub", tree / "again");  // inside the tree: followed once
  fs::create_directory_symlink("/proc", tree / "proc");
  auto inputs = archfit::scan::discover_inputs({tree.string()});
  std::vector<std::string> found;
  for (const auto& file : inputs.files) {
    found.push_back(fs::path(file.path).filename().string());
  }
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, (std::vector<std::string>{"inside.so", "nested.so"}));
  fs::remove_all(tree);
  fs::remove_all(outside);
}

TEST(HostileInputs, WalkingProcDoesNotWalkTheFilesystemThroughProcRoot) {
  // /proc/self/root and /proc/self/cwd lead out of /proc: a walk that follows them reads the whole
  // machine (and every other process's root) instead of ending at once.
  auto run = fork_measured(
      [] {
        auto inputs = archfit::scan::discover_inputs({"/proc/self"});
        for (const auto& file : inputs.files) {
          if (!file.path.starts_with("/proc/self")) {
            return 1;
          }
        }
        return 0;
      },
      60);
  EXPECT_TRUE(run.exited) << "the walk of /proc/self did not end";
  EXPECT_EQ(run.exit_code, 0);
}

// --- 14.13: archives named properly --------------------------------------------------------------

TEST(HostileInputs, ArchiveInsideAnArchiveIsNamedAsSuch) {
  Blob inner = ar_archive({{"k.o", Blob{0x7f, 'E', 'L', 'F', 2, 1, 1}}});
  Blob outer = ar_archive({{"inner.a", inner}});
  auto reports = scan(outer, false, "outer.a");
  std::string errors = all_errors(reports);
  EXPECT_TRUE(contains(errors, "an ar archive inside an ar archive")) << errors;
  EXPECT_FALSE(contains(errors, "unrecognised")) << errors;
}

TEST(HostileInputs, StaticArchiveWithParenthesisInItsNameInsideAWheelIsRead) {
  Blob elf = minimal_elf(Blob(16, 0), {});
  Blob archive = ar_archive({{"k.o", elf}});
  // A stored zip member named "libk(1).a".
  std::string name = "pkg/libk(1).a";
  std::uint32_t crc = static_cast<std::uint32_t>(crc32(0, archive.data(), static_cast<uInt>(archive.size())));
  Blob zip(30, 0);
  put_u32(zip, 0, 0x04034b50);
  put_u16(zip, 4, 20);
  put_u32(zip, 14, crc);
  put_u32(zip, 18, static_cast<std::uint32_t>(archive.size()));
  put_u32(zip, 22, static_cast<std::uint32_t>(archive.size()));
  put_u16(zip, 26, static_cast<std::uint16_t>(name.size()));
  append_text(zip, name);
  append(zip, archive);
  std::size_t central = zip.size();
  zip.resize(central + 46, 0);
  put_u32(zip, central, 0x02014b50);
  put_u16(zip, central + 4, 20);
  put_u16(zip, central + 6, 20);
  put_u32(zip, central + 16, crc);
  put_u32(zip, central + 20, static_cast<std::uint32_t>(archive.size()));
  put_u32(zip, central + 24, static_cast<std::uint32_t>(archive.size()));
  put_u16(zip, central + 28, static_cast<std::uint16_t>(name.size()));
  append_text(zip, name);
  std::size_t end = zip.size();
  zip.resize(end + 22, 0);
  put_u32(zip, end, 0x06054b50);
  put_u16(zip, end + 8, 1);
  put_u16(zip, end + 10, 1);
  put_u32(zip, end + 12, static_cast<std::uint32_t>(end - central));
  put_u32(zip, end + 16, static_cast<std::uint32_t>(central));
  auto reports = scan(zip, false, "k.whl");
  bool member_read = false;
  for (const auto& report : reports) {
    member_read = member_read || report.member == std::optional<std::string>("pkg/libk(1).a(k.o)");
  }
  EXPECT_TRUE(member_read) << all_errors(reports);
  EXPECT_FALSE(contains(all_errors(reports), "unrecognised")) << all_errors(reports);
}

// --- 14.14: a corrupt zstd payload is an input error ---------------------------------------------

TEST(HostileInputs, CorruptZstdFatbinPayloadIsAnErrorOfTheFile) {
  Blob cubin = minimal_elf(Blob(4096, 0x33), {});
  Blob frame = zstd_frame(cubin, 0);
  for (std::size_t i = frame.size() / 2; i < frame.size() / 2 + 16 && i < frame.size(); ++i) {
    frame[i] ^= 0xff;  // corrupt the middle of the frame
  }
  FatbinEntrySpec entry;
  entry.flags = 0x8000;
  entry.payload = frame;
  entry.uncompressed_size = cubin.size();
  auto reports = scan(fatbin_container({entry}), true);
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_FALSE(reports[0].errors.empty()) << "the corrupt payload left errors empty";
}

// --- error floods --------------------------------------------------------------------------------

TEST(HostileInputs, ErrorsPerFileAreCappedWithACount) {
  // 20,000 containers whose header size is too small: one error each before the cap.
  Blob flood;
  for (int i = 0; i < 20000; ++i) {
    std::size_t at = flood.size();
    put_u32(flood, at, 0xBA55ED50);
    put_u16(flood, at + 4, 1);
    put_u16(flood, at + 6, 8);
    put_u64(flood, at + 8, 0);
  }
  auto reports = scan(flood, false, "flood.fatbin");
  ASSERT_EQ(reports.size(), 1u);
  ASSERT_EQ(reports[0].errors.size(), archfit::scan::k_max_errors_per_file + 1);
  EXPECT_TRUE(contains(reports[0].errors.back(), "and 19900 more errors")) << reports[0].errors.back();
}

}  // namespace
