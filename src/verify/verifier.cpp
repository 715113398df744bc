#include "verify/verifier.hpp"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <filesystem>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "knowledge/tsv_table.hpp"
#include "verify/check_process.hpp"
#include "verify/native_smoke.hpp"
#include "verify/python_probes.hpp"

namespace archfit::verify {

namespace {

// Tolerances from data/verify_tolerances.tsv: "matmul" → {"fp32": 1e-4, …}.
std::map<std::string, std::map<std::string, double>> tolerances() {
  std::map<std::string, std::map<std::string, double>> result;
  const auto& table = knowledge::embedded_table("verify_tolerances.tsv");
  for (const auto& row : table.rows) {
    result[table.field(row, "check")][table.field(row, "precision")] =
        std::strtod(table.field(row, "max_relative_error").c_str(), nullptr);
  }
  return result;
}

// A TCP port free right now, for torch.distributed's rendezvous.
int free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  int port = 29500;
  if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  if (fd >= 0) {
    ::close(fd);
  }
  return port;
}

class Suite {
 public:
  Suite(const VerifyOptions& options, const probe::CommandRunner& runner, const probe::Environment& environment,
        VerifyReport& report, std::string script)
      : m_options(options), m_runner(runner), m_environment(environment), m_report(report), m_script(std::move(script)) {}

  bool wanted(const std::string& id) const {
    if (m_options.only.empty()) {
      return true;
    }
    for (const auto& only : m_options.only) {
      if (id == only || id.starts_with(only + ".") || id.find("." + only) != std::string::npos) {
        return true;
      }
    }
    return false;
  }

  // Runs one Python check; returns its status.
  model::Status python(const std::string& id, std::vector<std::string> args) {
    if (!wanted(id)) {
      return model::Status::skip;
    }
    std::vector<std::string> argv = {m_options.python, m_script};
    argv.insert(argv.end(), args.begin(), args.end());
    CheckResult check = run_check_process(m_runner, argv, m_environment, m_options.timeout);
    check.id = id;
    check.group = id.starts_with("distributed") ? "distributed" : "python";
    return add(std::move(check));
  }

  void skip(const std::string& id, const std::string& group, const std::string& why) {
    if (!wanted(id)) {
      return;
    }
    CheckResult check;
    check.id = id;
    check.group = group;
    check.status = model::Status::skip;
    check.seen = why;
    add(std::move(check));
  }

  model::Status add(CheckResult check) {
    model::Status status = check.status;
    if (m_options.on_check) {
      m_options.on_check(check);
    }
    m_report.checks.push_back(std::move(check));
    return status;
  }

  // One process per rank, all started together; the check passes when every rank does.
  void allreduce(int world, const std::string& backend) {
    std::string id = "distributed.allreduce";
    if (!wanted(id)) {
      return;
    }
    std::string port = std::to_string(free_port());
    std::vector<CheckResult> ranks(static_cast<std::size_t>(world));
    std::vector<std::thread> threads;
    for (int rank = 0; rank < world; ++rank) {
      threads.emplace_back([&, rank] {
        std::vector<std::string> argv = {m_options.python, m_script, "allreduce",
                                         std::to_string(rank), std::to_string(world), port, backend,
                                         fmt::format("{}", m_options.allreduce_megabytes)};
        ranks[static_cast<std::size_t>(rank)] = run_check_process(m_runner, argv, m_environment, m_options.timeout);
      });
    }
    for (auto& thread : threads) {
      thread.join();
    }
    CheckResult check = ranks.front();
    check.id = id;
    check.group = "distributed";
    for (int rank = 1; rank < world; ++rank) {
      const auto& other = ranks[static_cast<std::size_t>(rank)];
      if (other.status != model::Status::pass && check.status == model::Status::pass) {
        check.status = model::Status::fail;
        check.seen = fmt::format("rank {}: {}", rank, other.seen);
        check.stderr_tail = other.stderr_tail;
        check.crash = other.crash;
      }
      check.seconds = std::max(check.seconds, other.seconds);
    }
    check.evidence.push_back(fmt::format("{} process(es), backend {}, {} MiB tensor for the bandwidth", world, backend,
                                         m_options.allreduce_megabytes));
    add(std::move(check));
  }

 private:
  const VerifyOptions& m_options;
  const probe::CommandRunner& m_runner;
  const probe::Environment& m_environment;
  VerifyReport& m_report;
  std::string m_script;
};

}  // namespace

