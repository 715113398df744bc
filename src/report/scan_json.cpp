#include "report/scan_json.hpp"

#include "report/finding_json.hpp"
#include "report/json_helpers.hpp"
#include "report/scan_findings.hpp"
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
  map_member(json, "highest", needs.highest);
  text_or_null(json, "x86_isa_level", needs.x86_isa_level);
  json.end_object();
}

// A file's members after its GPU code and bundles.
void write_file_rest(JsonWriter& json, const scan::FileReport& file) {
  if (file.needs) {
    write_needs(json, *file.needs);
  } else {
    json.null_member("needs");
  }
  json.string_array("errors", file.errors);
  json.string_array("warnings", file.warnings);
  // The same problems as Findings (the members every command's findings have).
  findings_member(json, "findings", scan_file_findings(file));
}

}  // namespace

void write_scan_json(const scan::ScanReport& report, int indent, const std::function<void(std::string_view)>& sink) {
  constexpr std::size_t k_piece = std::size_t{64} << 10;
  JsonWriter json(indent);
  // A piece is drained once it passes k_piece, so it ends within one GPU code record or bundle
  // of it: with this much room the buffer never grows for a library's records.
  json.reserve(k_piece + (std::size_t{16} << 10));
  // What is written so far goes to the sink in pieces of about k_piece, so a scan of 6,000 entries
  // is never held whole.
  auto drain_full = [&] {
    if (json.text().size() >= k_piece) {
      json.drain(sink);
    }
  };
  auto array = [&](std::string_view name, const auto& items, auto write) {
    array_member(json, name, items, [&](JsonWriter& writer, const auto& item) {
      write(writer, item);
      drain_full();
    });
  };
  json.begin_object();
  json.member("schema", "archfit.scan/1");
  json.key("files");
  json.begin_array();
  for (const auto& file : report.files) {
    json.begin_object();
    json.member("path", file.path);
    optional_member(json, "member", file.member);
    json.member("format", file.format);
    array("gpu_code", file.gpu_code, write_gpu_code);
    array("bundles", file.bundles, write_bundle);
    write_file_rest(json, file);
    json.end_object();
    drain_full();
  }
  json.end_array();
  json.end_object();
  json.drain(sink);
}

std::string scan_to_json(const scan::ScanReport& report, int indent) {
  std::string text;
  write_scan_json(report, indent, [&text](std::string_view piece) { text.append(piece); });
  return text;
}

}  // namespace archfit::report
