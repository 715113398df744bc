// Host probes checked against the real tools of the machine the tests run on:
//   ld.so.cache  vs `ldconfig -p`
//   .gnu.version_d (highest GLIBCXX / GLIBC) vs `readelf -V --wide`
//   x86-64 level of /proc/cpuinfo vs `ld.so --help` ("x86-64-v3 (supported, searched)")
//   Cpus_allowed_list vs `nproc` (which honours the affinity mask)
//   amdgpu.ids parsing vs the file's own lines (Debian libdrm-common)
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>

#include "binfmt/elf_host_needs.hpp"
#include "binfmt/ld_so_cache.hpp"
#include "detect/amdgpu_ids.hpp"
#include "detect/host_cpu.hpp"
#include "detect/host_resources.hpp"
#include "detect/host_system.hpp"
#include "probe/library_resolver.hpp"
#include "support/test_support.hpp"

namespace archfit::detect {
namespace {

Bytes as_bytes(const std::vector<std::uint8_t>& data) { return Bytes(data.data(), data.size()); }

TEST(HostOracles, LdSoCacheMatchesLdconfig) {
  auto data = test::read_bytes("/etc/ld.so.cache");
  auto entries = binfmt::parse_ld_so_cache(as_bytes(data));
  ASSERT_TRUE(entries.ok()) << entries.error().message;
  auto ldconfig = test::run_command({"/sbin/ldconfig", "-p"});
  ASSERT_EQ(ldconfig.exit_code, 0) << ldconfig.err;
  // "\tlibstdc++.so.6 (libc6,x86-64) => /lib/x86_64-linux-gnu/libstdc++.so.6"
  std::multiset<std::string> expected;
  std::regex line(R"(^\s+(\S+) \(([^)]*)\) => (\S+)$)");
  for (const auto& text : test::lines(ldconfig.out)) {
    std::smatch match;
    if (std::regex_match(text, match, line)) {
      expected.insert(match[1].str() + " => " + match[3].str());
    }
  }
  std::multiset<std::string> actual;
  for (const auto& entry : *entries) {
    actual.insert(entry.soname + " => " + entry.path);
  }
  ASSERT_GT(expected.size(), 50u);
  EXPECT_EQ(actual, expected);
}

TEST(HostOracles, LdSoCacheTruncatedAtEveryByteNeverCrashes) {
  auto data = test::read_bytes("/etc/ld.so.cache");
  std::size_t step = std::max<std::size_t>(1, data.size() / 4000);
  for (std::size_t size = 0; size < data.size(); size += step) {
    auto parsed = binfmt::parse_ld_so_cache(Bytes(data.data(), size));
    if (!parsed) {
      EXPECT_NE(parsed.error().message.find("ld.so.cache"), std::string::npos);
    }
  }
}

// The highest version `readelf -V` lists under .gnu.version_d for a namespace.
std::string readelf_highest_definition(const std::string& path, const std::string& space) {
  auto readelf = test::run_command({"readelf", "-V", "--wide", path});
  EXPECT_EQ(readelf.exit_code, 0) << readelf.err;
  std::string section = readelf.out.substr(0, readelf.out.find("Version needs section"));
  std::regex name("Name: (" + space + R"(_[0-9.]+))");
  std::string best;
  for (auto it = std::sregex_iterator(section.begin(), section.end(), name); it != std::sregex_iterator(); ++it) {
    std::string version = (*it)[1].str();
    if (best.empty() || binfmt::symbol_version_less(best, version)) {
      best = version;
    }
  }
  return best;
}

TEST(HostOracles, HighestDefinedVersionsMatchReadelf) {
  probe::SystemRoot root("/");
  auto host = read_host_system(root, probe::Environment::current());
  ASSERT_FALSE(host.libstdcxx.path.empty()) << host.libstdcxx.error;
  ASSERT_FALSE(host.libc.path.empty()) << host.libc.error;
  EXPECT_EQ(host.libstdcxx.highest.at("GLIBCXX"), readelf_highest_definition(host.libstdcxx.path, "GLIBCXX"));
  EXPECT_EQ(host.libstdcxx.highest.at("CXXABI"), readelf_highest_definition(host.libstdcxx.path, "CXXABI"));
  EXPECT_EQ(host.libc.highest.at("GLIBC"), readelf_highest_definition(host.libc.path, "GLIBC"));
  // `ldd --version` names the same glibc: "ldd (Debian GLIBC 2.36-9+deb12u13) 2.36".
  auto ldd = test::run_command({"ldd", "--version"});
  std::string first_line = ldd.out.substr(0, ldd.out.find('\n'));
  EXPECT_TRUE(first_line.ends_with(" " + host.glibc_version())) << first_line << " vs " << host.glibc_version();
}

TEST(HostOracles, LoaderResolvesLibstdcxxLikeLdd) {
  // ldd of a program needing libstdc++ prints the path the loader chose.
  auto ldd = test::run_command({"ldd", "/usr/bin/cmake"});
  std::smatch match;
  std::regex line(R"(libstdc\+\+\.so\.6 => (\S+))");
  ASSERT_TRUE(std::regex_search(ldd.out, match, line)) << ldd.out;
  probe::SystemRoot root("/");
  probe::Environment environment;  // no LD_LIBRARY_PATH
  auto resolved = probe::LibraryResolver(root, environment).resolve("libstdc++.so.6");
  ASSERT_TRUE(resolved);
  EXPECT_EQ(resolved->path, match[1].str());
}

TEST(HostOracles, IsaLevelMatchesTheDynamicLoader) {
  auto help = test::run_command({"/lib64/ld-linux-x86-64.so.2", "--help"});
  ASSERT_EQ(help.exit_code, 0);
  std::string expected = "x86-64";
  for (const char* level : {"x86-64-v2", "x86-64-v3", "x86-64-v4"}) {
    if (help.out.find(std::string(level) + " (supported") != std::string::npos) {
      expected = level;
    }
  }
  auto cpu = parse_cpuinfo(test::read_text("/proc/cpuinfo"));
  EXPECT_EQ(cpu.isa_level, expected);
  EXPECT_EQ(cpu.avx512, cpu.has_flag("avx512f"));
}

TEST(HostOracles, UsableCpusMatchNproc) {
  auto nproc = test::run_command({"nproc"});
  probe::SystemRoot root("/");
  auto resources = read_host_resources(root);
  auto cpu = parse_cpuinfo(test::read_text("/proc/cpuinfo"));
  ASSERT_TRUE(resources.affinity_cpus);
  EXPECT_EQ(std::to_string(*resources.affinity_cpus), nproc.out.substr(0, nproc.out.find('\n')));
  auto all = test::run_command({"nproc", "--all"});
  EXPECT_EQ(std::to_string(cpu.logical_cpus), all.out.substr(0, all.out.find('\n')));
}

TEST(HostOracles, AmdgpuIdsEveryLineIsRead) {
  std::string text = test::read_text("/usr/share/libdrm/amdgpu.ids");
  auto ids = parse_amdgpu_ids(text);
  EXPECT_EQ(ids.version, "1.0.0");
  std::set<std::pair<std::uint16_t, std::uint8_t>> keys;
  std::regex row(R"(^([0-9A-Fa-f]{4}),\s*([0-9A-Fa-f]{2}),\s*(.+)$)");
  for (const auto& line : test::lines(text)) {
    std::smatch match;
    if (!std::regex_match(line, match, row)) {
      continue;
    }
    auto key = std::make_pair(static_cast<std::uint16_t>(std::stoul(match[1].str(), nullptr, 16)),
                              static_cast<std::uint8_t>(std::stoul(match[2].str(), nullptr, 16)));
    if (keys.insert(key).second) {  // libdrm takes the first line of a repeated pair
      const auto* name = ids.find(key.first, key.second);
      ASSERT_NE(name, nullptr) << line;
      EXPECT_EQ(*name, match[3].str());
    }
  }
  EXPECT_EQ(ids.names.size(), keys.size());
  EXPECT_GT(keys.size(), 300u);
}

}  // namespace
}  // namespace archfit::detect