VerifyReport run_verify(const VerifyOptions& options, const detect::DetectReport& machine,
                        const probe::CommandRunner& runner, const probe::Environment& environment) {
  VerifyReport report;
  report.python = options.python;
  std::vector<const detect::DetectedGpu*> visible;
  std::optional<model::Vendor> vendor;  // the first visible (else accessible) GPU's
  nlohmann::json expected = nlohmann::json::array();
  for (const auto& gpu : machine.gpus) {
    if (gpu.visible && gpu.accessible) {
      report.targets.push_back(gpu.target_id);
      visible.push_back(&gpu);
    }
  }
  // torch numbers the GPUs of its own runtime in visible order.
  std::vector<const detect::DetectedGpu*> ordered = visible;
  std::sort(ordered.begin(), ordered.end(), [](const auto* a, const auto* b) {
    return a->vendor != b->vendor ? a->vendor < b->vendor : a->visible_index < b->visible_index;
  });
  for (const auto* gpu : ordered) {
    vendor = vendor.value_or(gpu->vendor);
    if (gpu->vendor == *vendor) {
      expected.push_back({{"target", gpu->vendor == model::Vendor::amd && !gpu->override_target.empty() ? gpu->override_target
                                                                                            : gpu->target_id},
                          {"name", gpu->name}});
    }
  }
  std::string work = options.work_dir;
  if (work.empty()) {
    std::string pattern = (std::filesystem::temp_directory_path() / "archfit-verify-XXXXXX").string();
    work = ::mkdtemp(pattern.data()) != nullptr ? pattern : std::string("/tmp");
  }
  std::string script = work + "/archfit_verify_probe.py";
  std::ofstream(script) << python_probe_script();
  Suite suite(options, runner, environment, report, script);

  bool any_gpu = false;  // present and accessible, visible or not
  for (const auto& gpu : machine.gpus) {
    any_gpu = any_gpu || (gpu.accessible && !gpu.target.empty());
    if (!vendor && gpu.accessible) {
      vendor = gpu.vendor;
    }
  }
  if (!options.python_only && suite.wanted("native")) {
    std::vector<CheckResult> native;
    run_native_smoke(machine, runner, environment, work, native);
    for (auto& check : native) {
      suite.add(std::move(check));
    }
    if (native.empty()) {
      // The id names the toolkit as when the check runs (docs/verify.md): the GPUs' vendor, or
      // both toolkits when there is no GPU at all.
      std::string why = any_gpu ? "no GPU is visible (a *_VISIBLE_DEVICES variable hides them)"
                                : "no accessible GPU here (archfit detect shows why)";
      std::optional<model::Vendor> skipped = !vendor && !machine.gpus.empty() ? machine.gpus.front().vendor : vendor;
      for (const char* toolkit : {"cuda", "hip"}) {
        if (!skipped || *skipped == (std::string(toolkit) == "hip" ? model::Vendor::amd : model::Vendor::nvidia)) {
          suite.skip(std::string("native.vector-add.") + toolkit, "native", why);
        }
      }
    }
  }
  auto cleanup = [&] {
    if (options.work_dir.empty()) {
      std::error_code ignored;
      std::filesystem::remove_all(work, ignored);
    }
  };
  if (options.native_only) {
    cleanup();
    return report;
  }

  bool have_gpu = !expected.empty();
  std::string backend = options.backend.empty() ? "nccl" : options.backend;
  if (suite.python("python.import", {"import"}) == model::Status::fail) {
    // Nothing else can run; the crash or error above is the finding.
    cleanup();
    return report;
  }
  if (!any_gpu) {
    suite.skip("python.runtime", "python", "no accessible GPU here (archfit detect shows why)");
  } else if (suite.python("python.runtime", {"runtime", vendor ? std::string(model::vendor_name(*vendor)) : ""}) !=
             model::Status::fail) {
    // With the GPUs hidden, torch must agree that it sees none.
    suite.python("python.devices", {"devices", expected.dump()});
    auto bounds = tolerances();
    for (std::size_t index = 0; index < expected.size(); ++index) {
      std::string device = fmt::format("cuda:{}", index);
      suite.python("python.matmul." + device, {"matmul", device, nlohmann::json(bounds["matmul"]).dump()});
      suite.python("python.sdpa." + device, {"sdpa", device, fmt::format("{}", bounds["sdpa"]["bf16"])});
      suite.python("python.memory." + device, {"memory", device});
    }
    if (have_gpu) {
      suite.python("python.triton", {"triton", "cuda:0"});
      if (options.compile) {
        suite.python("python.compile", {"compile", "cuda:0"});
      }
    }
  }
  int world = options.world_size > 0 ? options.world_size : static_cast<int>(expected.size());
  if (world > 0 && (have_gpu || backend == "gloo")) {
    suite.allreduce(world, backend);
  }
  cleanup();
  return report;
}

}  // namespace archfit::verify
