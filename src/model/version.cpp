#include "model/version.hpp"

#include <algorithm>
#include <charconv>

namespace archfit::model {

Version parse_version(std::string_view text) {
  Version version;
  auto plus = text.find('+');
  if (plus != std::string_view::npos) {
    version.local = std::string(text.substr(plus + 1));
    text = text.substr(0, plus);
  }
  while (!text.empty() && text.front() >= '0' && text.front() <= '9') {
    long value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{}) {
      break;  // out of range: the rest is suffix
    }
    version.release.push_back(value);
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    if (text.size() < 2 || text.front() != '.' || text[1] < '0' || text[1] > '9') {
      break;
    }
    text.remove_prefix(1);
  }
  version.suffix = std::string(text);
  return version;
}

std::optional<int> Version::major() const {
  if (release.empty()) {
    return std::nullopt;
  }
  return static_cast<int>(release.front());
}

std::string Version::major_minor() const {
  if (release.empty()) {
    return {};
  }
  std::string result = std::to_string(release[0]);
  if (release.size() > 1) {
    result += '.';
    result += std::to_string(release[1]);
  }
  return result;
}

int compare_versions(const Version& a, const Version& b) {
  std::size_t size = std::max(a.release.size(), b.release.size());
  for (std::size_t i = 0; i < size; ++i) {
    long left = i < a.release.size() ? a.release[i] : 0;
    long right = i < b.release.size() ? b.release[i] : 0;
    if (left != right) {
      return left < right ? -1 : 1;
    }
  }
  return 0;
}

int compare_versions(std::string_view a, std::string_view b) { return compare_versions(parse_version(a), parse_version(b)); }

}  // namespace archfit::model
