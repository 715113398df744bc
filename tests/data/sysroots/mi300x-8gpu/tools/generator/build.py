#!/usr/bin/env python3
"""Builds tests/data/sysroots/{mi300x-8gpu,mi250x,mi210,mi100} from public dumps (see each SOURCE.md)."""
import os
import shutil
import struct
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rocminfo_tpl as tpl  # noqa: E402

# Lives in tests/data/sysroots/mi300x-8gpu/tools/generator/; BASE is tests/data/sysroots.
BASE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../.."))

# ------------------------------------------------------------------ helpers

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="\n") as f:
        f.write(text)


def symlink(target, link):
    os.makedirs(os.path.dirname(link), exist_ok=True)
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(target, link)


def crc16(data, crc=0):  # lib/crc16.c: CRC-16 (poly 0x8005, reflected 0xA001), used by kfd_generate_gpu_id
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def kfd_gpu_id(devfn, ssv, ssd, domain, device, bus, mem_bytes, xcc_first, num_xcc):
    words = [devfn, ssv | (ssd << 16), domain, device, bus, mem_bytes & 0xFFFFFFFF, mem_bytes >> 32,
             xcc_first | (num_xcc << 16)]
    return crc16(struct.pack("<8I", *words)) & 0xFFFF


# kernel node_show order (gregkh/linux drivers/gpu/drm/amd/amdkfd/kfd_topology.c)
COMMON_KEYS = ["cpu_cores_count", "simd_count", "mem_banks_count", "caches_count", "io_links_count",
               "p2p_links_count", "cpu_core_id_base", "simd_id_base", "max_waves_per_simd",
               "lds_size_in_kb", "gds_size_in_kb", "num_gws", "wave_front_size", "array_count",
               "simd_arrays_per_engine", "cu_per_simd_array", "simd_per_cu", "max_slots_scratch_cu",
               "gfx_target_version", "vendor_id", "device_id", "location_id", "domain",
               "drm_render_minor", "hive_id", "num_sdma_engines", "num_sdma_xgmi_engines",
               "num_sdma_queues_per_engine", "num_cp_queues"]
GPU_KEYS = ["max_engine_clk_fcompute", "local_mem_size", "fw_version", "capability", "debug_prop",
            "sdma_fw_version", "unique_id", "num_xcc"]


def properties(p, gpu):
    keys = COMMON_KEYS + (GPU_KEYS if gpu else []) + ["max_engine_clk_ccompute"]
    missing = [k for k in keys if k not in p]
    assert not missing, missing
    return "".join("%s %d\n" % (k, p[k]) for k in keys)


def bdf(domain, bus, dev=0, fn=0):
    return "%04x:%02x:%02x.%x" % (domain, bus, dev, fn)


# ------------------------------------------------------------------ tree writer

