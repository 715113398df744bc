// detect, explain, clean, env and scan through one voice: their judged facts are model::Findings
// printed by the one Finding renderer (badge, rule, source, fix) and carried in --json with the
// Finding members beside each command's documented ones; -q keeps the problems, -v adds the facts
// behind each answer (docs/cli.md, "Quiet and verbose"). Real inputs: the captured sysroots of
// tests/data/sysroots, the real logs of tests/data/logs, an nvcc-built fixture, a tree made here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::string sysroot(const std::string& name) {
  return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/" + name + "/root";
}

CommandResult archfit(std::vector<std::string> args) {
  args.insert(args.begin(), {archfit_binary(), "--color", "never"});
  return run_command(args);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

// The Finding members every --json that carries Findings writes (report/finding_json.cpp).
void expect_finding_members(const nlohmann::json& finding) {
  for (const char* key : {"id", "status", "title", "seen", "rule", "source", "fix"}) {
    EXPECT_TRUE(finding.contains(key)) << key << " missing: " << finding.dump();
  }
}

// mixed-vendor: an RX 7900 XTX (gfx1100) beside an RTX 3090 (sm_86), one build must carry both.
TEST(FindingsVoice, DetectProblemsAreFindingsAndVerboseNamesTheFilesRead) {
  auto normal = archfit({"detect", "--sysroot", sysroot("mixed-vendor")});
  auto quiet = archfit({"detect", "--sysroot", sysroot("mixed-vendor"), "-q"});
  auto verbose = archfit({"detect", "--sysroot", sysroot("mixed-vendor"), "-v"});
  EXPECT_EQ(normal.exit_code, 1);
  EXPECT_NE(normal.out.find("  WARN  GPU targets: the visible GPUs have 2 different targets"), std::string::npos) << normal.out;
  EXPECT_NE(normal.out.find("        rule:   "), std::string::npos) << normal.out;  // a warning shows its rule
  EXPECT_NE(normal.out.find("        fix:    build with PYTORCH_ROCM_ARCH=\"gfx1100\""), std::string::npos) << normal.out;
  EXPECT_EQ(normal.out.find("read from:"), std::string::npos) << normal.out;
  EXPECT_EQ(quiet.out.find("GPUs ("), std::string::npos) << quiet.out;
  EXPECT_NE(quiet.out.find("  WARN  GPU targets"), std::string::npos) << quiet.out;

  // -v: each GPU's files, and every one it names is there in the captured tree.
  ASSERT_NE(verbose.out.find("read from:"), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find("/sys/class/kfd/kfd/topology/nodes/1/properties"), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find("/proc/driver/nvidia/gpus/0000:41:00.0/information"), std::string::npos) << verbose.out;
  std::size_t named = 0;
  for (const auto& line : lines(verbose.out)) {
    auto at = line.find("read from: ");
    if (at == std::string::npos || line.find("/sys/bus/pci") == std::string::npos) {
      continue;  // the GPU lines (the host line names files a sysroot need not hold)
    }
    std::string list = line.substr(at + 11);
    for (std::size_t start = 0; start < list.size();) {
      auto end = list.find(", ", start);
      std::string path = list.substr(start, end == std::string::npos ? std::string::npos : end - start);
      start = end == std::string::npos ? list.size() : end + 2;
      if (path.starts_with("data/")) {
        continue;  // the embedded table
      }
      auto brace = path.find("/{");
      std::vector<std::string> files;
      if (brace == std::string::npos) {
        files.push_back(path);
      } else {
        std::string names = path.substr(brace + 2, path.size() - brace - 3);
        for (std::size_t from = 0; from <= names.size();) {
          auto comma = names.find(',', from);
          files.push_back(path.substr(0, brace + 1) + names.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
          from = comma == std::string::npos ? names.size() + 1 : comma + 1;
        }
      }
      for (const auto& file : files) {
        EXPECT_TRUE(fs::exists(file)) << file;
        ++named;
      }
    }
  }
  EXPECT_GE(named, 10u) << verbose.out;  // 2 x 4 PCI attributes, a KFD node, the NVIDIA procfs file

  // --json: the documented members (severity, id, message, fix) and the Finding ones beside them.
  int exit_code = 0;
  auto json = run_archfit_json({"detect", "--sysroot", sysroot("mixed-vendor")}, &exit_code);
  ASSERT_EQ(json["findings"].size(), 1u) << json.dump();
  const auto& finding = json["findings"][0];
  EXPECT_EQ(finding["severity"], "warning");
  EXPECT_EQ(finding["id"], "gpus-not-homogeneous");
  EXPECT_EQ(finding["status"], "warn");
  EXPECT_EQ(finding["title"], "GPU targets");
  EXPECT_EQ(finding["seen"], finding["message"]);
  EXPECT_TRUE(finding["rule"].is_string());
  EXPECT_TRUE(finding["source"].get<std::string>().starts_with("https://")) << finding.dump();
  expect_finding_members(finding);
}

// The first real log of tests/data/logs whose top cause matched more lines than the first: normal
// text quotes one, -v every line kept (explain, and run after a command that prints the log and
// fails), and the JSON carries the Finding members.
TEST(FindingsVoice, ExplainVerboseQuotesEveryMatchedLine) {
  std::ifstream index(std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/logs/INDEX.tsv");
  std::string row;
  std::getline(index, row);  // the header
  bool tried = false;
  while (std::getline(index, row)) {
    std::string log = std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/logs/" + row.substr(0, row.find('\t'));
    auto json = run_archfit_json({"explain", "--no-context", log});
    if (!json.contains("findings") || json["findings"].empty() || json["findings"][0]["evidence"].size() < 2) {
      continue;
    }
    tried = true;
    const auto& top = json["findings"][0];
    EXPECT_EQ(top["status"], "fail") << top.dump();
    EXPECT_EQ(top["title"], top["category"]);
    EXPECT_EQ(top["seen"], top["id"]);
    EXPECT_EQ(top["rule"], top["cause"]);
    expect_finding_members(top);
    auto normal = archfit({"explain", "--no-context", log});
    auto verbose = archfit({"explain", "--no-context", "-v", log});
    EXPECT_NE(normal.out.find("  FAIL  " + top["category"].get<std::string>() + ": " + top["id"].get<std::string>()),
              std::string::npos)
        << normal.out;
    std::size_t quoted = 0;
    for (const auto& line : top["evidence_lines"]) {
      if (line.is_number()) {
        std::string label = "line " + std::to_string(line.get<std::uint64_t>()) + ": ";
        quoted += count(verbose.out, label) > 0 ? 1 : 0;
      }
    }
    EXPECT_EQ(quoted, top["evidence"].size()) << verbose.out;
    EXPECT_GT(count(verbose.out, "        line "), count(normal.out, "        line ")) << normal.out << verbose.out;
    // run prints the same diagnosis on stderr after a failure, and -v acts on it the same way.
    std::vector<std::string> failing = {"run", "--no-context", "--", "sh", "-c", "cat \"$0\" >&2; exit 1", log};
    auto run_normal = archfit(failing);
    failing.insert(failing.begin() + 1, "-v");
    auto run_verbose = archfit(failing);
    EXPECT_EQ(run_normal.exit_code, 1);
    EXPECT_NE(run_normal.err.find("  FAIL  " + top["category"].get<std::string>() + ": "), std::string::npos) << run_normal.err;
    EXPECT_GT(count(run_verbose.err, "        line "), count(run_normal.err, "        line ")) << run_normal.err
                                                                                             << run_verbose.err;
    break;
  }
  EXPECT_TRUE(tried) << "no log in INDEX.tsv has two matched lines";
}

TEST(FindingsVoice, CleanItemsAreFindingsAndVerboseSaysWhy) {
  auto tree = unique_temp_path("voice-clean");
  fs::remove_all(tree);
  fs::create_directories(tree / "build");
  std::ofstream(tree / "setup.py") << "from setuptools import setup\nsetup()\n";
  std::ofstream(tree / "build/x.o") << "object";
  auto normal = archfit({"clean", "--src", tree.string()});
  auto verbose = archfit({"clean", "--src", tree.string(), "-v"});
  auto quiet = archfit({"clean", "--src", tree.string(), "-q"});
  int exit_code = 0;
  auto json = run_archfit_json({"clean", "--src", tree.string()}, &exit_code);
  fs::remove_all(tree);
  EXPECT_NE(normal.out.find("  PASS  build/: "), std::string::npos) << normal.out;
  EXPECT_EQ(normal.out.find("rule:"), std::string::npos) << normal.out;
  EXPECT_NE(verbose.out.find("  PASS  build/: "), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find("        rule:   "), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find("        source: "), std::string::npos) << verbose.out;
  EXPECT_EQ(quiet.out.find("build/"), std::string::npos) << quiet.out;  // nothing needs attention
  ASSERT_EQ(json["items"].size(), 1u) << json.dump();
  const auto& item = json["items"][0];
  EXPECT_EQ(item["kind"], "build-tree");
  EXPECT_EQ(item["id"], "clean.build-tree");
  EXPECT_EQ(item["status"], "pass");
  EXPECT_EQ(item["rule"], item["why"]);
  EXPECT_FALSE(item["source"].is_null());
  expect_finding_members(item);
}

// env on the captured H200 for sm_90: -q the exports (and notes) alone, -v what each replaces here.
TEST(FindingsVoice, EnvQuietIsTheExportsAndVerboseSaysWhatEachReplaces) {
  std::vector<std::string> args = {"env", "MAX_JOBS=3", archfit_binary(), "--color", "never", "env",
                                   "--sysroot", sysroot("h200"), "--target", "sm_90"};
  auto normal = run_command(args);
  args.push_back("-q");
  auto quiet = run_command(args);
  args.back() = "-v";
  auto verbose = run_command(args);
  ASSERT_EQ(normal.exit_code, 0) << normal.err;
  EXPECT_NE(normal.out.find("# archfit env: "), std::string::npos) << normal.out;
  EXPECT_EQ(quiet.out.find("# archfit env: "), std::string::npos) << quiet.out;
  EXPECT_EQ(count(quiet.out, "export "), count(normal.out, "export ")) << quiet.out;
  EXPECT_LT(count(quiet.out, "\n# "), count(normal.out, "\n# ")) << quiet.out;
  EXPECT_EQ(normal.out.find("#   now: "), std::string::npos) << normal.out;
  EXPECT_EQ(count(verbose.out, "#   now: "), count(normal.out, "export ")) << verbose.out;
  if (normal.out.find("export MAX_JOBS=") != std::string::npos) {
    EXPECT_NE(verbose.out.find("#   now: MAX_JOBS=3"), std::string::npos) << verbose.out;
  }
  EXPECT_NE(verbose.out.find(" is unset"), std::string::npos) << verbose.out;
}

// env's notes are Findings: --json lists them in `findings` (the members of every finding) beside the
// sentences of `notes`, and a script says each sentence as a `# note:` comment, -q included. vLLM's
// CMakeLists.txt (v0.33.0, data/project_arch_allowlists.tsv) has no gfx1036 in HIP_SUPPORTED_ARCHS.
TEST(FindingsVoice, EnvNotesAreFindings) {
  std::vector<std::string> args = {archfit_binary(), "env", "--sysroot", sysroot("mi300x-8gpu"), "--project", "vllm",
                                   "--target", "gfx942,gfx1036"};
  auto script = run_command(args);
  args.push_back("-q");
  auto quiet = run_command(args);
  args.back() = "--json";
  auto json = nlohmann::json::parse(run_command(args).out);
  ASSERT_EQ(json["findings"].size(), json["notes"].size()) << json.dump(2);
  bool dropped = false;
  for (std::size_t i = 0; i < json["findings"].size(); ++i) {
    const auto& finding = json["findings"][i];
    expect_finding_members(finding);
    EXPECT_EQ(finding["status"], "warn") << finding.dump();
    EXPECT_EQ(finding["seen"], json["notes"][i]);
    std::string comment = "# note: " + finding["seen"].get<std::string>() + "\n";
    EXPECT_NE(script.out.find(comment), std::string::npos) << script.out;
    EXPECT_NE(quiet.out.find(comment), std::string::npos) << quiet.out;
    if (finding["id"] == "env.targets-unsupported") {
      dropped = true;
      EXPECT_EQ(finding["seen"].get<std::string>().rfind("gfx1036 not in vLLM", 0), 0u) << finding.dump();
      EXPECT_NE(finding["source"].get<std::string>().find("vllm-project/vllm"), std::string::npos) << finding.dump();
    }
  }
  EXPECT_TRUE(dropped) << json.dump(2);
}

// scan -v lists each entry with where its payload lies; the bytes there are a cubin (ELF magic),
// as cuobjdump --list-elf lists them in this fixture.
TEST(FindingsVoice, ScanVerboseListsEachEntryWithItsPayloadOffset) {
  std::string library = std::string(ARCHFIT_FIXTURE_ROOT) + "/nvidia/libmulti.so";
  auto normal = archfit({"scan", library});
  auto verbose = archfit({"scan", "-v", library});
  EXPECT_EQ(normal.out.find("  entry "), std::string::npos) << normal.out;
  std::size_t checked = 0;
  std::ifstream file(library, std::ios::binary);
  for (const auto& line : lines(verbose.out)) {
    auto at = line.find("payload at 0x");
    if (!line.starts_with("  entry ") || at == std::string::npos || line.find(" cubin,") == std::string::npos ||
        line.find("zstd") != std::string::npos) {
      continue;
    }
    auto offset = std::stoull(line.substr(at + 11), nullptr, 16);
    char magic[4] = {};
    file.seekg(static_cast<std::streamoff>(offset));
    file.read(magic, 4);
    EXPECT_EQ(std::string(magic, 4), "\x7f" "ELF") << line;
    ++checked;
  }
  EXPECT_GE(checked, 2u) << verbose.out;
}

}  // namespace
}  // namespace archfit::test
