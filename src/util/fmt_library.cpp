// The compiled part of {fmt}, built once into archfit_core instead of in every file.
//
// Debian's libfmt-dev ships fmt's headers and a shared libfmt.so, but no static library, and archfit
// links everything but glibc statically. Defining FMT_HEADER_ONLY would make every file that
// includes <fmt/core.h> compile all of <fmt/format-inl.h> as well: about half of each file's compile
// time, measured with clang 19. So the library defines what fmt's own src/format.cc defines: the
// non-template functions of format-inl.h, and the instantiations that <fmt/format.h> declares
// `extern template` (fmtlib/fmt@9.1.0, src/format.cc; Debian 12 packages 9.1.0).
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

template FMT_API auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;

template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API void buffer<char>::append(const char*, const char*);
template FMT_API void vformat_to(buffer<char>&, string_view, basic_format_args<FMT_BUFFER_CONTEXT(char)>,
                                 locale_ref);

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;
template FMT_API void buffer<wchar_t>::append(const wchar_t*, const wchar_t*);

}  // namespace detail
FMT_END_NAMESPACE
