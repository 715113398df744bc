#include "report/redaction.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>

#include "util/json_writer.hpp"
#include "util/text_lines.hpp"

namespace archfit::report {

namespace {

constexpr std::size_t k_min_value_length = 3;
constexpr std::size_t k_min_prefix_digits = 8;

bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
// A character that continues a path component or a path: a value that starts with '/' (a home
// directory) matches only where a path starts, never inside "tests/data/h200/root".
bool continues_path(char c) { return is_word(c) || c == '.' || c == '-' || c == '/' || c == '~'; }
bool is_uuid_char(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0 || c == '-'; }
// Where a path component ends in running text or JSON: a separator, space, quote or bracket.
bool ends_component(char c) {
  return c == '/' || c == '"' || c == '\'' || c == '`' || c == '\\' || c == ')' || c == ']' || c == '(' ||
         c == ',' || c == ';' || c == ':' || c == '<' || c == '>' || c == '|' ||
         std::isspace(static_cast<unsigned char>(c)) != 0;
}

using Range = std::pair<std::size_t, std::size_t>;  // [begin, end) of `text`

// One pass over `text`: at each occurrence of `needle` that does not start inside a range already
// replaced, `match(hit)` gives the range to replace with `placeholder`, or nothing.
template <typename Match>
std::string replace_matches(std::string_view text, std::string_view needle, std::string_view placeholder,
                            Match match) {
  std::string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  for (auto hit = text.find(needle); hit != std::string_view::npos; hit = text.find(needle, hit + 1)) {
    if (hit < pos) {
      continue;
    }
    if (std::optional<Range> range = match(hit)) {
      out.append(text.substr(pos, range->first - pos));
      out.append(placeholder);
      pos = range->second;
    }
  }
  out.append(text.substr(pos));
  return out;
}

// `value` replaced by `placeholder` wherever it is not part of a longer word.
std::string replace_words(std::string_view text, std::string_view value, std::string_view placeholder) {
  bool path = value.front() == '/';
  bool check_left = path || is_word(value.front());
  bool check_right = is_word(value.back());
  return replace_matches(text, value, placeholder, [&](std::size_t hit) -> std::optional<Range> {
    std::size_t end = hit + value.size();
    bool left_ok = !check_left || hit == 0 || !(path ? continues_path(text[hit - 1]) : is_word(text[hit - 1]));
    bool right_ok = !check_right || end == text.size() || !is_word(text[end]);
    return left_ok && right_ok ? std::optional<Range>(Range{hit, end}) : std::nullopt;
  });
}

// Tokens `prefix` + at least 8 hex digits or dashes: the digits become `placeholder`.
std::string replace_prefixed(std::string_view text, std::string_view prefix, std::string_view placeholder) {
  return replace_matches(text, prefix, placeholder, [&](std::size_t hit) -> std::optional<Range> {
    if (hit > 0 && is_word(text[hit - 1])) {
      return std::nullopt;
    }
    std::size_t start = hit + prefix.size();
    std::size_t end = start;
    while (end < text.size() && is_uuid_char(text[end])) {
      ++end;
    }
    return end - start >= k_min_prefix_digits ? std::optional<Range>(Range{start, end}) : std::nullopt;
  });
}

// The component after each `directory` + "/" (a home directory's name under /home) becomes `placeholder`.
std::string replace_component(std::string_view text, std::string_view directory, std::string_view placeholder) {
  return replace_matches(text, directory, placeholder, [&](std::size_t hit) -> std::optional<Range> {
    std::size_t start = hit + directory.size() + 1;
    if (start > text.size() || text[start - 1] != '/' || text.substr(start).starts_with(placeholder)) {
      return std::nullopt;  // not this directory ("/homework"), or already redacted
    }
    std::size_t end = start;
    while (end < text.size() && !ends_component(text[end])) {
      ++end;
    }
    return end > start ? std::optional<Range>(Range{start, end}) : std::nullopt;
  });
}

// The body of `value` as a JSON string literal (without the quotes).
std::string json_escaped(std::string_view value) {
  JsonWriter writer;
  writer.value(value);
  std::string_view text = writer.text();
  return std::string(text.size() >= 2 ? text.substr(1, text.size() - 2) : text);
}

// Every path on the probed system that `pattern` names, `*` components expanded (sorted).
void expand(const probe::SystemRoot& root, std::string_view done, std::string_view rest,
            std::vector<std::string>& out) {
  while (!rest.empty() && rest.front() == '/') {
    rest.remove_prefix(1);
  }
  if (rest.empty()) {
    out.emplace_back(done);
    return;
  }
  auto slash = rest.find('/');
  std::string_view component = rest.substr(0, slash);
  std::string_view after = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
  if (component == "*") {
    for (const auto& entry : root.list_dir(done.empty() ? "/" : done)) {
      expand(root, std::string(done) + "/" + entry, after, out);
    }
  } else {
    expand(root, std::string(done) + "/" + std::string(component), after, out);
  }
}

}  // namespace

Redactor Redactor::from_rules(const knowledge::TsvTable& table, const probe::SystemRoot& root,
                              const probe::Environment& environment) {
  Redactor redactor;
  for (const auto& row : table.rows) {
    const std::string& kind = table.field(row, "kind");
    const std::string& name = table.field(row, "name");
    const std::string& placeholder = table.field(row, "placeholder");
    const std::string& what = table.field(row, "what");
    if (kind == "env") {
      if (auto value = environment.get(name)) {
        redactor.add_value(trim(*value), placeholder, what);
      }
    } else if (kind == "file") {
      std::vector<std::string> paths;
      expand(root, "", name, paths);
      for (const auto& path : paths) {
        auto file = root.read_text(path, 4096);
        if (file.ok()) {
          redactor.add_value(trim(file.text), placeholder, what);
        }
      }
    } else if (kind == "prefix" || kind == "path") {
      redactor.m_patterns.push_back({kind == "path", name, placeholder});
      if (std::find(redactor.m_kinds.begin(), redactor.m_kinds.end(), what) == redactor.m_kinds.end()) {
        redactor.m_kinds.push_back(what);
      }
    }
  }
  return redactor;
}

Redactor Redactor::for_machine(const probe::SystemRoot& root, const probe::Environment& environment) {
  return from_rules(knowledge::embedded_table("redaction_rules.tsv"), root, environment);
}

void Redactor::add_value(std::string_view value, std::string_view placeholder, std::string_view what) {
  if (value.size() < k_min_value_length || value.find('\n') != std::string_view::npos) {
    return;
  }
  for (std::string variant : {std::string(value), json_escaped(value)}) {
    bool known = std::any_of(m_values.begin(), m_values.end(), [&](const Value& v) { return v.text == variant; });
    if (!known) {
      m_values.push_back({std::move(variant), std::string(placeholder)});
    }
  }
  std::stable_sort(m_values.begin(), m_values.end(),
                   [](const Value& a, const Value& b) { return a.text.size() > b.text.size(); });
  if (std::find(m_kinds.begin(), m_kinds.end(), what) == m_kinds.end()) {
    m_kinds.emplace_back(what);
  }
}

std::string Redactor::redact(std::string_view text) const {
  std::string out(text);
  for (const auto& value : m_values) {
    out = replace_words(out, value.text, value.placeholder);
  }
  for (const auto& pattern : m_patterns) {
    out = pattern.path ? replace_component(out, pattern.name, pattern.placeholder)
                       : replace_prefixed(out, pattern.name, pattern.placeholder);
  }
  return out;
}

std::vector<std::string> Redactor::kinds() const { return m_kinds; }

}  // namespace archfit::report
