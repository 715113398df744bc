#include "report/scan_json.hpp"

namespace archfit::report {

namespace {

using Json = nlohmann::ordered_json;

template <class T>
Json optional_value(const std::optional<T>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json gpu_code_json(const scan::GpuCode& code) {
  Json json;
  json["vendor"] = code.vendor;
  json["kind"] = code.kind;
  json["target"] = code.target;
  json["compressed"] = code.compressed;
  json["compression"] = code.compression.empty() ? Json(nullptr) : Json(code.compression);
  json["size"] = code.size;
  json["entry_id"] = code.entry_id;
  json["bundle"] = code.bundle < 0 ? Json(nullptr) : Json(code.bundle);
  json["file_offset"] = optional_value(code.file_offset);
  if (code.check) {
    Json check;
    check["elf_target"] = code.check->elf_target;
    check["code_object_version"] = code.check->code_object_version;
    check["generic_version"] = code.check->generic_version;
    check["mismatches"] = code.check->mismatches;
    check["error"] = optional_value(code.check->error);
    json["check"] = std::move(check);
  }
  return json;
}

Json bundle_json(const scan::BundleRecord& bundle) {
  Json json;
  json["section"] = bundle.section;
  json["file_offset"] = bundle.file_offset;
  json["format"] = bundle.format;
  json["ccob_version"] = bundle.ccob_version == 0 ? Json(nullptr) : Json(bundle.ccob_version);
  json["compression"] = bundle.compression.empty() ? Json(nullptr) : Json(bundle.compression);
  json["stored_size"] = bundle.stored_size;
  json["uncompressed_size"] = bundle.uncompressed_size;
  Json entries = Json::array();
  for (const auto& entry : bundle.entries) {
    entries.push_back(Json{{"id", entry.id}, {"offset", entry.offset}, {"size", entry.size}});
  }
  json["entries"] = std::move(entries);
  return json;
}

Json needs_json(const scan::HostNeedsRecord& needs) {
  Json json;
  json["needed"] = needs.needed;
  json["rpath"] = needs.rpath;
  json["runpath"] = needs.runpath;
  json["versions"] = needs.versions;
  json["highest"] = needs.highest;
  json["x86_isa_level"] = needs.x86_isa_level.empty() ? Json(nullptr) : Json(needs.x86_isa_level);
  return json;
}

}  // namespace

nlohmann::ordered_json scan_to_json(const scan::ScanReport& report) {
  Json files = Json::array();
  for (const auto& file : report.files) {
    Json json;
    json["path"] = file.path;
    json["member"] = optional_value(file.member);
    json["format"] = file.format;
    Json code = Json::array();
    for (const auto& entry : file.gpu_code) {
      code.push_back(gpu_code_json(entry));
    }
    json["gpu_code"] = std::move(code);
    Json bundles = Json::array();
    for (const auto& bundle : file.bundles) {
      bundles.push_back(bundle_json(bundle));
    }
    json["bundles"] = std::move(bundles);
    json["needs"] = file.needs ? needs_json(*file.needs) : Json(nullptr);
    json["errors"] = file.errors;
    json["warnings"] = file.warnings;
    files.push_back(std::move(json));
  }
  return Json{{"schema", "archfit.scan/1"}, {"files", std::move(files)}};
}

}  // namespace archfit::report
