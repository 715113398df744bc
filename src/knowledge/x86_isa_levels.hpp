// The x86-64 micro-architecture levels (data/x86_isa_levels.tsv), lowest first.
#pragma once

#include <string>
#include <vector>

namespace archfit::knowledge {

struct X86IsaLevel {
  std::string name;                 // "x86-64-v3"
  std::vector<std::string> flags;   // /proc/cpuinfo spellings required at this level
};

const std::vector<X86IsaLevel>& x86_isa_levels();

}  // namespace archfit::knowledge
