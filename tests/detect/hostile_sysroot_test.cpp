// Hostile `--sysroot` trees (issue 14.2, 14.1): every tree is built here at test time from a
// captured one (tests/data/sysroots/mi210) plus links that point out of it, FIFOs and loops. The
// promise: nothing outside the root is ever read, and nothing in the tree can make a read block.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <future>

#include "detect/host_resources.hpp"
#include "probe/system_root.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

// <tmp>/hostile-sysroot.PID/{root,outside}: `outside` holds what a link must never reach.
class HostileTree {
 public:
  HostileTree() : m_base(unique_temp_path("hostile-sysroot")) {
    fs::remove_all(m_base);
    fs::create_directories(root());
    fs::create_directories(outside());
  }
  ~HostileTree() { fs::remove_all(m_base); }
  fs::path root() const { return m_base / "root"; }
  fs::path outside() const { return m_base / "outside"; }
  void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
  }
  void link(const fs::path& at, const fs::path& target) {
    fs::create_directories(at.parent_path());
    fs::remove(at);
    fs::create_symlink(target, at);
  }
  // A relative link from `at` (inside the root) climbing far above the filesystem's root, then down
  // to `target` (an absolute path): "../../../../.../tmp/hostile-sysroot.PID/outside/x".
  void climbing_link(const fs::path& at, const fs::path& target) {
    std::string up;
    for (int i = 0; i < 30; ++i) {
      up += "../";
    }
    link(at, up + target.relative_path().string());
  }

 private:
  fs::path m_base;
};

// Runs `read` on another thread; a read that blocks (a FIFO opened without O_NONBLOCK) fails the
// test after 5 s instead of hanging it, and is released by opening the FIFO's other end.
template <class Read>
void expect_returns_quickly(Read read, const fs::path& fifo) {
  auto future = std::async(std::launch::async, read);
  if (future.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
    ADD_FAILURE() << "reading " << fifo << " blocked";
    int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0) {
      ::close(fd);
    }
  }
  future.wait();
}

TEST(HostileSysroot, AbsoluteAndClimbingLinksStayInsideTheRoot) {
  HostileTree tree;
  tree.write(tree.outside() / "secret", "OUTSIDE\n");
  tree.write(tree.root() / "etc/inside", "INSIDE\n");
  tree.link(tree.root() / "abs", tree.outside() / "secret");
  tree.climbing_link(tree.root() / "sys/deep/rel", tree.outside() / "secret");
  tree.link(tree.root() / "nodes", tree.outside());  // a directory linked out
  tree.link(tree.root() / "etc/alias", "/etc/inside");  // absolute, meant for the tree: resolves inside
  tree.link(tree.root() / "sys/up", "../../../../etc/inside");  // ".." stops at the root
  tree.link(tree.root() / "loop", "loop");
  probe::SystemRoot root(tree.root().string());

  auto abs = root.read_text("/abs");
  EXPECT_FALSE(abs.ok());
  EXPECT_EQ(abs.text, "");
  auto rel = root.read_text("/sys/deep/rel");
  EXPECT_FALSE(rel.ok());
  EXPECT_EQ(rel.text, "");
  EXPECT_FALSE(root.read_text("/nodes/secret").ok());
  EXPECT_TRUE(root.list_dir("/nodes").empty());
  EXPECT_FALSE(root.exists("/nodes/secret"));
  EXPECT_FALSE(root.exists("/abs"));
  // Paths handed to other readers (MappedFile, access) are the resolved ones, inside the root.
  EXPECT_TRUE(root.host_path("/abs").starts_with(tree.root().string() + "/"));
  EXPECT_EQ(root.host_path("/etc/alias"), (tree.root() / "etc/inside").string());

  EXPECT_EQ(root.read_text("/etc/alias").text, "INSIDE\n");
  EXPECT_EQ(root.read_text("/sys/up").text, "INSIDE\n");
  EXPECT_EQ(root.read_text("/sys/../../../etc/inside").text, "INSIDE\n");
  EXPECT_EQ(root.read_link("/etc/alias"), std::optional<std::string>("/etc/inside"));
  EXPECT_EQ(root.read_text("/loop").error, ELOOP);
  EXPECT_EQ(root.host_path("/loop/x"), "");  // the kernel would follow the loop itself: no name
}

TEST(HostileSysroot, LinkToEtcShadowIsNotOpened) {
  HostileTree tree;
  tree.link(tree.root() / "etc/os-release", "/etc/shadow");
  probe::SystemRoot root(tree.root().string());
  auto file = root.read_text("/etc/os-release");
  EXPECT_EQ(file.error, ENOENT);  // <root>/etc/shadow: absent, whatever this machine's holds
  EXPECT_EQ(file.text, "");
}

