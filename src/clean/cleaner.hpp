// `archfit clean` as library calls: find the outputs of an earlier build in a source tree (the rows of
// data/clean_artifacts.tsv), say why each is stale and how big it is (plan_clean), then remove them
// (apply_clean). The rules that make this safe:
//   - the tree must be a project tree (setup.py, pyproject.toml or CMakeLists.txt at its top) and
//     must not be /, $HOME or a directory that holds $HOME; a path with a ".." component is refused;
//   - everything below the tree is reached from one directory descriptor with O_NOFOLLOW
//     (clean/safe_tree.hpp): no symlink is followed, none leads out of the tree;
//   - files git tracks are never removed (git ls-files --recurse-submodules); when the tree is in a
//     git repository and git does not answer, nothing is removed;
//   - outside the tree only the caches named by --deep rows, each refused when it is /, $HOME or
//     holds $HOME, or when it is a symlink.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "clean/clean_report.hpp"
#include "clean/safe_tree.hpp"
#include "doctor/facts.hpp"
#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "util/owned_fd.hpp"
#include "util/result.hpp"

namespace archfit::clean {

struct CleanOptions {
  std::string src;   // the source tree, as given
  std::string cwd;   // what a relative src is relative to ("" = this process's working directory)
  bool deep = false; // also the caches outside the tree (data/clean_artifacts.tsv `deep` rows)
};

struct CleanContext {
  const probe::Environment& environment;  // HOME, the --deep caches' variables, PATH (to find git)
  const probe::CommandRunner& runner;     // runs git
  // The machine as doctor sees it, asked for only when a CMakeCache.txt is found (it runs the
  // probes); empty: the entries are not compared.
  std::function<const doctor::Facts&()> facts;
  std::chrono::milliseconds timeout{60000};
};

// Where an item is, to reach it again for removal.
struct ItemLocation {
  std::string parent;  // below the tree ("" = the tree itself), or absolute for a --deep cache
  std::string name;
  dev_t device = 0;    // its file system: nothing on another one is entered
};

struct CleanPlan {
  CleanReport report;
  OwnedFd root;                          // the tree, opened once
  dev_t device = 0;
  TrackedFiles tracked;
  bool removal_allowed = true;
  std::string refusal;                   // why apply_clean would refuse (git did not answer)
  std::vector<ItemLocation> locations;   // one per report.items
};

// Fails (a refusal) when the tree is not one archfit cleans; the message says why.
Result<CleanPlan> plan_clean(const CleanOptions& options, const CleanContext& context);

// Removes every item of the plan, each reached again from the tree's descriptor. Fails, removing
// nothing, when the plan says removal is not allowed.
Status apply_clean(CleanPlan& plan, const BeforeRemove& before_remove = {});

}  // namespace archfit::clean
