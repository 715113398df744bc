// A source tree given with --src (a path on this machine): which project and version it is, what its
// build files require (cmake_minimum_required, requires-python), its Triton pin, git submodules, whether
// PyTorch's hipify step has run, and the CMakeCache.txt of an earlier configure.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "doctor/build_cache.hpp"
#include "doctor/probes.hpp"
#include "doctor/versions.hpp"
#include "util/text_lines.hpp"

namespace archfit::doctor {

namespace {

namespace fs = std::filesystem;

std::optional<std::string> read_file(const fs::path& path, std::size_t limit = std::size_t{8} << 20) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return std::nullopt;
  }
  std::string text(limit, '\0');
  file.read(text.data(), static_cast<std::streamsize>(limit));
  text.resize(static_cast<std::size_t>(file.gcount()));
  return text;
}

std::string trimmed(std::string_view text) { return std::string(trim(text)); }

std::string lower(std::string_view text) {
  std::string result(text);
  for (auto& c : result) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return result;
}

// The quoted string after `key` and '=' ("__version__ = '3.4.0'" -> "3.4.0").
std::string quoted_after(std::string_view text, std::string_view key) {
  std::size_t at = 0;
  while ((at = text.find(key, at)) != std::string_view::npos) {
    std::size_t pos = at + key.size();
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == ':')) {
      ++pos;
    }
    if (pos < text.size() && text[pos] == '=') {
      ++pos;
      while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) {
        ++pos;
      }
      if (pos < text.size() && (text[pos] == '"' || text[pos] == '\'')) {
        char quote = text[pos];
        auto end = text.find(quote, pos + 1);
        if (end != std::string_view::npos) {
          return std::string(text.substr(pos + 1, end - pos - 1));
        }
      }
    }
    at = pos;
  }
  return {};
}

// cmake_minimum_required(VERSION 3.27 FATAL_ERROR) -> "3.27" (the lower end of a 3.26...3.30 range).
std::string cmake_minimum(std::string_view text) {
  std::string low = lower(text);
  auto at = low.find("cmake_minimum_required");
  if (at == std::string::npos) {
    return {};
  }
  auto version = low.find("version", at);
  auto close = low.find(')', at);
  if (version == std::string::npos || (close != std::string::npos && version > close)) {
    return {};
  }
  return first_dotted_number(std::string_view(text).substr(version + 7));
}

void detect_project(const fs::path& dir, SourceFacts& facts) {
  auto exists = [&](const char* relative) {
    std::error_code error;
    return fs::exists(dir / relative, error);
  };
  if (exists("version.txt") && (exists("tools/amd_build/build_amd.py") || exists("torch/__init__.py"))) {
    facts.project = "pytorch";
    facts.version = trimmed(read_file(dir / "version.txt", 256).value_or(""));
    facts.version_source = "version.txt";
  } else if (exists("vllm/__init__.py")) {
    facts.project = "vllm";
    if (auto text = read_file(dir / "vllm/_version.py", 64 * 1024)) {
      facts.version = quoted_after(*text, "__version__");
      facts.version_source = "vllm/_version.py";
    }
  } else if (exists("flash_attn/__init__.py")) {
    facts.project = "flash-attn";
    facts.version = quoted_after(read_file(dir / "flash_attn/__init__.py", 64 * 1024).value_or(""), "__version__");
    facts.version_source = "flash_attn/__init__.py";
  } else if (exists("python/triton/__init__.py")) {
    facts.project = "triton";
    facts.version = quoted_after(read_file(dir / "python/triton/__init__.py", 64 * 1024).value_or(""), "__version__");
    facts.version_source = "python/triton/__init__.py";
  }
}

void read_requirements(const fs::path& dir, SourceFacts& facts) {
  if (auto text = read_file(dir / "CMakeLists.txt", 1 << 20)) {
    facts.cmake_min = cmake_minimum(*text);
    if (!facts.cmake_min.empty()) {
      facts.cmake_min_source = (dir / "CMakeLists.txt").string() + ": cmake_minimum_required(VERSION " + facts.cmake_min + ")";
    }
  }
  if (auto text = read_file(dir / "pyproject.toml", 1 << 20)) {
    facts.python_requires = quoted_after(*text, "requires-python");
    if (!facts.python_requires.empty()) {
      facts.python_requires_source = "pyproject.toml requires-python";
    }
  }
  if (facts.python_requires.empty()) {
    if (auto text = read_file(dir / "setup.py", 1 << 20)) {
      facts.python_requires = quoted_after(*text, "python_requires");
      if (!facts.python_requires.empty()) {
        facts.python_requires_source = "setup.py python_requires";
      } else if (auto at = text->find("python_min_version = ("); at != std::string::npos) {
        // PyTorch's setup.py: python_min_version = (3, 9, 0)
        std::string tuple = text->substr(at + 22, text->find(')', at) - at - 22);
        std::string version;
        for (char c : tuple) {
          if (c >= '0' && c <= '9') {
            version += c;
          } else if (c == ',') {
            version += '.';
          }
        }
        facts.python_requires = ">=" + version;
        facts.python_requires_source = "setup.py python_min_version";
      }
    }
  }
  facts.triton_commit = trimmed(read_file(dir / ".ci/docker/ci_commit_pins/triton.txt", 4096).value_or(""));
  facts.triton_version = trimmed(read_file(dir / ".ci/docker/triton_version.txt", 4096).value_or(""));
}

