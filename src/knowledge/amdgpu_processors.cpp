#include "knowledge/amdgpu_processors.hpp"

#include <charconv>

#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

const AmdgpuProcessorTable& AmdgpuProcessorTable::embedded() {
  static const AmdgpuProcessorTable table = [] {
    AmdgpuProcessorTable result;
    auto text = embedded_file("amdgpu_processors.tsv");
    if (!text) {
      return result;
    }
    auto parsed = parse_tsv(*text, "amdgpu_processors.tsv");
    if (!parsed) {
      return result;
    }
    int name = parsed->column("processor");
    int mach = parsed->column("mach");
    int xnack = parsed->column("xnack");
    int sramecc = parsed->column("sramecc");
    int generic = parsed->column("generic");
    for (const auto& row : parsed->rows) {
      auto mach_value = parse_hex(row[static_cast<std::size_t>(mach)]);
      if (!mach_value) {
        continue;
      }
      AmdgpuProcessor processor;
      processor.name = row[static_cast<std::size_t>(name)];
      processor.mach = *mach_value;
      processor.supports_xnack = row[static_cast<std::size_t>(xnack)] == "yes";
      processor.supports_sramecc = row[static_cast<std::size_t>(sramecc)] == "yes";
      const auto& family = row[static_cast<std::size_t>(generic)];
      processor.is_generic = family == "self";
      if (family != "self" && family != "-") {
        processor.generic_family = family;
      }
      result.m_processors.push_back(std::move(processor));
    }
    return result;
  }();
  return table;
}

const AmdgpuProcessor* AmdgpuProcessorTable::by_mach(std::uint32_t mach) const {
  for (const auto& processor : m_processors) {
    if (processor.mach == mach) {
      return &processor;
    }
  }
  return nullptr;
}

const AmdgpuProcessor* AmdgpuProcessorTable::by_name(std::string_view name) const {
  for (const auto& processor : m_processors) {
    if (processor.name == name) {
      return &processor;
    }
  }
  return nullptr;
}

}  // namespace archfit::knowledge
