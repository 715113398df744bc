#include "detect/tool_output_parsers.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <regex>

#include <fmt/format.h>

#include "detect/pasted_text.hpp"
#include "detect/pci_devices.hpp"
#include "knowledge/nvidia_chips.hpp"
#include "knowledge/pci_id_tables.hpp"
#include "knowledge/tsv_table.hpp"
#include "model/target_id.hpp"
#include "probe/system_root.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

namespace {

// "  Key:   value" → (Key, value); empty key when the line has no colon.
std::pair<std::string_view, std::string_view> key_value(std::string_view line, std::string_view separator = ":") {
  auto colon = line.find(separator);
  if (colon == std::string_view::npos) {
    return {};
  }
  return {trim(line.substr(0, colon)), trim(line.substr(colon + separator.size()))};
}

std::optional<std::uint64_t> leading_number(std::string_view text) {
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end == text.data()) {
    return std::nullopt;
  }
  return value;
}

void note_line(std::optional<std::pair<std::size_t, std::size_t>>& range, std::size_t number) {
  if (!range) {
    range = std::pair{number, number};
  } else {
    range->first = std::min(range->first, number);
    range->second = std::max(range->second, number);
  }
}

// ---------------------------------------------------------------------------------------------
// rocminfo
//
// An agent is a run of "Key: value" lines. Pastes cut agents anywhere, so an agent is closed by
// whatever shows that the next one began: an "Agent N" banner, a prompt, or a second value for a
// key an agent has once (Name, Marketing Name, Chip ID, Device Type, Uuid, BDFID, Node) or a
// second ISA of a specific (not "-generic") target. What identifies a GPU, best first: the agent
// Name (gfx1100), the first ISA name (amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-), the Chip ID
// (PCI device id, through data/amdgpu_pci_ids.tsv), the Marketing Name (through the same table's
// product names, when they all name one gfx).

struct RocminfoAgent {
  std::string name;
  std::string marketing_name;
  std::string vendor_name;
  std::string device_type;
  std::string uuid;
  std::optional<std::uint64_t> chip_id;
  std::optional<std::uint64_t> bdfid;
  std::optional<std::uint64_t> compute_units;
  std::optional<std::uint64_t> node;
  std::vector<std::string> isas;
  std::optional<std::pair<std::size_t, std::size_t>> lines;

  bool empty() const {
    return name.empty() && marketing_name.empty() && device_type.empty() && !chip_id && isas.empty() && uuid.empty() &&
           !bdfid;
  }
};

constexpr std::string_view k_isa_prefix = "amdgcn-amd-amdhsa--";

bool is_generic_isa(std::string_view isa) { return model::processor_of(isa).ends_with("-generic"); }

// The processor named by a target id: "gfx90a:sramecc+:xnack-" → "gfx90a".
std::string processor_of(std::string_view target_id) { return std::string(model::processor_of(target_id)); }

