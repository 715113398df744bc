#include "explain/log_facts.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>

#include "detect/gfx_target_version.hpp"
#include "explain/log_scanner.hpp"
#include "knowledge/amdgpu_processors.hpp"
#include "knowledge/pci_id_tables.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::explain {

namespace {

bool is_path_delimiter(char c) {
  return c == ' ' || c == '\t' || c == '\'' || c == '"' || c == '`' || c == '(' || c == ')' || c == '[' ||
         c == ']' || c == '{' || c == '}' || c == ',' || c == ';' || c == '<' || c == '>' || c == '=';
}

// "libx.so", "libx.so.1", "libx.so.1.2": the name ends in ".so" plus optional numeric parts.
bool is_shared_object_name(std::string_view path) {
  std::size_t so = path.rfind(".so");
  if (so == std::string_view::npos || so + 3 > path.size()) {
    return false;
  }
  std::string_view rest = path.substr(so + 3);
  while (!rest.empty()) {
    if (rest.front() != '.' || rest.size() < 2 || !std::isdigit(static_cast<unsigned char>(rest[1]))) {
      return false;
    }
    rest.remove_prefix(1);
    while (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest.front()))) {
      rest.remove_prefix(1);
    }
  }
  return path.find('/') != std::string_view::npos;
}

void add_unique(std::vector<LoggedValue>& list, std::size_t limit, std::string value, std::uint64_t line) {
  if (list.size() >= limit) {
    return;
  }
  for (const auto& known : list) {
    if (known.value == value) {
      return;
    }
  }
  list.push_back(LoggedValue{line, std::move(value), {}});
}

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Which of the words the GPU and override readers look for a line may hold, in one pass (most lines
// of a build log hold none, and cost only this).
struct LineMarks {
  bool gfx = false;       // "gfx", any case
  bool product = false;   // "rx", "radeon", "instinct", "firepro", "vega", "pro v", "pro w", "mi", "wx", "w" + digit
  bool ryzen = false;     // "ryzen", any case
  bool overrid = false;   // "overrid", any case
  bool cuda_build = false;  // "nvcc", "__cudacc__", "__nvcc__", "-gencode", any case
  bool triton = false;      // "triton", "_inductor", any case
};

// Whether the "xt" at `at` follows a model number ("6700XT", "7900 XTX"): a Radeon named without "RX".
bool after_model_number(std::string_view line, std::size_t at) {
  std::size_t digits_end = at > 0 && line[at - 1] == ' ' ? at - 1 : at;
  std::size_t start = digits_end;
  while (start > 0 && std::isdigit(static_cast<unsigned char>(line[start - 1]))) {
    --start;
  }
  return digits_end - start == 4 && (start == 0 || !is_alnum(line[start - 1]));
}

LineMarks scan_marks(std::string_view line) {
  LineMarks marks;
  auto at = [&](std::size_t i, std::string_view lower_word) {
    if (i + lower_word.size() > line.size()) {
      return false;
    }
    for (std::size_t k = 0; k < lower_word.size(); ++k) {
      if (lower(line[i + k]) != lower_word[k]) {
        return false;
      }
    }
    return true;
  };
  auto word_start = [&](std::size_t i) { return i == 0 || !is_alnum(lower(line[i - 1])); };
  for (std::size_t i = 0; i < line.size(); ++i) {
    switch (lower(line[i])) {
      case 'g': marks.gfx = marks.gfx || at(i, "gfx"); break;
      case 'r': marks.product = marks.product || at(i, "rx") || at(i, "radeon");
                marks.ryzen = marks.ryzen || at(i, "ryzen"); break;
      case 'x': marks.product = marks.product || (at(i, "xt") && after_model_number(line, i)); break;
      case 'i': marks.product = marks.product || at(i, "instinct"); break;
      case 'f': marks.product = marks.product || at(i, "firepro"); break;
      case 'v': marks.product = marks.product || at(i, "vega"); break;
      case 'm': marks.product = marks.product || (at(i, "mi") && word_start(i)); break;
      case 'w': marks.product = marks.product || (word_start(i) && i + 1 < line.size() &&
                                                  (std::isdigit(static_cast<unsigned char>(line[i + 1])) != 0 ||
                                                   at(i, "wx"))); break;
      case 'p': marks.product = marks.product || at(i, "pro v") || at(i, "pro w"); break;
      case 'o': marks.overrid = marks.overrid || at(i, "overrid"); break;
      case 'n': marks.cuda_build = marks.cuda_build || at(i, "nvcc"); break;
      case '_': marks.cuda_build = marks.cuda_build || at(i, "__cudacc__") || at(i, "__nvcc__");
                marks.triton = marks.triton || at(i, "_inductor"); break;
      case '-': marks.cuda_build = marks.cuda_build || at(i, "-gencode"); break;
      case 't': marks.triton = marks.triton || at(i, "triton"); break;
      default: break;
    }
  }
  return marks;
}

std::string lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), lower);
  return out;
}

