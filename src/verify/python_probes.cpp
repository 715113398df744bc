#include "verify/python_probes.hpp"

namespace archfit::verify {

std::string_view python_probe_script() {
  // Kept in one raw string so that the probe is exactly what is reviewed here; every check ends by
  // printing one ARCHFIT_RESULT line (see check_process.hpp).
  static constexpr std::string_view script = R"PY(
import json, math, os, sys, time

def result(status, summary, evidence=None, metrics=None):
    print("ARCHFIT_RESULT " + json.dumps({"status": status, "summary": summary,
                                          "evidence": evidence or [], "metrics": metrics or {}}), flush=True)
    sys.exit(0)

check = sys.argv[1]
start = time.perf_counter()
import torch
import_seconds = time.perf_counter() - start

def relative_error(value, reference):
    value = value.double().cpu()
    if not torch.isfinite(value).all():
        return float("nan")
    return float(torch.linalg.norm(value - reference) / torch.linalg.norm(reference))

if check == "import":
    flavour = "ROCm " + torch.version.hip if torch.version.hip else ("CUDA " + torch.version.cuda if torch.version.cuda else "CPU-only")
    result("pass", "torch %s (%s) imported in %.2f s" % (torch.__version__, flavour, import_seconds),
           ["git_version %s" % getattr(torch.version, "git_version", "?")], {"import_seconds": import_seconds})

if check == "runtime":
    expected_vendor = sys.argv[2]
    evidence = ["torch.version.cuda = %r, torch.version.hip = %r" % (torch.version.cuda, torch.version.hip)]
    if expected_vendor == "amd" and not torch.version.hip:
        result("fail", "the GPUs are AMD but this torch is not a ROCm build", evidence)
    if expected_vendor == "nvidia" and not torch.version.cuda:
        result("fail", "the GPUs are NVIDIA but this torch is not a CUDA build", evidence)
    available = torch.cuda.is_available()
    evidence.append("torch.cuda.is_available() = %s" % available)
    if not available:
        result("fail", "torch.cuda.is_available() is False", evidence)
    result("pass", "%s runtime available" % ("HIP " + torch.version.hip if torch.version.hip else "CUDA " + str(torch.version.cuda)), evidence)

if check == "devices":
    expected = json.loads(sys.argv[2])  # [{"target": "sm_90", "name": "..."}] in visible order
    count = torch.cuda.device_count()
    evidence, problems = [], []
    for i in range(count):
        props = torch.cuda.get_device_properties(i)
        if torch.version.hip:
            target = getattr(props, "gcnArchName", "")
        else:
            target = "sm_%d%d" % (props.major, props.minor)
        evidence.append("device %d: %s, %s, %d MiB" % (i, props.name, target, props.total_memory // 2**20))
        if i < len(expected):
            want = expected[i]["target"]
            if not (target == want or target.split(":")[0] == want.split(":")[0]):
                problems.append("device %d is %s; archfit detect says %s" % (i, target, want))
    if count != len(expected):
        problems.append("torch sees %d device(s); archfit detect, with the *_VISIBLE_DEVICES variables applied, sees %d" % (count, len(expected)))
    result("fail" if problems else "pass", "; ".join(problems) if problems else "%d device(s), as detect says" % count, evidence, {"devices": count})

if check == "matmul":
    device = torch.device(sys.argv[2])
    tolerances = json.loads(sys.argv[3])
    generator = torch.Generator().manual_seed(0)
    n = 1024
    a = torch.randn(n, n, generator=generator, dtype=torch.float64)
    b = torch.randn(n, n, generator=generator, dtype=torch.float64)
    reference = a @ b
    evidence, metrics, failed = [], {}, []
    for precision in ["fp32", "tf32", "bf16"]:
        torch.backends.cuda.matmul.allow_tf32 = precision == "tf32"
        dtype = torch.bfloat16 if precision == "bf16" else torch.float32
        c = a.to(device, dtype) @ b.to(device, dtype)
        torch.cuda.synchronize(device)
        error = relative_error(c, reference)
        metrics[precision + "_relative_error"] = error
        bound = tolerances[precision]
        ok = error == error and error <= bound
        evidence.append("%s: relative error %.2e (bound %.0e)%s" % (precision, error, bound, "" if ok else "  <-- FAIL"))
        if not ok:
            failed.append(precision)
    torch.backends.cuda.matmul.allow_tf32 = False
    result("fail" if failed else "pass", ("wrong results in " + ", ".join(failed)) if failed else "fp32, tf32 and bf16 within bounds", evidence, metrics)

if check == "sdpa":
    device = torch.device(sys.argv[2])
    bound = float(sys.argv[3])
    generator = torch.Generator().manual_seed(1)
    q, k, v = (torch.randn(2, 8, 256, 64, generator=generator, dtype=torch.float64) for _ in range(3))
    reference = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(64), dim=-1) @ v
    out = torch.nn.functional.scaled_dot_product_attention(q.to(device, torch.bfloat16), k.to(device, torch.bfloat16), v.to(device, torch.bfloat16))
    torch.cuda.synchronize(device)
    error = relative_error(out, reference)
    ok = error == error and error <= bound
    result("pass" if ok else "fail", "scaled_dot_product_attention bf16: relative error %.2e (bound %.0e)" % (error, bound), [], {"relative_error": error})

if check == "memory":
    device = torch.device(sys.argv[2])
    torch.cuda.synchronize(device)
    baseline = torch.cuda.memory_allocated(device)
    free, total = torch.cuda.mem_get_info(device)
    size = min(free // 4, 8 * 2**30)
    x = torch.empty(size // 4, dtype=torch.float32, device=device)
    x.fill_(1.0)
    checksum = float(x[:: max(1, x.numel() // 4096)].sum())
    del x
    torch.cuda.synchronize(device)
    torch.cuda.empty_cache()
    after = torch.cuda.memory_allocated(device)
    evidence = ["allocated %.2f GiB of %.2f GiB free; allocated before %d B, after %d B" % (size / 2**30, free / 2**30, baseline, after)]
    ok = after == baseline and checksum > 0
    result("pass" if ok else "fail", "allocated and freed %.2f GiB%s" % (size / 2**30, "" if ok else ": memory did not return to the baseline"), evidence, {"gib": size / 2**30})

if check == "triton":
    device = torch.device(sys.argv[2])
    import triton
    import triton.language as tl

    @triton.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask), mask=mask)

    n = 98432
    x = torch.rand(n, device=device)
    y = torch.rand(n, device=device)
    out = torch.empty_like(x)
    add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
    torch.cuda.synchronize(device)
    ok = torch.equal(out, x + y)
    result("pass" if ok else "fail", "triton %s compiled and ran a kernel%s" % (triton.__version__, "" if ok else ", with wrong results"), [])

if check == "compile":
    device = torch.device(sys.argv[2])
    def f(x):
        return torch.sin(x) * 2 + x.cos()
    x = torch.randn(4096, device=device)
    compiled = torch.compile(f)
    ok = torch.allclose(compiled(x), f(x), rtol=1e-5, atol=1e-5)
    result("pass" if ok else "fail", "torch.compile of a small function %s" % ("matches eager" if ok else "differs from eager"), [])

if check == "allreduce":
    rank, world, port, backend, megabytes = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], float(sys.argv[6])
    import torch.distributed as dist
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ["MASTER_PORT"] = port
    if backend == "nccl":
        torch.cuda.set_device(rank)
        device = torch.device("cuda", rank)
    else:
        device = torch.device("cpu")
    dist.init_process_group(backend, rank=rank, world_size=world)
    # Exactness: each rank contributes rank + 1; float32 holds these sums exactly.
    x = torch.full((1024,), float(rank + 1), device=device)
    dist.all_reduce(x)
    expected = world * (world + 1) / 2
    exact = bool((x == expected).all())
    # Bandwidth: nccl-tests' bus bandwidth for all-reduce = bytes / time * 2 (n - 1) / n.
    elements = int(megabytes * 2**20 / 4)
    big = torch.ones(elements, device=device)
    for _ in range(2):
        dist.all_reduce(big)
    if backend == "nccl":
        torch.cuda.synchronize(device)
    iterations = 5
    begin = time.perf_counter()
    for _ in range(iterations):
        dist.all_reduce(big)
    if backend == "nccl":
        torch.cuda.synchronize(device)
    seconds = (time.perf_counter() - begin) / iterations
    bus = elements * 4 / seconds * (2 * (world - 1) / world) / 1e9 if world > 1 else 0.0
    dist.destroy_process_group()
    speed = "bus bandwidth %.1f GB/s" % bus if world > 1 else "one rank: no data crosses a link, so no bus bandwidth"
    result("pass" if exact else "fail",
           "all-reduce over %d rank(s) (%s): %s; %s" % (world, backend, "exact" if exact else "WRONG sum %s, expected %s" % (x[0].item(), expected), speed),
           [], {"bus_bandwidth_gbps": bus, "seconds": seconds, "world_size": world})

result("fail", "unknown check %r" % check)
)PY";
  return script;
}

}  // namespace archfit::verify
