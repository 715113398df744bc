#include <unistd.h>

#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "doctor/probes.hpp"

namespace archfit::doctor {

std::vector<std::string> path_entries(const probe::Environment& environment, std::string_view variable) {
  std::vector<std::string> entries;
  auto value = environment.get(variable);
  if (!value) {
    return entries;
  }
  std::size_t start = 0;
  while (start <= value->size()) {
    auto end = value->find(':', start);
    if (end == std::string::npos) {
      end = value->size();
    }
    std::string entry = value->substr(start, end - start);
    if (!entry.empty()) {
      entries.push_back(entry);
    }
    start = end + 1;
  }
  return entries;
}

bool is_executable(const probe::SystemRoot& root, const std::string& path) {
  // Below a sysroot, absolute symlinks must be followed inside it, not on this machine.
  std::string real = root.is_live() ? path : resolve_path(root, path);
  std::string host = root.host_path(real);
  return ::access(host.c_str(), X_OK) == 0 && root.access(real).exists;
}

std::string find_on_path(const ProbeContext& context, std::string_view name) {
  if (name.empty()) {
    return {};
  }
  if (name.find('/') != std::string_view::npos) {
    return is_executable(context.root, std::string(name)) ? std::string(name) : std::string();
  }
  for (const auto& dir : path_entries(context.environment)) {
    std::string candidate = join_path(dir, name);
    if (is_executable(context.root, candidate)) {
      return candidate;
    }
  }
  return {};
}

std::string parent_dir(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') {
    path.remove_suffix(1);
  }
  auto slash = path.rfind('/');
  if (slash == std::string_view::npos) {
    return ".";
  }
  if (slash == 0) {
    return "/";
  }
  return std::string(path.substr(0, slash));
}

std::string base_name(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') {
    path.remove_suffix(1);
  }
  auto slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string join_path(std::string_view dir, std::string_view name) {
  if (dir.empty()) {
    return std::string(name);
  }
  std::string result(dir);
  if (result.back() != '/') {
    result += '/';
  }
  while (!name.empty() && name.front() == '/') {
    name.remove_prefix(1);
  }
  result += name;
  return result;
}

std::string normalize_path(std::string_view path) {
  bool absolute = !path.empty() && path.front() == '/';
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    auto end = path.find('/', start);
    if (end == std::string_view::npos) {
      end = path.size();
    }
    std::string_view part = path.substr(start, end - start);
    if (part == "..") {
      if (!parts.empty() && parts.back() != "..") {
        parts.pop_back();
      } else if (!absolute) {
        parts.emplace_back("..");
      }
    } else if (!part.empty() && part != ".") {
      parts.emplace_back(part);
    }
    start = end + 1;
  }
  std::string result = absolute ? "/" : "";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    result += (i == 0 ? "" : "/") + parts[i];
  }
  return result.empty() ? "." : result;
}

std::string resolve_path(const probe::SystemRoot& root, const std::string& path, std::vector<std::string>* chain) {
  std::string current = normalize_path(path);
  if (current.empty() || current.front() != '/') {
    return current;
  }
  // Walk the components; when a prefix is a symlink, splice its target in and start over.
  for (int hops = 0; hops < 40; ++hops) {
    bool changed = false;
    std::size_t at = 1;
    while (at <= current.size()) {
      auto end = current.find('/', at);
      if (end == std::string::npos) {
        end = current.size();
      }
      std::string prefix = current.substr(0, end);
      auto target = root.read_link(prefix);
      if (target) {
        std::string replaced =
            (!target->empty() && target->front() == '/') ? *target : join_path(parent_dir(prefix), *target);
        std::string rest = current.substr(end);
        current = normalize_path(replaced + rest);
        if (chain != nullptr) {
          chain->push_back(current);
        }
        changed = true;
        break;
      }
      at = end + 1;
    }
    if (!changed) {
      return current;
    }
  }
  return current;
}

ToolRun run_tool(const ProbeContext& context, std::vector<std::string> argv) {
  ToolRun run;
  run.argv = argv;
  if (argv.empty() || argv[0].empty()) {
    run.error = "not found";
    return run;
  }
  run.found = true;
  std::vector<std::string> host_argv = argv;
  // On this machine the program runs under its own name (GCC prints it: "c++ (Debian ...)"); below a sysroot its
  // symlinks are resolved inside the tree first, since the kernel would follow absolute links on this machine.
  host_argv[0] = context.root.host_path(context.root.is_live() ? argv[0] : resolve_path(context.root, argv[0]));
  auto start = std::chrono::steady_clock::now();
  auto result = context.runner.run(host_argv, context.environment, context.timeout);
  run.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  run.ran = result.started;
  run.timed_out = result.timed_out;
  run.exit_code = result.exit_code;
  run.out = std::move(result.out);
  run.err = std::move(result.err);
  if (!result.started) {
    run.error = "could not run it: " + result.start_error;
  } else if (result.timed_out) {
    run.error = fmt::format("no answer within {:g} s: killed (the probe timed out)",
                            static_cast<double>(context.timeout.count()) / 1000.0);
  } else if (result.signal != 0) {
    run.error = "killed by signal " + std::to_string(result.signal);
  } else if (result.exit_code != 0) {
    run.error = "exit status " + std::to_string(result.exit_code);
  }
  return run;
}

}  // namespace archfit::doctor