bool looks_like_gfx(std::string_view name) {
  if (!name.starts_with("gfx") || name.size() < 6 || name == "gfx000") {
    return false;
  }
  return std::all_of(name.begin() + 3, name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
}

// The gfx of every amdgpu.ids product with exactly this marketing name, when they agree.
std::string gfx_from_marketing_name(std::string_view name) {
  if (name.empty() || name == "AMD Radeon Graphics") {
    return "";  // libdrm's generic name for any APU or unknown board: it identifies nothing
  }
  std::string gfx;
  for (const auto& row : knowledge::AmdgpuPciIdTable::embedded().all()) {
    if (row.product != name) {
      continue;
    }
    if (!gfx.empty() && gfx != row.gfx) {
      return "";
    }
    gfx = row.gfx;
  }
  return gfx;
}

std::optional<DetectedGpu> gpu_from_agent(const RocminfoAgent& agent) {
  bool cpu_like = agent.device_type == "CPU" || agent.vendor_name == "CPU" ||
                  (!agent.device_type.empty() && agent.device_type != "GPU");
  if (cpu_like) {
    return std::nullopt;  // CPU, DSP (aie2p NPU) and other agents
  }
  DetectedGpu gpu;
  gpu.vendor = model::Vendor::amd;
  gpu.source = "rocminfo";
  gpu.source_lines = agent.lines;
  gpu.name = agent.marketing_name;
  std::string first_isa;
  for (const auto& isa : agent.isas) {
    if (!is_generic_isa(isa)) {
      first_isa = isa;
      break;
    }
  }
  if (looks_like_gfx(agent.name)) {
    gpu.target = agent.name;
    gpu.target_id = !first_isa.empty() && processor_of(first_isa) == agent.name ? first_isa : agent.name;
    gpu.confidence = "exact";
  } else if (!first_isa.empty()) {
    gpu.target = processor_of(first_isa);
    gpu.target_id = first_isa;
    gpu.confidence = "exact";
  } else if (!agent.name.empty() && !agent.name.starts_with("gfx")) {
    return std::nullopt;  // a named agent that is not a GPU (a CPU whose Device Type was cut off)
  } else if (agent.chip_id && *agent.chip_id != 0 && *agent.chip_id <= 0xffff) {
    auto row = knowledge::AmdgpuPciIdTable::embedded().find(static_cast<std::uint16_t>(*agent.chip_id), std::nullopt);
    if (!row) {
      return std::nullopt;
    }
    gpu.target = row->gfx;
    gpu.target_id = row->gfx;
    gpu.confidence = "inferred-from-chip-id";
    gpu.low_confidence = true;
  } else if (auto gfx = gfx_from_marketing_name(agent.marketing_name); !gfx.empty()) {
    gpu.target = gfx;
    gpu.target_id = gfx;
    gpu.confidence = "inferred-from-name";
    gpu.low_confidence = true;
  } else {
    return std::nullopt;
  }
  if (agent.uuid.starts_with("GPU-") && agent.uuid != "GPU-XX") {
    gpu.uuid = agent.uuid;
  }
  if (agent.chip_id && *agent.chip_id != 0 && *agent.chip_id <= 0xffff) {
    gpu.device_id = static_cast<std::uint16_t>(*agent.chip_id);
  }
  if (agent.bdfid) {
    // BDFID is KFD's location_id; rocminfo does not print the PCI domain (assume 0).
    gpu.pci = fmt::format("0000:{:02x}:{:02x}.{:x}", (*agent.bdfid >> 8) & 0xff, (*agent.bdfid >> 3) & 0x1f,
                          *agent.bdfid & 7);
  }
  if (agent.compute_units) {
    gpu.compute_units = static_cast<unsigned>(*agent.compute_units);
  }
  if (agent.node) {
    gpu.kfd_node = static_cast<unsigned>(*agent.node);
  }
  // The modes the ISA name states; a feature it leaves out stays any (rocminfo does not say).
  auto parts = model::split_target_id(gpu.target_id);
  for (const auto& [feature, sign] : parts.features) {
    model::FeatureSetting mode = sign == '+' ? model::FeatureSetting::on : model::FeatureSetting::off;
    if (feature == "sramecc") {
      gpu.sramecc = mode;
    } else if (feature == "xnack") {
      gpu.xnack = mode;
    }
  }
  return gpu;
}

class RocminfoReader {
 public:
  void close() {
    if (!m_agent.empty()) {
      m_agents.push_back(std::move(m_agent));
    }
    m_agent = RocminfoAgent{};
    m_in_isa = false;
  }

  void read(const PastedLine& line) {
    std::string_view trimmed = trim(std::string_view(line.text));
    if (trimmed.starts_with("Agent ") && leading_number(trimmed.substr(6))) {
      close();
      note_line(m_agent.lines, line.number);
      ++m_recognised;
      return;
    }
    // An ISA name anywhere, also without its "Name:" key.
    if (auto isa_at = trimmed.find(k_isa_prefix); isa_at != std::string_view::npos) {
      std::string_view isa = trimmed.substr(isa_at + k_isa_prefix.size());
      isa = isa.substr(0, isa.find_first_of(" \t`'\""));
      if (!isa.empty()) {
        add_isa(std::string(isa), line.number);
      }
      return;
    }
    auto [key, value] = key_value(trimmed);
    if (key.empty()) {
      return;
    }
    if (key == "ISA Info") {
      if (has_specific_isa()) {
        close();
      }
      m_in_isa = true;
      note_line(m_agent.lines, line.number);
      return;
    }
    if (key == "Name") {
      set_once(m_agent.name, value, line.number);
    } else if (key == "Marketing Name") {
      set_once(m_agent.marketing_name, value, line.number);
    } else if (key == "Vendor Name") {
      m_agent.vendor_name = value;
    } else if (key == "Device Type") {
      set_once(m_agent.device_type, value, line.number);
    } else if (key == "Uuid") {
      set_once(m_agent.uuid, value.empty() ? std::string_view("-") : value, line.number);
    } else if (key == "Chip ID") {
      set_number_once(m_agent.chip_id, value, line.number);
    } else if (key == "BDFID") {
      set_number_once(m_agent.bdfid, value, line.number);
    } else if (key == "Node") {
      set_number_once(m_agent.node, value, line.number);
    } else if (key == "Compute Unit") {
      m_agent.compute_units = leading_number(value);
    }
  }

  std::vector<RocminfoAgent> finish() {
    close();
    return std::move(m_agents);
  }

  std::size_t recognised() const { return m_recognised; }

 private:
  bool has_specific_isa() const {
    return std::any_of(m_agent.isas.begin(), m_agent.isas.end(), [](const auto& isa) { return !is_generic_isa(isa); });
  }

  void add_isa(std::string isa, std::size_t number) {
    if (!is_generic_isa(isa) && has_specific_isa()) {
      close();  // a second agent's ISA block
    }
    m_agent.isas.push_back(std::move(isa));
    note_line(m_agent.lines, number);
    m_in_isa = true;
    ++m_recognised;
  }

  // A key an agent has once: a second value starts the next agent (its header was cut off).
  void set_once(std::string& field, std::string_view value, std::size_t number) {
    if (!field.empty() || m_in_isa) {
      close();  // `field` is a member of m_agent, which close() resets in place
    }
    field = value;
    note_line(m_agent.lines, number);
    ++m_recognised;
  }

  void set_number_once(std::optional<std::uint64_t>& field, std::string_view value, std::size_t number) {
    auto parsed = leading_number(value);
    if (!parsed) {
      return;
    }
    if (field || m_in_isa) {
      close();  // `field` is a member of m_agent, which close() resets in place
    }
    field = parsed;
    note_line(m_agent.lines, number);
    ++m_recognised;
  }

 private:
  RocminfoAgent m_agent;
  std::vector<RocminfoAgent> m_agents;
  bool m_in_isa = false;
  std::size_t m_recognised = 0;
};

}  // namespace

