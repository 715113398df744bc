// Fuzzes the ELF reader and what is read through it: the section table, the host needs
// (.dynamic, .gnu.version_r, .note.gnu.property) and the AMDGPU code object header.
#include <cstddef>
#include <cstdint>

#include "binfmt/amdgpu_code_object.hpp"
#include "binfmt/elf_file.hpp"
#include "binfmt/elf_host_needs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  archfit::Bytes bytes(data, size);
  auto code_object = archfit::binfmt::decode_amdgpu_code_object(bytes);
  if (code_object) {
    (void)code_object->target_id();
  }
  auto elf = archfit::binfmt::ElfFile::parse(bytes);
  if (!elf) {
    return 0;
  }
  for (const auto& section : elf->sections()) {
    (void)elf->section_data(section);
  }
  (void)elf->find_section(".hip_fatbin");
  auto needs = archfit::binfmt::read_host_needs(*elf);
  if (needs) {
    (void)needs->x86_isa_level();
  }
  return 0;
}
