import os

import rocminfo_tpl as tpl

SYSROOTS = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../.."))

# ---------------------------------------------------------------- /proc/cpuinfo first blocks (real captures)

# github.com/Yusheng-Hu/Ring-Cascade-Permutation-Algorithm README.md, "[/proc/cpuinfo excerpt]" of a CI run
# (GitHub-hosted runner, Azure VM, AMD EPYC 7763), copied as published (the excerpt stops at cache_alignment).
CPUINFO_EPYC_7763 = (
    "processor\t: 0\n"
    "vendor_id\t: AuthenticAMD\n"
    "cpu family\t: 25\n"
    "model\t\t: 1\n"
    "model name\t: AMD EPYC 7763 64-Core Processor\n"
    "stepping\t: 1\n"
    "microcode\t: 0xffffffff\n"
    "cpu MHz\t\t: 2445.432\n"
    "cache size\t: 512 KB\n"
    "physical id\t: 0\n"
    "siblings\t: 4\n"
    "core id\t\t: 0\n"
    "cpu cores\t: 2\n"
    "apicid\t\t: 0\n"
    "initial apicid\t: 0\n"
    "fpu\t\t: yes\n"
    "fpu_exception\t: yes\n"
    "cpuid level\t: 13\n"
    "wp\t\t: yes\n"
    "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse "
    "sse2 ht syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good nopl tsc_reliable nonstop_tsc "
    "cpuid extd_apicid aperfmperf tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 movbe popcnt "
    "aes xsave avx f16c rdrand hypervisor lahf_lm cmp_legacy svm cr8_legacy abm sse4a misalignsse 3dnowprefetch "
    "osvw topoext vmmcall fsgsbase bmi1 avx2 smep bmi2 erms invpcid rdseed adx smap clflushopt clwb sha_ni "
    "xsaveopt xsavec xgetbv1 xsaves user_shstk clzero xsaveerptr rdpru arat npt nrip_save tsc_scale vmcb_clean "
    "flushbyasid decodeassists pausefilter pfthreshold v_vmsave_vmload umip vaes vpclmulqdq rdpid fsrm\n"
    "bugs\t\t: sysret_ss_attrs null_seg spectre_v1 spectre_v2 spec_store_bypass srso\n"
    "bogomips\t: 4890.86\n"
    "TLB size\t: 2560 4K pages\n"
    "clflush size\t: 64\n"
    "cache_alignment\t: 64\n"
    "\n")


def h200_first_block():
    text = open(os.path.join(SYSROOTS, "h200/root/proc/cpuinfo")).read()
    return text.split("\n\n")[0] + "\n\n"


# ---------------------------------------------------------------- /etc/os-release
# Ubuntu 22.04.5 content as captured in public terminal logs (e.g. `cat /etc/os-release` in
# github.com/.../buildkit and containerd reproduction logs found through the code index).
OS_2204_5 = (
    'PRETTY_NAME="Ubuntu 22.04.5 LTS"\n'
    'NAME="Ubuntu"\n'
    'VERSION_ID="22.04"\n'
    'VERSION="22.04.5 LTS (Jammy Jellyfish)"\n'
    'VERSION_CODENAME=jammy\n'
    'ID=ubuntu\n'
    'ID_LIKE=debian\n'
    'HOME_URL="https://www.ubuntu.com/"\n'
    'SUPPORT_URL="https://help.ubuntu.com/"\n'
    'BUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"\n'
    'PRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"\n'
    'UBUNTU_CODENAME=jammy\n')
OS_2204_4 = OS_2204_5.replace("22.04.5", "22.04.4")

# ---------------------------------------------------------------- extra verbatim text from the sources

