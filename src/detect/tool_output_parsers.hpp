// Saved outputs of the vendors' tools, as people paste them into bug reports, read into the
// same GPU model `detect` builds from the kernel's files.
//
// rocminfo: agents separated by "*******" / "Agent N" banners; per agent "  Key:  value" lines.
//   A GPU agent has "Device Type: GPU"; its "Name:" is the processor (gfx942), "Marketing Name",
//   "Uuid" (GPU-<hex> or GPU-XX), "Chip ID: 29857(0x74a1)", "BDFID" (the PCI location_id in
//   decimal), "Compute Unit", "Node"; under "ISA Info:" each "ISA n" has
//   "Name: amdgcn-amd-amdhsa--<target id>" — the first is the agent's own target id, later ones
//   generic targets it also runs. CPU and NPU agents (aie2p) are skipped.
// nvidia-smi: any of `--query-gpu=… --format=csv` (header names the columns), `-L`
//   ("GPU 0: NAME (UUID: GPU-…)"), the default table ("|   0  NAME   On  |   00000000:00:06.0 Off |"),
//   and `-q` ("GPU 00000000:00:06.0" sections with "Product Name : …", "Device Id : 0x233510DE").
#pragma once

#include <string_view>

#include "detect/detect_report.hpp"
#include "util/result.hpp"

namespace archfit::detect {

// Fails when the text holds no agent at all and none of rocminfo's own errors (not rocminfo output). When
// rocminfo printed an error instead of agents, `tool_failure` gets its line ("line 14: Call returned
// HSA_STATUS_ERROR_OUT_OF_RESOURCES: …") and the result is empty.
Result<std::vector<DetectedGpu>> parse_rocminfo(std::string_view text, std::string* tool_failure = nullptr);

// Fails when no format is recognised. The compute capability comes from the text when it has a
// compute_cap column, else from the PCI-id tables by device id or by name (low confidence). When
// nvidia-smi printed an error instead of GPUs ("Failed to initialize NVML: …", "No devices were found"),
// `tool_failure` gets its line and the result is empty.
Result<std::vector<DetectedGpu>> parse_nvidia_smi(std::string_view text, std::string* driver_version = nullptr,
                                                  std::string* tool_failure = nullptr);

}  // namespace archfit::detect
