# stand-in: archfit looks only at this file's name