// Product names people write as one key: "RX 5500 XT", "rx5700" -> "rx5500xt", "rx5700"; "Radeon 780M", "Radeon VII",
// "Radeon Pro VII" -> "780m", "vii"; a model number with its XT suffix but no "RX" ("6700XT", "7900 XTX") ->
// "rx6700xt"; "Instinct MI300X", "MI50" -> "mi300x", "mi50"; "Radeon Pro W7900", "W6800", "WX 9100" -> "w7900",
// "w6800", "wx9100"; "Radeon Pro V620" -> "v620"; "RX Vega 64", "Vega 8 Graphics" -> "vega64", "vega8";
// "FirePro S9150" -> "s9150". The names of data/amdgpu_pci_ids.tsv (libdrm's amdgpu.ids) and the gpu rows of
// data/amdgpu_example_products.tsv (LLVM's AMDGPUUsage) are read the same way.
const std::regex& product_regex() {
  static const std::regex regex{
      R"((^|[^a-z0-9])(rx ?([0-9]{3,4}) ?(xtx|xt|gre|m|s)?|radeon ([0-9]{3,4}[ms]|vii)|([0-9]{4}) ?(xtx|xt))"
      R"(|(?:radeon )?(?:instinct )?mi ?([0-9]{2,3}[a-z]?)|(?:radeon )?pro (vii)|(?:radeon )?(?:pro )?(wx ?|w)([0-9]{4})[a-z]?)"
      R"(|(?:radeon )?pro v([0-9]{3,4})[a-z]?|(?:radeon )?(?:rx )?vega ?([0-9]{1,2})|firepro ([a-z][0-9]{3,4})[a-z]?)($|[^a-z0-9]))"};
  return regex;
}

std::string product_key(const std::smatch& match) {
  if (match[3].matched) {
    return "rx" + match[3].str() + match[4].str();
  }
  if (match[6].matched) {
    return "rx" + match[6].str() + match[7].str();
  }
  if (match[8].matched) {
    return "mi" + match[8].str();
  }
  if (match[9].matched) {
    return "vii";
  }
  if (match[10].matched) {
    std::string series = match[10].str();
    series.erase(std::remove(series.begin(), series.end(), ' '), series.end());
    return series + match[11].str();
  }
  if (match[12].matched) {
    return "v" + match[12].str();
  }
  if (match[13].matched) {
    return "vega" + match[13].str();
  }
  if (match[14].matched) {
    return match[14].str();
  }
  return match[5].str();
}

