// Reads the example blocks of docs/json.md into SchemaNode trees and holds JSON against them
// (documented_schema.hpp says how the blocks are written).
#include "support/documented_schema.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::string docs_dir() { return std::string(ARCHFIT_SOURCE_DIR) + "/docs"; }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw std::runtime_error("cannot read " + path);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Block {
  std::string text;          // between the fences
  std::size_t line = 0;      // 1-based line of the block's first line in the file
  std::size_t end = 0;       // offset after the closing fence
};

std::size_t line_at(const std::string& text, std::size_t offset) {
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
}

// The ```json / ```jsonc block whose first "schema" member is `name`.
std::optional<Block> find_block(const std::string& file, const std::string& name) {
  static const std::regex first_schema(R"re("schema"\s*:\s*"([^"]+)")re");
  for (std::size_t at = file.find("```json"); at != std::string::npos; at = file.find("```json", at + 1)) {
    std::size_t start = file.find('\n', at);
    if (start == std::string::npos) {
      break;
    }
    ++start;
    std::size_t close = file.find("\n```", start - 1);
    if (close == std::string::npos) {
      break;
    }
    Block block{file.substr(start, close + 1 - start), line_at(file, start), close + 4};
    std::smatch match;
    if (std::regex_search(block.text, match, first_schema) && match[1] == name) {
      return block;
    }
    at = close + 1;
  }
  return std::nullopt;
}

// The first column's `code` spans of the first Markdown table after `from`: a table of ids.
std::vector<std::string> table_ids_after(const std::string& file, std::size_t from) {
  std::vector<std::string> ids;
  std::istringstream in(file.substr(from));
  std::string line;
  int row = 0;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.starts_with("|")) {
      in_table = true;
      if (++row <= 2) {
        continue;  // header and separator
      }
      std::string cell = line.substr(1, line.find('|', 1) - 1);
      static const std::regex code("`([^`]+)`");
      for (std::sregex_iterator it(cell.begin(), cell.end(), code), last; it != last; ++it) {
        ids.push_back((*it)[1]);
      }
    } else if (in_table) {
      break;
    }
  }
  return ids;
}