ROCM_SMI_4021 = (
    "Device  Node  IDs              Temp        Power     Partitions          SCLK    MCLK    Fan  Perf  PwrCap  VRAM%  GPU%\n"
    "^[3m              (DID,     GUID)  (Junction)  (Socket)  (Mem, Compute, ID)                                                  ^[0m\n"
    "0       2     0x74a1,   55354  48.0°C      145.0W    NPS1, SPX, 0        132Mhz  900Mhz  0%   auto  750.0W  1%     0%\n"
    "1       3     0x74a1,   41632  40.0°C      138.0W    NPS1, SPX, 0        131Mhz  900Mhz  0%   auto  750.0W  75%    0%\n"
    "2       4     0x74a1,   47045  42.0°C      135.0W    NPS1, SPX, 0        132Mhz  900Mhz  0%   auto  750.0W  74%    0%\n"
    "3       5     0x74a1,   60169  49.0°C      150.0W    NPS1, SPX, 0        132Mhz  900Mhz  0%   auto  750.0W  74%    0%\n"
    "4       6     0x74a1,   56024  47.0°C      146.0W    NPS1, SPX, 0        132Mhz  900Mhz  0%   auto  750.0W  75%    0%\n"
    "5       7     0x74a1,   705    42.0°C      139.0W    NPS1, SPX, 0        132Mhz  900Mhz  0%   auto  750.0W  1%     0%\n"
    "6       8     0x74a1,   59108  48.0°C      147.0W    NPS1, SPX, 0        132Mhz  900Mhz  0%   auto  750.0W  75%    0%\n"
    "7       9     0x74a1,   10985  40.0°C      138.0W    NPS1, SPX, 0        132Mhz  900Mhz  0%   auto  750.0W  74%    0%\n")

DMESG_4021 = (
    "[76914.238315] amdgpu 0000:1b:00.0: amdgpu: MODE1 reset\n"
    "[76914.238316] amdgpu 0000:dd:00.0: amdgpu: MODE1 reset\n"
    "[76914.238321] amdgpu 0000:dd:00.0: amdgpu: GPU mode1 reset\n"
    "[76914.238320] amdgpu 0000:3d:00.0: amdgpu: MODE1 reset\n"
    "[76914.238322] amdgpu 0000:1b:00.0: amdgpu: GPU mode1 reset\n"
    "[76914.238321] amdgpu 0000:4e:00.0: amdgpu: MODE1 reset\n"
    "[76914.238322] amdgpu 0000:bd:00.0: amdgpu: MODE1 reset\n"
    "[76914.238323] amdgpu 0000:9d:00.0: amdgpu: MODE1 reset\n"
    "[76914.238323] amdgpu 0000:5f:00.0: amdgpu: MODE1 reset\n"
    "[76914.238324] amdgpu 0000:cd:00.0: amdgpu: MODE1 reset\n")

GPUQ_MI300X = (
    "cpu_cores_count 96\nsimd_count 0\nmem_banks_count 1\ncaches_count 0\nio_links_count 5\np2p_links_count 3\n"
    "cpu_core_id_base 0\nsimd_id_base 0\nmax_waves_per_simd 0\nlds_size_in_kb 0\ngds_size_in_kb 0\nnum_gws 0\n"
    "wave_front_size 0\narray_count 0\nsimd_arrays_per_engine 0\ncu_per_simd_array 0\nsimd_per_cu 0\n"
    "max_slots_scratch_cu 0\ngfx_target_version 0\nvendor_id 0\ndevice_id 0\nlocation_id 0\ndomain 0\n"
    "drm_render_minor 0\nhive_id 0\nnum_sdma_engines 0\nnum_sdma_xgmi_engines 0\nnum_sdma_queues_per_engine 0\n"
    "num_cp_queues 0\nmax_engine_clk_ccompute 2400\n"
    "--- GPU node (drm_render_minor is a Python format placeholder in the source) ---\n"
    "cpu_cores_count 0\nsimd_count 1216\nmem_banks_count 1\ncaches_count 626\nio_links_count 7\np2p_links_count 1\n"
    "cpu_core_id_base 0\nsimd_id_base 2147487784\nmax_waves_per_simd 8\nlds_size_in_kb 64\ngds_size_in_kb 0\n"
    "num_gws 64\nwave_front_size 64\narray_count 32\nsimd_arrays_per_engine 1\ncu_per_simd_array 10\n"
    "simd_per_cu 4\nmax_slots_scratch_cu 32\ngfx_target_version 90402\nvendor_id 4098\ndevice_id 29857\n"
    "location_id 18176\ndomain 0\ndrm_render_minor {}\nhive_id 10631624818852212319\nnum_sdma_engines 2\n"
    "num_sdma_xgmi_engines 14\nnum_sdma_queues_per_engine 8\nnum_cp_queues 24\nmax_engine_clk_fcompute 2100\n"
    "local_mem_size 0\nfw_version 166\ncapability 746037888\ndebug_prop 1511\nsdma_fw_version 22\n"
    "unique_id 4376936076086227261\nnum_xcc 8\nmax_engine_clk_ccompute 2400\n")