def build(cfg):
    out = os.path.join(BASE, cfg["dir"])
    root = os.path.join(out, "root")
    if os.path.exists(root):
        shutil.rmtree(root)
    nodes = os.path.join(root, "sys/class/kfd/kfd/topology/nodes")
    ncpu = len(cfg["cpus"])
    gpus = cfg["gpus"]
    g = cfg["gpu"]

    # ---- CPU nodes
    for c in cfg["cpus"]:
        local = [x for x in gpus if x["numa"] == c["node"]]
        remote = [x for x in gpus if x["numa"] != c["node"]]
        p = {k: 0 for k in COMMON_KEYS}
        p.update(cpu_cores_count=c["cores"], mem_banks_count=1, caches_count=0,
                 io_links_count=(ncpu - 1) + len(local),   # CPU<->CPU + bidirectional large-BAR GPU links
                 p2p_links_count=len(remote),              # indirect CPU->CPU->GPU links
                 cpu_core_id_base=c["core_id_base"], max_engine_clk_ccompute=cfg["cclk"])
        d = os.path.join(nodes, str(c["node"]))
        write(os.path.join(d, "properties"), properties(p, False))
        write(os.path.join(d, "gpu_id"), "0\n")
        write(os.path.join(d, "name"), "\n")

    # ---- GPU nodes + PCI + DRM
    for i, x in enumerate(gpus):
        b = bdf(0, x["bus"])
        loc = x["bus"] << 8
        p = dict(
            cpu_cores_count=0, simd_count=g["cu"] * 4, mem_banks_count=1, caches_count=g["caches_count"],
            io_links_count=1 + (len(gpus) - 1 if g["hive_id"] else 0),
            p2p_links_count=(ncpu - 1) + (0 if g["hive_id"] else len(gpus) - 1),
            cpu_core_id_base=0, simd_id_base=0x80000000 + i * g["cu_slots"],
            max_waves_per_simd=g["max_waves_per_simd"], lds_size_in_kb=64, gds_size_in_kb=0, num_gws=64,
            wave_front_size=64, array_count=g["array_count"], simd_arrays_per_engine=1,
            cu_per_simd_array=g["cu_per_simd_array"], simd_per_cu=4, max_slots_scratch_cu=32,
            gfx_target_version=g["gfx_target_version"], vendor_id=0x1002, device_id=g["device"],
            location_id=loc, domain=0, drm_render_minor=x["render"], hive_id=g["hive_id"],
            num_sdma_engines=2, num_sdma_xgmi_engines=g["xgmi_sdma"], num_sdma_queues_per_engine=8,
            num_cp_queues=24, max_engine_clk_fcompute=g["fclk"], local_mem_size=0, fw_version=g["fw"],
            capability=g["capability"], debug_prop=g["debug_prop"], sdma_fw_version=g["sdma_fw"],
            unique_id=int(x["uuid"], 16), num_xcc=g["num_xcc"], max_engine_clk_ccompute=cfg["cclk"])
        assert p["location_id"] == x["bdfid"], (p["location_id"], x["bdfid"])
        gid = x.get("gpu_id")
        if gid is None:
            gid = kfd_gpu_id(0, 0x1002, g["subsystem"], 0, g["device"], x["bus"], g["mem_bytes"],
                             0, g["num_xcc"])
        x["gpu_id_final"] = gid
        d = os.path.join(nodes, str(x["node"]))
        write(os.path.join(d, "properties"), properties(p, True))
        write(os.path.join(d, "gpu_id"), "%d\n" % gid)
        write(os.path.join(d, "name"), g["kfd_name"] + "\n")

        # PCI device directory (simplified: root bus pci0000:<bus>, no bridges)
        pdir = os.path.join(root, "sys/devices/pci0000:%02x" % x["bus"], b)
        write(os.path.join(pdir, "vendor"), "0x%04x\n" % 0x1002)
        write(os.path.join(pdir, "device"), "0x%04x\n" % g["device"])
        write(os.path.join(pdir, "subsystem_vendor"), "0x%04x\n" % 0x1002)
        write(os.path.join(pdir, "subsystem_device"), "0x%04x\n" % g["subsystem"])
        write(os.path.join(pdir, "revision"), "0x%02x\n" % g["revision"])
        write(os.path.join(pdir, "class"), "0x%06x\n" % g["class"])
        write(os.path.join(pdir, "numa_node"), "%d\n" % x["numa"])
        symlink("../../../devices/pci0000:%02x/%s" % (x["bus"], b), os.path.join(root, "sys/bus/pci/devices", b))
        symlink("../../../../devices/pci0000:%02x/%s" % (x["bus"], b),
                os.path.join(root, "sys/bus/pci/drivers/amdgpu", b))
        symlink("../../../bus/pci/drivers/amdgpu", os.path.join(pdir, "driver"))
        for kind, num in (("card", x["card"]), ("renderD", x["render"])):
            nm = "%s%d" % (kind, num)
            symlink("../..", os.path.join(pdir, "drm", nm, "device"))
            symlink("../../devices/pci0000:%02x/%s/drm/%s" % (x["bus"], b, nm), os.path.join(root, "sys/class/drm", nm))
            write(os.path.join(root, "dev/dri", nm), "")

        # MI300 compute-partition helper devices (amdgpu_xcp.N): 7 per GPU, no PCI, no KFD node in SPX
        for k in range(g.get("xcp_per_gpu", 0)):
            n = i * g["xcp_per_gpu"] + k
            pd = os.path.join(root, "sys/devices/platform/amdgpu_xcp.%d" % n)
            for kind, num in (("card", x["card"] + 1 + k), ("renderD", x["render"] + 1 + k)):
                nm = "%s%d" % (kind, num)
                symlink("../..", os.path.join(pd, "drm", nm, "device"))
                symlink("../../devices/platform/amdgpu_xcp.%d/drm/%s" % (n, nm), os.path.join(root, "sys/class/drm", nm))
                write(os.path.join(root, "dev/dri", nm), "")

    write(os.path.join(root, "dev/kfd"), "")
    if cfg.get("amdgpu_version"):
        write(os.path.join(root, "sys/module/amdgpu/version"), cfg["amdgpu_version"] + "\n")
    write(os.path.join(root, "proc/cpuinfo"), cfg["cpuinfo"])
    write(os.path.join(root, "proc/meminfo"), meminfo(cfg["memtotal_kb"]))
    write(os.path.join(root, "etc/os-release"), cfg["os_release"])

    # ---- tools: the public dumps, re-rendered byte for byte from the stored issue text
    for name, text in cfg["tools"].items():
        write(os.path.join(out, "tools", name), text)

    # ---- expected.tsv, parsed from tools/rocminfo.txt (the public dump text), never from archfit
    write(os.path.join(out, "expected.tsv"), expected(os.path.join(out, "tools/rocminfo.txt"), cfg))
    return gpus


