#include "doctor/distro_release.hpp"

#include <algorithm>
#include <cstdlib>

#include "knowledge/tsv_table.hpp"
#include "util/text_lines.hpp"

namespace archfit::doctor {

std::string distro_key(const detect::OsRelease& os) {
  if (os.id.empty() || os.version_id.empty()) {
    return "";
  }
  bool rhel_like = os.id == "rhel" || os.id == "rocky" || os.id == "almalinux" || os.id == "centos" || os.id == "ol";
  if (rhel_like) {
    return "rhel-" + os.version_id.substr(0, os.version_id.find('.'));
  }
  if (os.id == "debian") {
    return "debian-" + os.version_id.substr(0, os.version_id.find('.'));
  }
  return os.id + "-" + os.version_id;
}

std::optional<DistroGcc> distro_gcc(std::string_view distro) {
  const auto& table = knowledge::embedded_table("distro_gcc_majors.tsv");
  for (const auto& row : table.rows) {
    if (table.field(row, "distro") != distro) {
      continue;
    }
    DistroGcc gcc{table.field(row, "distro"), std::atoi(table.field(row, "system_major").c_str()), {},
                  table.field(row, "source")};
    for (const auto& major : split_fields(table.field(row, "majors"), ';')) {
      gcc.majors.push_back(std::atoi(std::string(major).c_str()));
    }
    std::sort(gcc.majors.begin(), gcc.majors.end());
    return gcc;
  }
  return std::nullopt;
}

}  // namespace archfit::doctor
