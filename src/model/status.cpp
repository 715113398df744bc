#include "model/status.hpp"

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

std::string_view status_name(Status status) {
  switch (status) {
    case Status::pass:
      return "pass";
    case Status::warn:
      return "warn";
    case Status::fail:
      return "fail";
    case Status::skip:
      return "skip";
    case Status::unknown:
      break;
  }
  return "unknown";
}

std::optional<Status> status_from_name(std::string_view name) {
  for (Status status : {Status::pass, Status::warn, Status::fail, Status::skip, Status::unknown}) {
    if (status_name(status) == name) {
      return status;
    }
  }
  return std::nullopt;
}

Status worse(Status a, Status b) { return severity_rank(a) >= severity_rank(b) ? a : b; }

}  // namespace archfit::model
