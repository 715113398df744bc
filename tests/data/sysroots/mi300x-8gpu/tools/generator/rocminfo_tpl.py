# Templates that re-render the four public rocminfo dumps exactly as the stored issue copies show them.
# Unpadded form is written here; pad() re-applies rocminfo's column padding for the dumps whose stored
# copy kept trailing spaces (ROCm/ROCm#3951 and #3002).

def pad(line):
    """Re-apply rocminfo's printf("%s%-25s%-35s") padding (ROCm/rocminfo rocminfo.cc printLabelStr)."""
    if line == "" or line.startswith("ROCk module") or line.startswith("*** Done"):
        return line
    no_pad_prefixes = ("Runtime Version:", "Runtime Ext Version:", "System Timestamp Freq.:",
                       "Sig. Max Wait Duration:", "Mwaitx:", "DMAbuf Support:", "  Features:")
    if line.startswith(no_pad_prefixes):
        return line
    indent = (len(line) - len(line.lstrip(" "))) // 2
    width = 25 + 2 * indent
    if len(line) <= width:
        return line.rstrip().ljust(width)
    if line[width - 1] in " :":
        start = width
    else:
        start = line.index(":", width - 1) + 1
    label, value = line[:start], line[start:]
    if value == "":
        return line
    return label + value.ljust(35)

def cpu_agent(n, node, name, clock, cu, pool_kb, *, mem_props, rec_granule, l1="32768(0x8000) KB"):
    hexkb = "%d(0x%x) KB" % (pool_kb, pool_kb)
    out = ["*******", "Agent %d" % n, "*******",
           "  Name:                    " + name,
           "  Uuid:                    CPU-XX",
           "  Marketing Name:          " + name,
           "  Vendor Name:             CPU",
           "  Feature:                 None specified",
           "  Profile:                 FULL_PROFILE",
           "  Float Round Mode:        NEAR",
           "  Max Queue Number:        0(0x0)",
           "  Queue Min Size:          0(0x0)",
           "  Queue Max Size:          0(0x0)",
           "  Queue Type:              MULTI",
           "  Node:                    %d" % node,
           "  Device Type:             CPU",
           "  Cache Info:",
           "    L1:                      " + l1,
           "  Chip ID:                 0(0x0)",
           "  ASIC Revision:           0(0x0)",
           "  Cacheline Size:          64(0x40)",
           "  Max Clock Freq. (MHz):   %d" % clock,
           "  BDFID:                   0",
           "  Internal Node ID:        %d" % node,
           "  Compute Unit:            %d" % cu,
           "  SIMDs per CU:            0",
           "  Shader Engines:          0",
           "  Shader Arrs. per Eng.:   0",
           "  WatchPts on Addr. Ranges:1"]
    if mem_props:
        out.append("  Memory Properties:")
    out += ["  Features:                None", "  Pool Info:"]
    for i, seg in enumerate(["GLOBAL; FLAGS: FINE GRAINED", "GLOBAL; FLAGS: KERNARG, FINE GRAINED",
                             "GLOBAL; FLAGS: COARSE GRAINED"], 1):
        out += ["    Pool %d" % i,
                "      Segment:                 " + seg,
                "      Size:                    " + hexkb,
                "      Allocatable:             TRUE",
                "      Alloc Granule:           4KB"]
        if rec_granule:
            out.append("      Alloc Recommended Granule:4KB")
        out += ["      Alloc Alignment:         4KB",
                "      Accessible by all:       TRUE"]
    out.append("  ISA Info:")
    return out

def dims(indent, value):
    sp = " " * indent
    return [sp + "x                        " + value,
            sp + "y                        " + value,
            sp + "z                        " + value]