ROCMI_MI100 = (
    "gpu_id: 42700\nname: arcturus\n--- properties ---\n"
    "cpu_cores_count 0\nsimd_count 480\nmem_banks_count 1\ncaches_count 217\nio_links_count 1\np2p_links_count 3\n"
    "cpu_core_id_base 0\nsimd_id_base 2147487744\nmax_waves_per_simd 10\nlds_size_in_kb 64\ngds_size_in_kb 0\n"
    "num_gws 64\nwave_front_size 64\narray_count 8\nsimd_arrays_per_engine 1\ncu_per_simd_array 16\n"
    "simd_per_cu 4\nmax_slots_scratch_cu 32\ngfx_target_version 90008\nvendor_id 4098\ndevice_id 29580\n"
    "location_id 8960\ndomain 0\ndrm_render_minor 128\nhive_id 0\nnum_sdma_engines 2\nnum_sdma_xgmi_engines 6\n"
    "num_sdma_queues_per_engine 8\nnum_cp_queues 24\nmax_engine_clk_fcompute 1502\nlocal_mem_size 0\n"
    "fw_version 65\ncapability 749970048\ndebug_prop 1494\nsdma_fw_version 18\nunique_id 7809984429061111111\n"
    "num_xcc 1\nmax_engine_clk_ccompute 2000\n")

ISSUE_3002_EXTRA = (
    "$ rocm-smi\n"
    "========================= ROCm System Management Interface =========================\n"
    "=================================== Concise Info ===================================\n"
    "GPU  Temp (DieEdge)  AvgPwr  SCLK    MCLK     Fan  Perf  PwrCap  VRAM%  GPU%  \n"
    "0    50.0c           42.0W   800Mhz  1600Mhz  0%   auto  300.0W    0%   0%    \n"
    "1    47.0c           40.0W   800Mhz  1600Mhz  0%   auto  300.0W    0%   0%    \n"
    "2    42.0c           42.0W   800Mhz  1600Mhz  0%   auto  300.0W    0%   0%    \n"
    "3    50.0c           43.0W   800Mhz  1600Mhz  0%   auto  300.0W    0%   0%    \n"
    "====================================================================================\n"
    "=============================== End of ROCm SMI Log ================================\n"
    "\n"
    "`docker run --rm -it -v /opt/work:/opt/work --device=/dev/dri/card1 --device=/dev/dri/renderD128 --device=/dev/kfd  amdopencl /bin/bash`\n"
    "\n"
    "$ ls /sys/devices/virtual/kfd/kfd/proc/2674551/\n"
    "counters_9354  pasid  queues  sdma_9354  stats_9354  vram_9354\n"
    "\n"
    "$ ls /sys/devices/virtual/kfd/kfd/proc/2254756/\n"
    "counters_25466  counters_46764  counters_64925  counters_9354  pasid  queues  sdma_25466  sdma_46764  sdma_64925  sdma_9354  stats_25466  stats_46764  stats_64925  stats_9354  vram_25466  vram_46764  vram_64925  vram_9354\n")


def gpu(node, uuid, bdfid, numa, render, card, gpu_id=None):
    return dict(node=node, uuid=uuid, bdfid=bdfid, bus=bdfid >> 8, numa=numa, render=render, card=card,
                gpu_id=gpu_id)


GFX90A = dict(caches_count=233, cu_slots=128, max_waves_per_simd=8, array_count=8, cu_per_simd_array=16,
              gfx_target_version=90010, xgmi_sdma=3, fclk=1700, capability=746037888, debug_prop=1494,
              num_xcc=1, kfd_name="aldebaran", subsystem=0x0c34,
              mem_bytes=67092480 * 1024)

MI300X = dict(
    dir="mi300x-8gpu", issue="ROCm/ROCm#4021", cclk=3800, amdgpu_version="6.8.5",
    cpus=[dict(node=0, cores=104, core_id_base=0), dict(node=1, cores=104, core_id_base=128)],
    gpus=[gpu(2 + i, u, b, 0 if i < 4 else 1, 128 + 8 * i, 8 * i, gid) for i, (u, b, gid) in enumerate([
        ("07386a321fa45d1e", 6912, 55354), ("c14abb436c69353f", 15616, 41632),
        ("4be0e20b12ab7fa1", 19968, 47045), ("18c80aec63536c85", 24320, 60169),
        ("98c78750297b3198", 40192, 56024), ("c8d0ce1363e0130e", 48384, 705),
        ("fdee8fae2de9f2b6", 52480, 59108), ("6f890acb8eb0492b", 56576, 10985)])],
    gpu=dict(cu=304, caches_count=626, cu_slots=40, max_waves_per_simd=8, array_count=32, cu_per_simd_array=10,
             gfx_target_version=90402, device=0x74a1, hive_id=10631624818852212319, xgmi_sdma=14, fclk=2100,
             fw=150, capability=746037888, debug_prop=1511, sdma_fw=21, num_xcc=8, kfd_name="ip discovery",
             subsystem=0x74a1, revision=0x00, **{"class": 0x120000}, mem_bytes=201310208 * 1024, xcp_per_gpu=7),
    cpuinfo=h200_first_block(), memtotal_kb=1056364836 + 1056871544, os_release=OS_2204_5,
    tools={"rocminfo.txt": tpl.dump_4021(), "rocm-smi-concise.txt": ROCM_SMI_4021,
           "dmesg-excerpt.txt": DMESG_4021, "kfd-properties-reference-gpuq.txt": GPUQ_MI300X})

