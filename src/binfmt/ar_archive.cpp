#include "binfmt/ar_archive.hpp"

#include <charconv>

#include <fmt/format.h>

#include "util/hex.hpp"

namespace archfit::binfmt {

namespace {

constexpr std::string_view k_ar_magic = "!<arch>\n";
constexpr std::string_view k_thin_magic = "!<thin>\n";
constexpr std::uint64_t k_header_size = 60;

std::string_view trim_right(std::string_view text) {
  while (!text.empty() && text.back() == ' ') {
    text.remove_suffix(1);
  }
  return text;
}

std::optional<std::uint64_t> parse_decimal(std::string_view text) {
  text = trim_right(text);
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

// Resolves a GNU "/123" long name from the "//" member.
std::optional<std::string> long_name(Bytes names, std::uint64_t offset) {
  if (offset >= names.size()) {
    return std::nullopt;
  }
  auto rest = as_chars(names.subspan(static_cast<std::size_t>(offset)));
  auto end = rest.find('\n');
  std::string_view name = rest.substr(0, end);
  if (!name.empty() && name.back() == '/') {
    name.remove_suffix(1);
  }
  return std::string(name);
}

}  // namespace

bool is_ar_archive(Bytes data) { return has_magic(data, 0, k_ar_magic); }
bool is_thin_ar_archive(Bytes data) { return has_magic(data, 0, k_thin_magic); }

ArArchive read_ar_archive(Bytes data) {
  ArArchive archive;
  if (!is_ar_archive(data)) {
    archive.error = Error{is_thin_ar_archive(data) ? "thin archive: members are stored outside the archive; scan "
                                                     "the member files themselves"
                                                   : "archive header at offset 0x0: bad magic"};
    return archive;
  }
  Bytes long_names;
  std::uint64_t offset = k_ar_magic.size();
  while (offset < data.size()) {
    auto header = slice(data, offset, k_header_size);
    if (!header) {
      archive.error = Error{fmt::format("archive member header at offset {}: truncated ({} bytes left, 60 needed)",
                                        hex(offset), data.size() - offset)};
      return archive;
    }
    auto text = as_chars(*header);
    if (text.substr(58, 2) != "`\n") {
      archive.error = Error{fmt::format("archive member header at offset {}: bad terminator (expected \"`\\n\")",
                                        hex(offset))};
      return archive;
    }
    auto size = parse_decimal(text.substr(48, 10));
    auto data_offset = offset + k_header_size;
    auto body = size ? slice(data, data_offset, *size) : std::nullopt;
    if (!body) {
      archive.error = Error{fmt::format("archive member header at offset {}: size field '{}' runs past end of file "
                                        "(size {})",
                                        hex(offset), trim_right(text.substr(48, 10)), hex(data.size()))};
      return archive;
    }
    std::string_view raw_name = trim_right(text.substr(0, 16));
    ArMember member{std::string(raw_name), data_offset, *body};
    bool skip = false;
    if (raw_name == "/" || raw_name == "/SYM64/" || raw_name.starts_with("__.SYMDEF")) {
      skip = true;  // symbol table
    } else if (raw_name == "//") {
      long_names = *body;
      skip = true;
    } else if (raw_name.starts_with("#1/")) {
      auto name_length = parse_decimal(raw_name.substr(3));
      if (!name_length || *name_length > body->size()) {
        archive.error = Error{fmt::format("archive member header at offset {}: BSD name length '{}' exceeds the "
                                          "member",
                                          hex(offset), raw_name.substr(3))};
        return archive;
      }
      std::string_view name = as_chars(body->first(static_cast<std::size_t>(*name_length)));
      member.name = std::string(name.substr(0, name.find('\0')));
      member.data = body->subspan(static_cast<std::size_t>(*name_length));
      member.offset += *name_length;
    } else if (raw_name.size() > 1 && raw_name.front() == '/') {
      auto index = parse_decimal(raw_name.substr(1));
      auto resolved = index ? long_name(long_names, *index) : std::nullopt;
      if (!resolved) {
        archive.error = Error{fmt::format("archive member header at offset {}: long name '{}' is not in the '//' "
                                          "table",
                                          hex(offset), raw_name)};
        return archive;
      }
      member.name = std::move(*resolved);
    } else if (raw_name.ends_with('/')) {
      member.name.pop_back();
    }
    if (!skip) {
      archive.members.push_back(std::move(member));
    }
    offset = data_offset + *size + (*size % 2);
  }
  return archive;
}

}  // namespace archfit::binfmt
