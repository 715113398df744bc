#!/usr/bin/env python3
# Stand-in for PyTorch's tools/amd_build/build_amd.py (hipify); archfit only checks that the tree has it.
