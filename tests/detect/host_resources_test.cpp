// cgroup limits and the affinity mask, on small trees written in the kernel's documented formats
// (Documentation/admin-guide/cgroup-v2.rst: memory.max "max" or bytes, cpu.max "$MAX $PERIOD";
// cgroup-v1/memory.rst memory.limit_in_bytes, cgroup-v1 CFS cpu.cfs_quota_us / cpu.cfs_period_us;
// proc(5): /proc/self/status Cpus_allowed_list, /proc/self/cgroup "hierarchy-ID:controllers:path").
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "detect/host_resources.hpp"
#include "support/test_support.hpp"

namespace archfit::detect {
namespace {

namespace fs = std::filesystem;

class Tree {
 public:
  Tree() : m_root(test::unique_temp_path("cgroup-tree")) { fs::remove_all(m_root); }
  ~Tree() { fs::remove_all(m_root); }
  void write(const std::string& path, const std::string& text) {
    fs::path file = m_root / path.substr(1);
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
  }
  std::string root() const { return m_root.string(); }

 private:
  fs::path m_root;
};

TEST(HostResources, CgroupV2SmallestLimitUpTheTreeCounts) {
  Tree tree;
  tree.write("/proc/meminfo", "MemTotal:       65536000 kB\nMemFree:        1000 kB\nMemAvailable:   60000000 kB\n");
  tree.write("/proc/self/status", "Name:\tcat\nCpus_allowed_list:\t0-15\n");
  tree.write("/proc/self/cgroup", "0::/kubepods/pod1/ctr\n");
  tree.write("/sys/fs/cgroup/kubepods/memory.max", "34359738368\n");           // 32 GiB
  tree.write("/sys/fs/cgroup/kubepods/pod1/memory.max", "max\n");
  tree.write("/sys/fs/cgroup/kubepods/pod1/ctr/memory.max", "17179869184\n");  // 16 GiB
  tree.write("/sys/fs/cgroup/kubepods/pod1/ctr/cpu.max", "400000 100000\n");   // 4 CPUs
  tree.write("/sys/fs/cgroup/kubepods/cpu.max", "max 100000\n");
  probe::SystemRoot root(tree.root());
  auto resources = read_host_resources(root);
  EXPECT_EQ(resources.cgroup_version, 2u);
  EXPECT_EQ(resources.cgroup_path, "/kubepods/pod1/ctr");
  EXPECT_EQ(resources.cgroup_memory_limit_bytes, std::uint64_t{16} << 30);
  ASSERT_TRUE(resources.cgroup_cpu_limit);
  EXPECT_DOUBLE_EQ(*resources.cgroup_cpu_limit, 4.0);
  EXPECT_EQ(resources.affinity_cpus, 16u);
  EXPECT_EQ(resources.usable_cpus(16), 4u);
  EXPECT_EQ(resources.usable_memory_bytes(), std::uint64_t{16} << 30);
  EXPECT_EQ(resources.memory_available_bytes, std::uint64_t{16} << 30);  // bounded by the limit
}

TEST(HostResources, CgroupV1QuotaAndContainerRootFallback) {
  Tree tree;
  tree.write("/proc/meminfo", "MemTotal:       8000000 kB\n");
  tree.write("/proc/self/status", "Cpus_allowed_list:\t0-3,8,10-11\n");
  // Inside a container without a cgroup namespace: the host path is not mounted, the group's
  // files are at the controller's mount root.
  tree.write("/proc/self/cgroup", "12:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n");
  tree.write("/sys/fs/cgroup/memory/memory.limit_in_bytes", "2147483648\n");
  tree.write("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "150000\n");
  tree.write("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000\n");
  probe::SystemRoot root(tree.root());
  auto resources = read_host_resources(root);
  EXPECT_EQ(resources.cgroup_version, 1u);
  EXPECT_EQ(resources.cgroup_memory_limit_bytes, std::uint64_t{2} << 30);
  EXPECT_DOUBLE_EQ(*resources.cgroup_cpu_limit, 1.5);
  EXPECT_EQ(resources.affinity_cpus, 7u);
  EXPECT_EQ(resources.usable_cpus(12), 2u);  // ceil(1.5)
}

TEST(HostResources, V1UnlimitedValuesAreNoLimit) {
  Tree tree;
  tree.write("/proc/self/cgroup", "12:memory:/\n4:cpu,cpuacct:/\n");
  tree.write("/sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
  tree.write("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "-1\n");
  tree.write("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000\n");
  probe::SystemRoot root(tree.root());
  auto resources = read_host_resources(root);
  EXPECT_FALSE(resources.cgroup_memory_limit_bytes);
  EXPECT_FALSE(resources.cgroup_cpu_limit);
}

TEST(HostResources, CpuLists) {
  EXPECT_EQ(count_cpu_list("0"), 1u);
  EXPECT_EQ(count_cpu_list("0-191"), 192u);
  EXPECT_EQ(count_cpu_list("0-3,8,10-11\n"), 7u);
  EXPECT_FALSE(count_cpu_list(""));
  EXPECT_FALSE(count_cpu_list("3-1"));
  EXPECT_FALSE(count_cpu_list("a"));
}

}  // namespace
}  // namespace archfit::detect
