"""The CUDA library of this wheel, loaded with ctypes."""
import ctypes
import pathlib

library = ctypes.CDLL(str(pathlib.Path(__file__).with_name("libcuda_scale.so")))
