#include "detect/pasted_text.hpp"

#include <cctype>

#include "probe/system_root.hpp"
#include "util/terminal_text.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

// A command after a prompt starts with a program name: a letter, '.', '/' or '~'.
bool starts_command(std::string_view rest) {
  return !rest.empty() && (std::isalpha(static_cast<unsigned char>(rest.front())) != 0 || rest.front() == '.' ||
                           rest.front() == '/' || rest.front() == '~');
}

// The programs whose outputs people paste next to GPU tools: a "# word" line is a root prompt
// only when it runs one of these (otherwise it is a Markdown heading or a comment).
bool names_known_program(std::string_view command) {
  for (std::string_view program : {"nvidia-smi", "rocminfo", "rocm-smi", "amd-smi", "rocm_agent_enumerator", "lspci",
                                   "sudo", "cat", "python", "nvcc", "hipcc", "clinfo", "docker", "export", "ls",
                                   "uname", "echo", "pip", "apt", "dpkg"}) {
    if (command.starts_with(program) &&
        (command.size() == program.size() || is_space(command[program.size()]) || command[program.size()] == '3')) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool is_prompt_line(std::string_view line, std::string* command) {
  std::string_view text = trim(line);
  // "(venv) " or "(base) " before the prompt.
  if (text.starts_with('(')) {
    auto close = text.find(") ");
    if (close != std::string_view::npos && close < 40) {
      text = trim(text.substr(close + 2));
    }
  }
  std::string_view rest;
  bool found = false;
  bool root_hash = false;
  if (text.starts_with("PS ") && text.find("> ") != std::string_view::npos) {
    rest = text.substr(text.find("> ") + 2);  // PowerShell: "PS C:\Users\me> nvidia-smi"
    found = true;
  } else if (text.size() > 3 && std::isalpha(static_cast<unsigned char>(text[0])) != 0 && text[1] == ':' &&
             text[2] == '\\' && text.find('>') != std::string_view::npos) {
    rest = text.substr(text.find('>') + 1);  // cmd.exe: "C:\Users\me>nvidia-smi"
    found = true;
  } else if (text.starts_with("$ ") || text.starts_with("% ") || text.starts_with("❯ ") || text.starts_with("> ")) {
    rest = text.substr(text.find(' ') + 1);
    found = !text.starts_with("> ");
    if (text.starts_with("> ")) {
      return false;  // a Markdown quote; the caller strips it
    }
  } else if (text.starts_with("# ")) {
    rest = text.substr(2);
    found = true;
    root_hash = true;
  } else {
    // "user@host:~/dir$ cmd" / "root@c0ffee:/workspace# cmd" / "[user@host dir]$ cmd"
    auto at = text.find('@');
    if (at != std::string_view::npos && at > 0 && at < 40) {
      for (std::size_t i = at + 1; i + 1 < text.size() && i < at + 160; ++i) {
        if ((text[i] == '$' || text[i] == '#' || text[i] == '%') && is_space(text[i + 1])) {
          std::string_view prompt = text.substr(0, i);
          bool bracketed = prompt.starts_with('[') && prompt.ends_with(']');
          if (bracketed || prompt.find(' ') == std::string_view::npos) {
            rest = text.substr(i + 2);
            found = true;
          }
          break;
        }
      }
    }
  }
  rest = trim(rest);
  if (!found || !starts_command(rest) || (root_hash && !names_known_program(rest))) {
    return false;
  }
  if (command != nullptr) {
    *command = std::string(rest);
  }
  return true;
}

bool is_bare_tool_command(std::string_view line) {
  std::string_view text = trim(line);
  if (text.size() > 200 || text.find('|') == 0) {
    return false;
  }
  for (std::string_view program : {"nvidia-smi", "rocminfo", "rocm-smi", "amd-smi", "rocm_agent_enumerator", "clinfo",
                                   "lspci", "nvcc", "sudo nvidia-smi", "sudo rocminfo", "/opt/rocm/bin/rocminfo"}) {
    if (text.starts_with(program) && (text.size() == program.size() || text[program.size()] == ' ')) {
      // "nvidia-smi -L" or "rocminfo | grep gfx", not prose ("nvidia-smi shows nothing"): options, pipes and
      // redirections only.
      std::string_view rest = trim(text.substr(program.size()));
      return rest.empty() || rest.front() == '-' || rest.front() == '|' || rest.front() == '>';
    }
  }
  return false;
}

namespace {

std::string decode_entities(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '&') {
      bool replaced = false;
      for (auto [entity, plain] : {std::pair<std::string_view, std::string_view>{"&gt;", ">"}, {"&lt;", "<"},
                                   {"&amp;", "&"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&nbsp;", " "}}) {
        if (text.substr(i, entity.size()) == entity) {
          out += plain;
          i += entity.size() - 1;
          replaced = true;
          break;
        }
      }
      if (replaced) {
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

// `text` without terminal colour: every ESC sequence (util/terminal_text.hpp), and SGR codes that lost their
// ESC byte in a copy ("[31m") where they begin the line, as rocminfo's red error lines do.
std::string without_colour(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\x1b') {
      i = skip_escape_sequence(text, i);
    } else {
      out += text[i++];
    }
  }
  std::size_t at = out.find_first_not_of(" \t");
  while (at != std::string::npos && out.compare(at, 1, "[") == 0) {
    std::size_t end = out.find_first_not_of("0123456789;", at + 1);
    if (end == std::string::npos || end == at + 1 || out[end] != 'm') {
      break;
    }
    out.erase(at, end + 1 - at);
  }
  return out;
}

// The command of a line that ends with it in Markdown's inline code, a colon after it or nothing:
// "`nvidia-smi --query-gpu=name,pci.device_id --format=csv,noheader`:", "Output of `rocminfo | grep gfx`".
// Prose that goes on after the code ("`nvidia-smi` shows nothing") or ends a sentence with it ("It does not
// show in `rocm-smi`.") is not a command line.
std::string command_in_trailing_code(std::string_view line) {
  std::string_view text = trim(line);
  if (!text.empty() && text.back() == ':') {
    text.remove_suffix(1);
  }
  text = trim(text);
  if (text.size() < 3 || text.back() != '`') {
    return {};
  }
  text.remove_suffix(1);
  auto open = text.rfind('`');
  if (open == std::string_view::npos) {
    return {};
  }
  std::string_view code = trim(text.substr(open + 1));
  return is_bare_tool_command(code) ? std::string(code) : std::string();
}

}  // namespace

bool is_code_fence(std::string_view line) {
  std::string_view text = trim(line);
  return text.starts_with("```") || text.starts_with("~~~");
}

bool is_paste_wrapper(std::string_view line) {
  std::string_view text = trim(line);
  return is_code_fence(text) || text.starts_with("<details") || text.starts_with("</details") ||
         text.starts_with("<summary");
}

std::vector<PastedSection> split_pasted_sections(std::string_view text) {
  std::vector<PastedSection> sections(1);
  std::size_t number = 0;
  bool in_fence = false;     // inside a Markdown code fence
  bool continuing = false;   // the command line before ended with a backslash: this line goes on with it
  auto ends_continued = [](std::string_view command) {
    command = trim(command);
    return !command.empty() && command.back() == '\\';
  };
  for (std::string_view line : split_lines(text)) {
    ++number;
    // A Markdown quote ("> rocminfo output") keeps its content.
    std::string_view content = line;
    while (content.starts_with("> ") || content == ">") {
      content.remove_prefix(std::min<std::size_t>(2, content.size()));
    }
    std::string decoded = content.find('&') == std::string_view::npos ? std::string(content) : decode_entities(content);
    if (decoded.find('\x1b') != std::string::npos || trim(decoded).starts_with('[')) {
      decoded = without_colour(decoded);
    }
    if (continuing) {
      // "$ docker run … \" then "    --rm image nvidia-smi -q": one command over several lines.
      std::string_view before = trim(std::string_view(sections.back().command));
      before.remove_suffix(1);  // the backslash
      std::string joined(trim(before));
      joined.append(" ");
      joined.append(trim(std::string_view(decoded)));
      continuing = ends_continued(joined);
      sections.back().command = std::move(joined);
      continue;
    }
    std::string command;
    bool prompt = is_prompt_line(decoded, &command);
    if (!prompt && is_bare_tool_command(decoded)) {
      command = std::string(trim(decoded));
    } else if (!prompt) {
      command = command_in_trailing_code(decoded);
    }
    if (prompt || !command.empty()) {
      if (!prompt && !command.empty() && !sections.back().command.empty() && sections.back().lines.empty()) {
        // Commands typed ahead without a prompt of their own ran as a batch ("$ rocminfo | grep gfx", then
        // "rocm-smi"): their outputs follow in order, so the section is each one's. A second prompt means the
        // command before it finished with no output.
        sections.back().command += " ; " + command;
      } else {
        sections.push_back(PastedSection{std::move(command), {}});
      }
      continuing = ends_continued(sections.back().command);
      continue;
    }
    bool fence = is_code_fence(decoded);
    sections.back().lines.push_back(PastedLine{number, std::move(decoded)});
    if (fence) {
      in_fence = !in_fence;
      if (!in_fence && !sections.back().command.empty()) {
        // A closing fence ends the command's output: what follows (prose, another fence) is not its own.
        sections.push_back(PastedSection{});
      }
    }
  }
  return sections;
}

}  // namespace archfit::detect