std::string trim(std::string text) {
  auto first = text.find_first_not_of(" \t");
  auto last = text.find_last_not_of(" \t");
  return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

bool is_snake_case(const std::string& key) { return std::regex_match(key, std::regex("[a-z][a-z0-9_]*")); }

// A reader of the commented JSON of one block.
class BlockParser {
 public:
  BlockParser(const Block& block, const std::string& file) : text_(block.text), block_(block), file_(file) {}

 private:
  struct Comment {
    std::string text;
    std::size_t line = 0;
    std::size_t column = 0;
    bool own_line = false;
  };

  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(file_ + ":" + std::to_string(block_.line + line() - 1) + ": " + what);
  }
  std::size_t line() const { return line_at(text_, pos_); }
  std::size_t column(std::size_t at) const {
    auto start = text_.rfind('\n', at == 0 ? 0 : at - 1);
    return start == std::string::npos ? at : at - start - 1;
  }
  bool own_line(std::size_t at) const {
    auto start = text_.rfind('\n', at == 0 ? 0 : at - 1);
    std::size_t from = start == std::string::npos ? 0 : start + 1;
    return text_.find_first_not_of(" \t", from) == at;
  }
  bool at(const std::string& token) const { return text_.compare(pos_, token.size(), token) == 0; }

  void skip(std::vector<Comment>* comments) {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++pos_;
      } else if (at("//")) {
        auto end = text_.find('\n', pos_);
        if (end == std::string::npos) {
          end = text_.size();
        }
        if (comments) {
          comments->push_back({trim(text_.substr(pos_ + 2, end - pos_ - 2)), line(), column(pos_), own_line(pos_)});
        }
        pos_ = end;
      } else {
        break;
      }
    }
  }

  bool ellipsis() {
    for (const char* token : {"...", "…"}) {
      if (at(token)) {
        pos_ += std::string(token).size();
        return true;
      }
    }
    return false;
  }

  std::string string_literal() {
    std::string out;
    ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) {
        ++pos_;
      }
      out += text_[pos_++];
    }
    if (pos_ >= text_.size()) {
      fail("unterminated string");
    }
    ++pos_;
    return out;
  }

  // One value; `opening` receives the comments on the line of an opening { or [.
  SchemaNode value(std::string& opening) {
    SchemaNode node;
    node.line = static_cast<int>(block_.line + line() - 1);
    if (pos_ >= text_.size()) {
      fail("the example ends early");
    }
    char c = text_[pos_];
    if (c == '{') {
      return object(opening);
    }
    if (c == '[') {
      return array(opening);
    }
    if (c == '"') {
      node.kind = SchemaNode::Kind::string;
      example_ = string_literal();
      return node;
    }
    if (at("true") || at("false")) {
      node.kind = SchemaNode::Kind::boolean;
      pos_ += at("true") ? 4 : 5;
      return node;
    }
    if (at("null")) {
      node.kind = SchemaNode::Kind::null;
      node.nullable = true;
      pos_ += 4;
      return node;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      node.kind = SchemaNode::Kind::number;
      while (pos_ < text_.size() && std::string("-+.eE0123456789").find(text_[pos_]) != std::string::npos) {
        ++pos_;
      }
      return node;
    }
    fail(std::string("unexpected '") + c + "'");
  }

  // Comments on the line where a { or [ opens belong to the member it is the value of.
  std::string opening_comments(std::size_t open_line, std::vector<Comment>& comments) {
    std::string text;
    std::vector<Comment> rest;
    for (auto& comment : comments) {
      if (comment.line == open_line) {
        text += (text.empty() ? "" : " ") + comment.text;
      } else {
        rest.push_back(comment);
      }
    }
    comments = rest;
    return text;
  }

  SchemaNode array(std::string& opening) {
    SchemaNode node;
    node.kind = SchemaNode::Kind::array;
    node.line = static_cast<int>(block_.line + line() - 1);
    std::size_t open_line = line();
    ++pos_;
    std::vector<Comment> comments;
    skip(&comments);
    opening = opening_comments(open_line, comments);
    while (pos_ < text_.size() && text_[pos_] != ']') {
      if (text_[pos_] == ',' || ellipsis()) {
        if (text_[pos_] == ',') {
          ++pos_;
        }
        skip(nullptr);
        continue;
      }
      std::string ignored;
      SchemaNode element = value(ignored);
      if (!node.element) {
        node.element = std::make_shared<SchemaNode>(element);
      } else if (node.element->kind == SchemaNode::Kind::object && element.kind == SchemaNode::Kind::object) {
        // Several example elements: a key that some of them lack is optional.
        auto has = [](const SchemaNode& object, const std::string& key) {
          for (const auto& member : object.members) {
            if (member.first == key) {
              return true;
            }
          }
          return false;
        };
        for (auto& [key, member] : node.element->members) {
          member.optional = member.optional || !has(element, key);
        }
        for (auto& member : element.members) {
          if (!has(*node.element, member.first)) {
            node.element->members.push_back(member);
            node.element->members.back().second.optional = true;
          }
        }
      }
      skip(nullptr);
    }
    if (pos_ >= text_.size()) {
      fail("unterminated array");
    }
    ++pos_;
    return node;
  }

  SchemaNode object(std::string& opening) {
    SchemaNode node;
    node.kind = SchemaNode::Kind::object;
    node.line = static_cast<int>(block_.line + line() - 1);
    bool nested = depth_++ > 0;
    std::size_t open_line = line();
    ++pos_;
    std::vector<Comment> comments;
    skip(&comments);
    opening = opening_comments(open_line, comments);
    std::vector<std::string> member_comments;  // parallel to node.members
    std::vector<bool> shared;                  // the comment is another member's on the same line
    std::vector<std::string> schema_examples;
    std::string pending, sticky;
    std::size_t last_line = 0, key_column = 0;
    std::size_t first_on_last_line = 0;  // the first member that ended on last_line
    bool last_commented = false;
    auto distribute = [&](const std::vector<Comment>& found) {
      for (const auto& comment : found) {
        bool trailing = !node.members.empty() && comment.line == last_line && !comment.own_line;
        bool continuation = !node.members.empty() && comment.own_line && last_commented && comment.column > key_column;
        if (trailing) {
          // The last member on the line owns the comment; the others on that line without a
          // comment of their own share what it says of null and absence, never an enumeration.
          for (std::size_t i = first_on_last_line; i < node.members.size(); ++i) {
            if (i + 1 == node.members.size() || member_comments[i].empty() || shared[i]) {
              shared[i] = i + 1 != node.members.size() && (member_comments[i].empty() || shared[i]);
              member_comments[i] += (member_comments[i].empty() ? "" : " ") + comment.text;
            }
          }
          last_commented = true;
        } else if (continuation) {
          member_comments.back() += " " + comment.text;
        } else if (comment.text.ends_with(":")) {
          sticky += " " + comment.text;
          last_commented = false;
        } else {
          pending += " " + comment.text;
          last_commented = false;
        }
      }
    };
    distribute(comments);
    while (true) {
      skip(&comments);
      if (pos_ >= text_.size()) {
        fail("unterminated object");
      }
      if (text_[pos_] == '}') {
        break;
      }
      if (text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (ellipsis()) {
        node.open = true;
        continue;
      }
      if (text_[pos_] != '"') {
        fail(std::string("expected a key, found '") + text_[pos_] + "'");
      }
      std::size_t key_line = line();
      key_column = column(pos_);
      std::string key = string_literal();
      skip(nullptr);
      SchemaNode member;
      std::string member_opening;
      example_.clear();
      if (pos_ < text_.size() && text_[pos_] == ':') {
        ++pos_;
        skip(nullptr);
        member = value(member_opening);
      } else {
        member.line = static_cast<int>(block_.line + key_line - 1);  // a bare key: any value
      }
      if (key == "schema" && member.kind == SchemaNode::Kind::string) {
        member.enumeration = {example_};
        schema_examples.push_back(example_);
      }
      if (line() != last_line) {
        first_on_last_line = node.members.size();
      }
      last_line = line();
      node.members.push_back(SchemaMember{key, std::move(member)});
      member_comments.push_back(trim(pending + " " + sticky + " " + member_opening));
      shared.push_back(false);
      last_commented = !member_opening.empty();
      pending.clear();
      comments.clear();
      skip(&comments);
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        skip(&comments);
      }
      distribute(comments);
      comments.clear();
    }
    ++pos_;
    --depth_;
    for (std::size_t i = 0; i < node.members.size(); ++i) {
      annotate(node.members[i].second, member_comments[i], !shared[i]);
    }
    bool map = false;
    for (const auto& [key, member] : node.members) {
      map = map || !is_snake_case(key);
    }
    if (opening.find("keyed by") != std::string::npos) {
      map = true;
    }
    if (map || (node.members.empty() && !node.open)) {
      to_map(node);  // {}: an object whose keys are data
    } else if (nested && schema_examples.size() == 1 && (node.members.size() == 1 || node.open)) {
      node.kind = SchemaNode::Kind::document;
      node.document = schema_examples.front();
      node.members.clear();
    } else if (node.members.empty() && node.open) {
      node.kind = SchemaNode::Kind::any;  // {…}: an object not spelled out here
    }
    return node;
  }

  // A map: every value has the shape of the first example value (any shape without one).
  static void to_map(SchemaNode& node) {
    node.kind = SchemaNode::Kind::map;
    if (!node.members.empty()) {
      node.element = std::make_shared<SchemaNode>(node.members.front().second);
      for (const auto& [key, member] : node.members) {
        node.element->nullable = node.element->nullable || member.nullable;
      }
    } else {
      node.element = std::make_shared<SchemaNode>();
    }
    node.members.clear();
  }

  // What a member's comment says about it.
  void annotate(SchemaNode& node, const std::string& comment, bool own = true) {
    static const std::regex optional(
        R"(\bonly (when|with|after|in|for|present)\b|\bpresent for\b|\bonly:)");
    static const std::regex null_word(R"(\bnull\b)");
    if (std::regex_search(comment, optional)) {
      node.optional = true;
    }
    if (std::regex_search(comment, null_word)) {
      node.nullable = true;
    }
    if (comment.find("keyed by") != std::string::npos && node.kind == SchemaNode::Kind::object) {
      to_map(node);
    }
    if (!own) {
      return;  // null and absence only
    }
    if (comment.find("see the table below") != std::string::npos) {
      node.enumeration = table_ids_after(file_text(), block_.end);
      return;
    }
    // An enumeration: tokens joined by " | " at the start of the comment.
    std::vector<std::string> tokens;
    std::size_t i = 0;
    bool saw_null = false;
    while (i < comment.size()) {
      while (i < comment.size() && comment[i] == ' ') {
        ++i;
      }
      std::string token;
      if (i < comment.size() && comment[i] == '"') {
        auto close = comment.find('"', i + 1);
        if (close == std::string::npos) {
          break;
        }
        token = comment.substr(i + 1, close - i - 1);
        i = close + 1;
      } else {
        while (i < comment.size() && comment[i] != ' ' && comment[i] != ',' && comment[i] != ';') {
          token += comment[i++];
        }
        if (token == "null") {
          saw_null = true;
          token.clear();
        }
      }
      if (!token.empty()) {
        tokens.push_back(token);
      }
      std::size_t j = i;
      while (j < comment.size() && comment[j] == ' ') {
        ++j;
      }
      if (j < comment.size() && comment[j] == '|') {
        i = j + 1;
        continue;
      }
      break;
    }
    if (tokens.size() + (saw_null ? 1 : 0) >= 2 && node.enumeration.empty()) {
      node.enumeration = tokens;
      node.nullable = node.nullable || saw_null;
    }
  }

  const std::string& file_text() {
    if (file_cache_.empty()) {
      file_cache_ = slurp(docs_dir() + "/" + fs::path(file_).filename().string());
    }
    return file_cache_;
  }

  const std::string& text_;
  const Block& block_;
  std::string file_;
  std::string file_cache_;
  std::string example_;  // the last string value read
  std::size_t pos_ = 0;
  int depth_ = 0;        // objects open around the one being read

  friend DocumentedSchema parse_block(const Block&, const std::string&, const std::string&);
};

