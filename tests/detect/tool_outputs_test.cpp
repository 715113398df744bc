// `archfit detect --from-rocminfo / --from-nvidia-smi` on real outputs from public issues
// (tests/data/tool-outputs, SOURCES.tsv names each one's URL) and from the H200 machine. The
// expected GPUs are what the text itself shows (rocminfo's agent Name and "ISA 1" target ID;
// nvidia-smi's names and compute_cap), written down in SOURCES.tsv by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "knowledge/tsv_table.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    auto at = text.find(separator, start);
    parts.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) {
      return parts;
    }
    start = at + 1;
  }
}

fs::path outputs() { return fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/tool-outputs"; }

TEST(ToolOutputs, EveryPublicOutputYieldsTheGpusItShows) {
  auto rows = lines(read_text(outputs() / "SOURCES.tsv"));
  ASSERT_GE(rows.size(), 15u);
  std::size_t checked = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    auto fields = split(rows[i], '\t');
    ASSERT_GE(fields.size(), 3u) << rows[i];
    const std::string& file = fields[0];
    SCOPED_TRACE(file + " (" + fields[1] + ")");
    bool rocminfo = file.starts_with("rocminfo/");
    auto report = run_archfit_json(
        {"detect", rocminfo ? "--from-rocminfo" : "--from-nvidia-smi", (outputs() / file).string()});
    // "" = no GPU in the text; "?" = the text does not show that value (not checked).
    auto expected = fields[2].empty() ? std::vector<std::string>{} : split(fields[2], ';');
    if (expected.empty() && report.contains("error") &&
        report["error"].get<std::string>().find("so the GPUs cannot be told") != std::string::npos) {
      ++checked;  // rocminfo cut before its agents, or grepped to lines that name none: archfit says so
      continue;
    }
    ASSERT_TRUE(report.contains("gpus")) << report.dump();
    ASSERT_EQ(report["gpus"].size(), expected.size()) << report["gpus"].dump();
    for (std::size_t g = 0; g < expected.size(); ++g) {
      const auto& gpu = report["gpus"][g];
      // Every GPU says which lines it was read from, in order and inside the file.
      ASSERT_TRUE(gpu.contains("lines")) << gpu.dump();
      EXPECT_LE(gpu["lines"][0].get<std::size_t>(), gpu["lines"][1].get<std::size_t>());
      std::string text = read_text(outputs() / file);
      EXPECT_LE(gpu["lines"][1].get<std::size_t>(), static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
      EXPECT_TRUE(gpu.contains("confidence"));
      if (rocminfo) {
        // "gfx90a(gfx90a:sramecc+:xnack-)"
        auto open = expected[g].find('(');
        EXPECT_EQ(gpu["vendor"], "amd");
        EXPECT_EQ(gpu["target"], expected[g].substr(0, open));
        std::string target_id = expected[g].substr(open + 1, expected[g].size() - open - 2);
        if (target_id != "?") {
          EXPECT_EQ(gpu["target_id"], target_id);
        }
      } else {
        // "NVIDIA TITAN V sm_70", "? sm_89", "NVIDIA GeForce ... ?" (the name does not establish it) or just the name
        std::string name = expected[g];
        auto sm = name.rfind(" sm_");
        if (name.ends_with(" ?")) {
          name.resize(name.size() - 2);
          EXPECT_TRUE(gpu["target"].is_null()) << gpu.dump();  // a name that cannot tell the product is not guessed
        } else if (name.starts_with("sm_")) {
          EXPECT_EQ(gpu["target"], name);
          name = "?";
        } else if (sm != std::string::npos) {
          EXPECT_EQ(gpu["target"], name.substr(sm + 1));
          name = name.substr(0, sm);
        }
        EXPECT_EQ(gpu["vendor"], "nvidia");
        if (name != "?") {
          EXPECT_EQ(gpu["name"], name);
        }
      }
    }
    ++checked;
  }
  EXPECT_EQ(checked, rows.size() - 1);
}

// On Windows, `nvidia-smi > smi.txt` in PowerShell 5.1 saves UTF-16LE with a byte order mark. Every public
// paste, converted so by glibc's iconv, gives the same GPUs, lines and driver as its UTF-8 form.
TEST(ToolOutputs, PastesSavedAsUtf16ByWindowsReadAsTheirUtf8) {
  auto rows = lines(read_text(outputs() / "SOURCES.tsv"));
  std::size_t checked = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::string file = split(rows[i], '\t')[0];
    SCOPED_TRACE(file);
    auto utf16 = iconv_encode(read_text(outputs() / file), "UTF-16");
    if (!utf16) {
      continue;  // not well-formed UTF-8
    }
    std::string copy = (unique_temp_path("utf16-paste") += ".txt").string();
    std::ofstream(copy, std::ios::binary) << *utf16;
    const char* option = file.starts_with("rocminfo/") ? "--from-rocminfo" : "--from-nvidia-smi";
    int plain_exit = -1;
    int converted_exit = -1;
    auto plain = run_archfit_json({"detect", option, (outputs() / file).string()}, &plain_exit);
    auto converted = run_archfit_json({"detect", option, copy}, &converted_exit);
    fs::remove(copy);
    EXPECT_EQ(converted_exit, plain_exit);
    EXPECT_EQ(converted["gpus"], plain["gpus"]);
    EXPECT_EQ(converted["drivers"], plain["drivers"]);
    ++checked;
  }
  EXPECT_GE(checked, 60u);
}