// Two commands of one paste ("rocminfo | grep gfx", then "rocminfo") show the same machine: the k-th GPU of
// a later command is the k-th GPU already seen when their processors agree and no PCI address or UUID
// differs. It fills in what the earlier view lacked.
void merge_views(std::vector<DetectedGpu>& merged, std::vector<DetectedGpu>&& view) {
  if (merged.empty()) {
    merged = std::move(view);
    return;
  }
  for (std::size_t k = 0; k < view.size(); ++k) {
    DetectedGpu& gpu = view[k];
    bool same = k < merged.size() && merged[k].target == gpu.target &&
                (merged[k].pci.empty() || gpu.pci.empty() || merged[k].pci == gpu.pci) &&
                (merged[k].uuid.empty() || gpu.uuid.empty() || merged[k].uuid == gpu.uuid);
    if (!same) {
      merged.push_back(std::move(gpu));
      continue;
    }
    DetectedGpu& into = merged[k];
    // The fuller view wins field by field.
    if (into.target_id.find(':') == std::string::npos && gpu.target_id.find(':') != std::string::npos) {
      into.target_id = gpu.target_id;
      into.xnack = gpu.xnack;
      into.sramecc = gpu.sramecc;
    }
    if (into.name.empty()) into.name = gpu.name;
    if (into.pci.empty()) into.pci = gpu.pci;
    if (into.uuid.empty()) into.uuid = gpu.uuid;
    if (!into.device_id) into.device_id = gpu.device_id;
    if (!into.compute_units) into.compute_units = gpu.compute_units;
    if (!into.kfd_node) into.kfd_node = gpu.kfd_node;
    if (gpu.source_lines) {
      note_line(into.source_lines, gpu.source_lines->first);
      note_line(into.source_lines, gpu.source_lines->second);
    }
  }
}

namespace {

// data/tool_output_lines.tsv's texts for `tool` in `role` ("failure", "opening", "line-filter", ...), grouped
// once on first use (every section of a paste asks).
const std::vector<std::string>& tool_lines(std::string_view tool, std::string_view role) {
  using Key = std::pair<std::string, std::string>;
  static const std::map<Key, std::vector<std::string>> grouped = [] {
    std::map<Key, std::vector<std::string>> out;
    const auto& table = knowledge::embedded_table("tool_output_lines.tsv");
    for (const auto& row : table.rows) {
      out[{table.field(row, "tool"), table.field(row, "role")}].push_back(table.field(row, "text"));
    }
    return out;
  }();
  static const std::vector<std::string> none;
  auto found = grouped.find(Key{tool, role});
  return found == grouped.end() ? none : found->second;
}

bool starts_with_any(std::string_view text, const std::vector<std::string>& starts) {
  return std::any_of(starts.begin(), starts.end(), [&](const std::string& start) { return text.starts_with(start); });
}

// The line that says why `tool` listed no GPU (split_pasted_sections dropped its colour codes): the first
// line with one of its failure texts, or the first with a failure text to quote, the more telling one.
std::optional<PastedLine> failure_line(const PastedSection& section, std::string_view tool) {
  const auto& markers = tool_lines(tool, "failure");
  const auto& preferred = tool_lines(tool, "failure-to-quote");
  std::optional<PastedLine> first;
  for (const auto& line : section.lines) {
    std::string_view text = trim(std::string_view(line.text));
    if (starts_with_any(text, preferred)) {
      return PastedLine{line.number, std::string(text)};
    }
    if (starts_with_any(text, markers) && !first) {
      first = PastedLine{line.number, std::string(text)};
    }
  }
  return first;
}

// rocminfo's own errors, printed instead of its agents (data/tool_output_lines.tsv: "ROCk module is NOT loaded,
// possibly no GPU devices", "hsa api call failure at: FILE:LINE" then "Call returned HSA_STATUS_…"). Such a text
// with no agent is rocminfo output that shows no GPU, not some other text. "ROCk module version … is
// loaded" alone, or a paste cut after the "HSA System Attributes" header, is not: its agents were there.
std::optional<PastedLine> rocminfo_failure(const PastedSection& section) {
  return failure_line(section, "rocminfo");
}

// A `Key:   value` line as rocminfo prints its attributes ("  Compute Unit:            96"): a key of letters,
// digits and blanks, a colon, blanks, a value.
bool is_rocminfo_attribute(std::string_view line) {
  std::string_view text = trim(line);
  auto colon = text.find(':');
  if (colon == 0 || colon == std::string_view::npos || colon > 40 || colon + 1 >= text.size() || text[colon + 1] != ' ') {
    return false;
  }
  std::string_view key = text.substr(0, colon);
  bool plain = std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == ' ' || c == '(' || c == ')';
  });
  return plain && (key.front() >= 'A' && key.front() <= 'Z') && !trim(text.substr(colon + 1)).empty();
}

// Whether `command` pipes rocminfo into a program that keeps only matching lines (grep and its kin): its
// output is rocminfo's, cut down to what the filter kept. `| head`, `| tee` and `| less` keep rocminfo's own
// order and cut, and are not filters here.
bool filters_rocminfo(std::string_view command) {
  auto tool = command.find("rocminfo");
  auto pipe = command.find('|', tool == std::string_view::npos ? command.size() : tool);
  if (tool == std::string_view::npos || pipe == std::string_view::npos) {
    return false;
  }
  std::string_view filter = trim(command.substr(pipe + 1));
  filter = filter.substr(0, filter.find(' '));
  const auto& filters = tool_lines("rocminfo", "line-filter");
  return std::find(filters.begin(), filters.end(), filter) != filters.end();
}

}  // namespace