DocumentedSchema parse_block(const Block& block, const std::string& file, const std::string& name) {
  BlockParser parser(block, file);
  parser.skip(nullptr);
  if (parser.pos_ >= parser.text_.size() || parser.text_[parser.pos_] != '{') {
    parser.fail("the example does not start with {");
  }
  // The root object: its own "schema" member does not make it a reference to another document.
  std::string opening;
  return DocumentedSchema{name, file, parser.object(opening)};
}

std::string type_name(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::boolean: return "boolean";
    case nlohmann::json::value_t::string: return "string";
    case nlohmann::json::value_t::array: return "array";
    case nlohmann::json::value_t::object: return "object";
    case nlohmann::json::value_t::discarded: return "discarded";
    default: return "number";
  }
}

std::string kind_name(SchemaNode::Kind kind) {
  switch (kind) {
    case SchemaNode::Kind::boolean: return "boolean";
    case SchemaNode::Kind::number: return "number";
    case SchemaNode::Kind::string: return "string";
    case SchemaNode::Kind::array: return "array";
    case SchemaNode::Kind::object:
    case SchemaNode::Kind::document: return "object";
    case SchemaNode::Kind::map: return "object (a map)";
    default: return "any";
  }
}

std::string token_regex(const std::string& token) {
  std::string out;
  for (std::size_t i = 0; i < token.size(); ++i) {
    char c = token[i];
    if (c == '<') {
      auto close = token.find('>', i);
      if (close != std::string::npos) {
        out += ".+";
        i = close;
        continue;
      }
    }
    if (c == '*') {
      out += ".*";
    } else if (std::string(".^$+?()[]{}\\").find(c) != std::string::npos) {
      out += std::string("\\") + c;
    } else {
      out += c;
    }
  }
  // word|word: an alternation of those words only ("native.vector-add.cuda|hip").
  return std::regex_replace(out, std::regex(R"(([A-Za-z0-9_-]+(\|[A-Za-z0-9_-]+)+))"), "(?:$1)");
}

