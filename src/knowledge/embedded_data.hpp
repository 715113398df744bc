// The data/ files compiled into the binary (see cmake/EmbedDataScript.cmake): knowledge lives in
// data files with their sources, never in code.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace archfit::knowledge {

struct EmbeddedFile {
  std::string_view name;     // file name inside data/, e.g. "amdgpu_processors.tsv"
  std::string_view content;  // the file's bytes
};

// Every embedded data file (defined in the generated embedded_data.cpp).
std::span<const EmbeddedFile> embedded_files();

// The content of data/<name>, or nullopt when no such file was embedded.
inline std::optional<std::string_view> embedded_file(std::string_view name) {
  for (const auto& file : embedded_files()) {
    if (file.name == name) {
      return file.content;
    }
  }
  return std::nullopt;
}

}  // namespace archfit::knowledge