// NVIDIA's own outputs name no compute capability except in the CSV; the others get it from the
// PCI-id table (by device id in -q, by name otherwise). On the H200 machine all three formats were
// captured with the CSV, which is the oracle.
TEST(ToolOutputs, H200FormatsAgreeWithItsCsv) {
  fs::path tools = fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots/h200/tools";
  auto csv = run_archfit_json({"detect", "--from-nvidia-smi", (tools / "nvidia-smi-query.csv").string()});
  ASSERT_EQ(csv["gpus"].size(), 1u);
  EXPECT_EQ(csv["gpus"][0]["target"], "sm_90");
  EXPECT_EQ(csv["gpus"][0]["pci"], "0000:00:06.0");
  EXPECT_EQ(csv["gpus"][0]["confidence"], "exact");  // the CSV prints compute_cap
  EXPECT_EQ(csv["drivers"]["nvidia"], "580.159.04");
  for (const char* file : {"nvidia-smi.txt", "nvidia-smi-q.txt"}) {
    SCOPED_TRACE(file);
    auto report = run_archfit_json({"detect", "--from-nvidia-smi", (tools / file).string()});
    ASSERT_EQ(report["gpus"].size(), 1u);
    EXPECT_EQ(report["gpus"][0]["name"], csv["gpus"][0]["name"]);
    EXPECT_EQ(report["gpus"][0]["target"], csv["gpus"][0]["target"]);
    EXPECT_EQ(report["gpus"][0]["pci"], csv["gpus"][0]["pci"]);
    EXPECT_EQ(report["drivers"]["nvidia"], "580.159.04");
  }
  auto q = run_archfit_json({"detect", "--from-nvidia-smi", (tools / "nvidia-smi-q.txt").string()});
  EXPECT_EQ(q["gpus"][0]["device_id"], "0x2335");  // "Device Id : 0x233510DE"
  EXPECT_EQ(q["gpus"][0]["uuid"], "GPU-df22b45f-7ac8-b207-d100-46b70f5cab61");
}

