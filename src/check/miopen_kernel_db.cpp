#include "check/miopen_kernel_db.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "knowledge/tsv_table.hpp"
#include "util/text_lines.hpp"

namespace archfit::check {

namespace {

namespace fs = std::filesystem;

const knowledge::TsvTable& table() { return knowledge::embedded_table("miopen_kernel_dbs.tsv"); }

const std::vector<std::string>* row_for(const std::string& file_name) {
  for (const auto& row : table().rows) {
    if (file_name.starts_with(table().field(row, "library"))) {
      return &row;
    }
  }
  return nullptr;
}

bool listed(std::string_view list, std::string_view processor) {
  auto items = split_fields(list, ';');
  return std::find(items.begin(), items.end(), processor) != items.end();
}

std::string replaced(std::string text, std::string_view placeholder, std::string_view value) {
  for (auto at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + value.size())) {
    text.replace(at, placeholder.size(), value);
  }
  return text;
}

// "{db_id}{cus}.kdb" with the id filled in and the CU part still open: the files of that id for
// any CU count ("gfx90a" → gfx90a_60.kdb (decimal up to cu_rule), gfx90a6e.kdb (hex above)).
bool names_cu_variant(const std::string& name, const std::string& prefix, const std::string& suffix, int decimal_max) {
  if (!name.starts_with(prefix) || !name.ends_with(suffix) || name.size() <= prefix.size() + suffix.size()) {
    return false;
  }
  std::string cus = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  if (cus[0] == '_') {
    std::string digits = cus.substr(1);
    return !digits.empty() && digits.size() <= 3 &&
           std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }) &&
           std::stoi(digits) <= decimal_max;
  }
  return cus.size() <= 4 && std::all_of(cus.begin(), cus.end(), [](unsigned char c) {
           return std::isdigit(c) || (c >= 'a' && c <= 'f');
         }) && std::stoul(cus, nullptr, 16) > static_cast<unsigned long>(decimal_max);
}

std::vector<std::string> files_in(const fs::path& directory) {
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    std::error_code type_error;
    if (it->is_regular_file(type_error)) {
      names.push_back(it->path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

std::string miopen_db_id(const DeviceTarget& target) {
  const auto* row = table().rows.empty() ? nullptr : &table().rows.front();
  std::string id = target.processor;
  if (row == nullptr) {
    return id;
  }
  if (listed(table().field(*row, "nosramecc"), target.processor)) {
    if (target.sramecc == model::FeatureSetting::off) {
      id += "_nosramecc";
    }
  } else if (listed(table().field(*row, "sramecc"), target.processor) && target.sramecc == model::FeatureSetting::on) {
    id += "_sramecc";
  }
  if (target.xnack == model::FeatureSetting::on) {
    id += table().field(*row, "xnack");
  }
  return id;
}

KernelDatabaseCheck check_miopen_kernel_db(const std::string& library_path, const std::string& package,
                                           const std::vector<DeviceTarget>& targets,
                                           const probe::Environment& environment) {
  KernelDatabaseCheck check;
  const auto* row = row_for(fs::path(library_path).filename().string());
  if (row == nullptr) {
    return check;
  }
  check.applies = true;
  std::string env_value = environment.get(table().field(*row, "env")).value_or("");
  fs::path directory = env_value.empty()
                           ? (fs::path(library_path).parent_path() / table().field(*row, "db_dir")).lexically_normal()
                           : fs::path(env_value);
  check.directory = directory.string();
  int decimal_max = std::stoi(table().field(*row, "cu_rule"));
  auto present = files_in(directory);
  for (const auto& target : targets) {
    if (target.vendor != model::Vendor::amd) {
      continue;
    }
    std::string id = miopen_db_id(target);
    TargetResult result;
    result.path = check.directory;
    result.package = package;
    result.target = target.display;
    std::string exact;        // "{db_id}.kdb": opened whatever the CU count
    std::vector<std::string> per_cu;  // "{db_id}{cus}.kdb": opened only on a GPU with that many CUs
    for (const auto& pattern : split_fields(table().field(*row, "names"), ';')) {
      std::string name = replaced(std::string(pattern), "{db_id}", id);
      auto cus = name.find("{cus}");
      for (const auto& file : present) {
        if (cus == std::string::npos ? file == name
                                     : names_cu_variant(file, name.substr(0, cus), name.substr(cus + 5), decimal_max)) {
          if (cus == std::string::npos) {
            exact = file;
          } else {
            per_cu.push_back(file);
          }
        }
      }
    }
    if (!exact.empty()) {
      result.verdict = "native";
      result.matched = id;
      result.reason = fmt::format("MIOpen opens its precompiled kernels from {}/{}{}", check.directory, exact,
                                  per_cu.empty() ? std::string()
                                                 : fmt::format(" (or {} on a GPU with that many CUs)",
                                                               fmt::join(per_cu, ", ")));
    } else {
      result.verdict = "jit";
      result.reason =
          per_cu.empty()
              ? fmt::format("MIOpen has no precompiled kernel database for {} in {} (it looks for {}<CUs>.kdb, then "
                            "{}.kdb): it compiles each kernel the first time a problem needs it (seconds each; minutes "
                            "for a first network) and caches it per user",
                            id, check.directory, id, id)
              : fmt::format("MIOpen's precompiled kernels for {} in {} are only for a given CU count ({}); on a GPU "
                            "with another count it compiles each kernel the first time a problem needs it",
                            id, check.directory, fmt::join(per_cu, ", "));
      result.fix = fmt::format("for precompiled kernels, install an MIOpen (ROCm release or torch wheel) whose {} holds "
                               "{}.kdb, or accept the first-use compile",
                               check.directory, id);
    }
    check.results.push_back(std::move(result));
  }
  return check;
}

}  // namespace archfit::check