Result<std::vector<DetectedGpu>> parse_rocminfo(std::string_view text, std::string* tool_failure) {
  std::size_t recognised = 0;
  std::vector<DetectedGpu> gpus;
  std::optional<PastedLine> failure;
  std::string filtered_command;            // a `rocminfo | grep …` whose lines name no GPU
  std::optional<PastedLine> opening_line;  // "HSA System Attributes" or "ROCk module version …" of a cut output
  const auto& opening_texts = tool_lines("rocminfo", "opening");
  for (const auto& section : split_pasted_sections(text)) {
    if (!section.command.empty() && section.command.find("rocminfo") == std::string::npos) {
      continue;  // another command's output (clinfo, rocm-smi, lspci, ...)
    }
    RocminfoReader reader;
    for (const auto& line : section.lines) {
      reader.read(line);
    }
    if (auto failed = rocminfo_failure(section)) {
      recognised += 1;
      failure = failure ? failure : failed;
    }
    recognised += reader.recognised();
    // "$ rocminfo | grep -i compute" whose only output is "Compute Unit: 96": rocminfo's output, filtered down
    // to lines that name no GPU. The machine may well have GPUs; the text cannot tell which.
    for (const auto& line : section.lines) {
      std::string_view shown = trim(std::string_view(line.text));
      if (starts_with_any(shown, opening_texts)) {
        opening_line = opening_line ? opening_line : line;  // rocminfo's opening lines, before any agent
      }
    }
    if (reader.recognised() == 0 && filtered_command.empty() && filters_rocminfo(section.command) &&
        std::any_of(section.lines.begin(), section.lines.end(),
                    [](const PastedLine& line) { return is_rocminfo_attribute(line.text); })) {
      filtered_command = section.command;
    }
    std::vector<DetectedGpu> view;
    for (const auto& agent : reader.finish()) {
      if (auto gpu = gpu_from_agent(agent)) {
        view.push_back(std::move(*gpu));
      }
    }
    merge_views(gpus, std::move(view));
  }
  if (recognised == 0 && !filtered_command.empty()) {
    return Error{fmt::format("`{}` filtered rocminfo's output down to lines that name no GPU (no 'Name: gfx…', "
                             "'amdgcn-amd-amdhsa--…' or 'Chip ID: …' line), so the GPUs cannot be told",
                             filtered_command)};
  }
  if (recognised == 0 && opening_line) {
    return Error{fmt::format("rocminfo's output ends before its first agent (line {}: {}), so the GPUs cannot be told",
                             opening_line->number, trim(std::string_view(opening_line->text)))};
  }
  if (recognised == 0) {
    return Error{"no rocminfo agent ('Agent N', 'Name: gfx…', 'amdgcn-amd-amdhsa--…', 'Chip ID: …'): this is not rocminfo "
                 "output"};
  }
  if (gpus.empty() && failure && tool_failure != nullptr) {
    *tool_failure = fmt::format("line {}: {}", failure->number, failure->text);
  }
  return gpus;
}

namespace {

// ---------------------------------------------------------------------------------------------
// nvidia-smi
//
// Each shape is read where it stands, one command's output at a time; a GPU seen by several
// commands (the table and -L, say) is merged by UUID, PCI bus id or index.

struct NvidiaGpu {
  DetectedGpu gpu;
  std::optional<unsigned> index;  // nvidia-smi's GPU index
};

DetectedGpu new_nvidia_gpu() {
  DetectedGpu gpu;
  gpu.vendor = model::Vendor::nvidia;
  gpu.source = "nvidia-smi";
  return gpu;
}

std::string_view without_nvidia_prefix(std::string_view name) {
  return name.starts_with("NVIDIA ") ? name.substr(7) : name;
}

// A name the table column cut short: "GeForce RTX 208...", "Tesla V100-SXM2...". Only a table row
// wholly inside the kept part can name it.
bool is_truncated(std::string_view name) { return name.ends_with("..."); }

// data/nvidia_gpu_names.tsv: names as older drivers print them, and families, with their compute
// capability from NVIDIA's CUDA GPUs pages. Its rows of one `match` kind: name: the whole name (followed by
// the end, a space, '-' or '('); prefix: any name that starts with it ("GeForce RTX 30" for the series).
std::string capability_from_name_table(std::string_view name, std::string_view match) {
  const auto& table = knowledge::embedded_table("nvidia_gpu_names.tsv");
  name = without_nvidia_prefix(name);
  bool truncated = is_truncated(name);
  if (truncated) {
    name = trim(name.substr(0, name.size() - 3));
  }
  std::size_t best = 0;
  std::string capability;
  for (const auto& row : table.rows) {
    const std::string& candidate = table.field(row, "name");
    if (table.field(row, "match") != match || candidate.size() <= best || !name.starts_with(candidate)) {
      continue;
    }
    bool whole = match == "name";
    if (whole && truncated && name.size() == candidate.size()) {
      continue;  // "GeForce GTX 1080..." may be "GeForce GTX 1080 Ti": only a boundary after it proves the name
    }
    if (whole && name.size() > candidate.size()) {
      char next = name[candidate.size()];
      if (next != ' ' && next != '-' && next != '(' && next != ',') {
        continue;
      }
    }
    best = candidate.size();
    capability = table.field(row, "compute_capability");
  }
  return capability;
}

void name_nvidia_gpu(DetectedGpu& gpu) {
  const auto& table = knowledge::NvidiaPciIdTable::embedded();
  if (!gpu.compute_capability.empty()) {
    gpu.confidence = "exact";
  } else {
    if (gpu.device_id) {
      std::optional<std::string> capability;
      if (auto row = table.find(*gpu.device_id)) {
        capability = row->compute_capability;
      } else if (auto chip = knowledge::NvidiaChipTable::embedded().find(*gpu.device_id)) {
        capability = chip->compute_capability;  // pre-Turing: the chip pci.ids names, and its family
      }
      if (capability) {
        gpu.compute_capability = *capability;
        gpu.confidence = "inferred-from-device-id";
        gpu.low_confidence = true;
      }
    }
    // A name cut short by the table's column ("NVIDIA RTX PRO ...") is read only by rows wholly inside it.
    if (gpu.compute_capability.empty() && !gpu.name.empty()) {
      const knowledge::NvidiaPciId* row = nullptr;
      if (!is_truncated(gpu.name)) {
        row = table.find_by_name(gpu.name);
        if (row == nullptr && !gpu.name.starts_with("NVIDIA ")) {
          row = table.find_by_name("NVIDIA " + gpu.name);  // drivers before ~470 printed no prefix
        }
      }
      // The most specific source first: a product row of NVIDIA's pages, then the chips pci.ids gives the
      // name (none when they disagree: "GeForce GT 730"), then a series ("GeForce RTX 20" is 7.5, but the
      // RTX 2050 is an Ampere GA107, 8.6).
      std::string capability = row != nullptr ? row->compute_capability : capability_from_name_table(gpu.name, "name");
      if (capability.empty() && !is_truncated(gpu.name)) {
        capability = knowledge::NvidiaChipTable::embedded().by_name(gpu.name).compute_capability;
      }
      if (capability.empty()) {
        capability = capability_from_name_table(gpu.name, "prefix");
      }
      if (!capability.empty()) {
        gpu.compute_capability = capability;
        gpu.confidence = "inferred-from-name";
        gpu.low_confidence = true;
      }
    }
  }
  gpu.target = knowledge::sm_target_from_compute_capability(gpu.compute_capability);
  gpu.target_id = gpu.target;
  if (gpu.target.empty()) {
    gpu.compute_capability.clear();
    gpu.confidence = "unknown";
  }
}

std::vector<std::string_view> split_csv(std::string_view line) {
  std::vector<std::string_view> fields;
  while (true) {
    auto comma = line.find(',');
    fields.push_back(trim(line.substr(0, comma)));
    if (comma == std::string_view::npos) {
      return fields;
    }
    line.remove_prefix(comma + 1);
  }
}

// A --query-gpu field name: "name", "pci.bus_id", "memory.total [MiB]", "clocks.max.sm [MHz]".
bool is_query_field(std::string_view field) {
  field = field.substr(0, field.find(" ["));
  if (field.empty()) {
    return false;
  }
  return std::all_of(field.begin(), field.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_';
  });
}