// Whether `lower_line` has a word that may start a product name: "radeon", "instinct", "firepro", "vega", "pro v",
// "pro w", "rx" or "mi" before a digit, "w" before four digits, "wx" before a digit, or a four-digit model number
// before "xt" (the regex is not run on every line of a build log).
bool may_name_product(std::string_view lower_line) {
  for (std::string_view word : {"radeon", "instinct", "firepro", "vega", "pro v", "pro w"}) {
    if (lower_line.find(word) != std::string_view::npos) {
      return true;
    }
  }
  for (std::size_t at = lower_line.find("xt"); at != std::string_view::npos; at = lower_line.find("xt", at + 2)) {
    if (after_model_number(lower_line, at)) {
      return true;
    }
  }
  auto digit_at = [&](std::size_t i) { return i < lower_line.size() && std::isdigit(static_cast<unsigned char>(lower_line[i])) != 0; };
  for (std::size_t at = 0; at < lower_line.size(); ++at) {
    if (at > 0 && is_alnum(lower_line[at - 1])) {
      continue;
    }
    std::string_view rest = lower_line.substr(at);
    if (rest.starts_with("rx") || rest.starts_with("mi")) {
      std::size_t next = at + 2 < lower_line.size() && lower_line[at + 2] == ' ' ? at + 3 : at + 2;
      if (digit_at(next)) {
        return true;
      }
    } else if (rest.starts_with('w') && digit_at(at + 1) && digit_at(at + 4)) {
      return true;
    } else if (rest.starts_with("wx") && (digit_at(at + 2) || digit_at(at + 3))) {
      return true;
    }
  }
  return false;
}

// Product key → the one processor it names; keys whose rows name processors of several families
// are left out (a name that does not tell the family is no evidence).
const std::map<std::string, std::string>& product_processors() {
  static const std::map<std::string, std::string> table = [] {
    std::map<std::string, std::set<std::string>> seen;
    auto add = [&seen](std::string_view name, const std::string& gfx) {
      std::string product = lowercase(name);
      for (std::sregex_iterator it(product.begin(), product.end(), product_regex()), end; it != end; ++it) {
        seen[product_key(*it)].insert(gfx);
      }
    };
    for (const auto& row : knowledge::AmdgpuPciIdTable::embedded().all()) {
      add(row.product, row.gfx);
    }
    const auto& examples = knowledge::embedded_table("amdgpu_example_products.tsv");
    for (const auto& row : examples.rows) {
      if (examples.field(row, "kind") == "gpu") {
        add(examples.field(row, "product"), examples.field(row, "processor"));
      }
    }
    std::map<std::string, std::string> result;
    for (const auto& [key, processors] : seen) {
      std::set<std::string> families;
      for (const auto& processor : processors) {
        families.insert(amd_family_key(processor));
      }
      if (families.size() == 1 && !families.begin()->empty()) {
        result[key] = *processors.begin();
      }
    }
    return result;
  }();
  return table;
}

// data/amd_apu_graphics.tsv: APU model number (lower case, "8700g") -> the LLVM processor of its iGPU.
const std::map<std::string, std::string, std::less<>>& apu_processors() {
  static const std::map<std::string, std::string, std::less<>> table = [] {
    std::map<std::string, std::string, std::less<>> result;
    const auto& tsv = knowledge::embedded_table("amd_apu_graphics.tsv");
    for (const auto& row : tsv.rows) {
      result[lowercase(tsv.field(row, "model"))] = tsv.field(row, "gfx");
    }
    return result;
  }();
  return table;
}

