#include "verify/native_smoke.hpp"

#include <unistd.h>

#include <fstream>
#include <set>

#include <fmt/format.h>

#include "verify/check_process.hpp"

namespace archfit::verify {

namespace {

constexpr std::chrono::seconds k_compile_timeout{300};
constexpr std::chrono::seconds k_run_timeout{120};

bool executable(const std::string& path) { return ::access(path.c_str(), X_OK) == 0; }

}  // namespace

std::string_view vector_add_source() {
  static constexpr std::string_view source = R"CU(
// archfit verify: vector add on every visible GPU, checked bit for bit against the CPU.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#if defined(__HIPCC__)
#include <hip/hip_runtime.h>
#define gpu(name) hip##name
#define gpuSuccess hipSuccess
#define gpuMemcpyHostToDevice hipMemcpyHostToDevice
#define gpuMemcpyDeviceToHost hipMemcpyDeviceToHost
typedef hipError_t gpuError_t;
typedef hipDeviceProp_t gpuDeviceProp;
#else
#include <cuda_runtime.h>
#define gpu(name) cuda##name
#define gpuSuccess cudaSuccess
#define gpuMemcpyHostToDevice cudaMemcpyHostToDevice
#define gpuMemcpyDeviceToHost cudaMemcpyDeviceToHost
typedef cudaError_t gpuError_t;
typedef cudaDeviceProp gpuDeviceProp;
#endif

__global__ void vector_add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

static std::vector<std::string> evidence;
static void add(const char* text) { evidence.push_back(text); }

static void report(bool ok, const char* summary) {
  std::printf("ARCHFIT_RESULT {\"status\": \"%s\", \"summary\": \"%s\", \"evidence\": [", ok ? "pass" : "fail", summary);
  for (size_t i = 0; i < evidence.size(); ++i) std::printf("%s\"%s\"", i ? ", " : "", evidence[i].c_str());
  std::printf("]}\n");
}

int main() {
  int count = 0;
  gpuError_t status = gpu(GetDeviceCount)(&count);
  char line[512];
  if (status != gpuSuccess || count == 0) {
    std::snprintf(line, sizeof line, "no device: %s", status != gpuSuccess ? gpu(GetErrorString)(status) : "count is 0");
    add(line);
    report(false, "the runtime sees no GPU");
    return 1;
  }
  const int n = 1 << 22;
  std::vector<float> a(n), b(n), c(n);
  unsigned state = 12345u;
  for (int i = 0; i < n; ++i) {  // a fixed linear congruential sequence: reproducible random data
    state = state * 1664525u + 1013904223u; a[i] = (state >> 8) * (1.0f / 16777216.0f) - 0.5f;
    state = state * 1664525u + 1013904223u; b[i] = (state >> 8) * (1.0f / 4096.0f);
  }
  int failures = 0;
  for (int device = 0; device < count; ++device) {
    gpuDeviceProp props;
    gpu(GetDeviceProperties)(&props, device);
    float *da = nullptr, *db = nullptr, *dc = nullptr;
    gpuError_t e = gpu(SetDevice)(device);
    if (e == gpuSuccess) e = gpu(Malloc)(&da, n * sizeof(float));
    if (e == gpuSuccess) e = gpu(Malloc)(&db, n * sizeof(float));
    if (e == gpuSuccess) e = gpu(Malloc)(&dc, n * sizeof(float));
    if (e == gpuSuccess) e = gpu(Memcpy)(da, a.data(), n * sizeof(float), gpuMemcpyHostToDevice);
    if (e == gpuSuccess) e = gpu(Memcpy)(db, b.data(), n * sizeof(float), gpuMemcpyHostToDevice);
    if (e == gpuSuccess) {
      vector_add<<<(n + 255) / 256, 256>>>(da, db, dc, n);
      e = gpu(GetLastError)();
    }
    if (e == gpuSuccess) e = gpu(DeviceSynchronize)();
    if (e == gpuSuccess) e = gpu(Memcpy)(c.data(), dc, n * sizeof(float), gpuMemcpyDeviceToHost);
    if (e != gpuSuccess) {
      std::snprintf(line, sizeof line, "device %d (%s): %s", device, props.name, gpu(GetErrorString)(e));
      add(line);
      ++failures;
    } else {
      int wrong = 0;
      for (int i = 0; i < n; ++i) wrong += c[i] != a[i] + b[i];
      std::snprintf(line, sizeof line, "device %d (%s): %d of %d sums %s", device, props.name, wrong ? wrong : n, n,
                    wrong ? "WRONG" : "exact");
      add(line);
      failures += wrong != 0;
    }
    gpu(Free)(da); gpu(Free)(db); gpu(Free)(dc);
  }
  std::snprintf(line, sizeof line, "vector add on %d GPU(s): %s", count, failures ? "FAILED" : "exact on every GPU");
  report(failures == 0, line);
  return failures == 0 ? 0 : 1;
}
)CU";
  return source;
}