bool is_bus_id(std::string_view text) {
  // "00000000:00:06.0" or "0000:00:06.0" or "00:06.0"
  auto dot = text.rfind('.');
  return text.find(':') != std::string_view::npos && dot != std::string_view::npos && dot + 2 == text.size() &&
         std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.'; });
}

// Validates one CSV value against its column; a row with a value that cannot be this column's is
// another tool's output, and ends the CSV.
bool plausible(std::string_view column, std::string_view value) {
  if (column == "name") {
    // `nvidia-smi -L`'s "GPU 0: NVIDIA A100 (UUID: GPU-…)" is another command's line, not a name.
    bool list_line = value.starts_with("GPU ") && value.find(": ") != std::string_view::npos &&
                     value.find("(UUID: ") != std::string_view::npos;
    return !list_line && !is_query_field(value) &&
           std::any_of(value.begin(), value.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
  }
  if (column == "pci.bus_id") {
    return is_bus_id(value);
  }
  if (column == "uuid") {
    return value.starts_with("GPU-");
  }
  if (column == "index" || column == "minor_number") {
    return !value.empty() && std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
  }
  if (column == "compute_cap") {
    return value.size() >= 3 && value.size() <= 5 && value.find('.') != std::string_view::npos;
  }
  if (column == "pci.device_id") {
    return value.starts_with("0x") && value.size() == 10;
  }
  return true;
}

void read_csv_row(NvidiaGpu& out, const std::vector<std::string_view>& columns, const std::vector<std::string_view>& fields,
                  std::string* driver_version) {
  DetectedGpu& gpu = out.gpu;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    std::string_view column = columns[c].substr(0, columns[c].find(' '));  // "memory.total [MiB]"
    std::string value(fields[c]);
    if (column == "name") {
      gpu.name = value;
    } else if (column == "compute_cap") {
      gpu.compute_capability = value;
    } else if (column == "pci.bus_id") {
      gpu.pci = normalize_pci_address(value);
    } else if (column == "uuid") {
      gpu.uuid = value;
    } else if (column == "index") {
      out.index = static_cast<unsigned>(leading_number(value).value_or(0));
    } else if (column == "driver_version" && driver_version != nullptr) {
      *driver_version = value;
    } else if (column == "pci.device_id") {
      if (auto id = probe::parse_sysfs_number(value)) {
        gpu.device_id = static_cast<std::uint16_t>(*id >> 16);  // 0x<device><vendor>
      }
    }
  }
}

// The columns a prompt's command asked for: "nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader".
std::vector<std::string> query_columns(std::string_view command, bool* noheader) {
  std::vector<std::string> columns;
  auto at = command.find("--query-gpu=");
  if (at == std::string_view::npos) {
    return columns;
  }
  std::string_view list = command.substr(at + 12);
  list = list.substr(0, list.find_first_of(" \t"));
  if (!list.empty() && (list.front() == '"' || list.front() == '\'')) {
    list = list.substr(1, list.find(list.front(), 1) - 1);
  }
  for (auto field : split_csv(list)) {
    columns.emplace_back(field);
  }
  *noheader = command.find("noheader") != std::string_view::npos;
  return columns;
}

