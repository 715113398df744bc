"""Builds a tiny torch CUDA extension for TORCH_CUDA_ARCH_LIST=8.0 (SASS sm_80 only, no PTX) and runs
its kernel. On a GPU of compute capability 9.0 the launch must fail with CUDA's "no kernel image is
available for execution on the device". Usage: python3 cuda_ext_no_ptx.py BUILD_DIR [build|run]

`build` compiles (torch.utils.cpp_extension.load_inline, ninja) and prints the .so path; `run`
imports the built module and launches the kernel (exit 0 if it ran, 1 with the CUDA error if not).
"""
import glob
import os
import sys

build_dir = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else "build"
os.makedirs(build_dir, exist_ok=True)

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
__global__ void add_one(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1.0f;
}
torch::Tensor add_one_inplace(torch::Tensor x) {
  add_one<<<(x.numel() + 255) / 256, 256>>>(x.data_ptr<float>(), (int)x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}
"""
CPP_SOURCE = "torch::Tensor add_one_inplace(torch::Tensor x);"

if mode == "build":
    os.environ["TORCH_CUDA_ARCH_LIST"] = "8.0"
    from torch.utils.cpp_extension import load_inline

    load_inline(name="archfit_sm80_ext", cpp_sources=CPP_SOURCE, cuda_sources=CUDA_SOURCE,
                functions=["add_one_inplace"], build_directory=build_dir, verbose=False,
                extra_cuda_cflags=["-O2"])
    print(glob.glob(os.path.join(build_dir, "archfit_sm80_ext*.so"))[0])
else:
    import torch

    sys.path.insert(0, build_dir)
    import archfit_sm80_ext

    x = torch.zeros(1024, device="cuda")
    archfit_sm80_ext.add_one_inplace(x)
    torch.cuda.synchronize()
    print("kernel ran:", float(x.sum()))