bool in_enumeration(const std::vector<std::string>& tokens, const nlohmann::json& value) {
  std::string text = value.is_string() ? value.get<std::string>() : value.dump();
  for (const auto& token : tokens) {
    if (token == text || std::regex_match(text, std::regex(token_regex(token)))) {
      return true;
    }
  }
  return false;
}

std::string join(const std::vector<std::string>& tokens) {
  std::string out;
  for (const auto& token : tokens) {
    out += (out.empty() ? "" : " | ") + token;
  }
  return out;
}

std::string shown(const nlohmann::json& value) {
  std::string text = value.dump();
  return text.size() > 80 ? text.substr(0, 77) + "..." : text;
}

class Comparer {
 public:
  Comparer(const DocumentedSchema& schema, std::string what) : prefix_(schema.name + " (" + what + "): "), file_(schema.file) {}

  void compare(const SchemaNode& node, const nlohmann::json& value, const std::string& path) {
    std::string where = (path.empty() ? std::string("(the document)") : path);
    std::string doc = " [" + file_ + ":" + std::to_string(node.line) + "]";
    if (value.is_null()) {
      if (!(node.nullable || node.kind == SchemaNode::Kind::null || node.kind == SchemaNode::Kind::any)) {
        add(where + ": is null, documented as " + kind_name(node.kind) + " that is never null" + doc);
      }
      return;
    }
    if (!node.enumeration.empty() && !value.is_object() && !value.is_array() && !in_enumeration(node.enumeration, value)) {
      add(where + ": " + shown(value) + " is not one of " + join(node.enumeration) + doc);
    }
    switch (node.kind) {
      case SchemaNode::Kind::any:
      case SchemaNode::Kind::null:
        return;
      case SchemaNode::Kind::boolean:
        if (!value.is_boolean()) {
          add(where + ": documented as boolean, is " + type_name(value) + " " + shown(value) + doc);
        }
        return;
      case SchemaNode::Kind::number:
        if (!value.is_number()) {
          add(where + ": documented as number, is " + type_name(value) + " " + shown(value) + doc);
        }
        return;
      case SchemaNode::Kind::string:
        if (!value.is_string()) {
          add(where + ": documented as string, is " + type_name(value) + " " + shown(value) + doc);
        }
        return;
      case SchemaNode::Kind::array:
        if (!value.is_array()) {
          add(where + ": documented as array, is " + type_name(value) + " " + shown(value) + doc);
          return;
        }
        if (node.element) {
          for (std::size_t i = 0; i < value.size(); ++i) {
            compare(*node.element, value[i], path + "[" + std::to_string(i) + "]");
          }
        }
        return;
      case SchemaNode::Kind::map:
        if (!value.is_object()) {
          add(where + ": documented as an object (a map), is " + type_name(value) + " " + shown(value) + doc);
          return;
        }
        for (const auto& [key, item] : value.items()) {
          compare(*node.element, item, path + "[\"" + key + "\"]");
        }
        return;
      case SchemaNode::Kind::document: {
        if (!value.is_object() || !value.contains("schema") || value["schema"] != node.document) {
          add(where + ": documented as a whole " + node.document + " document, is " + shown(value) + doc);
          return;
        }
        DocumentedSchema nested = documented_schema(node.document);
        Comparer inner(nested, "");
        inner.prefix_.clear();
        inner.compare(nested.root, value, path);
        for (const auto& line : inner.out_) {
          add(line + " (in " + node.document + ")");
        }
        return;
      }
      case SchemaNode::Kind::object: {
        if (!value.is_object()) {
          add(where + ": documented as object, is " + type_name(value) + " " + shown(value) + doc);
          return;
        }
        std::string dot = path.empty() ? "" : path + ".";
        for (const auto& [key, member] : node.members) {
          if (!value.contains(key)) {
            if (!member.optional) {
              add(dot + key + ": documented, missing from the output [" + file_ + ":" + std::to_string(member.line) + "]");
            }
            continue;
          }
          compare(member, value[key], dot + key);
        }
        if (!node.open) {
          for (const auto& [key, item] : value.items()) {
            bool documented = false;
            for (const auto& member : node.members) {
              documented = documented || member.first == key;
            }
            if (!documented) {
              add(dot + key + ": not documented (the output has " + type_name(item) + " " + shown(item) + ")" + doc);
            }
          }
        }
        return;
      }
    }
  }

