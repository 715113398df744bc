#include "scan/amd_offload_scan.hpp"

#include <fmt/format.h>

#include "binfmt/amdgpu_code_object.hpp"
#include "binfmt/bundle_entry_id.hpp"
#include "binfmt/hip_fatbin.hpp"
#include "knowledge/amdgpu_processors.hpp"
#include "knowledge/offload_triple_vendors.hpp"
#include "util/hex.hpp"
#include "util/mapped_file.hpp"

namespace archfit::scan {

namespace {

using binfmt::FeatureState;

// Whose code the entry holds, from its triple (data/offload_triple_vendors.tsv): a SYCL entry
// (sycl-spir64_gen) is Intel's, an OpenMP host entry (openmp-x86_64-...) nobody's GPU code.
model::Vendor vendor_of(const binfmt::BundleEntryId& id) { return knowledge::offload_triple_vendor(id.triple); }

// What a payload is, by its first bytes.
std::string payload_kind(Bytes payload) {
  if (binfmt::is_amdgpu_code_object(payload)) {
    return "code-object";
  }
  if (has_magic(payload, 0, "BC\xC0\xDE") || has_magic(payload, 0, "\xDE\xC0\x17\x0B")) {
    return "bitcode";  // LLVM bitcode, raw or in the bitcode wrapper
  }
  if (has_magic(payload, 0, "\x03\x02\x23\x07")) {
    return "spirv";
  }
  return "unknown";
}

// The kind implied by an entry ID alone (used when payloads are not read): only an AMD or NVIDIA
// triple says what the payload is.
std::string kind_from_id(const binfmt::BundleEntryId& id, model::Vendor vendor) {
  if (!model::is_gpu_target_vendor(vendor)) {
    return "unknown";
  }
  return id.processor == "amdgcnspirv" ? "spirv" : "code-object";
}

FeatureState id_feature(const binfmt::BundleEntryId& id, std::string_view name) {
  for (const auto& [feature, sign] : id.features) {
    if (feature == name) {
      return sign == '+' ? FeatureState::on : FeatureState::off;
    }
  }
  return FeatureState::any;
}

// In an entry ID an absent feature means "any"; in e_flags the processor may instead not support
// it at all. Both are written the same way in a target ID.
bool same_feature(FeatureState from_id, FeatureState from_elf) {
  auto normal = [](FeatureState s) { return s == FeatureState::unsupported ? FeatureState::any : s; };
  return normal(from_id) == normal(from_elf);
}

CodeObjectCheck check_code_object(const binfmt::BundleEntryId& id, Bytes payload) {
  CodeObjectCheck check;
  auto decoded = binfmt::decode_amdgpu_code_object(payload);
  if (!decoded) {
    check.error = decoded.error().message;
    return check;
  }
  const auto& object = *decoded;
  check.elf_target = object.target_id();
  check.code_object_version = object.code_object_version;
  check.generic_version = object.generic_version;
  if (object.processor != id.processor) {
    check.mismatches.push_back(fmt::format("entry ID names processor {}, ELF e_flags name {}", id.processor,
                                           object.processor));
  }
  for (auto [name, elf_state] : {std::pair{"sramecc", object.sramecc}, std::pair{"xnack", object.xnack}}) {
    auto id_state = id_feature(id, name);
    if (!same_feature(id_state, elf_state)) {
      check.mismatches.push_back(fmt::format("{}: entry ID says {}, ELF e_flags say {}", name,
                                             model::feature_setting_name(id_state),
                                             model::feature_setting_name(elf_state)));
    }
  }
  const auto* processor = knowledge::AmdgpuProcessorTable::embedded().by_name(object.processor);
  if (processor != nullptr && processor->is_generic &&
      (object.code_object_version < 6 || object.generic_version < 1)) {
    check.mismatches.push_back(fmt::format("generic processor {} needs code object v6 and a generic version >= 1, "
                                           "found v{} with generic version {}",
                                           object.processor, object.code_object_version, object.generic_version));
  }
  if (object.elf_type == binfmt::k_et_rel) {
    check.mismatches.push_back("relocatable (ET_REL) code object: the ROCm loader accepts only ET_DYN");
  }
  return check;
}

}  // namespace

const EntryIdDecoder::Decoded& EntryIdDecoder::decode(std::string_view text) {
  for (const auto& seen : m_seen) {
    if (seen.text == text) {
      return seen;
    }
  }
  Decoded decoded;
  decoded.text = std::string(text);
  decoded.id = binfmt::parse_bundle_entry_id(text);
  decoded.vendor = vendor_of(decoded.id);
  decoded.kind = kind_from_id(decoded.id, decoded.vendor);
  if (m_seen.size() < k_remembered) {
    m_seen.push_back(std::move(decoded));
    return m_seen.back();
  }
  m_last = std::move(decoded);
  return m_last;
}

void add_found_bundle(const binfmt::FoundBundle& found, std::string_view section_name,
                      std::uint64_t bundle_file_offset, const PayloadReader& payloads, const ScanOptions& options,
                      FileReport& report) {
  EntryIdDecoder ids;
  add_found_bundle(found, section_name, bundle_file_offset, payloads, options, ids, report);
}

void add_found_bundle(const binfmt::FoundBundle& found, std::string_view section_name,
                      std::uint64_t bundle_file_offset, const PayloadReader& payloads, const ScanOptions& options,
                      EntryIdDecoder& ids, FileReport& report) {
  BundleRecord record;
  record.section = std::string(section_name);
  record.file_offset = bundle_file_offset;
  record.format = found.compressed ? "ccob" : "plain";
  record.stored_size = found.stored_size;
  record.uncompressed_size = found.compressed ? found.ccob->uncompressed_size : found.stored_size;
  if (found.compressed) {
    record.ccob_version = found.ccob->version;
    record.compression = std::string(compression_name(found.ccob->method));
  }
  int bundle_index = static_cast<int>(report.bundles.size());
  record.entries.reserve(found.bundle.entries.size());
  for (std::size_t index = 0; index < found.bundle.entries.size(); ++index) {
    const auto& entry = found.bundle.entries[index];
    std::uint64_t offset = found.compressed ? entry.offset : bundle_file_offset + entry.offset;
    record.entries.push_back({entry.id, offset, entry.size});
    const auto& decoded = ids.decode(entry.id);
    if (decoded.id.is_host()) {
      continue;
    }
    GpuCode code;
    code.vendor = decoded.vendor;
    code.kind = decoded.kind;
    code.target = decoded.id.target_id;
    code.entry_id = entry.id;
    code.compressed = found.compressed;
    code.compression = record.compression;
    code.size = entry.size;
    code.bundle = bundle_index;
    if (!found.compressed) {
      code.file_offset = offset;
    }
    if (options.deep) {
      Bytes payload = !found.compressed                         ? payloads(offset, entry.size)
                      : index < found.payload_heads.size() ? Bytes(found.payload_heads[index])
                                                           : Bytes{};
      code.kind = payload_kind(payload);
      if (code.kind == "code-object") {
        code.check = check_code_object(decoded.id, payload);
      }
    }
    report.gpu_code.push_back(std::move(code));
  }
  report.bundles.push_back(std::move(record));
}

namespace {

void walk_and_add(Bytes region, std::string_view section_name, std::uint64_t region_file_offset, Bytes file,
                  const ScanOptions& options, FileReport& report) {
  PageReleaser releaser(options.release_mapped_pages && options.deep);
  auto walk = binfmt::walk_hip_fatbin(
      region, options.deep ? binfmt::Decompress::everything : binfmt::Decompress::table_only, options.budget.get(),
      [&releaser](Bytes bundle) { releaser.add(bundle); }, options.deep ? nullptr : options.mapping);
  releaser.flush();
  PayloadReader payloads = [file](std::uint64_t offset, std::uint64_t size) {
    return slice(file, offset, size).value_or(Bytes{});
  };
  // Room for every record at once: grown one bundle at a time, the GPU code records (several
  // strings each) were moved to a new buffer at each doubling (librocsparse: 777 entries in 111
  // bundles; 6 % of a scan's CPU time with the portable binary's libc++).
  std::size_t entries = 0;
  for (const auto& found : walk.bundles) {
    entries += found.bundle.entries.size();
  }
  report.gpu_code.reserve(report.gpu_code.size() + entries);
  report.bundles.reserve(report.bundles.size() + walk.bundles.size());
  EntryIdDecoder ids;
  for (const auto& found : walk.bundles) {
    add_found_bundle(found, section_name, region_file_offset + found.section_offset, payloads, options, ids, report);
  }
  for (const auto& error : walk.errors) {
    report.errors.push_back(fmt::format("{} (file offset {}) {}", section_name, hex(region_file_offset),
                                        error.message));
  }
}

}  // namespace

void scan_hip_fatbin(const binfmt::ElfFile& elf, const binfmt::ElfSection& section, const ScanOptions& options,
                     FileReport& report) {
  auto data = elf.section_data(section);
  if (!data) {
    report.errors.push_back(data.error().message);
    return;
  }
  walk_and_add(*data, section.name, section.offset, elf.bytes(), options, report);
}

void scan_bundle_entry_section(const binfmt::ElfFile& elf, const binfmt::ElfSection& section,
                               const ScanOptions& options, FileReport& report) {
  std::string_view entry_id = section.name.substr(binfmt::k_offload_bundle_magic.size());
  if (binfmt::parse_bundle_entry_id(entry_id).is_host()) {
    return;
  }
  auto data = elf.section_data(section);
  if (!data) {
    report.errors.push_back(data.error().message);
    return;
  }
  add_bundle_entry_section(section.name, section.offset, data->size(), *data, options, report);
}

void add_bundle_entry_section(std::string_view section_name, std::uint64_t file_offset, std::uint64_t size,
                              Bytes head, const ScanOptions& options, FileReport& report) {
  std::string_view entry_id = section_name.substr(binfmt::k_offload_bundle_magic.size());
  auto id = binfmt::parse_bundle_entry_id(entry_id);
  if (id.is_host()) {
    return;
  }
  GpuCode code;
  code.vendor = vendor_of(id);
  code.kind = payload_kind(head);
  code.target = id.target_id;
  code.entry_id = std::string(entry_id);
  code.size = size;
  code.file_offset = file_offset;
  if (options.deep && code.kind == "code-object") {
    code.check = check_code_object(id, head);
  }
  report.gpu_code.push_back(std::move(code));
}

void scan_bundle_file(Bytes data, const ScanOptions& options, FileReport& report) {
  walk_and_add(data, "bundle", 0, data, options, report);
}

void scan_code_object_file(Bytes data, FileReport& report) {
  auto decoded = binfmt::decode_amdgpu_code_object(data);
  if (!decoded) {
    report.errors.push_back(decoded.error().message);
    return;
  }
  report.gpu_code.push_back(whole_file_code(model::Vendor::amd, "code-object", decoded->target_id(), data.size(),
                                            decoded->code_object_version, decoded->generic_version));
}

}  // namespace archfit::scan