// `--query-gpu=… --format=csv`: a header of field names, then one row per GPU, up to the first
// line that does not fit (blank, another tool's output, a second header).
void read_csv(const PastedSection& section, std::vector<NvidiaGpu>& gpus, std::string* driver_version) {
  bool noheader = false;
  auto asked = query_columns(section.command, &noheader);
  std::vector<std::string_view> columns;
  if (noheader) {
    columns.assign(asked.begin(), asked.end());
  }
  bool in_rows = noheader && !columns.empty();
  std::size_t rows = 0;  // read since the header (or the command of a noheader CSV)
  for (const auto& line : section.lines) {
    if (is_paste_wrapper(line.text) || trim(line.text).empty()) {
      in_rows = in_rows && rows == 0;  // a fence or a blank line after rows ends the CSV; before them, opens it
      continue;
    }
    auto fields = split_csv(line.text);
    bool header = fields.size() >= 1 && std::all_of(fields.begin(), fields.end(), is_query_field) &&
                  std::any_of(fields.begin(), fields.end(), [](std::string_view f) {
                    return f == "name" || f == "compute_cap" || f == "pci.bus_id" || f == "uuid" || f == "index" ||
                           f == "driver_version" || f == "pci.device_id";
                  }) &&
                  (fields.size() > 1 || line.text.find(',') == std::string_view::npos);
    if (header) {
      columns = fields;
      in_rows = true;
      rows = 0;
      continue;
    }
    if (!in_rows) {
      continue;
    }
    bool fits = fields.size() == columns.size();
    for (std::size_t c = 0; fits && c < columns.size(); ++c) {
      fits = plausible(columns[c].substr(0, columns[c].find(' ')), fields[c]);
    }
    if (!fits) {
      in_rows = false;  // the CSV ended
      continue;
    }
    ++rows;
    NvidiaGpu gpu{new_nvidia_gpu(), std::nullopt};
    read_csv_row(gpu, columns, fields, driver_version);
    gpu.gpu.source_lines = std::pair{line.number, line.number};
    bool identifies = !gpu.gpu.name.empty() || !gpu.gpu.uuid.empty() || !gpu.gpu.pci.empty() ||
                      !gpu.gpu.compute_capability.empty();
    if (identifies) {
      gpus.push_back(std::move(gpu));
    }
  }
}

// `nvidia-smi -L`: "GPU 0: NVIDIA H200 (UUID: GPU-…)"; the indented "MIG 3g.40gb Device 0:" lines
// under it are instances of that GPU.
void read_list(const PastedSection& section, std::vector<NvidiaGpu>& gpus) {
  for (const auto& line : section.lines) {
    std::string_view text = trim(std::string_view(line.text));
    if (!text.starts_with("GPU ")) {
      continue;
    }
    auto colon = text.find(": ");
    auto uuid = text.rfind("(UUID: ");
    auto index = leading_number(text.substr(4));
    if (colon == std::string_view::npos || uuid == std::string_view::npos || uuid < colon || !index) {
      continue;
    }
    NvidiaGpu gpu{new_nvidia_gpu(), static_cast<unsigned>(*index)};
    gpu.gpu.name = trim(text.substr(colon + 2, uuid - colon - 2));
    std::string_view id = text.substr(uuid + 7);
    gpu.gpu.uuid = id.substr(0, id.find(')'));
    gpu.gpu.source_lines = std::pair{line.number, line.number};
    gpus.push_back(std::move(gpu));
  }
}

// nvidia-smi's PCI id: the device's 16 bits, then the vendor's, 10DE: "0x233510DE" (-q and newer -q -x),
// "061110DE" (-q -x of driver 340). Anything else is not read.
std::optional<std::uint16_t> nvidia_pci_device_id(std::string_view value) {
  if (value.starts_with("0x") || value.starts_with("0X")) {
    value.remove_prefix(2);
  }
  auto id = value.size() == 8 ? knowledge::parse_hex(value) : std::nullopt;
  if (!id || (*id & 0xffff) != 0x10de) {
    return std::nullopt;
  }
  return static_cast<std::uint16_t>(*id >> 16);
}

// `nvidia-smi -q`: "GPU 00000000:00:06.0" opens a section; "    Product Name : NVIDIA H200".
// An excerpt may start at "Product Name" without the section line.
void read_query(const PastedSection& section, std::vector<NvidiaGpu>& gpus, std::string* driver_version) {
  std::optional<std::size_t> current;
  for (const auto& line : section.lines) {
    std::string_view text = trim(std::string_view(line.text));
    std::string_view rest = text.starts_with("GPU ") ? trim(text.substr(4)) : std::string_view();
    if (!rest.empty() && rest.find(' ') == std::string_view::npos && is_bus_id(rest)) {
      NvidiaGpu gpu{new_nvidia_gpu(), std::nullopt};
      gpu.gpu.pci = normalize_pci_address(rest);
      gpu.gpu.source_lines = std::pair{line.number, line.number};
      gpus.push_back(std::move(gpu));
      current = gpus.size() - 1;
      continue;
    }
    auto [key, value] = key_value(line.text, " : ");
    if (key.empty()) {
      continue;
    }
    if (key == "Driver Version" && driver_version != nullptr) {
      *driver_version = value;
    }
    if (key == "Product Name" && (!current || !gpus[*current].gpu.name.empty())) {
      NvidiaGpu gpu{new_nvidia_gpu(), std::nullopt};
      gpus.push_back(std::move(gpu));
      current = gpus.size() - 1;
    }
    if (!current) {
      continue;
    }
    DetectedGpu& gpu = gpus[*current].gpu;
    bool used = true;
    if (key == "Product Name") {
      gpu.name = value;
    } else if (key == "GPU UUID") {
      gpu.uuid = value;
    } else if (key == "Device Id" && !gpu.device_id) {
      gpu.device_id = nvidia_pci_device_id(value);
    } else if (key == "Bus Id" && gpu.pci.empty() && is_bus_id(value)) {
      gpu.pci = normalize_pci_address(value);
    } else if (key == "Minor Number") {
      if (auto minor = leading_number(value)) {
        gpu.device_minor = static_cast<unsigned>(*minor);
      }
    } else {
      used = false;
    }
    if (used) {
      note_line(gpu.source_lines, line.number);
    }
  }
}

