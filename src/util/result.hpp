// Result<T>: a value or an Error, the return type of every fallible library function.
// Library code never throws, prints or exits on bad input; it returns an Error whose message
// names the structure, the offset and the value found (LLVM Object/ELF.h style), and the CLI
// layer decides how to show it.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace archfit {

struct Error {
  std::string message;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : m_state(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : m_state(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  bool ok() const { return m_state.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(m_state); }
  const T& value() const& { return std::get<0>(m_state); }
  T&& value() && { return std::get<0>(std::move(m_state)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { return std::get<1>(m_state); }

 private:
  std::variant<T, Error> m_state;
};

// Result<void> equivalent.
struct Ok {};
using Status = Result<Ok>;

}  // namespace archfit

// ARCHFIT_TRY(var, expr): evaluate a Result, return its Error from the enclosing function on
// failure, otherwise move the value into `var`.
#define ARCHFIT_CONCAT_INNER(a, b) a##b
#define ARCHFIT_CONCAT(a, b) ARCHFIT_CONCAT_INNER(a, b)
#define ARCHFIT_TRY(var, expr)                                      \
  auto ARCHFIT_CONCAT(archfit_try_, __LINE__) = (expr);             \
  if (!ARCHFIT_CONCAT(archfit_try_, __LINE__).ok()) {               \
    return ARCHFIT_CONCAT(archfit_try_, __LINE__).error();          \
  }                                                                 \
  var = std::move(ARCHFIT_CONCAT(archfit_try_, __LINE__)).value()
