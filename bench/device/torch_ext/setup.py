# A small CUDA extension of archfit's own, built the way PyTorch's ecosystem builds its extensions:
# torch.utils.cpp_extension.CUDAExtension + BuildExtension (ninja, the arch list from
# TORCH_CUDA_ARCH_LIST), through `pip wheel --no-build-isolation` (bench/device/h200_build.sh runs it
# with `archfit build`).
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="archfit-h200-ext",
    version="0.1.0",
    packages=["archfit_h200_ext"],
    ext_modules=[
        CUDAExtension(
            name="archfit_h200_ext._C",
            sources=["archfit_h200_ext/ops.cpp", "archfit_h200_ext/scale_add.cu"],
            extra_compile_args={"cxx": ["-O2"], "nvcc": ["-O2"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