def gpu_agent(n, node, uuid, bdfid, g):
    """g: dict describing the per-dump GPU constants."""
    out = ["*******", "Agent %d" % n, "*******",
           "  Name:                    " + g["gfx"],
           "  Uuid:                    GPU-" + uuid,
           "  Marketing Name:          " + g["market"],
           "  Vendor Name:             AMD",
           "  Feature:                 KERNEL_DISPATCH",
           "  Profile:                 BASE_PROFILE",
           "  Float Round Mode:        NEAR",
           "  Max Queue Number:        128(0x80)",
           "  Queue Min Size:          64(0x40)",
           "  Queue Max Size:          131072(0x20000)",
           "  Queue Type:              MULTI",
           "  Node:                    %d" % node,
           "  Device Type:             GPU",
           "  Cache Info:"]
    out += ["    " + c for c in g["caches"]]
    out += ["  Chip ID:                 " + g["chip"],
            "  ASIC Revision:           " + g["asicrev"],
            "  Cacheline Size:          " + g["cacheline"],
            "  Max Clock Freq. (MHz):   %d" % g["clock"],
            "  BDFID:                   %d" % bdfid,
            "  Internal Node ID:        %d" % node,
            "  Compute Unit:            %d" % g["cu"],
            "  SIMDs per CU:            4",
            "  Shader Engines:          %d" % g["se"],
            "  Shader Arrs. per Eng.:   1",
            "  WatchPts on Addr. Ranges:4"]
    if g["coherent"] is not None:
        out.append("  Coherent Host Access:    " + g["coherent"])
    if g["mem_props"]:
        out.append("  Memory Properties:")
    out += ["  Features:                KERNEL_DISPATCH" + g["feat_tail"],
            "  Fast F16 Operation:      TRUE",
            "  Wavefront Size:          64(0x40)",
            "  Workgroup Max Size:      1024(0x400)",
            "  Workgroup Max Size per Dimension:"] + dims(4, "1024(0x400)") + [
            "  Max Waves Per CU:        " + g["waves"],
            "  Max Work-item Per CU:    " + g["witems"],
            "  Grid Max Size:           4294967295(0xffffffff)",
            "  Grid Max Size per Dimension:"] + dims(4, "4294967295(0xffffffff)") + [
            "  Max fbarriers/Workgrp:   32",
            "  Packet Processor uCode:: %d" % g["pp"],
            "  SDMA engine uCode::      %d" % g["sdma"],
            "  IOMMU Support::          None",
            "  Pool Info:"]
    for i, (seg, size) in enumerate(g["pools"], 1):
        out += ["    Pool %d" % i,
                "      Segment:                 " + seg,
                "      Size:                    " + size,
                "      Allocatable:             " + ("FALSE" if seg == "GROUP" else "TRUE"),
                "      Alloc Granule:           " + ("0KB" if seg == "GROUP" else "4KB")]
        if g["rec_granule"]:
            out.append("      Alloc Recommended Granule:" + ("0KB" if seg == "GROUP" else "2048KB"))
        out += ["      Alloc Alignment:         " + ("0KB" if seg == "GROUP" else "4KB"),
                "      Accessible by all:       FALSE"]
    out += ["  ISA Info:",
            "    ISA 1",
            "      Name:                    amdgcn-amd-amdhsa--" + g["target_id"],
            "      Machine Models:          HSA_MACHINE_MODEL_LARGE",
            "      Profiles:                HSA_PROFILE_BASE",
            "      Default Rounding Mode:   NEAR",
            "      Default Rounding Mode:   NEAR",
            "      Fast f16:                TRUE",
            "      Workgroup Max Size:      1024(0x400)",
            "      Workgroup Max Size per Dimension:"] + dims(8, "1024(0x400)") + [
            "      Grid Max Size:           4294967295(0xffffffff)",
            "      Grid Max Size per Dimension:"] + dims(8, "4294967295(0xffffffff)") + [
            "      FBarrier Max Size:       32"]
    return out

def header(rock, runtime, ext, dmabuf):
    out = [rock, "=====================", "HSA System Attributes", "=====================",
           "Runtime Version:         " + runtime]
    if ext:
        out.append("Runtime Ext Version:     " + ext)
    out += ["System Timestamp Freq.:  1000.000000MHz",
            "Sig. Max Wait Duration:  18446744073709551615 (0xFFFFFFFFFFFFFFFF) (timestamp count)",
            "Machine Model:           LARGE",
            "System Endianness:       LITTLE",
            "Mwaitx:                  DISABLED",
            "DMAbuf Support:          " + dmabuf,
            "",
            "==========",
            "HSA Agents",
            "=========="]
    return out

def render(lines, padded, done):
    if padded:
        lines = [pad(l) for l in lines]
    return "\n".join(lines + [done]) + "\n"

# ---------------------------------------------------------------- the four dumps

POOL = lambda kb: "%d(0x%x) KB" % (kb, kb)

def dump_4021():
    g = dict(gfx="gfx942", market="AMD Instinct MI300X",
             caches=["L1:                      32(0x20) KB", "L2:                      4096(0x1000) KB",
                     "L3:                      262144(0x40000) KB"],
             chip="29857(0x74a1)", asicrev="1(0x1)", cacheline="64(0x40)", clock=2100, cu=304, se=32,
             coherent="FALSE", mem_props=True, feat_tail="", waves="32(0x20)", witems="2048(0x800)",
             pp=150, sdma=21, rec_granule=True, target_id="gfx942:sramecc+:xnack-",
             pools=[("GLOBAL; FLAGS: COARSE GRAINED", POOL(201310208)),
                    ("GLOBAL; FLAGS: EXTENDED FINE GRAINED", POOL(201310208)),
                    ("GLOBAL; FLAGS: FINE GRAINED", POOL(201310208)),
                    ("GROUP", "64(0x40) KB")])
    gpus = [("07386a321fa45d1e", 6912), ("c14abb436c69353f", 15616), ("4be0e20b12ab7fa1", 19968),
            ("18c80aec63536c85", 24320), ("98c78750297b3198", 40192), ("c8d0ce1363e0130e", 48384),
            ("fdee8fae2de9f2b6", 52480), ("6f890acb8eb0492b", 56576)]
    lines = header("ROCk module version 6.8.5 is loaded", "1.14", "1.6", "YES")
    cpu = "Intel(R) Xeon(R) Platinum 8470"
    lines += cpu_agent(1, 0, cpu, 3800, 104, 1056364836, mem_props=True, rec_granule=True, l1="49152(0xc000) KB")
    lines += cpu_agent(2, 1, cpu, 3800, 104, 1056871544, mem_props=True, rec_granule=True, l1="49152(0xc000) KB")
    for i, (u, b) in enumerate(gpus):
        lines += gpu_agent(3 + i, 2 + i, u, b, g)
    return render(lines, False, "*** Done ***")

