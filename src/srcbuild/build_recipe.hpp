// A project's build steps, from data/build_recipes.tsv (the steps are data, each row citing the
// project's own build instructions): the rows of the project (or "*" for another Python project,
// "cmake" for a CMake project without Python packaging), for the backend and the mode, in order,
// with the placeholders filled.
#pragma once

#include <string>
#include <vector>

#include "srcbuild/build_runner.hpp"

namespace archfit::build {

struct RecipeInputs {
  std::string project;    // pytorch | vllm | flash-attn | triton | "" (another project)
  std::string backend;    // rocm | cuda | cpu
  std::string mode;       // wheel | editable
  std::string src;        // the tree (a path on this machine)
  std::string python;     // {python}
  std::string dist;       // {dist}
  std::string build_dir;  // {build_dir}
  unsigned jobs = 1;      // {jobs}
};

// Which recipe a tree takes: the project's, "*" (setup.py or pyproject.toml at the top or in python/),
// "cmake" (CMakeLists.txt only), or "" (none: not a tree archfit can build).
std::string recipe_for_tree(const std::string& project, const std::string& src);

// The steps; `package` is "." or "python" (where setup.py/pyproject.toml is).
std::vector<BuildStep> recipe_steps(const RecipeInputs& inputs);

}  // namespace archfit::build
