// One HIP kernel and a C launcher (loaded with ctypes by the package).
#include <hip/hip_runtime.h>

__global__ void scale(float* x, float factor, int n) {
  int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    x[i] *= factor;
  }
}

extern "C" int archfit_scale(float* device_x, float factor, int n) {
  hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, 0, device_x, factor, n);
  return static_cast<int>(hipGetLastError());
}
