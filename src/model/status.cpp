#include "model/status.hpp"

#include "util/enum_names.hpp"

namespace archfit::model {

int severity_rank(Status status) {
  switch (status) {
    case Status::skip:
      return 0;
    case Status::pass:
      return 1;
    case Status::unknown:
      return 2;
    case Status::warn:
      return 3;
    case Status::fail:
      return 4;
  }
  return 0;
}

namespace {

constexpr EnumNames<Status, 5> k_names = {{{Status::pass, "pass"}, {Status::warn, "warn"}, {Status::fail, "fail"},
                                           {Status::skip, "skip"}, {Status::unknown, "unknown"}}};

}  // namespace

std::string_view status_name(Status status) { return enum_name(k_names, status); }

std::optional<Status> status_from_name(std::string_view name) { return enum_from_name(k_names, name); }

Status worse(Status a, Status b) { return severity_rank(a) >= severity_rank(b) ? a : b; }

}  // namespace archfit::model
