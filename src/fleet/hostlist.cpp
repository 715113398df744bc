#include "fleet/hostlist.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace archfit::fleet {

namespace {

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Numbers longer than this are kept as text (never a node index in practice; no overflow).
constexpr std::size_t k_max_digits = 18;

std::uint64_t to_number(std::string_view digits) {
  std::uint64_t value = 0;
  for (char c : digits) value = value * 10 + static_cast<std::uint64_t>(c - '0');
  return value;
}

// One bracket group "1-3,010-012" as its numbers, each padded to the width of its range's lo.
Result<std::vector<std::string>> expand_group(std::string_view group, std::string_view expression,
                                              std::size_t max_names) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= group.size()) {
    std::size_t comma = group.find(',', start);
    std::string_view part = group.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    std::size_t dash = part.find('-');
    std::string_view lo = part.substr(0, dash);
    std::string_view hi = dash == std::string_view::npos ? lo : part.substr(dash + 1);
    if (!all_digits(lo) || !all_digits(hi) || lo.size() > k_max_digits || hi.size() > k_max_digits) {
      return Error{fmt::format("hostlist '{}': '[{}]' is not a list of numbers and lo-hi ranges", expression, group)};
    }
    std::uint64_t a = to_number(lo), b = to_number(hi);
    if (b < a) {
      return Error{fmt::format("hostlist '{}': range {}-{} runs backwards", expression, lo, hi)};
    }
    if (b - a >= max_names || out.size() + (b - a) >= max_names) {
      return Error{fmt::format("hostlist '{}': more than {} names", expression, max_names)};
    }
    for (std::uint64_t n = a; n <= b; ++n) out.push_back(fmt::format("{:0{}}", n, lo.size()));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

// One item "a[1-2]b[3-4]": the product of its text pieces and bracket groups.
Status expand_item(std::string_view item, std::string_view expression, std::size_t max_names,
                   std::vector<std::string>& names) {
  std::vector<std::string> partial{""};
  std::size_t pos = 0;
  while (pos < item.size()) {
    std::size_t open = item.find('[', pos);
    std::string_view text = item.substr(pos, open == std::string_view::npos ? std::string_view::npos : open - pos);
    if (text.find(']') != std::string_view::npos) {
      return Error{fmt::format("hostlist '{}': ']' without '['", expression)};
    }
    if (open == std::string_view::npos && pos > 0 && !text.empty()) {
      // Slurm takes "a[1-2]b[3-4]" but not text after the last group ("node[1-2]-ib").
      return Error{fmt::format("hostlist '{}': text after the last ']'", expression)};
    }
    for (auto& p : partial) p += text;
    if (open == std::string_view::npos) break;
    std::size_t close = item.find(']', open);
    if (close == std::string_view::npos) {
      return Error{fmt::format("hostlist '{}': '[' without ']'", expression)};
    }
    ARCHFIT_TRY(auto numbers, expand_group(item.substr(open + 1, close - open - 1), expression, max_names));
    if (partial.size() * numbers.size() + names.size() > max_names) {
      return Error{fmt::format("hostlist '{}': more than {} names", expression, max_names)};
    }
    std::vector<std::string> next;
    next.reserve(partial.size() * numbers.size());
    for (const auto& p : partial) {
      for (const auto& n : numbers) next.push_back(p + n);
    }
    partial = std::move(next);
    pos = close + 1;
  }
  for (auto& p : partial) names.push_back(std::move(p));
  return Ok{};
}

}  // namespace

Result<std::vector<std::string>> expand_hostlist(std::string_view expression, std::size_t max_names) {
  std::vector<std::string> names;
  std::size_t start = 0;
  int depth = 0;
  for (std::size_t i = 0; i <= expression.size(); ++i) {
    char c = i < expression.size() ? expression[i] : ',';
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (depth < 0 || depth > 1) {
      return Error{fmt::format("hostlist '{}': unbalanced or nested brackets at offset {}", expression, i)};
    }
    if (c != ',' || depth != 0) continue;
    std::string_view item = expression.substr(start, i - start);
    start = i + 1;
    if (item.empty()) continue;  // "n1,,n2": scontrol skips empty names
    if (item.find_first_of(" \t\n") != std::string_view::npos) {
      return Error{fmt::format("hostlist '{}': white space in a name", expression)};
    }
    auto status = expand_item(item, expression, max_names, names);
    if (!status) return status.error();
  }
  if (depth != 0) {
    return Error{fmt::format("hostlist '{}': '[' without ']'", expression)};
  }
  return names;
}

std::string compress_hostlist(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  // prefix -> width class (0: no zero padding; N: padded to N digits) -> (number, digits)
  std::map<std::string, std::map<std::size_t, std::vector<std::pair<std::uint64_t, std::string>>>> numbered;
  std::multimap<std::string, std::string> out;  // sort key -> text
  for (const auto& name : names) {
    std::size_t cut = name.find_last_not_of("0123456789");
    std::size_t digits_at = cut == std::string::npos ? 0 : cut + 1;
    std::string digits = name.substr(digits_at);
    if (digits_at == 0 || digits.empty() || digits.size() > k_max_digits ||
        name.find_first_of("[],") != std::string::npos) {
      out.emplace(name, name);
      continue;
    }
    std::size_t width = digits.size() > 1 && digits[0] == '0' ? digits.size() : 0;
    numbered[name.substr(0, digits_at)][width].emplace_back(to_number(digits), digits);
  }
  for (auto& [prefix, classes] : numbered) {
    // An unpadded number as wide as a padded class belongs to it (n[09999-10000], not n[10000,09999]).
    if (auto unpadded = classes.find(0); unpadded != classes.end()) {
      std::vector<std::pair<std::uint64_t, std::string>> keep;
      for (auto& number : unpadded->second) {
        auto padded = classes.find(number.second.size());
        if (number.second.size() > 1 && padded != classes.end()) {
          padded->second.push_back(std::move(number));
        } else {
          keep.push_back(std::move(number));
        }
      }
      unpadded->second = std::move(keep);
      if (unpadded->second.empty()) classes.erase(unpadded);
    }
    std::vector<std::string> ranges;
    std::size_t count = 0;
    for (auto& [width, numbers] : classes) {
      std::sort(numbers.begin(), numbers.end());
      for (std::size_t i = 0; i < numbers.size();) {
        std::size_t j = i;
        // A padded class holds every number at its width (099, 100); an unpadded one never pads.
        while (j + 1 < numbers.size() && numbers[j + 1].first == numbers[j].first + 1 &&
               (width == 0 || numbers[j + 1].second.size() == width)) {
          ++j;
        }
        ranges.push_back(i == j ? numbers[i].second : numbers[i].second + "-" + numbers[j].second);
        count += j - i + 1;
        i = j + 1;
      }
    }
    std::string text = count == 1 ? prefix + ranges.front() : fmt::format("{}[{}]", prefix, fmt::join(ranges, ","));
    out.emplace(prefix, std::move(text));
  }
  std::string joined;
  for (const auto& [key, text] : out) {
    if (!joined.empty()) joined += ',';
    joined += text;
  }
  return joined;
}

}  // namespace archfit::fleet
