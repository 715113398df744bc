#!/usr/bin/env bash
# Captures the kernel and OS files `archfit detect` reads into a directory tree that mirrors /
# (so that `archfit detect --sysroot DIR` can read it), plus the reference tools' answers
# (nvidia-smi, rocminfo when present) for the tests. Run it on a real machine; review the result
# before committing it under tests/data/sysroots/<name>/ (it holds no secrets, but check).
# Usage: capture_sysroot.sh OUTDIR
set -uo pipefail
out=${1:?usage: capture_sysroot.sh OUTDIR}
root=$out/root
mkdir -p "$root" "$out/tools"

copy() {  # copy FILE... into the tree, as regular files (sysfs attributes are read, not copied raw)
  local f
  for f in "$@"; do
    [ -r "$f" ] && [ -f "$f" ] || continue
    mkdir -p "$root$(dirname "$f")"
    cat "$f" > "$root$f" 2>/dev/null || rm -f "$root$f"
  done
}
link() {  # recreate symlink LINK (relative target kept) when it exists
  local l=$1
  [ -L "$l" ] || return 0
  mkdir -p "$root$(dirname "$l")"
  ln -sfn "$(readlink "$l")" "$root$l"
}

copy /proc/cpuinfo /proc/meminfo /proc/self/cgroup /proc/self/status /proc/sys/kernel/osrelease /etc/os-release
copy /sys/fs/cgroup/cpu.max /sys/fs/cgroup/memory.max /sys/fs/cgroup/cgroup.controllers
cg=$(sed -n 's/^0:://p' /proc/self/cgroup)   # cgroup v2: this process's group and its ancestors
while [ -n "$cg" ] && [ "$cg" != / ]; do
  copy "/sys/fs/cgroup$cg/cpu.max" "/sys/fs/cgroup$cg/memory.max"; cg=$(dirname "$cg")
done
copy /proc/driver/nvidia/version /proc/driver/nvidia/gpus/*/information /sys/module/nvidia/version
copy /sys/module/amdgpu/version /sys/module/amdgpu/parameters/noretry
# Device nodes become empty regular files: `detect` only asks whether they exist (and, on the
# live system, whether this user may open them).
for node in /dev/kfd /dev/dri/renderD* /dev/nvidia[0-9]* /dev/nvidiactl /dev/nvidia-uvm; do
  [ -e "$node" ] || continue
  mkdir -p "$root$(dirname "$node")"; : > "$root$node"
done
for dev in /sys/bus/pci/devices/*; do
  class=$(cat "$dev/class" 2>/dev/null)
  case $class in 0x03*|0x12*) ;; *) continue ;; esac   # display controllers and accelerators
  link "$dev"
  real=$(readlink -f "$dev")
  copy "$real"/{vendor,device,subsystem_vendor,subsystem_device,class,revision,numa_node,local_cpulist} \
       "$real"/{current_link_speed,current_link_width,max_link_speed,max_link_width,enable,boot_vga} \
       "$real"/mem_info_vram_total
  [ -L "$real/driver" ] && link "$real/driver"
done
for entry in /sys/class/drm/* /sys/class/kfd/kfd/topology/nodes/*; do
  [ -e "$entry" ] || continue
  link "$entry"
done
if [ -d /sys/class/kfd/kfd/topology/nodes ]; then
  for node in /sys/class/kfd/kfd/topology/nodes/*; do
    copy "$node"/{properties,gpu_id,name} "$node"/mem_banks/*/properties
  done
fi
ls -la /dev/nvidia* /dev/kfd /dev/dri 2>/dev/null > "$out/tools/dev-nodes.txt"
command -v nvidia-smi >/dev/null && {
  nvidia-smi --query-gpu=name,compute_cap,pci.bus_id,uuid,driver_version --format=csv > "$out/tools/nvidia-smi-query.csv"
  nvidia-smi > "$out/tools/nvidia-smi.txt"
  nvidia-smi -q > "$out/tools/nvidia-smi-q.txt"
}
command -v rocminfo >/dev/null && rocminfo > "$out/tools/rocminfo.txt" 2>&1
{ uname -a; ldd --version | head -1; nproc; } > "$out/tools/host.txt" 2>&1
tar -C "$out" -czf "$out.tar.gz" root tools && echo "captured into $out.tar.gz"
