// Every nvcc: $CUDA_HOME (else $CUDA_PATH)/bin, PATH, /usr/local/cuda and /usr/local/cuda-*; its version
// (`nvcc --version`: "Cuda compilation tools, release 13.0, V13.0.88") and the host-compiler ceilings of
// its own include/crt/host_config.h ("#if __GNUC__ > 15" -> GCC <= 15; "__clang_major__ >= 21" -> clang
// <= 20), read from the toolkit instead of a table when it is there.
#include <algorithm>

#include "doctor/probes.hpp"
#include "doctor/versions.hpp"
#include "util/concurrent_tasks.hpp"

namespace archfit::doctor {

namespace {

std::optional<int> number_after(std::string_view text, std::string_view marker) {
  auto at = text.find(marker);
  if (at == std::string_view::npos) {
    return std::nullopt;
  }
  std::size_t start = at + marker.size();
  while (start < text.size() && text[start] == ' ') {
    ++start;
  }
  int value = 0;
  std::size_t end = start;
  while (end < text.size() && text[end] >= '0' && text[end] <= '9') {
    value = value * 10 + (text[end] - '0');
    ++end;
  }
  if (end == start) {
    return std::nullopt;
  }
  return value;
}

void read_host_config(const probe::SystemRoot& root, NvccInstall& install) {
  for (const char* relative : {"/include/crt/host_config.h", "/targets/x86_64-linux/include/crt/host_config.h",
                               "/targets/sbsa-linux/include/crt/host_config.h"}) {
    auto text = root.read_text(install.home + relative, 256 * 1024);
    if (!text.ok()) {
      continue;
    }
    install.host_config = install.home + relative;
    install.max_gcc = number_after(text.text, "#if __GNUC__ >");
    auto clang = number_after(text.text, "#if (__clang_major__ >=");
    if (clang) {
      install.max_clang = *clang - 1;
    }
    return;
  }
}

}  // namespace

void probe_cuda(const ProbeContext& context, bool run_nvcc, CudaFacts& facts) {
  const auto& root = context.root;
  facts.cuda_home_env = context.environment.get("CUDA_HOME");
  if (!facts.cuda_home_env || facts.cuda_home_env->empty()) {
    facts.cuda_home_env = context.environment.get("CUDA_PATH");
  }
  auto add = [&](const std::string& nvcc, const std::string& origin) {
    if (nvcc.empty() || !is_executable(root, nvcc)) {
      return;
    }
    std::string real = resolve_path(root, nvcc);
    for (auto& install : facts.installs) {
      if (resolve_path(root, install.nvcc) == real) {
        install.origins.push_back(origin);
        return;
      }
    }
    NvccInstall install;
    install.nvcc = nvcc;
    install.home = parent_dir(parent_dir(nvcc));
    install.real_home = parent_dir(parent_dir(real));
    install.origins.push_back(origin);
    read_host_config(root, install);
    facts.installs.push_back(std::move(install));
  };
  if (facts.cuda_home_env && !facts.cuda_home_env->empty()) {
    add(join_path(normalize_path(*facts.cuda_home_env), "bin/nvcc"),
        context.environment.get("CUDA_HOME") ? "$CUDA_HOME" : "$CUDA_PATH");
  }
  add(find_on_path(context, "nvcc"), "PATH");
  add("/usr/local/cuda/bin/nvcc", "/usr/local/cuda");
  std::vector<std::string> versioned;
  for (const auto& entry : root.list_dir("/usr/local")) {
    if (entry.starts_with("cuda-")) {
      versioned.push_back("/usr/local/" + entry + "/bin/nvcc");
    }
  }
  std::sort(versioned.begin(), versioned.end());
  for (const auto& nvcc : versioned) {
    add(nvcc, parent_dir(parent_dir(nvcc)));
  }
  // nvcc's host compiler: $CUDAHOSTCXX (CMake's CMAKE_CUDA_HOST_COMPILER), else nvcc's default, the g++
  // on PATH.
  auto host = context.environment.get("CUDAHOSTCXX");
  Compiler compiler;
  compiler.role = "CUDAHOSTCXX";
  if (host && !host->empty()) {
    compiler.command = *host;
    compiler.how = "$CUDAHOSTCXX=" + *host;
  } else {
    compiler.command = "g++";
    compiler.how = "$CUDAHOSTCXX unset: nvcc uses the g++ on PATH";
  }
  compiler.path = find_on_path(context, compiler.command);
  if (!compiler.path.empty()) {
    compiler.real_path = resolve_path(root, compiler.path, &compiler.links);
  }
  facts.host_compiler = std::move(compiler);
  if (run_nvcc) {
    std::vector<std::function<void()>> tasks;
    if (facts.host_compiler.found() && !facts.installs.empty()) {
      tasks.emplace_back([&context, &facts] { identify(context, facts.host_compiler); });
    }
    for (auto& install : facts.installs) {
      tasks.emplace_back([&context, &install] {
        install.run = run_tool(context, {install.nvcc, "--version"});
        install.version = parse_nvcc_version(install.run.out);
      });
    }
    run_concurrently(std::move(tasks));
  }
  // torch.utils.cpp_extension._find_cuda_home: $CUDA_HOME or $CUDA_PATH, else nvcc on PATH, else /usr/local/cuda.
  for (std::size_t i = 0; i < facts.installs.size(); ++i) {
    const auto& origins = facts.installs[i].origins;
    auto has = [&](std::string_view origin) { return std::find(origins.begin(), origins.end(), origin) != origins.end(); };
    if (has("$CUDA_HOME") || has("$CUDA_PATH")) {
      facts.selected = static_cast<int>(i);
      facts.selected_reason = "$CUDA_HOME/$CUDA_PATH names it";
      break;
    }
  }
  for (const char* origin : {"PATH", "/usr/local/cuda"}) {
    if (facts.selected >= 0) {
      break;
    }
    for (std::size_t i = 0; i < facts.installs.size(); ++i) {
      const auto& origins = facts.installs[i].origins;
      if (std::find(origins.begin(), origins.end(), origin) != origins.end()) {
        facts.selected = static_cast<int>(i);
        facts.selected_reason = std::string(origin) == "PATH" ? "the nvcc on PATH" : "the default /usr/local/cuda";
        break;
      }
    }
  }
}

}  // namespace archfit::doctor