def parse_rocminfo(text):
    agents, cur, in_isa = [], None, False
    for raw in text.split("\n"):
        line = raw.rstrip()
        s = line.strip()
        if line.startswith("Agent "):
            cur = {}
            agents.append(cur)
            in_isa = False
            continue
        if cur is None or ":" not in s:
            continue
        key, _, val = s.partition(":")
        val = val.strip()
        if key == "ISA Info":
            in_isa = True
        elif key == "Name" and in_isa and "isa" not in cur:
            cur["isa"] = val
        elif key not in cur and not in_isa:
            cur[key] = val
    return [a for a in agents if a.get("Device Type") == "GPU"]


def expected(rocminfo_path, cfg):
    text = open(rocminfo_path).read()
    rows = ["pci\tvendor\ttarget\ttarget_id\tdevice_id\trevision\tcompute_units\tname\tsource"]
    for a in parse_rocminfo(text):
        bdfid = int(a["BDFID"])
        pci = "0000:%02x:%02x.%x" % (bdfid >> 8, (bdfid >> 3) & 0x1F, bdfid & 7)
        chip = a["Chip ID"].split("(")[1].rstrip(")")
        target_id = a["isa"].replace("amdgcn-amd-amdhsa--", "")
        rows.append("\t".join([pci, a["Vendor Name"], a["Name"], target_id, chip,
                               "0x%02x" % cfg["gpu"]["revision"], a["Compute Unit"],
                               cfg.get("expected_name", a["Marketing Name"]),
                               "%s rocminfo agent node %s" % (cfg["issue"], a["Node"])]))
    return "\n".join(rows) + "\n"


# /proc/meminfo, Linux 5.15 key set and "%-16s%8lu kB" layout (fs/proc/meminfo.c show_val_kb);
# only MemTotal is derived from the dump (sum of the rocminfo CPU pools), the rest is constructed.
def meminfo(total):
    free = total * 95 // 100
    avail = total * 97 // 100
    rows = [("MemTotal", total), ("MemFree", free), ("MemAvailable", avail), ("Buffers", 23468),
            ("Cached", 2620376), ("SwapCached", 0), ("Active", 1038632), ("Inactive", 1598420),
            ("Active(anon)", 0), ("Inactive(anon)", 1044), ("Active(file)", 1038632),
            ("Inactive(file)", 1597376), ("Unevictable", 9140), ("Mlocked", 7372), ("SwapTotal", 0),
            ("SwapFree", 0), ("Dirty", 348), ("Writeback", 0), ("AnonPages", 2668), ("Mapped", 9628),
            ("Shmem", 7836), ("KReclaimable", 19400), ("Slab", 59588), ("SReclaimable", 19400),
            ("SUnreclaim", 40188), ("KernelStack", 3608), ("PageTables", 1428), ("NFS_Unstable", 0),
            ("Bounce", 0), ("WritebackTmp", 0), ("CommitLimit", total // 2), ("Committed_AS", 65100),
            ("VmallocTotal", 34359738367), ("VmallocUsed", 52776), ("VmallocChunk", 0),
            ("Percpu", 5120), ("HardwareCorrupted", 0), ("AnonHugePages", 0), ("ShmemHugePages", 0),
            ("ShmemPmdMapped", 0), ("FileHugePages", 0), ("FilePmdMapped", 0)]
    text = "".join("%-16s%8d kB\n" % (k + ":", v) for k, v in rows)
    text += "HugePages_Total:       0\nHugePages_Free:        0\nHugePages_Rsvd:        0\nHugePages_Surp:        0\n"
    text += "%-16s%8d kB\n" % ("Hugepagesize:", 2048) + "%-16s%8d kB\n" % ("Hugetlb:", 0)
    direct1g = (total // (1024 * 1024) + 1) * 1024 * 1024
    text += "%-16s%8d kB\n%-16s%8d kB\n%-16s%8d kB\n" % ("DirectMap4k:", 108544, "DirectMap2M:", 3037184,
                                                       "DirectMap1G:", direct1g)
    return text


if __name__ == "__main__":
    import configs
    for cfg in configs.ALL:
        gp = build(cfg)
        print(cfg["dir"], [(x["node"], x["gpu_id_final"]) for x in gp])
