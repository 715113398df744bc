// data/build_recipes.tsv -> build steps (srcbuild/build_recipe.hpp).
#include "srcbuild/build_recipe.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>

#include "knowledge/tsv_table.hpp"

namespace archfit::build {

namespace {

bool is_file(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

bool has_python_packaging(const std::string& dir) {
  return is_file(dir + "/setup.py") || is_file(dir + "/pyproject.toml");
}

std::string fill(std::string text, const RecipeInputs& inputs, const std::string& package) {
  auto replace = [&](const std::string& key, const std::string& value) {
    for (std::size_t at = 0; (at = text.find(key, at)) != std::string::npos; at += value.size()) {
      text.replace(at, key.size(), value);
    }
  };
  replace("{python}", inputs.python);
  replace("{dist}", inputs.dist);
  replace("{package}", package);
  replace("{build_dir}", inputs.build_dir);
  replace("{jobs}", std::to_string(inputs.jobs));
  return text;
}

}  // namespace

std::string recipe_for_tree(const std::string& project, const std::string& src) {
  if (!project.empty()) {
    return project;
  }
  if (has_python_packaging(src) || has_python_packaging(src + "/python")) {
    return "*";
  }
  if (is_file(src + "/CMakeLists.txt")) {
    return "cmake";
  }
  return {};
}

std::vector<BuildStep> recipe_steps(const RecipeInputs& inputs) {
  std::string recipe = recipe_for_tree(inputs.project, inputs.src);
  std::string package = has_python_packaging(inputs.src) ? "." : "python";
  const auto& table = knowledge::embedded_table("build_recipes.tsv");
  std::vector<std::pair<int, BuildStep>> ordered;
  for (const auto& row : table.rows) {
    const auto& backend = table.field(row, "backend");
    const auto& mode = table.field(row, "mode");
    if (table.field(row, "project") != recipe || (backend != "*" && backend != inputs.backend) ||
        (mode != "*" && mode != inputs.mode)) {
      continue;
    }
    BuildStep step;
    step.name = table.field(row, "step");
    std::string command = table.field(row, "command");
    std::size_t start = 0;
    while (start < command.size()) {
      std::size_t end = std::min(command.find(' ', start), command.size());
      if (end > start) {
        step.argv.push_back(fill(command.substr(start, end - start), inputs, package));
      }
      start = end + 1;
    }
    step.why = table.field(row, "why");
    step.source = table.field(row, "source");
    ordered.emplace_back(std::atoi(table.field(row, "order").c_str()), std::move(step));
  }
  std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<BuildStep> steps;
  for (auto& [order, step] : ordered) {
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace archfit::build
