// Targets reach every command the same way (docs/cli.md, "Where targets come from"): --target >
// --targets-from FILE > the config file > detect > (no GPU found) $PYTORCH_ROCM_ARCH /
// $TORCH_CUDA_ARCH_LIST, on the archfit binary. Expected targets come from the inputs themselves (the "Name: gfx1100" line of
// a real rocminfo paste, the H100's compute capability 9.0 in NVIDIA's CUDA GPUs list), PyTorch's
// named-arch table (torch/utils/cpp_extension.py: "Ampere" is "8.0;8.6+PTX") and LLVM's
// AMDGPUUsage processor list, never from archfit's own output.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

std::string sysroot(const std::string& name) {
  return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/" + name + "/root";
}
std::string tool_output(const std::string& name) {
  return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/tool-outputs/" + name;
}
const std::string k_rocminfo = "rocminfo/gfx1100-7900xtx-7800x3d.txt";  // "Name: gfx1100" (RX 7900 XTX)
const std::string k_smi = "nvidia-smi/default-8x-h100-sxm.txt";         // 8 x H100: compute capability 9.0

// A config directory of its own per test, and an environment without the user's arch variables.
class TargetSources : public ::testing::Test {
 protected:
  void SetUp() override {
    home_ = unique_temp_path(std::string("archfit-targets-") +
                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(home_);
    std::filesystem::create_directories(home_ / "xdg" / "archfit");
  }
  void TearDown() override { std::filesystem::remove_all(home_); }

  void write_config(const std::string& text) { std::ofstream(home_ / "xdg" / "archfit" / "config.toml") << text; }
  std::string config_path() const { return (home_ / "xdg" / "archfit" / "config.toml").string(); }

  // archfit ARGS with VARIABLES ("NAME=value") set and the arch variables otherwise unset.
  CommandResult archfit(const std::vector<std::string>& variables, std::vector<std::string> args) const {
    std::vector<std::string> argv = {"/usr/bin/env", "-u", "PYTORCH_ROCM_ARCH", "-u", "TORCH_CUDA_ARCH_LIST",
                                     "HOME=" + home_.string(), "XDG_CONFIG_HOME=" + (home_ / "xdg").string()};
    argv.insert(argv.end(), variables.begin(), variables.end());
    argv.push_back(archfit_binary());
    argv.insert(argv.end(), args.begin(), args.end());
    return run_command(argv);
  }
  nlohmann::json doctor_json(const std::vector<std::string>& variables, std::vector<std::string> args,
                             int* exit_code = nullptr) const {
    args.insert(args.begin(), {"doctor", "--json"});
    auto result = archfit(variables, args);
    if (exit_code != nullptr) {
      *exit_code = result.exit_code;
    }
    auto json = nlohmann::json::parse(result.out, nullptr, false);
    EXPECT_FALSE(json.is_discarded()) << result.out << result.err;
    return json;
  }
  static std::string seen_of(const nlohmann::json& doctor, const std::string& id) {
    for (const auto& check : doctor["checks"]) {
      if (check["id"] == id) {
        return check["status"].get<std::string>() + ": " + check["seen"].get<std::string>();
      }
    }
    return "(no check " + id + ")";
  }

  std::filesystem::path home_;
};

TEST_F(TargetSources, EveryCommandThatBuildsTakesTargetsFromWithOneHelpText) {
  std::string help_line;
  for (const std::string command : {"doctor", "env", "build", "clean", "report", "check"}) {
    auto help = archfit({}, {command, "--help"});
    ASSERT_EQ(help.exit_code, 0) << command;
    auto at = help.out.find("--targets-from");
    ASSERT_NE(at, std::string::npos) << command << ":\n" << help.out;
    std::string line = help.out.substr(at, help.out.find('\n', at) - at);
    if (help_line.empty()) {
      help_line = line;
    }
    EXPECT_EQ(line, help_line) << command;
  }
  EXPECT_NE(help_line.find("rocminfo / nvidia-smi"), std::string::npos) << help_line;
  // --target, too, is one option of one text on the commands that build.
  std::string target_line;
  for (const std::string command : {"doctor", "env", "build", "clean", "report"}) {
    auto help = archfit({}, {command, "--help"});
    auto at = help.out.find("--target ");
    ASSERT_NE(at, std::string::npos) << command;
    std::string line = help.out.substr(at, help.out.find('\n', at) - at);
    if (target_line.empty()) {
      target_line = line;
    }
    EXPECT_EQ(line, target_line) << command;
  }
}

TEST_F(TargetSources, TargetsFromARocminfoOrNvidiaSmiPasteOrASavedDetectReport) {
  auto amd = doctor_json({}, {"--sysroot", sysroot("container-no-kfd"), "--targets-from", tool_output(k_rocminfo)});
  EXPECT_EQ(amd["targets"], nlohmann::json::array({"gfx1100"})) << amd["targets"];
  EXPECT_EQ(amd["targets_source"], "--targets-from " + tool_output(k_rocminfo) + " (rocminfo)");
  EXPECT_EQ(amd["backend"], "rocm");

  auto nvidia = doctor_json({}, {"--sysroot", sysroot("container-no-kfd"), "--targets-from", tool_output(k_smi)});
  EXPECT_EQ(nvidia["targets"], nlohmann::json::array({"sm_90"})) << nvidia["targets"];

  // A saved `detect --json` of the MI300X machine: gfx942 (LLVM AMDGPUUsage: MI300X is gfx942).
  auto saved = home_ / "detect.json";
  auto detect = archfit({}, {"detect", "--json", "--sysroot", sysroot("mi300x-8gpu")});
  ASSERT_EQ(detect.exit_code, 0) << detect.err;
  std::ofstream(saved) << detect.out;
  auto from_json = doctor_json({}, {"--sysroot", sysroot("container-no-kfd"), "--targets-from", saved.string()});
  ASSERT_EQ(from_json["targets"].size(), 1u) << from_json["targets"];
  EXPECT_TRUE(from_json["targets"][0].get<std::string>().starts_with("gfx942")) << from_json["targets"];

  // env exports what the paste names; check reads a paste too (it took only detect --json before).
  auto env = archfit({}, {"env", "--json", "--sysroot", sysroot("container-no-kfd"), "--targets-from",
                          tool_output(k_rocminfo)});
  EXPECT_EQ(env.exit_code, 0) << env.err;
  EXPECT_NE(env.out.find("gfx1100"), std::string::npos) << env.out;
  auto check = archfit({}, {"check", "--targets-from", tool_output(k_smi), "/bin/sh"});
  EXPECT_NE(check.exit_code, 2) << check.err;
  EXPECT_NE(check.out.find("sm_90"), std::string::npos) << check.out;

  // Not a report nor a paste: exit 2 naming the file.
  auto junk = home_ / "junk.txt";
  std::ofstream(junk) << "hello\n";
  auto bad = archfit({}, {"doctor", "--targets-from", junk.string()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--targets-from " + junk.string() + ":"), std::string::npos) << bad.err;
}

TEST_F(TargetSources, ArchVariablesNameTheTargetsAfterEvalOfEnv) {
  // A machine without any GPU (an empty tree): without a target doctor warns that none was found.
  std::string root = (home_ / "empty-root").string();
  std::filesystem::create_directories(root);
  auto bare = doctor_json({}, {"--sysroot", root});
  EXPECT_NE(seen_of(bare, "gpus.targets").find("no GPU found"), std::string::npos) << seen_of(bare, "gpus.targets");

  // eval "$(archfit env --target gfx1100)", then doctor in the same shell.
  std::string self = archfit_binary();
  auto shell = run_command({"/usr/bin/env", "-u", "PYTORCH_ROCM_ARCH", "-u", "TORCH_CUDA_ARCH_LIST",
                            "XDG_CONFIG_HOME=" + (home_ / "xdg").string(), "/bin/bash", "-c",
                            "eval \"$(\"$0\" env --sysroot \"$1\" --target gfx1100)\" && \"$0\" doctor --json --sysroot \"$1\"",
                            self, root});
  auto after = nlohmann::json::parse(shell.out, nullptr, false);
  ASSERT_FALSE(after.is_discarded()) << shell.out << shell.err;
  EXPECT_EQ(after["targets"], nlohmann::json::array({"gfx1100"}));
  EXPECT_EQ(after["targets_source"], "$PYTORCH_ROCM_ARCH");
  std::string seen = seen_of(after, "gpus.targets");
  EXPECT_EQ(seen.find("no GPU found ("), std::string::npos) << seen;  // not the warning
  EXPECT_TRUE(seen.starts_with("pass: from $PYTORCH_ROCM_ARCH: gfx1100")) << seen;

  // PyTorch's spellings: ' ' or ';' between entries, names expanded ("Ampere" = 8.0;8.6+PTX), and the
  // arch-list check reads the variable the same way: it covers the targets it names.
  auto cuda = doctor_json({"TORCH_CUDA_ARCH_LIST=Ampere 9.0+PTX"}, {"--sysroot", root});
  EXPECT_EQ(cuda["targets"], nlohmann::json::array({"sm_80", "sm_86", "sm_90"})) << cuda["targets"];
  EXPECT_TRUE(seen_of(cuda, "gpus.arch-list.TORCH_CUDA_ARCH_LIST").starts_with("pass: "))
      << seen_of(cuda, "gpus.arch-list.TORCH_CUDA_ARCH_LIST");
  auto rocm = doctor_json({"PYTORCH_ROCM_ARCH=gfx90a gfx942"}, {"--sysroot", root});
  EXPECT_EQ(rocm["targets"], nlohmann::json::array({"gfx90a", "gfx942"})) << rocm["targets"];

  // Invalid entries are usage errors with the closest known processor, as for --target.
  auto bad = archfit({"PYTORCH_ROCM_ARCH=gfx942x"}, {"doctor", "--sysroot", root});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("archfit: error: $PYTORCH_ROCM_ARCH gfx942x"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("did you mean gfx942?"), std::string::npos) << bad.err;
  // Both variables set: a build is for one backend.
  auto both = archfit({"PYTORCH_ROCM_ARCH=gfx942", "TORCH_CUDA_ARCH_LIST=9.0"}, {"env", "--sysroot", root});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("are both set"), std::string::npos) << both.err;
}

TEST_F(TargetSources, PrecedenceTargetThenTargetsFromThenConfigThenDetectThenVariables) {
  std::string root = sysroot("h200");  // detect finds the H200 (sm_90)
  write_config("targets = [\"gfx90a\"]\n");
  std::vector<std::string> rocm = {"PYTORCH_ROCM_ARCH=gfx1030"};
  auto by_target = doctor_json(rocm, {"--sysroot", root, "--target", "gfx942", "--targets-from", tool_output(k_rocminfo)});
  EXPECT_EQ(by_target["targets"], nlohmann::json::array({"gfx942"}));
  auto by_file = doctor_json(rocm, {"--sysroot", root, "--targets-from", tool_output(k_rocminfo)});
  EXPECT_EQ(by_file["targets"], nlohmann::json::array({"gfx1100"}));
  auto by_config = doctor_json(rocm, {"--sysroot", root});
  EXPECT_EQ(by_config["targets"], nlohmann::json::array({"gfx90a"}));
  EXPECT_EQ(by_config["targets_source"], config_path() + ":1");
  std::filesystem::remove(config_path());
  // A machine with a GPU: detect's GPUs, never the variable, which doctor judges against them.
  auto by_detect = doctor_json(rocm, {"--sysroot", root});
  EXPECT_EQ(by_detect["targets"], nlohmann::json::array({"sm_90"}));
  EXPECT_EQ(by_detect["targets_source"], "detect");
}

// A stale arch list on a machine with GPUs is the hipErrorNoBinaryForGpu / "no kernel image" case:
// it must FAIL against the GPUs (the H200 capture: compute capability 9.0), not stand in for them.
TEST_F(TargetSources, AStaleArchListOnAMachineWithGpusFailsAgainstThem) {
  std::string root = sysroot("h200");
  int exit_code = 0;
  auto stale = doctor_json({"TORCH_CUDA_ARCH_LIST=8.0"}, {"--sysroot", root}, &exit_code);
  EXPECT_EQ(stale["targets"], nlohmann::json::array({"sm_90"}));
  EXPECT_EQ(stale["targets_source"], "detect");
  std::string seen = seen_of(stale, "gpus.arch-list.TORCH_CUDA_ARCH_LIST");
  EXPECT_TRUE(seen.starts_with("fail: ")) << seen;
  EXPECT_NE(seen.find("leaves out sm_90"), std::string::npos) << seen;
  EXPECT_EQ(exit_code, 1);
  // `archfit env` on that machine exports the GPUs' list, not the stale one back.
  auto env = archfit({"TORCH_CUDA_ARCH_LIST=8.0"}, {"env", "--sysroot", root});
  EXPECT_NE(env.out.find("export TORCH_CUDA_ARCH_LIST='9.0'"), std::string::npos) << env.out;
}

TEST_F(TargetSources, ConfigShowSaysWhereEachSettingComesFrom) {
  auto none = archfit({}, {"config", "show", "--json"});
  ASSERT_EQ(none.exit_code, 0) << none.err;
  auto empty = nlohmann::json::parse(none.out);
  EXPECT_EQ(empty["config_file"]["path"], config_path());
  EXPECT_EQ(empty["config_file"]["found"], false);
  EXPECT_EQ(empty["settings"]["targets"]["from"], "default");

  write_config("# archfit defaults\nproject = \"triton\"\ntargets = \"gfx942,gfx90a\"\npython = \"/usr/bin/python3\"\n");
  auto shown = nlohmann::json::parse(archfit({}, {"config", "show", "--json"}).out);
  EXPECT_EQ(shown["config_file"]["found"], true);
  EXPECT_EQ(shown["settings"]["project"]["value"], "triton");
  EXPECT_EQ(shown["settings"]["project"]["where"], config_path() + ":2");
  EXPECT_EQ(shown["settings"]["targets"]["value"], nlohmann::json::array({"gfx942", "gfx90a"}));
  EXPECT_EQ(shown["settings"]["targets"]["from"], "file");
  EXPECT_EQ(shown["settings"]["python"]["where"], config_path() + ":4");
  // The file beats the arch variables, which count only where detect finds no GPU.
  auto both = nlohmann::json::parse(archfit({"PYTORCH_ROCM_ARCH=gfx1100"}, {"config", "show", "--json"}).out);
  EXPECT_EQ(both["settings"]["targets"]["from"], "file");
  auto text = archfit({}, {"config", "show"});
  EXPECT_NE(text.out.find(config_path() + ":3"), std::string::npos) << text.out;
  std::filesystem::remove(config_path());
  auto env = nlohmann::json::parse(archfit({"PYTORCH_ROCM_ARCH=gfx1100"}, {"config", "show", "--json"}).out);
  EXPECT_EQ(env["settings"]["targets"]["value"], nlohmann::json::array({"gfx1100"}));
  EXPECT_EQ(env["settings"]["targets"]["from"], "environment");
  EXPECT_NE(env["settings"]["targets"]["where"].get<std::string>().find("where archfit detect finds no GPU"),
            std::string::npos);
  write_config("# archfit defaults\nproject = \"triton\"\ntargets = \"gfx942,gfx90a\"\npython = \"/usr/bin/python3\"\n");
  // doctor starts from the file's project.
  auto doctor = doctor_json({}, {"--sysroot", sysroot("container-no-kfd")});
  EXPECT_EQ(doctor["project"], "triton");

  // Without XDG_CONFIG_HOME: ~/.config/archfit/config.toml.
  std::filesystem::create_directories(home_ / ".config" / "archfit");
  std::ofstream(home_ / ".config" / "archfit" / "config.toml") << "project = \"vllm\"\n";
  auto fallback = run_command({"/usr/bin/env", "-u", "XDG_CONFIG_HOME", "-u", "PYTORCH_ROCM_ARCH", "-u",
                               "TORCH_CUDA_ARCH_LIST", "HOME=" + home_.string(), archfit_binary(), "config", "show",
                               "--json"});
  auto from_home = nlohmann::json::parse(fallback.out);
  EXPECT_EQ(from_home["settings"]["project"]["value"], "vllm");
}

TEST_F(TargetSources, ConfigErrorsNameTheFileTheLineAndTheKey) {
  write_config("project = \"pytorch\"\ntargts = [\"gfx942\"]\n");
  for (const std::string command : {"config", "doctor"}) {
    auto typo = archfit({}, command == "config" ? std::vector<std::string>{"config", "show"}
                                                 : std::vector<std::string>{"doctor", "--sysroot", sysroot("h200")});
    EXPECT_EQ(typo.exit_code, 2) << command;
    EXPECT_NE(typo.err.find("archfit: error: " + config_path() + ":2 targts: unknown key"), std::string::npos)
        << typo.err;
  }
  write_config("\n\ntargets = [\"gfx942x\"]\n");
  auto target = archfit({}, {"config", "show"});
  EXPECT_EQ(target.exit_code, 2);
  EXPECT_NE(target.err.find(config_path() + ":3 targets gfx942x"), std::string::npos) << target.err;
  EXPECT_NE(target.err.find("did you mean gfx942?"), std::string::npos) << target.err;

  write_config("project = [1, 2]\n");
  auto type = archfit({}, {"config", "show"});
  EXPECT_EQ(type.exit_code, 2);
  EXPECT_NE(type.err.find(config_path() + ":1 project: expected a string"), std::string::npos) << type.err;

  write_config("project = \"pytorch\"\ntargets = [\"gfx942\"\n");  // unterminated array
  auto syntax = archfit({}, {"config", "show"});
  EXPECT_EQ(syntax.exit_code, 2);
  EXPECT_NE(syntax.err.find(config_path() + ":"), std::string::npos) << syntax.err;
}

}  // namespace
}  // namespace archfit::test