// `nvidia-smi -q -x`: <gpu id="00000000:00:06.0"> … <product_name>…</product_name> … </gpu>.
std::string_view xml_element(std::string_view text, std::string_view tag) {
  std::string open = "<" + std::string(tag) + ">";
  auto start = text.find(open);
  if (start == std::string_view::npos) {
    return {};
  }
  start += open.size();
  auto end = text.find("</", start);
  return trim(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
}

void read_xml(const PastedSection& section, std::vector<NvidiaGpu>& gpus, std::string* driver_version) {
  constexpr std::size_t k_none = static_cast<std::size_t>(-1);
  std::size_t current = k_none;  // the <gpu> element being read
  for (const auto& line : section.lines) {
    std::string_view text = trim(std::string_view(line.text));
    if (text.starts_with("<gpu id=\"") || text == "<gpu>") {
      NvidiaGpu gpu{new_nvidia_gpu(), std::nullopt};
      if (text.starts_with("<gpu id=\"")) {
        std::string_view id = text.substr(9);
        id = id.substr(0, id.find('"'));
        if (is_bus_id(id)) {
          gpu.gpu.pci = normalize_pci_address(id);
        }
      }
      gpu.gpu.source_lines = std::pair{line.number, line.number};
      gpus.push_back(std::move(gpu));
      current = gpus.size() - 1;
      continue;
    }
    if (text.starts_with("</gpu>")) {
      if (current != k_none) {
        note_line(gpus[current].gpu.source_lines, line.number);
      }
      current = k_none;
      continue;
    }
    if (auto driver = xml_element(text, "driver_version"); !driver.empty() && driver_version != nullptr) {
      *driver_version = driver;
    }
    if (current == k_none) {
      continue;
    }
    DetectedGpu& gpu = gpus[current].gpu;
    if (auto name = xml_element(text, "product_name"); !name.empty()) {
      gpu.name = name;
    } else if (auto uuid = xml_element(text, "uuid"); uuid.starts_with("GPU-")) {
      gpu.uuid = uuid;
    } else if (auto device = xml_element(text, "pci_device_id"); !device.empty() && !gpu.device_id) {
      gpu.device_id = nvidia_pci_device_id(device);
    } else if (auto minor = xml_element(text, "minor_number"); !minor.empty()) {
      if (auto number = leading_number(minor)) {
        gpu.device_minor = static_cast<unsigned>(*number);
      }
    }
  }
}

// The default table: "|   0  NVIDIA H200                    On  |   00000000:00:06.0 Off |". A GPU row
// is one whose first cell is "<index> <name> [persistence]" and whose second starts with a bus id;
// process rows and MIG rows have no bus id there.
void read_table(const PastedSection& section, std::vector<NvidiaGpu>& gpus, std::string* driver_version) {
  bool in_table = false;  // the "| GPU  Name ..." header was seen
  for (const auto& line : section.lines) {
    std::string_view text = trim(std::string_view(line.text));
    if (text.find("GPU  Name") != std::string_view::npos) {
      in_table = true;
    }
    if (auto driver = text.find("Driver Version:"); driver != std::string_view::npos) {
      std::string_view rest = trim(text.substr(driver + 15));
      if (driver_version != nullptr) {
        *driver_version = std::string(rest.substr(0, rest.find(' ')));
      }
      continue;
    }
    if (!text.starts_with('|')) {
      continue;
    }
    auto second_bar = text.find('|', 1);
    if (second_bar == std::string_view::npos) {
      continue;
    }
    std::string_view first = trim(text.substr(1, second_bar - 1));
    auto index = leading_number(first);
    std::string_view index_token = first.substr(0, first.find(' '));
    if (!index || first.find(' ') == std::string_view::npos ||
        index_token.find_first_not_of("0123456789") != std::string_view::npos) {
      continue;  // not "0  NAME": a fan row ("30%   35C  P8 …") or a process row's other columns
    }
    std::string_view name = trim(first.substr(first.find(' ')));
    bool mode_column = false;
    bool na_mode = false;
    auto third_bar = text.find('|', second_bar + 1);
    std::string_view bus = trim(text.substr(second_bar + 1, third_bar - second_bar - 1));
    bus = bus.substr(0, bus.find(' '));
    // Persistence-M or the Windows driver model; N/A only beside a bus id of N/A (an integrated GPU:
    // Jetson's "Orin (nvgpu)  N/A  | N/A  N/A |"), since a process row also ends its one cell with N/A.
    for (std::string_view mode : {" On", " Off", " WDDM", " TCC", " N/A"}) {
      if (name.ends_with(mode) && (mode != " N/A" || bus == "N/A")) {
        name = trim(name.substr(0, name.size() - mode.size()));
        mode_column = true;
        na_mode = mode == " N/A";
      }
    }
    // A row the paste cut right after its first cell ("|   0  GeForce RTX 208...  Off  |") still names
    // the GPU when it stands under the table's header and has the mode column; so does a row whose bus id
    // is N/A (an integrated GPU: Jetson's JetPack 6 table).
    bool cut_row = in_table && mode_column &&
                   ((bus.empty() && third_bar == std::string_view::npos) || (na_mode && bus == "N/A"));
    if ((!is_bus_id(bus) && !cut_row) || name.empty()) {
      continue;
    }
    NvidiaGpu gpu{new_nvidia_gpu(), static_cast<unsigned>(*index)};
    gpu.gpu.name = name;
    gpu.gpu.pci = cut_row ? std::string() : normalize_pci_address(bus);
    gpu.gpu.source_lines = std::pair{line.number, line.number};
    gpus.push_back(std::move(gpu));
  }
}

bool same_gpu(const NvidiaGpu& a, const NvidiaGpu& b) {
  if (!a.gpu.uuid.empty() && !b.gpu.uuid.empty()) {
    return a.gpu.uuid == b.gpu.uuid;
  }
  if (!a.gpu.pci.empty() && !b.gpu.pci.empty()) {
    return a.gpu.pci == b.gpu.pci;
  }
  if (a.index && b.index) {
    return *a.index == *b.index;
  }
  return false;
}

// Nothing tells two views of a GPU apart: no UUID, bus id or index of both differs and the names agree
// (one may be empty or cut short).
bool compatible(const NvidiaGpu& a, const NvidiaGpu& b) {
  auto differs = [](const std::string& x, const std::string& y) { return !x.empty() && !y.empty() && x != y; };
  if (differs(a.gpu.uuid, b.gpu.uuid) || differs(a.gpu.pci, b.gpu.pci) || (a.index && b.index && *a.index != *b.index)) {
    return false;
  }
  std::string_view x = a.gpu.name;
  std::string_view y = b.gpu.name;
  if (x.empty() || y.empty()) {
    return true;
  }
  auto stem = [](std::string_view name) { return name.ends_with("...") ? name.substr(0, name.size() - 3) : name; };
  return x == y || x.starts_with(stem(y)) || y.starts_with(stem(x));
}

// Fills what `into` lacks from `from` (another command's view of the same GPU).
void merge_gpu(NvidiaGpu& into, const NvidiaGpu& from) {
  DetectedGpu& gpu = into.gpu;
  const DetectedGpu& other = from.gpu;
  if (gpu.name.empty() || (gpu.name.ends_with("...") && !other.name.empty())) {
    gpu.name = other.name;
  }
  if (gpu.uuid.empty()) gpu.uuid = other.uuid;
  if (gpu.pci.empty()) gpu.pci = other.pci;
  if (gpu.compute_capability.empty()) gpu.compute_capability = other.compute_capability;
  if (!gpu.device_id) gpu.device_id = other.device_id;
  if (!gpu.device_minor) gpu.device_minor = other.device_minor;
  if (!into.index) into.index = from.index;
  if (other.source_lines) {
    note_line(gpu.source_lines, other.source_lines->first);
    note_line(gpu.source_lines, other.source_lines->second);
  }
}

// nvidia-smi's own errors, printed instead of any GPU (data/tool_output_lines.tsv: "Failed to initialize NVML:
// Driver/library version mismatch"; "No devices were found" is an answer, not an error).
std::optional<PastedLine> nvidia_smi_failure(const PastedSection& section) {
  return failure_line(section, "nvidia-smi");
}

// nvidia-smi's first line, the time it ran as C's asctime() writes it: "Mon Jul  6 11:49:06 2026".
bool is_asctime_line(std::string_view text) {
  text = trim(text);
  static const std::regex asctime("(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
                                  "[ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} [0-9]{4}");
  return text.size() == 24 && std::regex_match(text.begin(), text.end(), asctime);
}

// Output nvidia-smi printed without naming a GPU: its errors, "No devices were found", a table or -q header
// whose GPU rows were cut off (down to the time and the top border, or -q's banner). Such a text is
// nvidia-smi output with no GPU, not "not nvidia-smi output".
bool shows_nvidia_smi(const PastedSection& section) {
  if (nvidia_smi_failure(section)) {
    return true;
  }
  for (std::size_t i = 0; i + 1 < section.lines.size(); ++i) {
    // The table's start, cut before its header: the time, then the top border.
    if (is_asctime_line(section.lines[i].text) && trim(std::string_view(section.lines[i + 1].text)).starts_with("+---")) {
      return true;
    }
  }
  for (const auto& line : section.lines) {
    const std::string& text = line.text;
    // "==============NVSMI LOG==============" opens `nvidia-smi -q`.
    if (text.find("No devices were found") != std::string::npos || text.find("NVIDIA-SMI ") != std::string::npos ||
        text.find("=NVSMI LOG=") != std::string::npos ||
        text.find("<nvidia_smi_log") != std::string::npos ||
        (text.find("Attached GPUs") != std::string::npos && text.find(" : ") != std::string::npos)) {
      return true;
    }
  }
  return false;
}

bool names_nvidia_tool(std::string_view command) {
  return command.empty() || command.find("nvidia-smi") != std::string_view::npos;
}

}  // namespace

