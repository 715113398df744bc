// Text that people paste into bug reports around a tool's output: shell prompts with the command
// that produced the next lines ("$ nvidia-smi -L", "user@host:~# rocminfo", "PS C:\> nvidia-smi"),
// Markdown fences and quote markers, several commands one after another. The parsers read one
// command's output at a time and stop at the next prompt.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::detect {

struct PastedLine {
  std::size_t number = 0;  // 1-based line number in the pasted text
  // Without a Markdown quote marker ("> ") and a trailing '\r'; HTML entities that web pages leave in
  // copied text (&gt; &lt; &amp; &quot; &#39; &nbsp;) decoded; terminal colour codes dropped (ESC
  // sequences anywhere, an SGR code that lost its ESC, "[31m", at the line's start).
  std::string text;
};

// One command's output: the lines after a prompt up to the next prompt or the Markdown fence that closes
// it (or the whole text when it has no prompt). `command` is what followed the prompt, with the lines a
// trailing backslash continued it on, "" when the section had none; commands typed after it without a
// prompt of their own, before any output, ran as a batch and share its section, joined by " ; ".
struct PastedSection {
  std::string command;
  std::vector<PastedLine> lines;
};

// True for a shell prompt followed by a command: "$ cmd", "% cmd", "user@host:~/dir$ cmd",
// "root@1234:/# cmd", "(venv) user@host$ cmd", "PS C:\dir> cmd", "C:\dir>cmd"; `command` receives
// the command. A Markdown heading ("# Output") is not a prompt.
bool is_prompt_line(std::string_view line, std::string* command = nullptr);

// True for a line that is only a GPU tool's command line, without a prompt ("nvidia-smi -L",
// "rocminfo | grep gfx"): people often paste the command they ran that way. split_pasted_sections also
// takes one at the end of a line in Markdown's inline code ("Output of `nvidia-smi -L`:").
bool is_bare_tool_command(std::string_view line);

// True for a Markdown code fence line (```, ~~~, with or without a language).
bool is_code_fence(std::string_view line);

// True for Markdown code fences (```, ~~~) and <details>/<summary> wrappers around a paste.
bool is_paste_wrapper(std::string_view line);

std::vector<PastedSection> split_pasted_sections(std::string_view text);

}  // namespace archfit::detect