// PyTorch's tools/amd_build/build_amd.py writes HIP copies of the CUDA sources; each generated file starts
// with "// !!! This is a file automatically generated by hipify!!!" (torch/utils/hipify). These three are
// generated from c10/cuda/CUDAStream.h, aten/src/ATen/cuda/CUDAContext.h and CUDAConfig.h.in (the last is
// what Fedora's python-torch spec tests after running build_amd.py).
void detect_hipify(const fs::path& dir, SourceFacts& facts) {
  static const std::vector<std::pair<std::string, bool>> evidence = {
      {"c10/hip/HIPStream.h", true}, {"aten/src/ATen/hip/HIPContext.h", true}, {"aten/src/ATen/hip/HIPConfig.h.in", false}};
  int present = 0;
  for (const auto& [relative, marked] : evidence) {
    auto text = read_file(dir / relative, 512);
    if (!text) {
      continue;
    }
    if (marked && text->find("automatically generated by hipify") == std::string::npos) {
      continue;
    }
    ++present;
    facts.hipify_evidence.push_back(relative);
  }
  facts.hipify = present == 0 ? "not-hipified" : (present == static_cast<int>(evidence.size()) ? "hipified" : "partial");
}

void read_cache(const fs::path& dir, SourceFacts& facts) {
  std::vector<fs::path> candidates = {dir / "build/CMakeCache.txt"};
  std::error_code error;
  for (fs::directory_iterator it(dir / "build", error), end; !error && it != end; it.increment(error)) {
    if (it->is_directory(error)) {
      candidates.push_back(it->path() / "CMakeCache.txt");
    }
  }
  for (const auto& candidate : candidates) {
    auto text = read_file(candidate, std::size_t{16} << 20);
    if (!text) {
      continue;
    }
    facts.cache_path = candidate.string();
    facts.cache = parse_cmake_cache(*text);
    return;
  }
}

}  // namespace

std::string source_project(const std::string& dir) {
  SourceFacts facts;
  detect_project(fs::path(dir), facts);
  return facts.project;
}

void probe_source(const ProbeContext& context, const std::string& dir, SourceFacts& facts) {
  facts.dir = dir;
  std::error_code error;
  fs::path path(dir);
  facts.exists = fs::is_directory(path, error);
  if (!facts.exists) {
    return;
  }
  detect_project(path, facts);
  read_requirements(path, facts);
  if (facts.project == "pytorch") {
    detect_hipify(path, facts);
  }
  read_cache(path, facts);
  facts.git = fs::exists(path / ".git", error);
  facts.has_submodules = fs::exists(path / ".gitmodules", error);
  if (facts.git && facts.has_submodules) {
    std::string git = find_on_path(context, "git");
    if (git.empty()) {
      facts.submodule_status.error = "git is not on PATH";
      return;
    }
    // `git submodule status`: one line per submodule, "<state><sha1> <path>[ (<describe>)]" with state ' ',
    // '-' (not initialised), '+' (checked-out commit differs from the superproject's), 'U' (conflicts).
    facts.submodule_status = run_tool(context, {git, "-C", dir, "submodule", "status"});
    std::istringstream lines(facts.submodule_status.out);
    std::string line;
    while (std::getline(lines, line)) {
      if (line.size() < 3) {
        continue;
      }
      SubmoduleState state;
      state.state = line[0];
      auto space = line.find(' ', 1);
      state.commit = line.substr(1, space == std::string::npos ? std::string::npos : space - 1);
      if (space != std::string::npos) {
        std::string rest = line.substr(space + 1);
        auto paren = rest.find(" (");
        state.path = rest.substr(0, paren);
      }
      facts.submodules.push_back(std::move(state));
    }
  }
}

}  // namespace archfit::doctor
