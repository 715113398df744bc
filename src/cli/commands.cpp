#include "cli/command.hpp"

namespace archfit::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"detect", "Name every GPU's exact architecture and the host, from the kernel's files (no GPU runtime)",
       setup_detect},
      {"check", "Tell whether binaries, wheels or an installed torch will load and run on these GPUs (or named targets)",
       setup_check},
      {"doctor", "Check this machine's toolchain for building PyTorch, Triton, vLLM or flash-attention from source",
       setup_doctor},
      {"clean", "List (and with --apply remove) the stale outputs of an earlier build in a source tree",
       setup_clean},
      {"build", "Build the project from source: doctor, env, the project's steps with progress, the arch watch, check",
       setup_build},
      {"env", "Print the environment to build with (PYTORCH_ROCM_ARCH, ROCM_PATH, MAX_JOBS, ...), each line explained",
       setup_env},
      {"explain", "Read a crash or build log and name the cause and the fix", setup_explain},
      {"run", "Run a command, pass its output through, and explain it when it fails", setup_run},
      {"verify", "Prove an install works on the GPUs: native and PyTorch checks, each in its own process",
       setup_verify},
      {"report", "One paste for a bug report: detect, doctor and check --python, judged, redacted, as Markdown or JSON",
       setup_report},
      {"scan", "List the GPU code inside binaries, archives and bundles, and what they need from the host",
       setup_scan},
      {"fleet", "Ask every node of a Slurm cluster the same questions: GPU groups, arch list, drift, per-node verdicts",
       setup_fleet},
      {"config", "Show the settings commands start from (config file, environment, defaults) and where each comes from",
       setup_config},
      {"help", "Show the help of a command (the same as COMMAND --help)", setup_help},
      {"completion", "Print the shell completion script for bash, zsh or fish", setup_completion},
      {"man", "Print the man page (troff)", setup_man},
  };
  return table;
}

}  // namespace archfit::cli