TEST(HostileSysroot, FifoAndDeviceAreRefusedWithoutBlocking) {
  HostileTree tree;
  fs::create_directories(tree.root() / "proc");
  fs::path fifo = tree.root() / "proc/cpuinfo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  tree.link(tree.root() / "etc/os-release", "/proc/cpuinfo");
  probe::SystemRoot root(tree.root().string());
  expect_returns_quickly([&] { EXPECT_EQ(root.read_text("/proc/cpuinfo").error, EINVAL); }, fifo);
  expect_returns_quickly([&] { EXPECT_EQ(root.read_text("/etc/os-release").error, EINVAL); }, fifo);
  // The live root refuses a FIFO the same way (`check --targets-from FIFO`).
  probe::SystemRoot live("/");
  expect_returns_quickly([&] { EXPECT_EQ(live.read_text(fifo.string()).error, EINVAL); }, fifo);
  EXPECT_EQ(live.read_text("/dev/zero").error, EINVAL);  // a device is never read
}

TEST(HostileSysroot, CgroupPathClimbingOutIsNotFollowed) {
  HostileTree tree;
  tree.write(tree.root() / "proc/meminfo", "MemTotal:       65536000 kB\n");
  tree.write(tree.root() / "proc/self/status", "Cpus_allowed_list:\t0-15\n");
  // "0::/../../../../outside": four levels up from <root>/sys/fs/cgroup is <root>/.. in a plain
  // join; that directory holds `outside/`, as the attacker planned.
  tree.write(tree.root() / "proc/self/cgroup", "0::/../../../../outside\n");
  tree.write(tree.outside() / "memory.max", "1048576\n");
  tree.write(tree.outside() / "cpu.max", "100000 100000\n");
  probe::SystemRoot root(tree.root().string());
  auto resources = detect::read_host_resources(root);
  EXPECT_FALSE(resources.cgroup_memory_limit_bytes.has_value());
  EXPECT_FALSE(resources.cgroup_cpu_limit.has_value());
}