def dump_3951():
    g = dict(gfx="gfx90a", market="AMD Instinct MI250X/MI250",
             caches=["L1:                      16(0x10) KB", "L2:                      8192(0x2000) KB"],
             chip="29708(0x740c)", asicrev="1(0x1)", cacheline="64(0x40)", clock=1700, cu=104, se=8,
             coherent="FALSE", mem_props=True, feat_tail=" ", waves="32(0x20)", witems="2048(0x800)",
             pp=63, sdma=8, rec_granule=True, target_id="gfx90a:sramecc+:xnack-",
             pools=[("GLOBAL; FLAGS: COARSE GRAINED", POOL(67092480)),
                    ("GLOBAL; FLAGS: EXTENDED FINE GRAINED", POOL(67092480)),
                    ("GLOBAL; FLAGS: FINE GRAINED", POOL(67092480)),
                    ("GROUP", "64(0x40) KB")])
    gpus = [("4007a1a5b32f6606", 12544), ("52502d2da1dea260", 13312), ("653e18d19b439d5a", 4352),
            ("9b11638d619cbb47", 5120), ("5a76590cbb8066eb", 44544), ("e8c729e8113c9eb7", 45824),
            ("1e9de07e91e5f097", 36352), ("51135bae6866f251", 37632)]
    lines = header("ROCk module version 5.16.9.22.20 is loaded", "1.14", "1.6", "NO")
    cpu = "AMD EPYC 73F3 16-Core Processor"
    lines += cpu_agent(1, 0, cpu, 3500, 16, 528221812, mem_props=True, rec_granule=True)
    lines += cpu_agent(2, 1, cpu, 3500, 16, 528473232, mem_props=True, rec_granule=True)
    for i, (u, b) in enumerate(gpus):
        lines += gpu_agent(3 + i, 2 + i, u, b, g)
    return render(lines, True, "*** Done ***")

def dump_3002():
    g = dict(gfx="gfx90a", market="AMD Instinct MI210",
             caches=["L1:                      16(0x10) KB", "L2:                      8192(0x2000) KB"],
             chip="29711(0x740f)", asicrev="1(0x1)", cacheline="64(0x40)", clock=1700, cu=104, se=8,
             coherent=None, mem_props=False, feat_tail=" ", waves="32(0x20)", witems="2048(0x800)",
             pp=78, sdma=8, rec_granule=False, target_id="gfx90a:sramecc+:xnack-",
             pools=[("GLOBAL; FLAGS: COARSE GRAINED", POOL(67092480)),
                    ("GLOBAL; FLAGS:", POOL(67092480)),
                    ("GROUP", "64(0x40) KB")])
    gpus = [("74e9455f63e4f48f", 25344), ("6de8c605c2212805", 17152), ("600c883acb6a35a8", 33536),
            ("850e4e3c316d4738", 41728)]
    lines = header("ROCk module is loaded", "1.1", None, "YES")
    cpu = "AMD EPYC 7763 64-Core Processor"
    lines += cpu_agent(1, 0, cpu, 2450, 128, 263993980, mem_props=False, rec_granule=False)
    lines += cpu_agent(2, 1, cpu, 2450, 128, 264145100, mem_props=False, rec_granule=False)
    for i, (u, b) in enumerate(gpus):
        lines += gpu_agent(3 + i, 2 + i, u, b, g)
    return render(lines, True, "*** Done ***             ")

def dump_3357():
    g = dict(gfx="gfx908", market="AMD Instinct MI100",
             caches=["L1:                      16(0x10) KB", "L2:                      8192(0x2000) KB"],
             chip="29580(0x738c)", asicrev="2(0x2)", cacheline="64(0x40)", clock=1502, cu=120, se=8,
             coherent="FALSE", mem_props=False, feat_tail="", waves="40(0x28)", witems="2560(0xa00)",
             pp=65, sdma=18, rec_granule=False, target_id="gfx908:sramecc+:xnack-",
             pools=[("GLOBAL; FLAGS: COARSE GRAINED", POOL(33538048)),
                    ("GLOBAL; FLAGS: EXTENDED FINE GRAINED", POOL(33538048)),
                    ("GROUP", "64(0x40) KB")])
    gpus = [("84ba779eceead603", 17152), ("866e2aee769e1c8b", 41728)]
    lines = header("ROCk module is loaded", "1.1", None, "YES")
    cpu = "AMD EPYC 7402 24-Core Processor"
    lines += cpu_agent(1, 0, cpu, 2800, 24, 528220356, mem_props=False, rec_granule=False)
    lines += cpu_agent(2, 1, cpu, 2800, 24, 1056952328, mem_props=False, rec_granule=False)
    for i, (u, b) in enumerate(gpus):
        lines += gpu_agent(3 + i, 2 + i, u, b, g)
    return render(lines, False, "*** Done ***")
