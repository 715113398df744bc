// The Python binding of scale_add (the kernel is in scale_add.cu).
#include <torch/extension.h>

torch::Tensor scale_add(double a, torch::Tensor x, torch::Tensor y);

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("scale_add", &scale_add, "y + a * x (float32, CUDA)"); }