  std::vector<std::string> take() { return std::move(out_); }

 private:
  // One line per difference; the same difference in another element of an array is said once.
  void add(const std::string& line) {
    std::string key = std::regex_replace(line, std::regex(R"(\[[0-9]+\])"), "[]");
    key = std::regex_replace(key, std::regex(R"(\[\"[^\"]*\"\])"), "[]");
    key = key.substr(0, key.find(':'));
    if (seen_.insert(key + "\n" + line.substr(line.find(':'), 40)).second) {
      out_.push_back(prefix_ + line);
    }
  }

  std::string prefix_;
  std::string file_;
  std::vector<std::string> out_;
  std::set<std::string> seen_;
};

}  // namespace

std::vector<std::string> schema_names_in_json_md() {
  std::string text = slurp(docs_dir() + "/json.md");
  std::vector<std::string> names;
  static const std::regex name(R"(archfit\.[a-z-]+/[0-9]+)");
  for (std::sregex_iterator it(text.begin(), text.end(), name), last; it != last; ++it) {
    if (std::find(names.begin(), names.end(), it->str()) == names.end()) {
      names.push_back(it->str());
    }
  }
  return names;
}

DocumentedSchema documented_schema(const std::string& name) {
  static std::map<std::string, DocumentedSchema> cache;
  if (auto found = cache.find(name); found != cache.end()) {
    return found->second;
  }
  std::string json_md = slurp(docs_dir() + "/json.md");
  std::vector<std::string> files = {"json.md"};
  // The section of json.md that names the schema in its heading may point to the command's own page.
  std::istringstream in(json_md);
  std::string line;
  bool in_section = false;
  static const std::regex link(R"(\]\(([a-z-]+\.md)\))");
  while (std::getline(in, line)) {
    if (line.starts_with("## ")) {
      in_section = line.find(name) != std::string::npos;
    }
    if (in_section) {
      for (std::sregex_iterator it(line.begin(), line.end(), link), last; it != last; ++it) {
        files.push_back((*it)[1]);
      }
    }
  }
  for (const auto& file : files) {
    std::string text = slurp(docs_dir() + "/" + file);
    if (auto block = find_block(text, name)) {
      DocumentedSchema schema = parse_block(*block, "docs/" + file, name);
      cache.emplace(name, schema);
      return schema;
    }
  }
  throw std::runtime_error("no ```json block with \"schema\": \"" + name +
                           "\" in docs/json.md or the pages its section links to");
}

std::vector<std::string> schema_differences(const DocumentedSchema& schema, const nlohmann::json& actual,
                                            const std::string& what) {
  Comparer comparer(schema, what);
  comparer.compare(schema.root, actual, "");
  return comparer.take();
}

}  // namespace archfit::test