// End to end: the captured MI210 tree with node 2's properties, the os-release and a whole
// `nodes` directory pointed out of the tree, where an outside copy claims a gfx1100.
TEST(HostileSysroot, DetectNeverReportsWhatLinksOutsideSay) {
  HostileTree tree;
  fs::path captured = fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots/mi210/root";
  fs::copy(captured, tree.root(), fs::copy_options::recursive | fs::copy_options::copy_symlinks | fs::copy_options::overwrite_existing);
  fs::path nodes = tree.root() / "sys/class/kfd/kfd/topology/nodes";
  std::string properties = read_text(nodes / "3/properties");
  auto at = properties.find("gfx_target_version 90010");
  ASSERT_NE(at, std::string::npos);
  std::string forged = properties;
  forged.replace(at, std::string("gfx_target_version 90010").size(), "gfx_target_version 110000");
  tree.write(tree.outside() / "properties", forged);
  tree.write(tree.outside() / "os-release", "PRETTY_NAME=\"Outside OS\"\nID=outside\n");

  auto detect = [&] {
    int code = 0;
    auto json = run_archfit_json({"detect", "--sysroot", tree.root().string()}, &code);
    std::vector<std::string> targets;
    for (const auto& gpu : json["gpus"]) {
      if (gpu["target"].is_string()) {
        targets.push_back(gpu["target"].get<std::string>());
      }
    }
    return std::make_pair(json, targets);
  };
  auto [before, targets_before] = detect();
  ASSERT_EQ(targets_before.size(), 4u);

  tree.link(nodes / "2/properties", tree.outside() / "properties");
  tree.link(tree.root() / "etc/os-release", tree.outside() / "os-release");
  auto [absolute, targets_absolute] = detect();
  EXPECT_EQ(std::count(targets_absolute.begin(), targets_absolute.end(), "gfx1100"), 0);
  EXPECT_EQ(absolute.dump().find("Outside OS"), std::string::npos);

  tree.climbing_link(nodes / "2/properties", tree.outside() / "properties");
  tree.climbing_link(tree.root() / "etc/os-release", tree.outside() / "os-release");
  auto [climbing, targets_climbing] = detect();
  EXPECT_EQ(std::count(targets_climbing.begin(), targets_climbing.end(), "gfx1100"), 0);
  EXPECT_EQ(climbing.dump().find("Outside OS"), std::string::npos);

  // The whole nodes directory linked out, to a copy whose every node claims gfx1100.
  fs::path outside_nodes = tree.outside() / "nodes";
  fs::copy(nodes, outside_nodes, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  for (const auto& node : fs::directory_iterator(outside_nodes)) {
    if (fs::exists(node.path() / "properties") && fs::is_regular_file(node.path() / "properties")) {
      std::string text = read_text(node.path() / "properties");
      auto found = text.find("gfx_target_version 90010");
      if (found != std::string::npos) {
        text.replace(found, std::string("gfx_target_version 90010").size(), "gfx_target_version 110000");
        tree.write(node.path() / "properties", text);
      }
    }
  }
  fs::remove_all(nodes);
  tree.link(nodes, outside_nodes);
  auto [dir, targets_dir] = detect();
  EXPECT_EQ(std::count(targets_dir.begin(), targets_dir.end(), "gfx1100"), 0);
}

TEST(HostileSysroot, DetectOnATreeWithFifosEnds) {
  HostileTree tree;
  fs::path captured = fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots/mi210/root";
  fs::copy(captured, tree.root(), fs::copy_options::recursive | fs::copy_options::copy_symlinks | fs::copy_options::overwrite_existing);
  fs::path properties = tree.root() / "sys/class/kfd/kfd/topology/nodes/3/properties";
  fs::remove(properties);
  ASSERT_EQ(::mkfifo(properties.c_str(), 0600), 0);
  fs::remove(tree.root() / "proc/cpuinfo");
  ASSERT_EQ(::mkfifo((tree.root() / "proc/cpuinfo").c_str(), 0600), 0);
  // timeout(1) ends a run that blocks; exit 124 is that failure.
  auto result = run_command({"timeout", "20", archfit_binary(), "detect", "--json", "--sysroot", tree.root().string()});
  EXPECT_NE(result.exit_code, 124) << "detect blocked on a FIFO";
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(json.is_discarded()) << result.out;
  EXPECT_TRUE(json.contains("gpus"));
}

// 14.10: with --json, a failure is still one JSON document on stdout.
TEST(HostileToolOutput, EmptyRocminfoWithJsonPrintsTheError) {
  HostileTree tree;
  fs::path empty = tree.outside() / "empty";
  tree.write(empty, "");
  auto result = run_command({archfit_binary(), "detect", "--from-rocminfo", empty.string(), "--json"});
  EXPECT_EQ(result.exit_code, 1);
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(json.is_discarded()) << "stdout: " << result.out;
  EXPECT_EQ(json["schema"], "archfit.error/1");
  EXPECT_EQ(json["command"], "detect");
  EXPECT_EQ(json["exit_code"], 1);
  EXPECT_NE(json["error"].get<std::string>().find(empty.string()), std::string::npos);
  EXPECT_NE(result.err.find("archfit: error:"), std::string::npos) << result.err;
}

// 14.16: an endless input ends at the cap, with a clear error.
TEST(HostileToolOutput, RocminfoFromDevZeroIsCapped) {
  auto start = std::chrono::steady_clock::now();
  auto result = run_command({archfit_binary(), "detect", "--from-rocminfo", "/dev/zero"});
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("/dev/zero: larger than 64 MiB"), std::string::npos) << result.err;
  EXPECT_LT(seconds, 30.0);
}

// read_text's stop_after ends the read after the read(2) that brought the marker in: /proc/cpuinfo
// is formatted as it is read, so detect stops at the blank line after the first CPU's block. On a
// regular file each read(2) returns a full 8 KiB buffer, so the text is exactly one buffer long.
TEST(SystemRootRead, StopAfterEndsTheReadAtTheReadThatBroughtTheMarker) {
  fs::path dir = unique_temp_path("read-stop");
  fs::create_directories(dir / "proc");
  std::string blocks;
  for (int cpu = 0; blocks.size() < 40000; ++cpu) {
    blocks += "processor\t: " + std::to_string(cpu) + "\nflags\t\t: " + std::string(1400, 'f') + "\n\n";
  }
  std::ofstream(dir / "proc" / "cpuinfo") << blocks;
  probe::SystemRoot root(dir.string());
  auto whole = root.read_text("/proc/cpuinfo", std::size_t{16} << 10);
  auto first = root.read_text("/proc/cpuinfo", std::size_t{16} << 10, "\n\n");
  EXPECT_EQ(whole.text.size(), std::size_t{16} << 10);
  EXPECT_EQ(first.text.size(), std::size_t{8} << 10);
  EXPECT_EQ(first.text, blocks.substr(0, first.text.size()));
  auto none = root.read_text("/proc/cpuinfo", std::size_t{16} << 10, "no such marker");
  EXPECT_EQ(none.text.size(), std::size_t{16} << 10);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace archfit::test