TEST(ToolOutputs, NotAToolOutputIsAClearError) {
  auto result = run_command({archfit_binary(), "detect", "--from-rocminfo",
                             (fs::path(ARCHFIT_SOURCE_DIR) / "README.md").string()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("not rocminfo output"), std::string::npos) << result.err;
  auto missing = run_command({archfit_binary(), "detect", "--from-nvidia-smi", "/nonexistent/smi.txt"});
  EXPECT_EQ(missing.exit_code, 2);  // a path that is not there is a usage error (docs/cli.md, "Exit codes")
  EXPECT_NE(missing.err.find("/nonexistent/smi.txt"), std::string::npos);
  auto both = run_command({archfit_binary(), "detect", "--from-nvidia-smi", "a", "--from-rocminfo", "b"});
  EXPECT_EQ(both.exit_code, 2);
}

// ---- Shapes of real pastes: excerpts cut from the real outputs above, the way people cut them ----

std::string join_lines(const std::vector<std::string>& rows) {
  std::string text;
  for (const auto& row : rows) {
    text += row + "\n";
  }
  return text;
}

std::vector<std::string> file_lines(const std::string& relative) { return lines(read_text(outputs() / relative)); }

nlohmann::json detect_text(const std::string& flag, const std::string& text, int* exit_code = nullptr) {
  auto path = unique_temp_path("paste.txt");
  {
    std::ofstream out(path);
    out << text;
  }
  auto report = run_archfit_json({"detect", flag, path.string()}, exit_code);
  fs::remove(path);
  return report;
}

std::vector<std::string> targets_of(const nlohmann::json& report) {
  std::vector<std::string> targets;
  for (const auto& gpu : report["gpus"]) {
    targets.push_back(gpu["target_id"].is_string() ? gpu["target_id"].get<std::string>() : "null");
  }
  return targets;
}

// Only the ISA Info blocks of the MI210 machine (one CPU, four GPUs): each "ISA 1" name is a GPU.
TEST(ToolOutputShapes, RocminfoIsaInfoBlocksAlone) {
  auto all = file_lines("rocminfo/mi210-4gpu.txt");
  std::vector<std::string> excerpt;
  bool in_isa = false;
  for (const auto& line : all) {
    if (line.find("ISA Info:") != std::string::npos) {
      in_isa = true;
    } else if (line.starts_with("*******") || line.starts_with("Agent ")) {
      in_isa = false;
    }
    if (in_isa) {
      excerpt.push_back(line);
    }
  }
  ASSERT_GT(excerpt.size(), 8u);
  auto report = detect_text("--from-rocminfo", join_lines(excerpt));
  EXPECT_EQ(targets_of(report), std::vector<std::string>(4, "gfx90a:sramecc+:xnack-"));
  for (const auto& gpu : report["gpus"]) {
    EXPECT_EQ(gpu["target"], "gfx90a");
    EXPECT_EQ(gpu["confidence"], "exact");
    EXPECT_EQ(gpu["amd"]["xnack"], "off");
  }
  // A single ISA line, as quoted in a sentence.
  auto one = detect_text("--from-rocminfo", "my card shows amdgcn-amd-amdhsa--gfx1030 in rocminfo\n");
  EXPECT_EQ(targets_of(one), std::vector<std::string>{"gfx1030"});
  EXPECT_EQ(one["gpus"][0]["lines"], nlohmann::json::array({1, 1}));
}

// Agents without their "Agent N" header, the banners and the "Device Type" line: the CPUs must not
// become GPUs, the two MI300X must stay two.
TEST(ToolOutputShapes, RocminfoAgentsWithoutHeaderOrDeviceType) {
  std::vector<std::string> excerpt;
  for (const auto& line : file_lines("rocminfo/mi300x-2gpu-docker.txt")) {
    if (line.starts_with("Agent ") || line.starts_with("*******") || line.find("Device Type:") != std::string::npos) {
      continue;
    }
    excerpt.push_back(line);
  }
  auto report = detect_text("--from-rocminfo", join_lines(excerpt));
  EXPECT_EQ(targets_of(report), std::vector<std::string>(2, "gfx942:sramecc+:xnack-"));
  EXPECT_EQ(report["gpus"][0]["pci"], "0000:11:00.0");  // BDFID 4352
  EXPECT_EQ(report["gpus"][1]["pci"], "0000:2f:00.0");  // BDFID 12032
}

// Pool blocks cut off (as in a screenshot-sized paste): still four GPUs with their own BDFIDs.
TEST(ToolOutputShapes, RocminfoAgentsWithPoolBlocksCutOff) {
  std::vector<std::string> excerpt;
  bool in_pool = false;
  for (const auto& line : file_lines("rocminfo/mi210-4gpu.txt")) {
    if (line.find("Pool Info:") != std::string::npos) {
      in_pool = true;
    } else if (line.find("ISA Info:") != std::string::npos || line.starts_with("*******")) {
      in_pool = false;
    }
    if (!in_pool) {
      excerpt.push_back(line);
    }
  }
  auto report = detect_text("--from-rocminfo", join_lines(excerpt));
  ASSERT_EQ(report["gpus"].size(), 4u);
  std::vector<std::string> pci;
  for (const auto& gpu : report["gpus"]) {
    pci.push_back(gpu["pci"]);
  }
  // BDFID 58112, 49920, 768, 1536 (KFD order)
  EXPECT_EQ(pci, (std::vector<std::string>{"0000:e3:00.0", "0000:c3:00.0", "0000:03:00.0", "0000:06:00.0"}));
}

// Only a Name line, or only a Chip ID (mapped through data/amdgpu_pci_ids.tsv: 0x740f is the MI210,
// gfx90a, in the kernel's amdgpu_drv.c pciidlist).
TEST(ToolOutputShapes, RocminfoOnlyANameOrAChipId) {
  std::string name_line;
  std::string chip_line;
  for (const auto& line : file_lines("rocminfo/mi210-4gpu.txt")) {
    if (name_line.empty() && line.find("Name:") != std::string::npos && line.find("gfx90a") != std::string::npos &&
        line.find("amdgcn") == std::string::npos) {
      name_line = line;
    }
    if (chip_line.empty() && line.find("Chip ID:") != std::string::npos && line.find("0x740f") != std::string::npos) {
      chip_line = line;
    }
  }
  ASSERT_FALSE(name_line.empty());
  ASSERT_FALSE(chip_line.empty());
  auto named = detect_text("--from-rocminfo", name_line + "\n");
  EXPECT_EQ(targets_of(named), std::vector<std::string>{"gfx90a"});
  EXPECT_EQ(named["gpus"][0]["confidence"], "exact");
  auto chip = detect_text("--from-rocminfo", chip_line + "\n");
  EXPECT_EQ(targets_of(chip), std::vector<std::string>{"gfx90a"});
  EXPECT_EQ(chip["gpus"][0]["confidence"], "inferred-from-chip-id");
  EXPECT_EQ(chip["gpus"][0]["device_id"], "0x740f");
  // A CPU agent's Chip ID is 0: no GPU.
  auto cpu = detect_text("--from-rocminfo", "  Chip ID:                 0(0x0)\n");
  EXPECT_TRUE(cpu["gpus"].empty());
}

// `rocminfo | grep gfx` after a prompt, then another command: two GPUs (their generic ISAs belong to
// them), nothing from the command after.
TEST(ToolOutputShapes, RocminfoGrepAfterAPromptStopsAtTheNextPrompt) {
  std::string text = "user@box:~$ rocminfo | grep gfx\n";
  for (const auto& line : file_lines("rocminfo/gfx1100-7900xtx-raphael-gfx1036.txt")) {
    if (line.find("gfx") != std::string::npos) {
      text += line + "\n";
    }
  }
  text += "user@box:~$ clinfo | grep Name\n  Name:                                          gfx1100\n";
  auto report = detect_text("--from-rocminfo", text);
  EXPECT_EQ(targets_of(report), (std::vector<std::string>{"gfx1100", "gfx1036"}));
}

// rocminfo piped into grep that kept no line naming a GPU: the GPUs cannot be told, which is an error that says
// so (round 3: "$ rocminfo | grep -i compute", then "Compute Unit: 96" of an RX 7900 XTX). Output cut before its
// first agent says that instead (round 4); HSA's attributes without rocminfo's opening lines are not rocminfo's.
TEST(ToolOutputShapes, RocminfoFilteredToLinesThatNameNoGpu) {
  int exit_code = 0;
  auto filtered = detect_text("--from-rocminfo", "$ rocminfo | grep -i vendor\n  Vendor Name:             CPU\n"
                                                 "  Vendor Name:             AMD\n", &exit_code);
  EXPECT_EQ(exit_code, 1);
  ASSERT_TRUE(filtered.contains("error")) << filtered.dump();
  EXPECT_NE(filtered["error"].get<std::string>().find("filtered rocminfo's output"), std::string::npos);
  auto cut = detect_text("--from-rocminfo", "$ rocminfo | head -30\nROCk module version 6.8.5 is loaded\n"
                                            "HSA System Attributes\nRuntime Version:         1.1\n"
                                            "Machine Model:           LARGE\n", &exit_code);
  EXPECT_EQ(exit_code, 1);
  EXPECT_NE(cut["error"].get<std::string>().find("ends before its first agent (line 2: ROCk module version 6.8.5 is "
                                                 "loaded)"),
            std::string::npos)
      << cut.dump();
  // HSA's attributes without rocminfo's opening lines are nothing rocminfo-shaped.
  auto bare = detect_text("--from-rocminfo", "Runtime Version:         1.1\nMachine Model:           LARGE\n", &exit_code);
  EXPECT_NE(bare["error"].get<std::string>().find("not rocminfo output"), std::string::npos) << bare.dump();
}

// A sentence that ends with a tool's name in inline code is prose, not a command: rocminfo's lines after it are read.
TEST(ToolOutputShapes, ProseEndingWithAToolNameIsNoCommand) {
  std::string agents;
  for (const auto& line : file_lines("rocminfo/gfx1100-7900xtx-raphael-gfx1036.txt")) {
    if (line.find("gfx") != std::string::npos) {
      agents += line + "\n";
    }
  }
  EXPECT_EQ(targets_of(detect_text("--from-rocminfo", "It does not show in `rocm-smi`.\n" + agents)),
            (std::vector<std::string>{"gfx1100", "gfx1036"}));
}

// nvidia-smi's table cut right after its first two lines (the time it ran, the top border; round 4): nvidia-smi's
// output that shows no GPU. The time alone, or a border alone, is nothing.
TEST(ToolOutputShapes, NvidiaTableCutAfterItsBorder) {
  int exit_code = 0;
  auto cut = detect_text("--from-nvidia-smi", "Mon Jul  6 11:49:06 2026\n+---------------------------------------\n",
                         &exit_code);
  ASSERT_TRUE(cut.contains("gpus")) << cut.dump();
  EXPECT_TRUE(cut["gpus"].empty());
  // A command continued over two lines by a backslash: the second names nvidia-smi (round 5, nvidia-docker).
  auto continued = detect_text("--from-nvidia-smi", "$ docker run --gpus all \\ \n    --rm nvidia/cuda:12.4.1-base nvidia-smi -L\n"
                                                    "GPU 0: NVIDIA H200 (UUID: GPU-df22b45f-7ac8-b207-d100-46b70f5cab61)\n");
  ASSERT_EQ(continued["gpus"].size(), 1u) << continued.dump();
  EXPECT_EQ(continued["gpus"][0]["target"], "sm_90");
  // `nvidia-smi -q` cut after its banner (round 5: the stored thread ends at the Driver Version).
  auto q = detect_text("--from-nvidia-smi", "==============NVSMI LOG==============\n\nTimestamp                           : "
                                            "Mon Jan 14 10:28:27 2019\nDriver Version                      : 390.87\n");
  ASSERT_TRUE(q.contains("gpus")) << q.dump();
  EXPECT_TRUE(q["gpus"].empty());
  // A closing fence ends a prompt's output: lspci's section does not swallow the nvidia-smi table in the next fence.
  auto fenced = detect_text("--from-nvidia-smi",
                            "```\n# lspci -nnk | grep -i nvidia\n05:00.0 VGA compatible controller [0300]: NVIDIA "
                            "Corporation GA102 [GeForce RTX 3090] [10de:2204] (rev a1)\n```\nFull nvidia-smi:\n```\n"
                            "|   0  NVIDIA GeForce RTX 3090     Off |   00000000:05:00.0 Off |                  N/A |\n```\n");
  ASSERT_EQ(fenced["gpus"].size(), 1u) << fenced.dump();
  EXPECT_EQ(fenced["gpus"][0]["target"], "sm_86");
  for (const char* text : {"Mon Jul  6 11:49:06 2026\n", "+---------------------------------------\n",
                           "Mon Jul  6 11:49:06 2026 was the day\n+------------------\n"}) {
    auto other = detect_text("--from-nvidia-smi", text, &exit_code);
    EXPECT_EQ(exit_code, 1) << text;
    EXPECT_FALSE(other.contains("gpus") && other["gpus"].is_array()) << text << other.dump();
  }
}

// A noheader CSV of names with `nvidia-smi -L` typed after it: each command's shape is its own, one GPU each.
TEST(ToolOutputShapes, NoheaderCsvBatchedWithTheList) {
  auto report = detect_text("--from-nvidia-smi",
                            "$ nvidia-smi --query-gpu=name --format=csv,noheader\nnvidia-smi -L\nNVIDIA H200\n"
                            "GPU 0: NVIDIA H200 (UUID: GPU-df22b45f-7ac8-b207-d100-46b70f5cab61)\n");
  ASSERT_EQ(report["gpus"].size(), 1u) << report.dump();
  EXPECT_EQ(report["gpus"][0]["name"], "NVIDIA H200");
  EXPECT_EQ(report["gpus"][0]["target"], "sm_90");
}

// Commands pasted one after another before any output (round 4 of the pastes: "$ rocminfo --summary | egrep …",
// then "rocm-smi" and "readlink -f /opt/rocm" typed as a batch): the outputs follow in order, and rocminfo's is read.
TEST(ToolOutputShapes, RocminfoOutputAfterABatchOfCommands) {
  std::string grep;
  for (const auto& line : file_lines("rocminfo/gfx1100-7900xtx-raphael-gfx1036.txt")) {
    if (line.find("gfx") != std::string::npos) {
      grep += line + "\n";
    }
  }
  std::string batch = "$ rocminfo | grep gfx\nrocm-smi\nreadlink -f /opt/rocm\n" + grep +
                      "\n======= ROCm System Management Interface =======\n";
  EXPECT_EQ(targets_of(detect_text("--from-rocminfo", batch)), (std::vector<std::string>{"gfx1100", "gfx1036"}));
  // The other order: rocm-smi's command first, then rocminfo's, still one batch.
  EXPECT_EQ(targets_of(detect_text("--from-rocminfo", "$ rocm-smi\nrocminfo | grep gfx\n" + grep)),
            (std::vector<std::string>{"gfx1100", "gfx1036"}));
  // A second prompt means the first command finished with no output: not a batch.
  int prompted_exit = 0;
  auto prompted = detect_text("--from-rocminfo", "$ rocm-smi\n$ clinfo\n" + grep, &prompted_exit);
  EXPECT_EQ(prompted_exit, 1) << prompted.dump();
  // With output between them the commands are separate: rocm-smi's section is not rocminfo's.
  int exit_code = 0;
  auto apart = detect_text("--from-rocminfo", "$ rocm-smi\n========= ROCm System Management Interface =========\n" + grep,
                           &exit_code);
  EXPECT_EQ(exit_code, 1) << apart.dump();
}

// The CSV of the TITAN V / RTX 5880 machine (columns compute_cap,compute_mode,driver_version,name,index)
// followed by other output without a prompt: neither the header nor the other lines become GPUs.
TEST(ToolOutputShapes, NvidiaCsvInAnotherOrderFollowedByOtherOutput) {
  std::string csv = read_text(outputs() / "nvidia-smi/query-compute-cap-titanv-rtx5880.csv");
  std::string text = csv + "01:00.0 VGA compatible controller: NVIDIA Corporation GV100 [TITAN V] (rev a1)\n"
                           "Driver: 570.86.15, CUDA: 12.8\n" +
                     "name, memory.total [MiB]\n";
  auto report = detect_text("--from-nvidia-smi", text);
  ASSERT_EQ(report["gpus"].size(), 2u) << report.dump();
  EXPECT_EQ(report["gpus"][0]["name"], "NVIDIA TITAN V");
  EXPECT_EQ(report["gpus"][0]["target"], "sm_70");
  EXPECT_EQ(report["gpus"][1]["target"], "sm_89");
  EXPECT_EQ(report["gpus"][0]["confidence"], "exact");
  for (const auto& gpu : report["gpus"]) {
    EXPECT_NE(gpu["name"], "name");
  }
}

// -L then the CSV, each after its prompt: the same two GPUs (merged by index), with the CSV's
// compute capability; the lines span both commands.
TEST(ToolOutputShapes, NvidiaSeveralCommandsWithPromptsAreMerged) {
  std::string text = "$ nvidia-smi -L\n" + read_text(outputs() / "nvidia-smi/list-titanv-rtx5880.txt") +
                     "$ nvidia-smi --query-gpu=compute_cap,compute_mode,driver_version,name,index --format=csv\n" +
                     read_text(outputs() / "nvidia-smi/query-compute-cap-titanv-rtx5880.csv") +
                     "$ lspci | grep -i nvidia\n01:00.0 VGA compatible controller: NVIDIA Corporation GV100\n";
  auto report = detect_text("--from-nvidia-smi", text);
  ASSERT_EQ(report["gpus"].size(), 2u) << report.dump();
  EXPECT_EQ(report["gpus"][0]["target"], "sm_70");
  EXPECT_EQ(report["gpus"][1]["target"], "sm_89");
  EXPECT_TRUE(report["gpus"][0]["uuid"].is_string());  // from -L
  EXPECT_EQ(report["gpus"][0]["lines"][0], 2);
  EXPECT_GT(report["gpus"][0]["lines"][1].get<int>(), 4);
  // The same CSV without its header, the columns named by the prompt's command.
  auto csv_lines = file_lines("nvidia-smi/query-compute-cap-titanv-rtx5880.csv");
  std::string noheader = "$ nvidia-smi --query-gpu=compute_cap,compute_mode,driver_version,name,index --format=csv,noheader\n" +
                         csv_lines[1] + "\n" + csv_lines[2] + "\n";
  auto bare = detect_text("--from-nvidia-smi", noheader);
  ASSERT_EQ(bare["gpus"].size(), 2u) << bare.dump();
  EXPECT_EQ(bare["gpus"][1]["name"], "NVIDIA RTX 5880 Ada Generation");
  // The command named in prose, in Markdown's inline code at the end of the line (round 3 of the pastes: a pull
  // request's "`nvidia-smi --query-gpu=name,pci.device_id --format=csv,noheader`:").
  for (const char* intro : {"Output of `nvidia-smi --query-gpu=compute_cap,compute_mode,driver_version,name,index "
                            "--format=csv,noheader`:\n```\n",
                            "`nvidia-smi --query-gpu=compute_cap,compute_mode,driver_version,name,index "
                            "--format=csv,noheader`\n\n"}) {
    auto prose = detect_text("--from-nvidia-smi", intro + csv_lines[1] + "\n" + csv_lines[2] + "\n");
    ASSERT_EQ(prose["gpus"].size(), 2u) << prose.dump();
    EXPECT_EQ(prose["gpus"][0]["target"], "sm_70");
    EXPECT_EQ(prose["gpus"][1]["name"], "NVIDIA RTX 5880 Ada Generation");
  }
  // Prose that goes on after the code names no command: without a header the rows are no CSV.
  auto aside = detect_text("--from-nvidia-smi", "I ran `nvidia-smi --query-gpu=compute_cap,compute_mode,driver_version,"
                                                "name,index --format=csv,noheader` and it printed\n" +
                                                    csv_lines[1] + "\n");
  EXPECT_FALSE(aside.contains("gpus") && !aside["gpus"].empty()) << aside.dump();
}

// Names as drivers before the "NVIDIA " prefix printed them: the compute capability comes from the
// name tables (NVIDIA's CUDA GPUs pages: V100 7.0, GTX 1080 Ti 6.1, A100 8.0, RTX 2080 Ti 7.5).
TEST(ToolOutputShapes, NvidiaNamesWithoutThePrefix) {
  std::string text =
      "GPU 0: Tesla V100-SXM2-16GB (UUID: GPU-1b2c3d4e-0000-0000-0000-000000000001)\n"
      "GPU 1: GeForce GTX 1080 Ti (UUID: GPU-1b2c3d4e-0000-0000-0000-000000000002)\n"
      "GPU 2: A100-SXM4-40GB (UUID: GPU-1b2c3d4e-0000-0000-0000-000000000003)\n"
      "GPU 3: GeForce RTX 2080 Ti (UUID: GPU-1b2c3d4e-0000-0000-0000-000000000004)\n";
  auto report = detect_text("--from-nvidia-smi", text);
  std::vector<std::string> targets;
  for (const auto& gpu : report["gpus"]) {
    targets.push_back(gpu["target"]);
    EXPECT_EQ(gpu["confidence"], "inferred-from-name");
  }
  EXPECT_EQ(targets, (std::vector<std::string>{"sm_70", "sm_61", "sm_80", "sm_75"}));
  // A name cut short by the table is not guessed.
  auto cut = detect_text("--from-nvidia-smi", read_text(outputs() / "nvidia-smi/old-470-in-snap-no-compute-cap.txt"));
  ASSERT_EQ(cut["gpus"].size(), 1u);
  EXPECT_TRUE(cut["gpus"][0]["target"].is_null());
  EXPECT_EQ(cut["gpus"][0]["confidence"], "unknown");
}

// `nvidia-smi -q -x` with the elements of NVIDIA's nvsmi_device DTD, holding the values of the H200
// machine's `-q` (tests/data/sysroots/h200/tools/nvidia-smi-q.txt), which is the oracle.
TEST(ToolOutputShapes, NvidiaXml) {
  std::string xml =
      "<?xml version=\"1.0\" ?>\n<!DOCTYPE nvidia_smi_log SYSTEM \"nvsmi_device_v12.dtd\">\n<nvidia_smi_log>\n"
      "\t<driver_version>580.159.04</driver_version>\n\t<attached_gpus>1</attached_gpus>\n"
      "\t<gpu id=\"00000000:00:06.0\">\n\t\t<product_name>NVIDIA H200</product_name>\n"
      "\t\t<uuid>GPU-df22b45f-7ac8-b207-d100-46b70f5cab61</uuid>\n\t\t<minor_number>0</minor_number>\n"
      "\t\t<pci>\n\t\t\t<pci_device_id>0x233510DE</pci_device_id>\n\t\t</pci>\n\t</gpu>\n</nvidia_smi_log>\n";
  auto report = detect_text("--from-nvidia-smi", xml);
  auto q = run_archfit_json({"detect", "--from-nvidia-smi",
                             (fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots/h200/tools/nvidia-smi-q.txt").string()});
  ASSERT_EQ(report["gpus"].size(), 1u);
  for (const char* key : {"name", "uuid", "pci", "device_id", "target"}) {
    EXPECT_EQ(report["gpus"][0][key], q["gpus"][0][key]) << key;
  }
  EXPECT_EQ(report["gpus"][0]["confidence"], "inferred-from-device-id");
  EXPECT_EQ(report["drivers"]["nvidia"], "580.159.04");
  EXPECT_EQ(report["gpus"][0]["lines"], nlohmann::json::array({6, 13}));
}

// Pre-Turing GPUs by their chip (data/nvidia_pci_chips.tsv from pci.ids): driver 340's -q -x writes the PCI id
// without "0x" (netdata/netdata#2759: "061110DE", pci.ids 0611 G92 [GeForce 8800 GT], 1.1 on NVIDIA's legacy
// page); a name shared by chips of two capabilities (pci.ids: GeForce GT 730 on GF108 and on GK208B) is not
// guessed.
TEST(ToolOutputShapes, NvidiaPreTuringByChip) {
  auto xml = detect_text("--from-nvidia-smi",
                         "<nvidia_smi_log>\n<gpu id=\"0000:01:00.0\">\n<product_name>GeForce 8800 GT</product_name>\n"
                         "<pci>\n<pci_device_id>061110DE</pci_device_id>\n</pci>\n</gpu>\n</nvidia_smi_log>\n");
  ASSERT_EQ(xml["gpus"].size(), 1u);
  EXPECT_EQ(xml["gpus"][0]["device_id"], "0x0611");
  EXPECT_EQ(xml["gpus"][0]["target"], "sm_11");
  EXPECT_EQ(xml["gpus"][0]["confidence"], "inferred-from-device-id");
  auto csv = detect_text("--from-nvidia-smi", "name, pci.bus_id\nGeForce GT 730, 00000000:01:00.0\nGRID K520, 00000000:00:03.0\n");
  ASSERT_EQ(csv["gpus"].size(), 2u);
  EXPECT_TRUE(csv["gpus"][0]["target"].is_null());
  EXPECT_EQ(csv["gpus"][0]["confidence"], "unknown");
  EXPECT_EQ(csv["gpus"][1]["target"], "sm_30");  // pci.ids 118a GK104GL [GRID K520]; 3.0 on the legacy page
}

// JetPack 6's table (ultralytics/ultralytics#20680): the GPU row has N/A for persistence mode and bus id; a
// process row, whose one cell also ends in N/A, is no GPU (nvidia-smi.exe under WSL, the same table shape).
TEST(ToolOutputShapes, NvidiaIntegratedGpuRowWithoutBusId) {
  auto jetson = detect_text("--from-nvidia-smi", read_text(outputs() / "nvidia-smi/jetson-jp5-not-found-then-jp6-orin-table-cut.txt"));
  ASSERT_EQ(jetson["gpus"].size(), 1u);
  EXPECT_EQ(jetson["gpus"][0]["name"], "Orin (nvgpu)");
  EXPECT_EQ(jetson["gpus"][0]["target"], "sm_87");
  EXPECT_TRUE(jetson["gpus"][0]["pci"].is_null() || jetson["gpus"][0]["pci"] == "");
  auto wsl = detect_text("--from-nvidia-smi", read_text(outputs() / "nvidia-smi/wsl-exe-inline-backtick-wddm-rtx207-truncated.txt"));
  ASSERT_EQ(wsl["gpus"].size(), 1u);
  EXPECT_EQ(wsl["gpus"][0]["name"], "GeForce RTX 207...");
}

// Text that only looks like a GPU row or a tool's error stays what it is: a table's second line whose fan
// column is shown ("| 30%   35C  P8  N/A / N/A |  N/A  |"), prose naming the ROCk module, a Kubernetes log line
// quoting NVML, and a rocminfo cut right after its system header.
TEST(ToolOutputShapes, LookAlikesAreNotGpusOrToolErrors) {
  auto fan = detect_text("--from-nvidia-smi",
                         "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |\n"
                         "|   0  Tesla K80           Off  | 00000000:00:04.0 Off |                    0 |\n"
                         "| 30%   35C    P8    N/A /  N/A |     N/A              |      0%      Default |\n");
  ASSERT_EQ(fan["gpus"].size(), 1u);
  EXPECT_EQ(fan["gpus"][0]["name"], "Tesla K80");
  int exit_code = 0;
  for (const auto& [flag, text] : std::vector<std::pair<std::string, std::string>>{
           {"--from-rocminfo", "I checked and dmesg says the ROCk module is loaded fine.\n"},
           {"--from-rocminfo", "ROCk module version 6.12.12 is loaded\n=====================\nHSA System Attributes\n"},
           {"--from-nvidia-smi", "I0101 12:00:00.000 1 main.go:123] Failed to initialize NVML: could not load NVML library.\n"}}) {
    auto report = detect_text(flag, text, &exit_code);
    EXPECT_EQ(exit_code, 1) << text;
    EXPECT_FALSE(report.contains("gpus")) << text << report.dump();
  }
}

// rocminfo's and nvidia-smi's own errors (rocminfo.cc's RET_IF_HSA_ERR, in red as the tool prints it; NVML's
// version mismatch) give no GPU and a finding that quotes the line.
TEST(ToolOutputShapes, ToolErrorsGiveNoGpuAndSayWhy) {
  int exit_code = 0;
  auto hsa = detect_text("--from-rocminfo",
                         "$ rocminfo\nROCk module version 6.10.5 is loaded\n\x1B[31mhsa api call failure at: "
                         "/src/rocminfo/rocminfo.cc:1282\n\x1B[31mCall returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: "
                         "The runtime failed to allocate the necessary resources.\n\x1B[0m",
                         &exit_code);
  EXPECT_EQ(exit_code, 1);
  ASSERT_TRUE(hsa.contains("gpus")) << hsa.dump();
  EXPECT_TRUE(hsa["gpus"].empty());
  ASSERT_EQ(hsa["findings"].size(), 1u) << hsa.dump();
  EXPECT_EQ(hsa["findings"][0]["id"], "tool-failed");
  EXPECT_NE(hsa["findings"][0]["message"].get<std::string>().find("line 4: Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES"),
            std::string::npos)
      << hsa.dump();
  auto kfd = detect_text("--from-rocminfo", "[31mUnable to open /dev/kfd read-write: Permission denied[0m\n");
  ASSERT_EQ(kfd["findings"].size(), 1u) << kfd.dump();
  auto nvml = detect_text("--from-nvidia-smi",
                          read_text(outputs() / "nvidia-smi/mismatch-with-nvml-library-version-line.txt"));
  ASSERT_EQ(nvml["findings"].size(), 1u) << nvml.dump();
  EXPECT_NE(nvml["findings"][0]["message"].get<std::string>().find("Driver/library version mismatch"), std::string::npos);
  // "No devices were found" is nvidia-smi's answer, not an error: zero GPUs and no finding.
  auto none = detect_text("--from-nvidia-smi", "$ nvidia-smi\nNo devices were found\n", &exit_code);
  EXPECT_EQ(exit_code, 0);
  EXPECT_TRUE(none["gpus"].empty());
}

// Every row of data/tool_output_lines.tsv takes effect: a failure line alone is the tool's output showing no GPU
// (a finding that quotes it), an opening line alone is rocminfo cut before its agents, and each line filter
// after `rocminfo |` makes attributes that name no GPU an error saying the output was filtered.
TEST(ToolOutputShapes, EveryRowOfTheToolLineTableTakesEffect) {
  const auto& table = knowledge::embedded_table("tool_output_lines.tsv");
  ASSERT_FALSE(table.rows.empty());
  for (const auto& row : table.rows) {
    const std::string& tool = table.field(row, "tool");
    const std::string& role = table.field(row, "role");
    const std::string& text = table.field(row, "text");
    SCOPED_TRACE(tool + " " + role + " " + text);
    ASSERT_TRUE(tool == "rocminfo" || tool == "nvidia-smi");
    int exit_code = 0;
    std::string option = "--from-" + tool;
    if (role == "failure" || role == "failure-to-quote") {
      auto report = detect_text(option, "$ " + tool + "\n" + text + " (as pasted)\n", &exit_code);
      EXPECT_EQ(exit_code, 1);
      ASSERT_EQ(report["findings"].size(), 1u) << report.dump();
      EXPECT_EQ(report["findings"][0]["id"], "tool-failed");
      EXPECT_NE(report["findings"][0]["message"].get<std::string>().find("line 2: " + text), std::string::npos)
          << report.dump();
    } else if (role == "opening") {
      auto report = detect_text(option, "$ " + tool + "\n" + text + " (as pasted)\n", &exit_code);
      EXPECT_EQ(exit_code, 1);
      ASSERT_TRUE(report.contains("error")) << report.dump();
      EXPECT_NE(report["error"].get<std::string>().find("ends before its first agent (line 2: " + text),
                std::string::npos)
          << report.dump();
    } else {
      ASSERT_EQ(role, "line-filter");
      auto report = detect_text(option, "$ rocminfo | " + text + " Vendor\n  Vendor Name:             AMD\n", &exit_code);
      EXPECT_EQ(exit_code, 1);
      ASSERT_TRUE(report.contains("error")) << report.dump();
      EXPECT_NE(report["error"].get<std::string>().find("filtered rocminfo's output"), std::string::npos)
          << report.dump();
    }
  }
}

// The text report names the lines and how the target was found.
TEST(ToolOutputShapes, TextReportNamesLinesAndConfidence) {
  auto path = unique_temp_path("chip.txt");
  {
    std::ofstream out(path);
    out << "\n  Chip ID:                 29711(0x740f)\n";
  }
  auto result = run_command({archfit_binary(), "detect", "--from-rocminfo", path.string()});
  fs::remove(path);
  EXPECT_NE(result.out.find("from rocminfo line 2, inferred-from-chip-id"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace archfit::test
