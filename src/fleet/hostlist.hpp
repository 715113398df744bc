// Slurm hostlists: the compressed node-name notation of sinfo, squeue and `srun --nodelist`
// ("n[1-16,20]", "gpu[001-004],login1"). An expression is a comma-separated list of items; an item
// is text with zero or more bracket groups, each group a comma-separated list of numbers or
// lo-hi ranges. A range pads every number to the width of its `lo` ("n[08-10]" = n08 n09 n10).
// Several groups in one item multiply ("a[1-2]b[3-4]" = a1b3 a1b4 a2b3 a2b4), as Slurm does; text
// after the last group is an error there and here ("node[1-2]-ib"); empty items are skipped.
// Compression (`compress_hostlist`) is the inverse for a set of names: names that end in digits are
// grouped by the text before the digits and merged into ranges of consecutive numbers of the same
// width; `scontrol show hostnames` expands the result to exactly the given set (tests/fleet).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace archfit::fleet {

// The names of `expression`, in its order (duplicates kept, as scontrol does). Fails on unbalanced
// brackets, text after the last group, a range whose hi < lo, and more than `max_names` names.
Result<std::vector<std::string>> expand_hostlist(std::string_view expression, std::size_t max_names = 1'000'000);

// The compressed form of `names` (sorted, duplicates removed): names grouped by prefix, in prefix order,
// each group's numbers in ascending order.
std::string compress_hostlist(std::vector<std::string> names);

}  // namespace archfit::fleet
