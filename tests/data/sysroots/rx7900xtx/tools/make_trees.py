#!/usr/bin/env python3
"""Builds tests/data/sysroots/{rx7900xtx,strix-halo,apu-raven,container-no-kfd,mixed-vendor,rx6700xt-override,
gtx1070-2gpu}.
Every number below is either copied from a public dump (see each tree's SOURCE.md) or marked
'# constructed' in a comment here and in SOURCE.md."""
import os, shutil, pathlib

REPO = pathlib.Path('/work/main')
SYS = REPO / 'tests/data/sysroots'
H200 = SYS / 'h200/root'

def w(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)

def link(path, target):
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink() or path.exists():
        path.unlink()
    os.symlink(target, path)

def props(pairs):
    return ''.join(f'{k} {v}\n' for k, v in pairs)

# ---------------------------------------------------------------- KFD nodes (kernel node_show order)
def cpu_node(cores, clk, io_links, core_id_base=0):
    return props([
        ('cpu_cores_count', cores), ('simd_count', 0), ('mem_banks_count', 1), ('caches_count', 0),
        ('io_links_count', io_links), ('p2p_links_count', 0), ('cpu_core_id_base', core_id_base),
        ('simd_id_base', 0), ('max_waves_per_simd', 0), ('lds_size_in_kb', 0), ('gds_size_in_kb', 0),
        ('num_gws', 0), ('wave_front_size', 0), ('array_count', 0), ('simd_arrays_per_engine', 0),
        ('cu_per_simd_array', 0), ('simd_per_cu', 0), ('max_slots_scratch_cu', 0),
        ('gfx_target_version', 0), ('vendor_id', 0), ('device_id', 0), ('location_id', 0),
        ('domain', 0), ('drm_render_minor', 0), ('hive_id', 0), ('num_sdma_engines', 0),
        ('num_sdma_xgmi_engines', 0), ('num_sdma_queues_per_engine', 0), ('num_cp_queues', 0),
        ('max_engine_clk_ccompute', clk)])

