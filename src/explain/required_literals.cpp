#include "explain/required_literals.hpp"

#include <cstring>

namespace archfit::explain {

namespace {

// Top-level alternatives: `|` outside parentheses and bracket classes, not escaped.
std::vector<std::string_view> split_alternatives(std::string_view pattern) {
  std::vector<std::string_view> parts;
  int depth = 0;
  bool in_class = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '\\') {
      ++i;
    } else if (in_class) {
      in_class = c != ']';
    } else if (c == '[') {
      in_class = true;
      if (i + 1 < pattern.size() && pattern[i + 1] == '^') {
        ++i;
      }
      if (i + 1 < pattern.size() && pattern[i + 1] == ']') {
        ++i;  // a leading ']' is a member of the class
      }
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      --depth;
    } else if (c == '|' && depth == 0) {
      parts.push_back(pattern.substr(start, i - start));
      start = i + 1;
    }
  }
  parts.push_back(pattern.substr(start));
  return parts;
}

// Index just past the group that opens at `open` (a '(').
std::size_t skip_group(std::string_view text, std::size_t open) {
  int depth = 0;
  bool in_class = false;
  for (std::size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\') {
      ++i;
    } else if (in_class) {
      in_class = c != ']';
    } else if (c == '[') {
      in_class = true;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth == 0) {
      return i + 1;
    }
  }
  return text.size();
}

// Index just past the bracket class that opens at `open` (a '[').
std::size_t skip_class(std::string_view text, std::size_t open) {
  std::size_t i = open + 1;
  if (i < text.size() && text[i] == '^') {
    ++i;
  }
  if (i < text.size() && text[i] == ']') {
    ++i;
  }
  for (; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == ']') {
      return i + 1;
    }
  }
  return text.size();
}

// Index just past a quantifier at `i` (and its lazy '?'), or `i` when there is none.
std::size_t skip_quantifier(std::string_view text, std::size_t i) {
  if (i >= text.size()) {
    return i;
  }
  if (text[i] == '?' || text[i] == '*' || text[i] == '+') {
    ++i;
  } else if (text[i] == '{') {
    std::size_t close = text.find('}', i);
    i = close == std::string_view::npos ? text.size() : close + 1;
  } else {
    return i;
  }
  if (i < text.size() && text[i] == '?') {
    ++i;
  }
  return i;
}

// Escapes that stand for a class, an assertion or a control character, not for themselves.
bool escape_is_literal(char c) {
  return std::strchr("dDsSwWbBnrtfv0123456789xuck", c) == nullptr;
}

std::string longest_literal(std::string_view alternative) {
  std::string best;
  std::string run;
  auto end_run = [&] {
    if (run.size() > best.size()) {
      best = run;
    }
    run.clear();
  };
  std::size_t i = 0;
  while (i < alternative.size()) {
    char c = alternative[i];
    bool literal = true;
    char value = c;
    std::size_t next = i + 1;
    if (c == '\\' && i + 1 < alternative.size()) {
      value = alternative[i + 1];
      literal = escape_is_literal(value);
      next = i + 2;
    } else if (c == '(') {
      literal = false;
      next = skip_group(alternative, i);
    } else if (c == '[') {
      literal = false;
      next = skip_class(alternative, i);
    } else if (c == '.' || c == '^' || c == '$') {
      literal = false;
    }
    std::size_t after = skip_quantifier(alternative, next);
    char quantifier = after > next ? alternative[next] : '\0';
    if (!literal) {
      end_run();
    } else if (quantifier == '\0') {
      run.push_back(value);
    } else if (quantifier == '+') {
      run.push_back(value);
      end_run();
    } else {
      end_run();
    }
    i = after;
  }
  end_run();
  return best;
}

}  // namespace

std::vector<std::string> required_literals(std::string_view pattern) {
  std::vector<std::string> literals;
  for (std::string_view alternative : split_alternatives(pattern)) {
    std::string literal = longest_literal(alternative);
    if (literal.size() < k_min_literal_length) {
      return {};
    }
    literals.push_back(std::move(literal));
  }
  return literals;
}

}  // namespace archfit::explain
