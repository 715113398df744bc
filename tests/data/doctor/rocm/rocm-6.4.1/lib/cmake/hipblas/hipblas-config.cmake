# stand-in: archfit looks only at this file's name (CMake config-mode package file)
