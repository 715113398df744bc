// Reading a build's output as it runs (srcbuild/build_watch.hpp).
#include "srcbuild/build_watch.hpp"

#include <algorithm>
#include <cctype>

#include "model/target_id.hpp"

namespace archfit::build {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Splits on ';', ',' and blanks.
std::vector<std::string> list_items(std::string_view text) {
  std::vector<std::string> items;
  std::string current;
  for (char c : text) {
    if (c == ';' || c == ',' || c == ' ' || c == '\t' || c == '\r') {
      if (!current.empty()) {
        items.push_back(current);
      }
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) {
    items.push_back(current);
  }
  return items;
}

// The archs named after `key=` at every place in `line` (key "--offload-arch", "code", "-arch").
void collect_after(std::string_view line, std::string_view key, std::set<std::string>& archs) {
  std::size_t at = 0;
  while ((at = line.find(key, at)) != std::string_view::npos) {
    std::size_t pos = at + key.size();
    at = pos;
    if (pos >= line.size() || (line[pos] != '=' && line[pos] != ' ')) {
      continue;
    }
    ++pos;
    std::string_view rest = line.substr(pos);
    if (rest.starts_with("[")) {  // code=[compute_90,sm_90]
      auto close = rest.find(']');
      rest = rest.substr(1, close == std::string_view::npos ? rest.size() - 1 : close - 1);
    } else {
      auto end = rest.find_first_of(" \t\"'");
      rest = rest.substr(0, end);
    }
    for (const auto& item : list_items(rest)) {
      // code=compute_90 is PTX, kept as "compute_90" so it never counts as the sm_90 cubin.
      if (item.starts_with("compute_")) {
        continue;
      }
      std::string key_name = arch_key(item);
      if (!key_name.empty()) {
        archs.insert(key_name);
      }
    }
  }
}

std::optional<ArchLine> declaration(std::string_view line, std::string_view marker) {
  auto at = line.find(marker);
  if (at == std::string_view::npos) {
    return std::nullopt;
  }
  ArchLine result{std::string(line), {}, true};
  std::string_view rest = line.substr(at + marker.size());
  if (rest.find("arch=") != std::string_view::npos) {
    collect_after(rest, "code", result.archs);  // "-gencode;arch=compute_90,code=sm_90"
  } else {
    for (const auto& item : list_items(rest)) {
      std::string key = arch_key(item.substr(0, item.find_first_of("+(")));  // "9.0+PTX"
      if (!key.empty()) {
        result.archs.insert(key);
      }
    }
  }
  if (result.archs.empty()) {
    return std::nullopt;
  }
  return result;
}

}  // namespace

std::optional<Progress> parse_ninja_status(std::string_view line) {
  // Ninja's default NINJA_STATUS is "[%f/%t] "; a line may start with colour codes or blanks.
  auto open = line.find('[');
  if (open == std::string_view::npos || open > 8) {
    return std::nullopt;
  }
  std::size_t pos = open + 1;
  std::uint64_t done = 0;
  std::uint64_t total = 0;
  std::size_t digits = 0;
  while (pos < line.size() && is_digit(line[pos]) && digits < 12) {
    done = done * 10 + static_cast<std::uint64_t>(line[pos] - '0');
    ++pos;
    ++digits;
  }
  if (digits == 0 || pos >= line.size() || line[pos] != '/') {
    return std::nullopt;
  }
  ++pos;
  digits = 0;
  while (pos < line.size() && is_digit(line[pos]) && digits < 12) {
    total = total * 10 + static_cast<std::uint64_t>(line[pos] - '0');
    ++pos;
    ++digits;
  }
  if (digits == 0 || pos >= line.size() || line[pos] != ']' || total == 0 || done > total) {
    return std::nullopt;
  }
  Progress progress;
  progress.done = done;
  progress.total = total;
  progress.phase = "compile";
  std::string_view rest = line.substr(pos + 1);
  while (!rest.empty() && rest.front() == ' ') {
    rest.remove_prefix(1);
  }
  progress.last_step = std::string(rest.substr(0, 200));
  return progress;
}

std::optional<std::chrono::seconds> eta(const Progress& progress, std::chrono::steady_clock::duration elapsed) {
  if (progress.done == 0 || progress.total < progress.done) {
    return std::nullopt;
  }
  double seconds = std::chrono::duration<double>(elapsed).count();
  double remaining = seconds * static_cast<double>(progress.total - progress.done) / static_cast<double>(progress.done);
  return std::chrono::seconds(static_cast<long long>(remaining + 0.5));
}

std::string arch_key(std::string_view target) {
  std::string text(model::processor_of(target));
  if (text.starts_with("gfx")) {
    return text.size() > 3 ? text : std::string();
  }
  if (text.starts_with("sm_")) {
    text = text.substr(3);
  } else if (text.starts_with("compute_")) {
    text = text.substr(8);
  }
  auto dash = text.find('-');  // "90-real", "90-virtual"
  if (dash != std::string::npos) {
    text = text.substr(0, dash);
  }
  std::string digits;
  for (char c : text) {
    if (is_digit(c)) {
      digits += c;
    } else if (c == '.') {
      continue;
    } else if ((c == 'a' || c == 'f') && !digits.empty()) {
      digits += c;
    } else {
      return {};
    }
  }
  if (digits.size() < 2 || !is_digit(digits[0])) {
    return {};
  }
  return "sm_" + digits;
}

std::optional<ArchLine> parse_arch_line(std::string_view line) {
  for (std::string_view marker : {"Building PyTorch for GPU arch:", "HIP architectures:", "TORCH_CUDA_ARCH_LIST:",
                                  "TORCH_CUDA_ARCH_LIST =", "Added CUDA NVCC flags for:"}) {
    if (auto found = declaration(line, marker)) {
      return found;
    }
  }
  ArchLine compile{std::string(line), {}, false};
  if (line.find("--offload-arch") != std::string_view::npos) {
    collect_after(line, "--offload-arch", compile.archs);
  }
  if (line.find("arch=compute_") != std::string_view::npos || line.find("arch=sm_") != std::string_view::npos) {
    collect_after(line, "code", compile.archs);
  }
  if (compile.archs.empty() && line.find("nvcc") != std::string_view::npos) {
    collect_after(line, "-arch", compile.archs);  // nvcc -arch=sm_90
  }
  if (compile.archs.empty()) {
    return std::nullopt;
  }
  return compile;
}

ArchVerdict judge_arch_line(const ArchLine& line, const std::set<std::string>& requested) {
  ArchVerdict verdict;
  for (const auto& target : requested) {
    if (line.archs.count(target) == 0) {
      verdict.missing.push_back(target);
    }
  }
  if (line.declaration) {
    for (const auto& arch : line.archs) {
      if (requested.count(arch) == 0) {
        verdict.extra.push_back(arch);
      }
    }
  }
  verdict.agrees = verdict.missing.empty() && verdict.extra.empty();
  return verdict;
}

BuildWatch::BuildWatch(std::vector<std::string> targets) {
  for (const auto& target : targets) {
    std::string key = arch_key(target);
    if (!key.empty()) {
      m_requested.insert(key);
    }
  }
}

bool BuildWatch::feed(std::string_view line) {
  if (auto status = parse_ninja_status(line)) {
    m_progress = *status;
  } else if (line.find("-- Configuring done") != std::string_view::npos) {
    m_progress.phase = "generate";
  } else if (line.starts_with("-- The CXX compiler identification") || line.starts_with("-- The C compiler identification")) {
    m_progress.phase = "configure";
  } else if (line.starts_with("Building wheel for") || line.find("Building wheel for ") != std::string_view::npos) {
    m_progress.phase = "wheel";
  } else if (line.starts_with("Successfully built") || line.starts_with("Successfully installed")) {
    m_progress.phase = "installed";
  }
  if (m_requested.empty() || m_disagreement) {
    return false;
  }
  auto arch = parse_arch_line(line);
  if (!arch) {
    return false;
  }
  // Only archs of the requested vendor count: a CUDA build's log naming no gfx is not a disagreement.
  bool want_amd = std::any_of(m_requested.begin(), m_requested.end(), [](const auto& t) { return t.starts_with("gfx"); });
  bool line_amd = std::any_of(arch->archs.begin(), arch->archs.end(), [](const auto& t) { return t.starts_with("gfx"); });
  if (want_amd != line_amd) {
    return false;
  }
  if (m_arch_lines.size() < 16) {
    m_arch_lines.push_back(*arch);
  }
  auto verdict = judge_arch_line(*arch, m_requested);
  if (verdict.agrees) {
    ++m_agreeing;
    return false;
  }
  m_disagreement = std::make_pair(*arch, verdict);
  return true;
}

}  // namespace archfit::build