std::string find_gpu_compiler(model::Vendor vendor, const probe::Environment& environment) {
  std::string name = vendor == model::Vendor::amd ? "hipcc" : "nvcc";
  if (auto found = probe::find_program(name, environment); !found.empty()) {
    return found;
  }
  std::vector<std::string> candidates;
  for (const char* variable : vendor == model::Vendor::amd ? std::vector<const char*>{"ROCM_PATH", "HIP_PATH"}
                                              : std::vector<const char*>{"CUDA_HOME", "CUDA_PATH"}) {
    if (auto prefix = environment.get(variable); prefix && !prefix->empty()) {
      candidates.push_back(*prefix + "/bin/" + name);
    }
  }
  candidates.push_back(vendor == model::Vendor::amd ? "/opt/rocm/bin/hipcc" : "/usr/local/cuda/bin/nvcc");
  for (const auto& candidate : candidates) {
    if (executable(candidate)) {
      return candidate;
    }
  }
  return {};
}

std::vector<std::string> target_flags(model::Vendor vendor, const std::vector<detect::DetectedGpu>& gpus) {
  std::set<std::string> targets;
  for (const auto& gpu : gpus) {
    if (gpu.vendor == vendor && gpu.visible && gpu.accessible && !gpu.target.empty()) {
      targets.insert(vendor == model::Vendor::amd ? (gpu.override_target.empty() ? gpu.target_id : gpu.override_target)
                                     : gpu.target.substr(3));
    }
  }
  std::vector<std::string> flags;
  for (const auto& target : targets) {
    flags.push_back(vendor == model::Vendor::amd ? "--offload-arch=" + target
                                    : fmt::format("-gencode=arch=compute_{0},code=sm_{0}", target));
  }
  return flags;
}

void run_native_smoke(const detect::DetectReport& machine, const probe::CommandRunner& runner,
                      const probe::Environment& environment, const std::string& work_dir,
                      std::vector<CheckResult>& checks) {
  for (model::Vendor vendor : {model::Vendor::amd, model::Vendor::nvidia}) {
    auto flags = target_flags(vendor, machine.gpus);
    if (flags.empty()) {
      continue;
    }
    CheckResult check;
    check.id = "native.vector-add." + std::string(vendor == model::Vendor::amd ? "hip" : "cuda");
    check.group = "native";
    std::string compiler = find_gpu_compiler(vendor, environment);
    if (compiler.empty()) {
      check.status = model::Status::fail;
      check.seen = vendor == model::Vendor::amd ? "no hipcc (PATH, ROCM_PATH, /opt/rocm/bin): cannot build HIP code for these GPUs"
                                      : "no nvcc (PATH, CUDA_HOME, /usr/local/cuda/bin): cannot build CUDA code for "
                                        "these GPUs";
      checks.push_back(std::move(check));
      continue;
    }
    std::string source = work_dir + (vendor == model::Vendor::amd ? "/vector_add.hip" : "/vector_add.cu");
    std::string program = work_dir + "/vector_add_" + std::string(model::vendor_name(vendor));
    std::ofstream(source) << vector_add_source();
    std::vector<std::string> argv = {compiler, "-O2", "-o", program, source};
    argv.insert(argv.end(), flags.begin(), flags.end());
    auto start = std::chrono::steady_clock::now();
    auto compiled = runner.run(argv, environment, k_compile_timeout);
    if (!compiled.succeeded()) {
      check = interpret_check_output(compiled, k_compile_timeout);
      check.id = "native.vector-add." + std::string(vendor == model::Vendor::amd ? "hip" : "cuda");
      check.group = "native";
      check.status = model::Status::fail;
      check.seen = fmt::format("{} could not build for {}: {}", compiler, fmt::join(flags, " "),
                                  check.stderr_tail.empty() ? check.seen : check.stderr_tail.back());
      check.evidence.push_back(fmt::format("{}", fmt::join(argv, " ")));
      check.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      checks.push_back(std::move(check));
      continue;
    }
    check = run_check_process(runner, {program}, environment, k_run_timeout);
    check.id = "native.vector-add." + std::string(vendor == model::Vendor::amd ? "hip" : "cuda");
    check.group = "native";
    check.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    check.evidence.insert(check.evidence.begin(), fmt::format("built with {} {}", compiler, fmt::join(flags, " ")));
    checks.push_back(std::move(check));
  }
}

}  // namespace archfit::verify