Result<std::vector<DetectedGpu>> parse_nvidia_smi(std::string_view text, std::string* driver_version,
                                                  std::string* tool_failure) {
  std::vector<NvidiaGpu> merged;
  bool any_shape = false;
  std::optional<PastedLine> failure;
  for (const auto& section : split_pasted_sections(text)) {
    if (!names_nvidia_tool(section.command)) {
      continue;  // another command's output
    }
    // One command prints one shape; try them in turn and keep the first that finds GPUs.
    std::vector<NvidiaGpu> found;
    read_xml(section, found, driver_version);
    if (found.empty()) read_query(section, found, driver_version);
    if (found.empty()) read_csv(section, found, driver_version);
    if (found.empty()) read_table(section, found, driver_version);
    if (found.empty()) read_list(section, found);
    any_shape = any_shape || !found.empty() || shows_nvidia_smi(section);
    if (!failure) {
      failure = nvidia_smi_failure(section);
    }
    bool first_view = merged.empty();
    for (std::size_t k = 0; k < found.size(); ++k) {
      auto& gpu = found[k];
      auto same = std::find_if(merged.begin(), merged.end(), [&](const NvidiaGpu& seen) { return same_gpu(seen, gpu); });
      if (same == merged.end() && !first_view && k < merged.size() && compatible(merged[k], gpu)) {
        same = merged.begin() + static_cast<std::ptrdiff_t>(k);  // nvidia-smi lists GPUs in index order
      }
      if (same != merged.end()) {
        merge_gpu(*same, gpu);
      } else {
        merged.push_back(std::move(gpu));
      }
    }
  }
  if (!any_shape) {
    return Error{"not nvidia-smi output: no CSV header, '-q' GPU section, '-q -x' <gpu> element, GPU table row or "
                 "'GPU n:' line"};
  }
  std::vector<DetectedGpu> gpus;
  for (auto& gpu : merged) {
    name_nvidia_gpu(gpu.gpu);
    gpus.push_back(std::move(gpu.gpu));
  }
  if (gpus.empty() && failure && tool_failure != nullptr) {
    *tool_failure = fmt::format("line {}: {}", failure->number, failure->text);
  }
  return gpus;
}

}  // namespace archfit::detect