MI250X = dict(
    dir="mi250x", issue="ROCm/ROCm#3951", cclk=3500, amdgpu_version="5.16.9.22.20",
    # libdrm amdgpu.ids row (740C, 01); the dump's rocminfo (ROCm's own ids copy) spells it "AMD Instinct MI250X/MI250"
    expected_name="AMD Instinct MI250X / MI250",
    cpus=[dict(node=0, cores=16, core_id_base=0), dict(node=1, cores=16, core_id_base=128)],
    gpus=[gpu(2 + i, u, b, 0 if i < 4 else 1, 128 + i, i) for i, (u, b) in enumerate([
        ("4007a1a5b32f6606", 12544), ("52502d2da1dea260", 13312), ("653e18d19b439d5a", 4352),
        ("9b11638d619cbb47", 5120), ("5a76590cbb8066eb", 44544), ("e8c729e8113c9eb7", 45824),
        ("1e9de07e91e5f097", 36352), ("51135bae6866f251", 37632)])],
    gpu=dict(GFX90A, cu=104, device=0x740c, hive_id=5278735451217373527, fw=63, sdma_fw=8, revision=0x01,
             **{"class": 0x038000}),
    cpuinfo=CPUINFO_EPYC_7763, memtotal_kb=528221812 + 528473232, os_release=OS_2204_5,
    tools={"rocminfo.txt": tpl.dump_3951()})

MI210 = dict(
    dir="mi210", issue="ROCm/ROCm#3002", cclk=2450, amdgpu_version=None,
    cpus=[dict(node=0, cores=128, core_id_base=0), dict(node=1, cores=128, core_id_base=128)],
    gpus=[gpu(2 + i, u, b, n, 128 + i, 1 + i, gid) for i, (u, b, n, gid) in enumerate([
        ("74e9455f63e4f48f", 25344, 0, 9354), ("6de8c605c2212805", 17152, 0, 25466),
        ("600c883acb6a35a8", 33536, 1, 64925), ("850e4e3c316d4738", 41728, 1, 46764)])],
    gpu=dict(GFX90A, cu=104, device=0x740f, hive_id=0, fw=78, sdma_fw=8, revision=0x02, **{"class": 0x038000}),
    cpuinfo=CPUINFO_EPYC_7763, memtotal_kb=263993980 + 264145100, os_release=OS_2204_4,
    tools={"rocminfo.txt": tpl.dump_3002(), "issue-3002-excerpts.txt": ISSUE_3002_EXTRA})

MI100 = dict(
    dir="mi100", issue="ROCm/ROCm#3357", cclk=2800, amdgpu_version=None,
    cpus=[dict(node=0, cores=24, core_id_base=0), dict(node=1, cores=24, core_id_base=128)],
    gpus=[gpu(2, "84ba779eceead603", 17152, 0, 128, 0), gpu(3, "866e2aee769e1c8b", 41728, 1, 129, 1)],
    gpu=dict(cu=120, caches_count=217, cu_slots=128, max_waves_per_simd=10, array_count=8, cu_per_simd_array=16,
             gfx_target_version=90008, device=0x738c, hive_id=0, xgmi_sdma=6, fclk=1502, fw=65,
             capability=749970048, debug_prop=1494, sdma_fw=18, num_xcc=1, kfd_name="arcturus",
             subsystem=0x0c34, revision=0x01, **{"class": 0x038000}, mem_bytes=33538048 * 1024),
    cpuinfo=CPUINFO_EPYC_7763, memtotal_kb=528220356 + 1056952328, os_release=OS_2204_4,
    tools={"rocminfo.txt": tpl.dump_3357(), "kfd-properties-reference-rocmi.txt": ROCMI_MI100})

ALL = [MI300X, MI250X, MI210, MI100]
