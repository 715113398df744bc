#!/usr/bin/env python3
"""Builds tests/data/sysroots/gtx1070-2gpu/root: two GeForce GTX 1070 (Pascal) behind the NVIDIA driver, the
/proc/driver/nvidia/gpus/*/information files copied from a public dump, the sysfs PCI attributes constructed
(see ../SOURCE.md for which is which)."""
import os
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent / 'root'


def w(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def link(path, target):
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink() or path.exists():
        path.unlink()
    os.symlink(target, path)


# Copied: mozilla/snakepit@5d203a5d README.md, `cat /proc/driver/nvidia/gpus/**/*` on node n0 (the GPU UUID
# elided to "..." there, kept so).
for bdf, irq, minor in (('0000:01:00.0', 139, 0), ('0000:02:00.0', 142, 1)):
    w(ROOT / f'proc/driver/nvidia/gpus/{bdf}/information',
      'Model: \t\t GeForce GTX 1070\n'
      f'IRQ:   \t\t {irq}\n'
      'GPU UUID: \t ...\n'
      'Video BIOS: \t 86.04.26.00.80\n'
      'Bus Type: \t PCIe\n'
      'DMA Size: \t 47 bits\n'
      'DMA Mask: \t 0x7fffffffffff\n'
      f'Bus Location: \t {bdf}\n'
      f'Device Minor: \t {minor}\n'
      'Blacklisted:\t No\n')
    # Constructed: the PCI function (vendor 0x10de, device 0x1b81 = pci.ids' GP104 [GeForce GTX 1070], VGA
    # class); subsystem and revision are not in the dump and are left out.
    d = ROOT / f'sys/devices/pci0000:00/{bdf}'
    for key, value in (('vendor', '0x10de'), ('device', '0x1b81'), ('class', '0x030000')):
        w(d / key, value + '\n')
    link(ROOT / f'sys/bus/pci/devices/{bdf}', f'../../../devices/pci0000:00/{bdf}')
    w(ROOT / f'dev/nvidia{minor}', '')
w(ROOT / 'dev/nvidiactl', '')
print('ok')
