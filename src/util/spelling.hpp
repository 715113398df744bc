// "Did you mean" suggestions (ninja's SpellcheckStringV): the closest candidate by edit distance.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace archfit {

// Levenshtein distance between a and b.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word`, if it is within a distance that still looks like a typo.
std::optional<std::string> closest_match(std::string_view word, std::span<const std::string_view> candidates);

}  // namespace archfit