// Whether `line` (lower case) lists build targets or code objects rather than naming a GPU.
bool lists_targets(std::string_view line) {
  for (std::string_view marker : {"code object", "hipv4-", "offload-arch", "_arch", "targets", "architectures",
                                  "tensile", "--amdgpu-target", "kernels.so"}) {
    if (line.find(marker) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

// The value after "override to" / "overridden as" / "override with" in words: "gfx1030" or "10.3.0",
// as an override spelling ("10.3.0"); empty when the line has none.
std::string override_in_words(std::string_view lower_line) {
  for (std::size_t at = lower_line.find("overrid"); at != std::string_view::npos; at = lower_line.find("overrid", at + 1)) {
    std::size_t i = at + 7;
    while (i < lower_line.size() && std::isalpha(static_cast<unsigned char>(lower_line[i]))) {
      ++i;
    }
    for (std::string_view joiner : {" to ", " as ", " with "}) {
      if (lower_line.substr(i, joiner.size()) != joiner) {
        continue;
      }
      std::size_t start = i + joiner.size();
      std::size_t end = start;
      while (end < lower_line.size() && (is_alnum(lower_line[end]) || lower_line[end] == '.')) {
        ++end;
      }
      std::string_view value = lower_line.substr(start, end - start);
      while (!value.empty() && value.back() == '.') {
        value.remove_suffix(1);
      }
      if (auto version = detect::parse_gfx_processor_name(value)) {
        return version->override_spelling();
      }
      if (detect::parse_gfx_override(value)) {
        return std::string(value);
      }
    }
  }
  return {};
}

}  // namespace

std::string amd_family_key(std::string_view processor) {
  const auto* entry = knowledge::AmdgpuProcessorTable::embedded().by_name(processor);
  if (entry == nullptr || entry->is_generic) {
    return {};
  }
  return entry->generic_family.empty() || entry->generic_family == "-" ? std::string(processor) : entry->generic_family;
}

std::string family_representative(std::string_view processor) {
  std::string family = amd_family_key(processor);
  if (family.empty()) {
    return {};
  }
  std::string best;
  std::uint32_t best_packed = 0;
  for (const auto& entry : knowledge::AmdgpuProcessorTable::embedded().all()) {
    if (entry.is_generic || amd_family_key(entry.name) != family) {
      continue;
    }
    auto version = detect::parse_gfx_processor_name(entry.name);
    if (version && (best.empty() || version->packed() < best_packed)) {
      best = entry.name;
      best_packed = version->packed();
    }
  }
  return best;
}

std::vector<std::pair<std::string, std::string>> amd_gpus_named(std::string_view line) {
  std::vector<std::pair<std::string, std::string>> named;
  LineMarks marks = scan_marks(line);
  if (!marks.gfx && !marks.product) {
    return named;
  }
  std::string lower_line = lowercase(line);
  if (lists_targets(lower_line)) {
    return named;
  }
  for (std::size_t at = lower_line.find("gfx"); at != std::string::npos; at = lower_line.find("gfx", at + 3)) {
    if (at > 0 && std::isalpha(static_cast<unsigned char>(lower_line[at - 1]))) {
      continue;
    }
    std::size_t end = at + 3;
    while (end < lower_line.size() && std::isxdigit(static_cast<unsigned char>(lower_line[end]))) {
      ++end;
    }
    if (end - at < 6) {
      continue;  // a processor name has 3 or 4 after "gfx" (gfx803, gfx90a, gfx1031)
    }
    std::string processor = lower_line.substr(at, end - at);
    if (!amd_family_key(processor).empty()) {
      named.emplace_back(processor, std::string(line.substr(at, end - at)));
    }
  }
  // Products: only on lines that may name one (the regex is not run on every line of a build log).
  if (may_name_product(lower_line)) {
    const auto& products = product_processors();
    for (std::sregex_iterator it(lower_line.begin(), lower_line.end(), product_regex()), end; it != end; ++it) {
      std::string key = product_key(*it);
      auto found = products.find(key);
      if (found == products.end() && (*it)[4].matched) {
        found = products.find("rx" + (*it)[3].str());  // "RX 5500 XTX" written for an "RX 5500 XT"
      }
      if (found != products.end()) {
        named.emplace_back(found->second, (*it)[2].str());
      }
    }
  }
  return named;
}

std::vector<std::pair<std::string, std::string>> apu_gpus_named(std::string_view line) {
  std::vector<std::pair<std::string, std::string>> named;
  std::string lower_line = lowercase(line);
  auto skip = [&](std::size_t i) {  // spaces, "™"/"®" (UTF-8 bytes), "(tm)", "(r)"
    while (i < lower_line.size()) {
      if (lower_line[i] == ' ' || static_cast<unsigned char>(lower_line[i]) >= 0x80) {
        ++i;
      } else if (lower_line.compare(i, 4, "(tm)") == 0) {
        i += 4;
      } else if (lower_line.compare(i, 3, "(r)") == 0) {
        i += 3;
      } else {
        break;
      }
    }
    return i;
  };
  auto digit = [&](std::size_t i) { return i < lower_line.size() && std::isdigit(static_cast<unsigned char>(lower_line[i])); };
  for (std::size_t at = lower_line.find("ryzen"); at != std::string::npos; at = lower_line.find("ryzen", at + 5)) {
    if (at > 0 && is_alnum(lower_line[at - 1])) {
      continue;
    }
    std::size_t i = skip(at + 5);
    if (digit(i) && (i + 1 == lower_line.size() || lower_line[i + 1] == ' ')) {
      i = skip(i + 1);  // the tier: "Ryzen 7 8700G"
    }
    if (lower_line.compare(i, 4, "pro ") == 0) {
      i = skip(i + 4);
    }
    std::size_t end = i;
    while (digit(end)) {
      ++end;
    }
    if (end - i != 4) {
      continue;
    }
    while (end < lower_line.size() && std::isalpha(static_cast<unsigned char>(lower_line[end]))) {
      ++end;
    }
    if (end < lower_line.size() && is_alnum(lower_line[end])) {
      continue;
    }
    const auto& table = apu_processors();
    if (auto found = table.find(std::string_view(lower_line).substr(i, end - i)); found != table.end()) {
      named.emplace_back(found->second, std::string(line.substr(at, end - at)));
    }
  }
  return named;
}

std::vector<std::string> shared_object_paths(std::string_view text) {
  std::vector<std::string> paths;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_path_delimiter(text[i])) {
      ++i;
    }
    std::size_t start = i;
    while (i < text.size() && !is_path_delimiter(text[i])) {
      ++i;
    }
    std::string_view token = text.substr(start, i - start);
    // "/x/libfoo.so:" (an ImportError) and "/x/libfoo.so." (end of a sentence) end in punctuation.
    while (!token.empty() && (token.back() == ':' || token.back() == '.')) {
      token.remove_suffix(1);
    }
    // A token may carry a prefix before the path: "from:/x.so" is rare, "ImportError:/x" never.
    std::size_t slash = token.find('/');
    if (slash != std::string_view::npos && slash > 0 && token[slash - 1] == ':') {
      token.remove_prefix(slash);
    }
    if (!token.empty() && token.front() == '/' && is_shared_object_name(token)) {
      paths.emplace_back(token);
    }
  }
  return paths;
}

