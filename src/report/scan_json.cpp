#include "report/scan_json.hpp"

#include "report/json_helpers.hpp"
#include "util/json_writer.hpp"

namespace archfit::report {

namespace {

void write_check(JsonWriter& json, const scan::CodeObjectCheck& check) {
  json.key("check");
  json.begin_object();
  json.member("elf_target", check.elf_target);
  json.member("code_object_version", check.code_object_version);
  json.member("generic_version", check.generic_version);
  json.string_array("mismatches", check.mismatches);
  optional_member(json, "error", check.error);
  json.end_object();
}

void write_gpu_code(JsonWriter& json, const scan::GpuCode& code) {
  json.begin_object();
  json.member("vendor", model::vendor_name(code.vendor));
  json.member("kind", code.kind);
  json.member("target", code.target);
  json.member("compressed", code.compressed);
  text_or_null(json, "compression", code.compression);
  json.member("size", code.size);
  json.member("entry_id", code.entry_id);
  number_or_null(json, "bundle", code.bundle, -1);
  optional_member(json, "file_offset", code.file_offset);
  text_or_null(json, "section", code.section);
  if (code.relocatable) {
    json.member("relocatable", true);
  }
  if (code.check) {
    write_check(json, *code.check);
  }
  json.end_object();
}

void write_bundle(JsonWriter& json, const scan::BundleRecord& bundle) {
  json.begin_object();
  json.member("section", bundle.section);
  json.member("file_offset", bundle.file_offset);
  json.member("format", bundle.format);
  number_or_null(json, "ccob_version", bundle.ccob_version, 0);
  text_or_null(json, "compression", bundle.compression);
  json.member("stored_size", bundle.stored_size);
  json.member("uncompressed_size", bundle.uncompressed_size);
  json.key("entries");
  json.begin_array();
  for (const auto& entry : bundle.entries) {
    json.begin_object();
    json.member("id", entry.id);
    json.member("offset", entry.offset);
    json.member("size", entry.size);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

void write_string_map(JsonWriter& json, std::string_view name, const std::map<std::string, std::string>& map) {
  json.key(name);
  json.begin_object();
  for (const auto& [key, value] : map) {
    json.member(key, value);
  }
  json.end_object();
}

void write_needs(JsonWriter& json, const scan::HostNeedsRecord& needs) {
  json.key("needs");
  json.begin_object();
  json.string_array("needed", needs.needed);
  json.string_array("rpath", needs.rpath);
  json.string_array("runpath", needs.runpath);
  json.key("versions");
  json.begin_object();
  for (const auto& [file, versions] : needs.versions) {
    json.string_array(file, versions);
  }
  json.end_object();
  write_string_map(json, "highest", needs.highest);
  text_or_null(json, "x86_isa_level", needs.x86_isa_level);
  json.end_object();
}

void write_file(JsonWriter& json, const scan::FileReport& file) {
  json.begin_object();
  json.member("path", file.path);
  optional_member(json, "member", file.member);
  json.member("format", file.format);
  json.key("gpu_code");
  json.begin_array();
  for (const auto& code : file.gpu_code) {
    write_gpu_code(json, code);
  }
  json.end_array();
  json.key("bundles");
  json.begin_array();
  for (const auto& bundle : file.bundles) {
    write_bundle(json, bundle);
  }
  json.end_array();
  if (file.needs) {
    write_needs(json, *file.needs);
  } else {
    json.null_member("needs");
  }
  json.string_array("errors", file.errors);
  json.string_array("warnings", file.warnings);
  json.end_object();
}

// A generous estimate of the compact text's size (a CUDA GPU code record is about 250 bytes, a
// bundle entry about 110, a file's other members a few hundred; pretty-printing about doubles it).
std::size_t estimated_size(const scan::ScanReport& report, int indent) {
  std::size_t bytes = 256;
  for (const auto& file : report.files) {
    bytes += 4096 + file.gpu_code.size() * 384;
    for (const auto& bundle : file.bundles) {
      bytes += 256 + bundle.entries.size() * 192;
    }
  }
  return indent > 0 ? bytes * 2 : bytes;
}

}  // namespace

std::string scan_to_json(const scan::ScanReport& report, int indent) {
  JsonWriter json(indent);
  json.reserve(estimated_size(report, indent));
  json.begin_object();
  json.member("schema", "archfit.scan/1");
  json.key("files");
  json.begin_array();
  for (const auto& file : report.files) {
    write_file(json, file);
  }
  json.end_array();
  json.end_object();
  return json.take();
}

}  // namespace archfit::report
