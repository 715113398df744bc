"""Runs one call per library that launches GPU work, under CUPTI (torch.profiler), and records
which kernels ran and which site-packages libraries the process had mapped.
Usage: python3 exercise.py SITE OUT.jsonl [names...]"""
import json, os, subprocess, sys, time

SITE = sys.argv[1]
OUTFILE = sys.argv[2]

PRELUDE = r'''
import ctypes, glob, json, os, sys
SITE = %r
def lib(base):
    hits = sorted(glob.glob(SITE + "/nvidia/**/" + base + "*", recursive=True))
    hits = [h for h in hits if os.path.isfile(h)]
    if not hits: raise RuntimeError("no " + base + " under " + SITE + "/nvidia")
    return hits[0]
import torch
torch.cuda.init()
from torch.profiler import profile, ProfilerActivity
prof = profile(activities=[ProfilerActivity.CUDA])
prof.__enter__()
def body():
''' % SITE

EPILOGUE = r'''
error = None
try:
    body()
    torch.cuda.synchronize()
except Exception as e:
    import traceback
    error = (type(e).__name__ + ": " + str(e))[:800]
try:
    prof.__exit__(None, None, None)
    kernels = {}
    for ev in prof.events():
        if getattr(ev, "device_type", None) is not None and str(ev.device_type).endswith("CUDA"):
            kernels[ev.name] = kernels.get(ev.name, 0) + 1
except Exception as e:
    kernels = {"<profiler failed: %s>" % e: 0}
maps = set()
for line in open("/proc/self/maps"):
    parts = line.split()
    if len(parts) >= 6 and parts[5].startswith(SITE) and ".so" in parts[5]:
        maps.add(os.path.relpath(parts[5], SITE))
print("@@RESULT@@" + json.dumps({"error": error, "kernels": sorted(kernels.items())[:40],
      "kernel_count": sum(kernels.values()), "mapped": sorted(maps)}))
'''