namespace {

std::string_view trim_pasted(std::string_view text) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '`' || c == '"' || c == '\''; };
  while (!text.empty() && blank(text.front())) {
    text.remove_prefix(1);
  }
  while (!text.empty() && blank(text.back())) {
    text.remove_suffix(1);
  }
  return text;
}

// A list of CUDA archs as TORCH_CUDA_ARCH_LIST holds them: "5.2 6.0 8.6+PTX", "8.0;9.0", "7.5,8.6".
bool looks_like_arch_list(std::string_view value) {
  if (value.empty() || !std::isdigit(static_cast<unsigned char>(value.front()))) {
    return false;
  }
  return std::all_of(value.begin(), value.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '+' || c == ' ' || c == ';' || c == ',' ||
           c == 'P' || c == 'T' || c == 'X' || c == 'p' || c == 't' || c == 'x' || c == 'a' || c == 'f';
  });
}

}  // namespace

void LogFacts::collect_arch_list(std::string_view line, std::uint64_t number, std::string_view shown) {
  bool echoed = arch_list_echoed;
  arch_list_echoed = false;
  static constexpr std::string_view k_unknown = "Unknown CUDA arch (";
  if (!unknown_torch_arch) {
    if (std::size_t at = line.find(k_unknown); at != std::string_view::npos) {
      std::size_t start = at + k_unknown.size();
      std::size_t close = line.find(')', start);
      if (close != std::string_view::npos && close > start && std::isdigit(static_cast<unsigned char>(line[start])) &&
          line.substr(close).starts_with(") or GPU not supported")) {
        unknown_torch_arch = LoggedValue{number, std::string(line.substr(start, close - start)),
                                         clip_text(shown, LogScanner::k_evidence_chars)};
      }
    }
  }
  static constexpr std::string_view k_variable = "TORCH_CUDA_ARCH_LIST";
  std::size_t at = line.find(k_variable);
  if (at == std::string_view::npos) {
    std::string_view value = trim_pasted(line);
    if (echoed && arch_lists.size() < k_max_arch_lists && looks_like_arch_list(value)) {
      arch_lists.push_back(LoggedValue{number, std::string(value), clip_text(shown, LogScanner::k_evidence_chars)});
    }
    return;
  }
  std::string_view before = line.substr(0, at);
  std::string_view after = trim_pasted(line.substr(at + k_variable.size()));
  // "echo $TORCH_CUDA_ARCH_LIST", "echo ${TORCH_CUDA_ARCH_LIST}": the value is the next line.
  if (before.find("echo") != std::string_view::npos && !before.empty() &&
      (before.back() == '$' || before.ends_with("${")) && (after.empty() || after == "}")) {
    arch_list_echoed = true;
    return;
  }
  // "TORCH_CUDA_ARCH_LIST=8.6", "export TORCH_CUDA_ARCH_LIST=\"5.2 6.0 9.0+PTX\"", "TORCH_CUDA_ARCH_LIST: 8.0;9.0".
  std::string_view rest = line.substr(at + k_variable.size());
  std::size_t i = 0;
  while (i < rest.size() && (rest[i] == ' ' || rest[i] == '=' || rest[i] == ':')) {
    ++i;
  }
  if (i == 0 || arch_lists.size() >= k_max_arch_lists) {
    return;
  }
  std::size_t end = i;
  if (i < rest.size() && (rest[i] == '"' || rest[i] == '\'')) {
    char quote = rest[i];
    ++i;
    end = rest.find(quote, i);
    if (end == std::string_view::npos) {
      end = rest.size();
    }
  } else {
    while (end < rest.size() && rest[end] != ' ' && rest[end] != '`') {
      ++end;
    }
  }
  std::string_view value = rest.substr(i, end - i);
  if (looks_like_arch_list(value)) {
    arch_lists.push_back(LoggedValue{number, std::string(value), clip_text(shown, LogScanner::k_evidence_chars)});
  }
}