def gpu_node(g, cpu_clk):
    cu, spc = g['cu'], g['simd_per_cu']
    return props([
        ('cpu_cores_count', 0), ('simd_count', cu * spc), ('mem_banks_count', 1),
        ('caches_count', g['caches']), ('io_links_count', 1), ('p2p_links_count', 0),
        ('cpu_core_id_base', 0), ('simd_id_base', g['simd_id_base']),
        ('max_waves_per_simd', g['waves_per_cu'] // spc), ('lds_size_in_kb', 64), ('gds_size_in_kb', 0),
        ('num_gws', 64), ('wave_front_size', g['wave']),
        ('array_count', g['se'] * g['sape']), ('simd_arrays_per_engine', g['sape']),
        ('cu_per_simd_array', g['cu_per_sa']), ('simd_per_cu', spc), ('max_slots_scratch_cu', 32),
        ('gfx_target_version', g['gfx_target_version']), ('vendor_id', 4098), ('device_id', g['device_id']),
        ('location_id', g['bdfid']), ('domain', 0), ('drm_render_minor', g['minor']), ('hive_id', 0),
        ('num_sdma_engines', g['sdma'][0]), ('num_sdma_xgmi_engines', g['sdma'][1]),
        ('num_sdma_queues_per_engine', g['sdma'][2]), ('num_cp_queues', g['cp_queues']),
        ('max_engine_clk_fcompute', g['fclk']), ('local_mem_size', 0), ('fw_version', g['fw']),
        ('capability', g['capability']), ('debug_prop', g['debug_prop']), ('sdma_fw_version', g['sdma_fw']),
        ('unique_id', g['unique_id']), ('num_xcc', 1), ('max_engine_clk_ccompute', cpu_clk)])

def kfd(root, n, text, gpu_id, name):
    d = root / f'sys/class/kfd/kfd/topology/nodes/{n}'
    w(d / 'properties', text)
    w(d / 'gpu_id', f'{gpu_id}\n')
    w(d / 'name', f'{name}\n')

def bdf_of(bdfid, domain=0):
    return f'{domain:04x}:{bdfid >> 8:02x}:{(bdfid >> 3) & 0x1f:02x}.{bdfid & 7:x}'

def pci(root, bdf, vendor, device, sv, sd, rev, cls):
    d = root / f'sys/devices/pci{bdf[:4]}:00/{bdf}'
    for k, v in (('vendor', f'0x{vendor:04x}'), ('device', f'0x{device:04x}'),
                 ('subsystem_vendor', f'0x{sv:04x}'), ('subsystem_device', f'0x{sd:04x}'),
                 ('revision', f'0x{rev:02x}'), ('class', f'0x{cls:06x}')):
        w(d / k, v + '\n')
    link(root / f'sys/bus/pci/devices/{bdf}', f'../../../devices/pci{bdf[:4]}:00/{bdf}')

def card(root, n, bdf):
    link(root / f'sys/class/drm/card{n}/device', f'../../../devices/pci{bdf[:4]}:00/{bdf}')

def dev(root, *names):
    for n in names:
        w(root / 'dev' / n, '')

# ---------------------------------------------------------------- /proc/cpuinfo blocks
def cpuinfo_block(f):
    """Kernel layout (arch/x86/kernel/cpu/proc.c show_cpuinfo); f holds the copied values."""
    out = [f"processor\t: {f['processor']}", f"vendor_id\t: {f['vendor_id']}",
           f"cpu family\t: {f['family']}", f"model\t\t: {f['model']}", f"model name\t: {f['model_name']}",
           f"stepping\t: {f['stepping']}", f"microcode\t: {f['microcode']}", f"cpu MHz\t\t: {f['mhz']}",
           f"cache size\t: {f['cache']}", f"physical id\t: {f['physical_id']}", f"siblings\t: {f['siblings']}",
           f"core id\t\t: {f['core_id']}", f"cpu cores\t: {f['cpu_cores']}", f"apicid\t\t: {f['apicid']}",
           f"initial apicid\t: {f['apicid']}", "fpu\t\t: yes", "fpu_exception\t: yes",
           f"cpuid level\t: {f['cpuid_level']}", "wp\t\t: yes", f"flags\t\t: {f['flags']}",
           f"bugs\t\t: {f['bugs']}", f"bogomips\t: {f['bogomips']}"]
    for key, label in (('tlb', 'TLB size\t: '), ('clflush', 'clflush size\t: '),
                       ('cache_alignment', 'cache_alignment\t: '), ('address_sizes', 'address sizes\t: ')):
        if key in f:
            out.append(label + f[key])
    if 'power_management' in f:
        out.append('power management:' + f['power_management'])
    return '\n'.join(out) + '\n\n'

# Ryzen 9 9950X, processor 0, LKML mail by Bert Karwatzki (quoted-printable decoded; tabs are the mail's own)
ZEN5_9950X = dict(
    processor=0, vendor_id='AuthenticAMD', family=26, model=68, model_name='AMD Ryzen 9 9950X 16-Core Processor',
    stepping=0, microcode='0xb404035', mhz='3607.683', cache='1024 KB', physical_id=0, siblings=32, core_id=0,
    cpu_cores=16, apicid=0, cpuid_level=16,
    flags='fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht '
          'syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good amd_lbr_v2 nopl xtopology '
          'nonstop_tsc cpuid extd_apicid aperfmperf rapl pni pclmulqdq monitor ssse3 fma cx16 sse4_1 sse4_2 '
          'movbe popcnt aes xsave avx f16c rdrand lahf_lm cmp_legacy svm extapic cr8_legacy abm sse4a '
          'misalignsse 3dnowprefetch osvw ibs skinit wdt tce topoext perfctr_core perfctr_nb bpext perfctr_llc '
          'mwaitx cpuid_fault cpb cat_l3 cdp_l3 hw_pstate ssbd mba perfmon_v2 ibrs ibpb stibp ibrs_enhanced '
          'vmmcall fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid cqm rdt_a avx512f avx512dq rdseed adx '
          'smap avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves '
          'cqm_llc cqm_occup_llc cqm_mbm_total cqm_mbm_local user_shstk avx_vnni avx512_bf16 clzero irperf '
          'xsaveerptr rdpru wbnoinvd cppc arat npt lbrv svm_lock nrip_save tsc_scale vmcb_clean flushbyasid '
          'decodeassists pausefilter pfthreshold avic v_vmsave_vmload vgif x2avic v_spec_ctrl vnmi avx512vbmi '
          'umip pku ospke avx512_vbmi2 gfni vaes vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq rdpid '
          'bus_lock_detect movdiri movdir64b overflow_recov succor smca fsrm avx512_vp2intersect flush_l1d '
          'amd_lbr_pmc_freeze',
    bugs='sysret_ss_attrs spectre_v1 spectre_v2 spec_store_bypass srso spectre_v2_user vmscape',
    bogomips='8599.98', tlb='192 4K pages', clflush='64', cache_alignment='64',
    address_sizes='48 bits physical, 48 bits virtual',
    power_management=' ts ttp tm hwpstate cpb eff_freq_ro [13] [14]')

# AMD EPYC 9754 inside Docker-in-LXC, ollama/ollama discover/cpu_linux_test.go "#5554" (8 processors)
EPYC_9754 = dict(
    vendor_id='AuthenticAMD', family=25, model=160, model_name='AMD EPYC 9754 128-Core Processor', stepping=2,
    microcode='0xaa00212', mhz='2246.624', cache='512 KB', siblings=4, cpu_cores=4, cpuid_level=16,
    flags='fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht '
          'syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm rep_good nopl cpuid extd_apicid tsc_known_freq pni '
          'pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx '
          'f16c rdrand hypervisor lahf_lm cmp_legacy svm cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw '
          'perfctr_core invpcid_single ssbd ibrs ibpb stibp ibrs_enhanced vmmcall fsgsbase tsc_adjust bmi1 avx2 '
          'smep bmi2 erms invpcid avx512f avx512dq rdseed adx smap avx512ifma clflushopt clwb avx512cd sha_ni '
          'avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves avx512_bf16 clzero xsaveerptr wbnoinvd arat npt '
          'lbrv nrip_save tsc_scale vmcb_clean flushbyasid pausefilter pfthreshold v_vmsave_vmload vgif '
          'avx512vbmi umip pku ospke avx512_vbmi2 gfni vaes vpclmulqdq avx512_vnni avx512_bitalg '
          'avx512_vpopcntdq la57 rdpid fsrm flush_l1d arch_capabilities',
    bugs='sysret_ss_attrs spectre_v1 spectre_v2 spec_store_bypass srso', bogomips='4493.24',
    tlb='1024 4K pages', clflush='64', cache_alignment='64', address_sizes='52 bits physical, 57 bits virtual',
    power_management='')

# Ryzen 7 1700 (Zen 1), fastfetch-cli/fastfetch#1529 comment by gksudolol; the post ends after clflush size
ZEN1_1700 = dict(
    processor=0, vendor_id='AuthenticAMD', family=23, model=1, model_name='AMD Ryzen 7 1700 Eight-Core Processor',
    stepping=1, microcode='0x8001138', mhz='2572.509', cache='512 KB', physical_id=0, siblings=16, core_id=0,
    cpu_cores=8, apicid=0, cpuid_level=13,
    flags='fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht '
          'syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good nopl nonstop_tsc cpuid extd_apicid '
          'aperfmperf rapl pni pclmulqdq monitor ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx f16c '
          'rdrand lahf_lm cmp_legacy svm extapic cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw skinit wdt '
          'tce topoext perfctr_core perfctr_nb bpext perfctr_llc mwaitx cpb hw_pstate ssbd ibpb vmmcall fsgsbase '
          'bmi1 avx2 smep bmi2 rdseed adx smap clflushopt sha_ni xsaveopt xsavec xgetbv1 clzero irperf '
          'xsaveerptr arat npt lbrv svm_lock nrip_save tsc_scale vmcb_clean flushbyasid decodeassists '
          'pausefilter pfthreshold avic v_vmsave_vmload vgif overflow_recov succor smca sev',
    bugs='sysret_ss_attrs null_seg spectre_v1 spectre_v2 spec_store_bypass retbleed smt_rsb srso div0 ibpb_no_ret',
    bogomips='6001.13', tlb='2560 4K pages', clflush='64')

def cpuinfo_zen5():
    return cpuinfo_block(ZEN5_9950X)

def cpuinfo_epyc():
    out = ''
    for p in range(8):
        f = dict(EPYC_9754, processor=p, physical_id=p // 4, core_id=p % 4, apicid=p)
        out += cpuinfo_block(f)
    return out

def cpuinfo_zen1():
    # the public post stops after 'clflush size': no trailing blank line is invented either
    return cpuinfo_block(ZEN1_1700).rstrip('\n') + '\n'

MEMINFO_16G = '''MemTotal:       16268680 kB
MemFree:          349408 kB
MemAvailable:    8366284 kB
Buffers:          534320 kB
Cached:          7107356 kB
SwapCached:            0 kB
Active:         12679016 kB
Inactive:        2380012 kB
Active(anon):    7421048 kB
Inactive(anon):    10428 kB
Active(file):    5257968 kB
Inactive(file):  2369584 kB
Unevictable:           0 kB
Mlocked:               0 kB
SwapTotal:             0 kB
SwapFree:              0 kB
Dirty:             27808 kB
Writeback:             0 kB
AnonPages:       7417360 kB
Mapped:           158928 kB
Shmem:             14116 kB
Slab:             693020 kB
SReclaimable:     642740 kB
SUnreclaim:        50280 kB
KernelStack:       13952 kB
PageTables:        30044 kB
NFS_Unstable:          0 kB
Bounce:                0 kB
WritebackTmp:          0 kB
CommitLimit:     8134340 kB
Committed_AS:   12678180 kB
VmallocTotal:   34359738367 kB
VmallocUsed:       34148 kB
VmallocChunk:   34359699196 kB
HardwareCorrupted:     0 kB
AnonHugePages:   5201920 kB
HugePages_Total:       0
HugePages_Free:        0
HugePages_Rsvd:        0
HugePages_Surp:        0
Hugepagesize:       2048 kB
DirectMap4k:      108536 kB
DirectMap2M:    16668672 kB
'''

def common(root, cpuinfo, meminfo=MEMINFO_16G):
    w(root / 'proc/cpuinfo', cpuinfo)
    w(root / 'proc/meminfo', meminfo)
    (root / 'etc').mkdir(parents=True, exist_ok=True)
    shutil.copyfile(H200 / 'etc/os-release', root / 'etc/os-release')

def fresh(name):
    t = SYS / name
    if (t / 'root').exists():
        shutil.rmtree(t / 'root')
    (t / 'tools').mkdir(parents=True, exist_ok=True)
    return t / 'root'

def uid(uuid_hex):
    return int(uuid_hex, 16)

# capability templates (see SOURCE.md): RDNA3 value from the tinygrad 7900 XTX fixture (ASIC rev 0, no SRAM EDC);
# gfx90a value = arcturus fixture 0x2cb3a280 with ASIC revision bits set to 1 (SRAM EDC bit kept).
CAP_RDNA = 0x2807a280
def with_rev(cap, rev):
    return (cap & ~0x03c00000) | (rev << 22)
CAP_GFX90A = with_rev(0x2cb3a280, 1)

# ================================================================ 1. rx7900xtx (ROCm/ROCm#5191)
r = fresh('rx7900xtx')
gpus = [
    dict(cu=96, simd_per_cu=2, se=6, sape=2, cu_per_sa=8, wave=32, waves_per_cu=32, gfx_target_version=110000,
         device_id=0x744c, bdfid=768, minor=128, fclk=2526, fw=542, sdma_fw=24, unique_id=uid('08ca8cb142948e79'),
         capability=CAP_RDNA, caches=206, simd_id_base=2147487744, sdma=(2, 0, 6), cp_queues=8, debug_prop=1495),
    dict(cu=2, simd_per_cu=2, se=1, sape=1, cu_per_sa=2, wave=32, waves_per_cu=32, gfx_target_version=100306,
         device_id=0x164e, bdfid=6400, minor=129, fclk=2200, fw=22, sdma_fw=9, unique_id=0,
         capability=with_rev(CAP_RDNA, 1), caches=12, simd_id_base=2147487936, sdma=(1, 0, 2), cp_queues=8,
         debug_prop=1495)]
kfd(r, 0, cpu_node(32, 5883, 2), 0, '')
kfd(r, 1, gpu_node(gpus[0], 5883), 11813, 'ip discovery')
kfd(r, 2, gpu_node(gpus[1], 5883), 40371, 'ip discovery')
pci(r, '0000:03:00.0', 0x1002, 0x744c, 0x1da2, 0x471e, 0xc8, 0x030000)
pci(r, '0000:19:00.0', 0x1002, 0x164e, 0x1002, 0x164e, 0xc1, 0x030000)
card(r, 0, '0000:03:00.0'); card(r, 1, '0000:19:00.0')
dev(r, 'kfd', 'dri/renderD128', 'dri/renderD129')
common(r, cpuinfo_zen5())

# ================================================================ 2. strix-halo (danbev/learning-ai notes/gmktec.md)
r = fresh('strix-halo')
g = dict(cu=40, simd_per_cu=2, se=2, sape=2, cu_per_sa=10, wave=32, waves_per_cu=32, gfx_target_version=110501,
         device_id=0x1586, bdfid=50432, minor=128, fclk=2900, fw=32, sdma_fw=17, unique_id=0, capability=CAP_RDNA,
         caches=74, simd_id_base=2147487744, sdma=(1, 0, 2), cp_queues=8, debug_prop=1495)
kfd(r, 0, cpu_node(32, 5187, 1), 0, '')
kfd(r, 1, gpu_node(g, 5187), 51409, 'ip discovery')
pci(r, '0000:c5:00.0', 0x1002, 0x1586, 0x1002, 0x1586, 0xc1, 0x038000)
pci(r, '0000:c6:00.1', 0x1022, 0x17f0, 0x1022, 0x17f0, 0x11, 0x118000)   # NPU, not a GPU
card(r, 0, '0000:c5:00.0')
dev(r, 'kfd', 'dri/renderD128', 'accel/accel0')
common(r, cpuinfo_zen5())

# ================================================================ 3. apu-raven (ROCm/amdgpu#66, node 0 verbatim)
r = fresh('apu-raven')
RAVEN_NODE0 = '''cpu_cores_count 8
simd_count 44
mem_banks_count 1
caches_count 13
io_links_count 1
cpu_core_id_base 0
simd_id_base 0
max_waves_per_simd 40
lds_size_in_kb 64
gds_size_in_kb 0
wave_front_size 64
array_count 1
simd_arrays_per_engine 1
cu_per_simd_array 11
simd_per_cu 4
max_slots_scratch_cu 32
vendor_id 4098
device_id 5597
location_id 2560
drm_render_minor 129
max_engine_clk_fcompute 1250
local_mem_size 0
fw_version 363
capability 8834
max_engine_clk_ccompute 3600
'''
kfd(r, 0, RAVEN_NODE0, 40263, 'raven')
pci(r, '0000:0a:00.0', 0x1002, 0x15dd, 0x1002, 0x15dd, 0xc6, 0x030000)
card(r, 1, '0000:0a:00.0')
dev(r, 'kfd', 'dri/renderD129')
common(r, cpuinfo_zen1())

# ================================================================ 4. container-no-kfd (ROCm/ROCm#4563, 4x MI210)
r = fresh('container-no-kfd')
mi210 = []
for bdfid, u, minor in ((58112, '29273e62ca00396c', 128), (49920, 'beaf2359215679f8', 129),
                        (768, '0c409370be5107fb', 130), (1536, '3644c2b4f8c805bb', 131)):
    mi210.append(dict(cu=104, simd_per_cu=4, se=8, sape=1, cu_per_sa=13, wave=64, waves_per_cu=32,
                      gfx_target_version=90010, device_id=0x740f, bdfid=bdfid, minor=minor, fclk=1700, fw=92,
                      sdma_fw=9, unique_id=uid(u), capability=CAP_GFX90A, caches=211,
                      simd_id_base=2147487744 + 40 * (minor - 128), sdma=(2, 3, 8), cp_queues=24, debug_prop=1494))
kfd(r, 0, cpu_node(64, 5352, 4), 0, '')
for i, (g, gid) in enumerate(zip(mi210, (43127, 8021, 62244, 29005)), start=1):
    kfd(r, i, gpu_node(g, 5352), gid, 'aldebaran')
for n, g in enumerate(mi210):
    bdf = bdf_of(g['bdfid'])
    pci(r, bdf, 0x1002, 0x740f, 0x1002, 0x0c34, 0x02, 0x038000)
    card(r, n, bdf)
# no dev/kfd and no dev/dri: `docker run` without any --device flag
w(r / '.dockerenv', '')
w(r / 'proc/self/cgroup', '0::/\n')
common(r, cpuinfo_epyc(), meminfo=(H200 / 'proc/meminfo').read_text())

# ================================================================ 5. mixed-vendor (AMD: ROCm/ROCm#3949; NVIDIA: thamada/nvidia-smi capture)
r = fresh('mixed-vendor')
g = dict(cu=96, simd_per_cu=2, se=6, sape=2, cu_per_sa=8, wave=32, waves_per_cu=32, gfx_target_version=110000,
         device_id=0x744c, bdfid=768, minor=128, fclk=2482, fw=342, sdma_fw=21, unique_id=uid('dd12161dec38e7a2'),
         capability=CAP_RDNA, caches=206, simd_id_base=2147487744, sdma=(2, 0, 6), cp_queues=8, debug_prop=1495)
kfd(r, 0, cpu_node(16, 5050, 1), 0, '')
kfd(r, 1, gpu_node(g, 5050), 53871, 'ip discovery')
pci(r, '0000:03:00.0', 0x1002, 0x744c, 0x148c, 0x2422, 0xc8, 0x030000)
pci(r, '0000:41:00.0', 0x10de, 0x2204, 0x1458, 0x403b, 0xa1, 0x030000)
card(r, 0, '0000:03:00.0'); card(r, 1, '0000:41:00.0')
dev(r, 'kfd', 'dri/renderD128', 'dri/renderD129', 'nvidia0', 'nvidiactl')
w(r / 'proc/driver/nvidia/version',
  'NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  560.35.03  Release Build  '
  '(dvs-builder@U16-I3-B03-4-3)  Fri Aug 16 21:42:42 UTC 2024\n'
  'GCC version:  gcc version 12.3.0 (Ubuntu 12.3.0-1ubuntu1~22.04) \n')
w(r / 'proc/driver/nvidia/gpus/0000:41:00.0/information',
  'Model: \t\t NVIDIA GeForce RTX 3090\n'
  'IRQ:   \t\t 148\n'
  'GPU UUID: \t GPU-4aba3cfa-7b42-cca6-97f4-5cdd281b0746\n'
  'Video BIOS: \t 94.02.42.40.34\n'
  'Bus Type: \t PCIe\n'
  'DMA Size: \t 47 bits\n'
  'DMA Mask: \t 0x7fffffffffff\n'
  'Bus Location: \t 0000:41:00.0\n'
  'Device Minor: \t 0\n'
  'GPU Firmware: \t 560.35.03\n'
  'GPU Excluded:\t No\n')
common(r, cpuinfo_zen5())

# ================================================================ 6. rx6700xt-override (ROCm/ROCm#2620)
r = fresh('rx6700xt-override')
g = dict(cu=40, simd_per_cu=2, se=2, sape=2, cu_per_sa=10, wave=32, waves_per_cu=32, gfx_target_version=100301,
         device_id=0x73df, bdfid=10240, minor=128, fclk=2855, fw=122, sdma_fw=80, unique_id=0, capability=CAP_RDNA,
         caches=116, simd_id_base=2147487744, sdma=(2, 0, 8), cp_queues=8, debug_prop=1495)
kfd(r, 0, cpu_node(16, 3600, 1), 0, '')
kfd(r, 1, gpu_node(g, 3600), 18642, 'navy_flounder')
pci(r, '0000:28:00.0', 0x1002, 0x73df, 0x1002, 0x0e36, 0xc1, 0x030000)
card(r, 0, '0000:28:00.0')
dev(r, 'kfd', 'dri/renderD128')
common(r, cpuinfo_zen1())

# ================================================================ 7. gtx1070-2gpu (mozilla/snakepit@5d203a5d README.md)
# Copied: the two GPUs' /proc/driver/nvidia/gpus/*/information, as `cat /proc/driver/nvidia/gpus/**/*` printed
# them on node n0 (the GPU UUID elided to "..." there, kept so). Constructed: the PCI functions (vendor 0x10de,
# device 0x1b81 = pci.ids' GP104 [GeForce GTX 1070], VGA class; no subsystem or revision: not in the dump)
# and the device nodes. No /proc/cpuinfo, /proc/meminfo, /etc/os-release or driver version file: none shown.
r = fresh('gtx1070-2gpu')
for bdf, irq, minor in (('0000:01:00.0', 139, 0), ('0000:02:00.0', 142, 1)):
    w(r / f'proc/driver/nvidia/gpus/{bdf}/information',
      'Model: \t\t GeForce GTX 1070\n'
      f'IRQ:   \t\t {irq}\n'
      'GPU UUID: \t ...\n'
      'Video BIOS: \t 86.04.26.00.80\n'
      'Bus Type: \t PCIe\n'
      'DMA Size: \t 47 bits\n'
      'DMA Mask: \t 0x7fffffffffff\n'
      f'Bus Location: \t {bdf}\n'
      f'Device Minor: \t {minor}\n'
      'Blacklisted:\t No\n')
    d = r / f'sys/devices/pci0000:00/{bdf}'
    for key, value in (('vendor', '0x10de'), ('device', '0x1b81'), ('class', '0x030000')):
        w(d / key, value + '\n')
    link(r / f'sys/bus/pci/devices/{bdf}', f'../../../devices/pci0000:00/{bdf}')
    dev(r, f'nvidia{minor}')
dev(r, 'nvidiactl')
print('ok')