EXERCISES = {
 "cufft": ("libcufft.so.*", '''
    x = torch.randn(4096, device="cuda", dtype=torch.complex64)
    y = torch.fft.fft(x)
    assert torch.allclose(y.cpu(), torch.fft.fft(x.cpu()), atol=1e-2, rtol=1e-3), "fft differs from CPU"
    a = torch.randn(500, 1000, device="cuda", dtype=torch.float64)
    b = torch.fft.rfft2(a)
    assert torch.allclose(b.cpu(), torch.fft.rfft2(a.cpu()), atol=1e-6), "rfft2 differs from CPU"
    c = torch.randn(3, 7 * 11 * 13 * 17, device="cuda")
    d = torch.fft.ifft(torch.fft.fft(c)).real
    assert torch.allclose(c, d, atol=1e-3), "odd-size round trip"
'''),
 "cufftw": ("libcufftw.so.*", '''
    import numpy as np
    w = ctypes.CDLL(lib("libcufftw.so"))
    n = 4096
    rng = np.random.default_rng(1)
    inp = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex128)
    out = np.zeros_like(inp)
    w.fftw_plan_dft_1d.restype = ctypes.c_void_p
    w.fftw_plan_dft_1d.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_uint]
    w.fftw_execute.argtypes = [ctypes.c_void_p]
    w.fftw_destroy_plan.argtypes = [ctypes.c_void_p]
    plan = w.fftw_plan_dft_1d(n, inp.ctypes.data, out.ctypes.data, -1, 1 << 6)  # FFTW_FORWARD, FFTW_ESTIMATE
    assert plan, "fftw_plan_dft_1d returned NULL"
    w.fftw_execute(plan)
    w.fftw_destroy_plan(plan)
    assert np.allclose(out, np.fft.fft(inp)), "cuFFTW result differs from numpy"
'''),
 "cublas": ("libcublas.so.*", '''
    a = torch.randn(1024, 512, device="cuda"); b = torch.randn(512, 256, device="cuda")
    torch.backends.cuda.matmul.allow_tf32 = False
    assert torch.allclose((a @ b).cpu(), a.cpu() @ b.cpu(), atol=1e-3, rtol=1e-3)
    h = torch.randn(2048, 2048, device="cuda", dtype=torch.bfloat16)
    bias = torch.randn(2048, device="cuda", dtype=torch.bfloat16)
    r = torch.addmm(bias, h, h)  # cublasLt epilogue
    assert torch.allclose(r.float().cpu(), torch.addmm(bias.float().cpu(), h.float().cpu(), h.float().cpu()), atol=2, rtol=5e-2)
    v = torch.randn(4096, device="cuda", dtype=torch.float64)
    assert abs(torch.dot(v, v).item() - (v.cpu() @ v.cpu()).item()) < 1e-6
'''),
 "cusolver": ("libcusolver.so.*", '''
    torch.backends.cuda.preferred_linalg_library("cusolver")
    m = torch.randn(256, 256, device="cuda", dtype=torch.float64); s = m @ m.T + 256 * torch.eye(256, device="cuda", dtype=torch.float64)
    w, v = torch.linalg.eigh(s)
    assert torch.allclose(s @ v, v * w, atol=1e-6)
    l = torch.linalg.cholesky(s); assert torch.allclose(l @ l.T, s, atol=1e-6)
    q, r = torch.linalg.qr(m); assert torch.allclose(q @ r, m, atol=1e-8)
    u, sv, vh = torch.linalg.svd(m); assert torch.allclose(u @ torch.diag(sv) @ vh, m, atol=1e-8)
'''),
 "cusparse": ("libcusparse.so.*", '''
    d = torch.randn(512, 512, device="cuda"); d[d.abs() < 1.5] = 0
    csr = d.to_sparse_csr(); x = torch.randn(512, 64, device="cuda")
    assert torch.allclose(torch.sparse.mm(csr, x), d @ x, atol=1e-3)
    coo = d.to_sparse(); assert torch.allclose(torch.sparse.mm(coo, x), d @ x, atol=1e-3)
'''),
 "cusparselt": ("libcusparseLt.so.*", '''
    from torch.sparse import to_sparse_semi_structured, SparseSemiStructuredTensor
    SparseSemiStructuredTensor._FORCE_CUTLASS = False
    a = torch.tensor([0, 0, 1, 1], dtype=torch.half, device="cuda").tile((128, 32)) * torch.rand(128, 128, device="cuda", dtype=torch.half)
    b = torch.rand(128, 128, device="cuda", dtype=torch.half)
    s = to_sparse_semi_structured(a)
    assert type(s).__name__ == "SparseSemiStructuredTensorCUSPARSELT", type(s).__name__
    assert torch.allclose((s @ b).float(), (a @ b).float(), atol=1e-1, rtol=1e-2)
'''),
 "curand": ("libcurand.so.*", '''
    r = ctypes.CDLL(lib("libcurand.so"))
    gen = ctypes.c_void_p()
    assert r.curandCreateGenerator(ctypes.byref(gen), 100) == 0  # CURAND_RNG_PSEUDO_DEFAULT
    t = torch.zeros(1 << 20, device="cuda")
    assert r.curandGenerateUniform(gen, ctypes.c_void_p(t.data_ptr()), ctypes.c_size_t(t.numel())) == 0
    torch.cuda.synchronize()
    assert t.min().item() > 0 and t.max().item() <= 1 and abs(t.mean().item() - 0.5) < 0.01
    q = ctypes.c_void_p()
    assert r.curandCreateGenerator(ctypes.byref(q), 201) == 0  # CURAND_RNG_QUASI_SOBOL32 (direction vectors)
    assert r.curandGenerateUniform(q, ctypes.c_void_p(t.data_ptr()), ctypes.c_size_t(t.numel())) == 0
    torch.cuda.synchronize(); assert abs(t.mean().item() - 0.5) < 0.01
'''),
 "cudnn": ("libcudnn", '''
    torch.backends.cudnn.enabled = True
    conv = torch.nn.Conv2d(16, 32, 3, padding=1).cuda(); x = torch.randn(8, 16, 64, 64, device="cuda")
    torch.backends.cudnn.allow_tf32 = False
    y = conv(x); ref = torch.nn.functional.conv2d(x.cpu(), conv.weight.cpu(), conv.bias.cpu(), padding=1)
    assert torch.allclose(y.cpu(), ref, atol=1e-3)
    y.sum().backward()
    h = conv.half(); assert torch.isfinite(h(x.half())).all()
    torch.backends.cudnn.benchmark = True
    assert torch.allclose(conv.float()(x).cpu(), ref, atol=1e-3)
    lstm = torch.nn.LSTM(32, 64, 2).cuda(); out, _ = lstm(torch.randn(10, 4, 32, device="cuda"))
    lc = lstm.cpu(); oc, _ = lc(torch.randn(10, 4, 32)); assert out.shape == oc.shape
    bn = torch.nn.BatchNorm2d(16).cuda(); assert torch.isfinite(bn(x)).all()
    q = torch.randn(2, 8, 128, 64, device="cuda", dtype=torch.bfloat16)
    from torch.nn.attention import sdpa_kernel, SDPBackend
    with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
        o = torch.nn.functional.scaled_dot_product_attention(q, q, q)
    with sdpa_kernel(SDPBackend.MATH):
        om = torch.nn.functional.scaled_dot_product_attention(q, q, q)
    assert torch.allclose(o.float(), om.float(), atol=3e-2)
'''),
 "nccl": ("libnccl.so.*", '''
    import torch.distributed as dist
    os.environ.setdefault("NCCL_NVLS_ENABLE", "0")
    dist.init_process_group("nccl", init_method="tcp://127.0.0.1:29533", rank=0, world_size=1)
    t = torch.arange(1 << 20, device="cuda", dtype=torch.float32)
    dist.all_reduce(t); torch.cuda.synchronize()
    assert t[5].item() == 5.0
    g = [torch.empty(16, device="cuda")]; dist.all_gather(g, torch.ones(16, device="cuda")); assert g[0].sum().item() == 16
    dist.destroy_process_group()
'''),
 "nvrtc-jiterator": ("libnvrtc", '''
    f = torch.cuda.jiterator._create_jit_fn("template <typename T> T twice(T x) { return x * 2 + 1; }")
    x = torch.randn(1000, device="cuda"); assert torch.allclose(f(x), x * 2 + 1)
'''),
 "cupy": ("cupy", '''
    import cupy as cp
    a = cp.arange(1 << 20, dtype=cp.float64); assert float(a.sum()) == float((1 << 20) * ((1 << 20) - 1) / 2)
    k = cp.RawKernel(r'extern "C" __global__ void add1(float* x, int n){int i=blockIdx.x*blockDim.x+threadIdx.x; if(i<n) x[i]+=1.0f;}', "add1")
    x = cp.zeros(1000, dtype=cp.float32); k((4,), (256,), (x, cp.int32(1000))); assert float(x.sum()) == 1000.0
    s = cp.sort(cp.random.rand(100000)); assert bool((s[1:] >= s[:-1]).all())
    f = cp.fft.fft(cp.arange(64, dtype=cp.complex64)); import numpy as np; assert np.allclose(cp.asnumpy(f), np.fft.fft(np.arange(64)), atol=1e-2)
    m = cp.random.rand(64, 64); assert cp.allclose(m @ cp.linalg.inv(m + 64 * cp.eye(64)) @ (m + 64 * cp.eye(64)), m)
    assert float(cp.cumsum(cp.ones(10000))[-1]) == 10000.0
'''),
 "jax": ("jax", '''
    import jax, jax.numpy as jnp, numpy as np
    assert jax.devices()[0].platform == "gpu", jax.devices()
    a = jnp.ones((512, 512)); assert float((a @ a)[0, 0]) == 512.0
    f = jnp.fft.fft(jnp.arange(64.0)); assert np.allclose(np.asarray(f), np.fft.fft(np.arange(64.0)), atol=1e-2)
    c = jax.lax.conv(jnp.ones((1, 3, 32, 32)), jnp.ones((8, 3, 3, 3)), (1, 1), "SAME"); assert c.shape == (1, 8, 32, 32)
    e = jnp.linalg.eigh(jnp.eye(32) * 2.0)[0]; assert float(e[0]) == 2.0
    jax.block_until_ready(jax.random.normal(jax.random.PRNGKey(0), (1000,)))
'''),
 "triton": ("triton", '''
    import triton, triton.language as tl
    @triton.jit
    def add(x, y, o, n, B: tl.constexpr):
        i = tl.program_id(0) * B + tl.arange(0, B); m = i < n
        tl.store(o + i, tl.load(x + i, mask=m) + tl.load(y + i, mask=m), mask=m)
    x = torch.randn(10000, device="cuda"); y = torch.randn(10000, device="cuda"); o = torch.empty_like(x)
    add[(triton.cdiv(10000, 1024),)](x, y, o, 10000, B=1024)
    assert torch.allclose(o, x + y)
'''),
 "torchvision": ("torchvision", '''
    import torchvision
    boxes = torch.tensor([[0, 0, 10, 10], [1, 1, 11, 11], [50, 50, 60, 60]], dtype=torch.float, device="cuda")
    keep = torchvision.ops.nms(boxes, torch.tensor([0.9, 0.8, 0.7], device="cuda"), 0.5)
    assert keep.tolist() == [0, 2]
    r = torchvision.ops.roi_align(torch.randn(1, 4, 32, 32, device="cuda"), [boxes], (4, 4)); assert r.shape == (3, 4, 4, 4)
'''),
 "torchaudio": ("torchaudio", '''
    import torchaudio
    w = torch.randn(2, 16000, device="cuda")
    y = torchaudio.functional.lfilter(w, torch.tensor([1.0, -0.5], device="cuda"), torch.tensor([0.5, 0.5], device="cuda"))
    yc = torchaudio.functional.lfilter(w.cpu(), torch.tensor([1.0, -0.5]), torch.tensor([0.5, 0.5]))
    assert torch.allclose(y.cpu(), yc, atol=1e-3)
    lp = torch.randn(1, 50, 10, device="cuda").log_softmax(-1); tg = torch.tensor([[1, 2, 3]], dtype=torch.int32, device="cuda")
    al, sc = torchaudio.functional.forced_align(lp, tg, blank=0); assert al.shape == (1, 50)
'''),
 "numba-cuda": ("numba", '''
    from numba import cuda
    import numpy as np
    @cuda.jit
    def inc(a):
        i = cuda.grid(1)
        if i < a.size: a[i] += 1
    d = cuda.to_device(np.zeros(1000, dtype=np.float32)); inc[4, 256](d); assert d.copy_to_host().sum() == 1000
'''),
 "cufile": ("libcufile.so.*", '''
    from torch.cuda import gds
    path = os.environ.get("ARCHFIT_CUFILE_PATH", "/tmp/archfit_cufile_test.bin")
    t = torch.arange(1 << 20, device="cuda", dtype=torch.float32)
    f = gds.GdsFile(path, os.O_CREAT | os.O_RDWR)
    f.save_storage(t.untyped_storage(), offset=0)
    u = torch.zeros_like(t)
    f.load_storage(u.untyped_storage(), offset=0)
    torch.cuda.synchronize()
    assert torch.equal(t, u), "cuFile round trip differs"
'''),
 "torch-core": ("libtorch_cuda.so", '''
    x = torch.randn(1 << 20, device="cuda"); assert abs(x.sum().item() - x.cpu().sum().item()) < 1
    y = torch.nn.functional.gelu(x); torch.sort(x); torch.topk(x, 10)
'''),
}

