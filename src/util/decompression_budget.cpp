#include "util/decompression_budget.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace archfit {

DecompressionBudget::DecompressionBudget(std::uint64_t bytes, std::chrono::steady_clock::duration time)
    : m_limit(bytes), m_time(time), m_deadline(std::chrono::steady_clock::now() + time) {}

std::shared_ptr<DecompressionBudget> DecompressionBudget::for_input(std::uint64_t input_size) {
  std::uint64_t scaled = input_size > UINT64_MAX / k_default_ratio ? UINT64_MAX : input_size * k_default_ratio;
  auto time = k_default_time + std::chrono::seconds(input_size / k_default_time_bytes_per_second);
  return std::make_shared<DecompressionBudget>(std::max(k_default_floor, scaled), time);
}

std::string DecompressionBudget::over_bytes_message() const {
  return fmt::format("decompression budget spent: this input may decompress to at most {} bytes in all ({}x its "
                     "size, at least {} MiB); a file that claims more is treated as a decompression bomb",
                     m_limit, k_default_ratio, k_default_floor >> 20);
}

std::string DecompressionBudget::over_time_message() const {
  return fmt::format("decompression budget spent: scanning this input with decompression took longer than {} s",
                     std::chrono::duration_cast<std::chrono::seconds>(m_time).count());
}

Status DecompressionBudget::charge(std::uint64_t bytes) {
  std::uint64_t before = m_used.fetch_add(bytes, std::memory_order_relaxed);
  if (before + bytes < before || before + bytes > m_limit) {
    m_used.store(UINT64_MAX, std::memory_order_relaxed);  // spent for good
    return Error{over_bytes_message()};
  }
  if (m_out_of_time.load(std::memory_order_relaxed) || std::chrono::steady_clock::now() > m_deadline) {
    m_out_of_time.store(true, std::memory_order_relaxed);
    return Error{over_time_message()};
  }
  return Ok{};
}

Status DecompressionBudget::can_afford(std::uint64_t bytes) const {
  std::uint64_t used = m_used.load(std::memory_order_relaxed);
  if (used > m_limit || bytes > m_limit - used) {
    return Error{over_bytes_message()};
  }
  if (m_out_of_time.load(std::memory_order_relaxed)) {
    return Error{over_time_message()};
  }
  return Ok{};
}

}  // namespace archfit
