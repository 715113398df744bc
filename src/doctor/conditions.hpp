// The `when` column of data/toolchain_advice.tsv: when a rule applies, as space-separated terms that
// must all hold. A term is KEY OP VALUE:
//   OP  = == != < <= > >=   compare (versions numerically for the version keys, text otherwise);
//                           = and != take |-separated alternatives ("target=sm_100|sm_120")
//       ~ !~                glob match with * ("env.CXXFLAGS!~*-Wno-error=maybe-uninitialized*")
//   KEY project, project_version, backend, cxx, gcc, clang, cmake, python, nvcc, rocm, driver, target, os,
//       env.NAME
// A term about a fact that is unknown is false ("gcc<11.3" does not hold when no GCC was found), except
// env.NAME, which is "" when unset. `target` holds when any build target satisfies it.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "probe/environment.hpp"
#include "util/result.hpp"

namespace archfit::doctor {

struct ConditionFacts {
  std::map<std::string, std::string, std::less<>> values;  // key -> value; absent = unknown
  std::vector<std::string> targets;                        // "gfx942", "sm_90"
  const probe::Environment* environment = nullptr;
};

// Whether `when` holds. "-" and "" never hold (the rule is only used by a built-in check). An error
// names the term that cannot be read.
Result<bool> evaluate_condition(std::string_view when, const ConditionFacts& facts);

// '*' matches any run of characters; everything else matches itself.
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace archfit::doctor