void LogFacts::collect(std::string_view line, std::uint64_t number, std::string_view shown) {
  if (shown.empty()) {
    shown = line;
  }
  if (libraries.size() < k_max_libraries && line.find(".so") != std::string_view::npos) {
    for (auto& path : shared_object_paths(line)) {
      add_unique(libraries, k_max_libraries, std::move(path), number);
    }
  }
  for (std::size_t at = line.find("-packages/"); at != std::string_view::npos && packages.size() < k_max_packages;
       at = line.find("-packages/", at + 1)) {
    std::size_t start = at;
    while (start > 0 && !is_path_delimiter(line[start - 1])) {
      --start;
    }
    std::size_t name_start = at + 10;
    std::size_t end = name_start;
    while (end < line.size() && line[end] != '/' && !is_path_delimiter(line[end]) && line[end] != ':') {
      ++end;
    }
    std::string_view root = line.substr(start, end - start);
    std::string_view name = line.substr(name_start, end - name_start);
    // Directories only: "site-packages/torch", not "site-packages/flash_attn_2_cuda.cpython-310-….so".
    if (!root.empty() && root.front() == '/' && !name.empty() && name.find('.') == std::string_view::npos &&
        end < line.size() && line[end] == '/') {
      add_unique(packages, k_max_packages, std::string(root), number);
    }
  }
  static constexpr std::string_view k_override = "HSA_OVERRIDE_GFX_VERSION";
  for (std::size_t at = line.find(k_override); at != std::string_view::npos && overrides.size() < k_max_overrides;
       at = line.find(k_override, at + 1)) {
    std::size_t i = at + k_override.size();
    // "=10.3.0", ": 11.0.0", "=\"10.3.0\"", Python's os.environ["HSA_OVERRIDE_GFX_VERSION"] = "10.3.0", and in a
    // sentence: "HSA_OVERRIDE_GFX_VERSION to 10.3.0", "… set to 10.3.0", "… is 11.0.0" (ollama#12111).
    for (int words = 0; words <= 2; ++words) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '=' || line[i] == ':' || line[i] == '"' ||
                                 line[i] == '\'' || line[i] == ']' || line[i] == '`')) {
        ++i;
      }
      bool skipped = false;
      for (std::string_view word : {"to ", "set ", "is ", "was ", "as ", "of ", "at "}) {
        if (line.substr(i, word.size()) == word) {
          i += word.size();
          skipped = true;
          break;
        }
      }
      if (!skipped) {
        break;
      }
    }
    std::size_t end = i;
    while (end < line.size() && (std::isdigit(static_cast<unsigned char>(line[end])) || line[end] == '.')) {
      ++end;
    }
    std::string_view value = line.substr(i, end - i);
    if (detect::parse_gfx_override(value)) {
      add_unique(overrides, k_max_overrides, std::string(value), number);
      if (overrides.back().line == number && overrides.back().text.empty()) {
        overrides.back().text = clip_text(shown, LogScanner::k_evidence_chars);
      }
    }
  }
  collect_arch_list(line, number, shown);
  // In words ("i use rx 5500xt and override to gfx1030"): only on lines that say "overrid".
  LineMarks marks = scan_marks(line);
  if (marks.cuda_build && !cuda_build) {
    cuda_build = LoggedValue{number, "nvcc", clip_text(shown, LogScanner::k_evidence_chars)};
  }
  if (marks.triton && !triton) {
    triton = LoggedValue{number, "triton", clip_text(shown, LogScanner::k_evidence_chars)};
  }
  std::string lower_line = marks.overrid ? lowercase(line) : std::string();
  override_named = override_named || lower_line.find("hsa_override_gfx_version") != std::string::npos;
  if (overrides.size() < k_max_overrides && marks.overrid) {
    if (std::string value = override_in_words(lower_line); !value.empty()) {
      add_unique(overrides, k_max_overrides, value, number);
      if (overrides.back().line == number && overrides.back().text.empty()) {
        overrides.back().text = clip_text(shown, LogScanner::k_evidence_chars);
      }
    }
  }
  if (gpus.size() < k_max_gpus && (marks.gfx || marks.product)) {
    for (auto& [processor, named_as] : amd_gpus_named(line)) {
      bool known = false;
      for (const auto& gpu : gpus) {
        known = known || (gpu.where.value == processor && gpu.named_as == named_as);
      }
      if (!known && gpus.size() < k_max_gpus) {
        GpuNaming naming = lowercase(named_as) != processor ? GpuNaming::product_name : GpuNaming::gfx_name;
        gpus.push_back({LoggedValue{number, processor, clip_text(shown, LogScanner::k_evidence_chars)}, named_as,
                        naming});
      }
    }
  }
  if (gpus.size() < k_max_gpus && marks.ryzen) {
    for (auto& [processor, named_as] : apu_gpus_named(line)) {
      bool known = false;
      for (const auto& gpu : gpus) {
        known = known || (gpu.naming == GpuNaming::cpu_name && gpu.where.value == processor &&
                          gpu.named_as == named_as);
      }
      if (!known && gpus.size() < k_max_gpus) {
        gpus.push_back({LoggedValue{number, processor, clip_text(shown, LogScanner::k_evidence_chars)}, named_as,
                        GpuNaming::cpu_name});
      }
    }
  }
}

// The first processor the data knows among the gfx names of `text` ("... Illegal seek for GPU arch : gfx90c").
std::string first_known_processor(std::string_view text) {
  static const std::regex gfx{R"(gfx[0-9]{2,3}[0-9a-f])", std::regex::icase};
  std::string storage(text);
  for (auto it = std::sregex_iterator(storage.begin(), storage.end(), gfx); it != std::sregex_iterator(); ++it) {
    std::string name = it->str();
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!amd_family_key(name).empty()) {
      return name;
    }
  }
  return {};
}

}  // namespace archfit::explain
