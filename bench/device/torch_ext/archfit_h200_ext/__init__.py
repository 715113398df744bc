"""y = a * x + y on the GPU (a CUDA kernel compiled by torch.utils.cpp_extension)."""
import torch  # noqa: F401  (loads libtorch before the extension)

from . import _C

scale_add = _C.scale_add