names = sys.argv[3:] or list(EXERCISES)
with open(OUTFILE, "w") as out:
    for name in names:
        target, body = EXERCISES[name]
        script = PRELUDE + body + EPILOGUE
        start = time.time()
        env = dict(os.environ, NCCL_NVLS_ENABLE="0", PYTHONUNBUFFERED="1", CUDA_MODULE_LOADING="LAZY",
                   CUFILE_FORCE_COMPAT_MODE="true")
        try:
            script_path = "/tmp/archfit_exercise_%s.py" % name
            with open(script_path, "w") as f:
                f.write(script)  # a file, not -c: triton's @jit reads its source
            p = subprocess.run([sys.executable, script_path], capture_output=True, text=True, timeout=150, env=env)
            res = None
            for line in p.stdout.splitlines():
                if line.startswith("@@RESULT@@"):
                    res = json.loads(line[len("@@RESULT@@"):])
            if res is None:
                res = {"error": "no result, rc=%d: %s" % (p.returncode, p.stderr[-1500:])}
            res["stderr_tail"] = p.stderr[-600:]
        except subprocess.TimeoutExpired:
            res = {"error": "timeout"}
        res.update({"exercise": name, "library": target, "seconds": round(time.time() - start, 1)})
        res["ok"] = res.get("error") is None and res.get("kernel_count", 0) > 0
        out.write(json.dumps(res) + "\n"); out.flush()
        print(name, "ok" if res["ok"] else "FAIL", res.get("kernel_count"), (res.get("error") or "")[:200], flush=True)
