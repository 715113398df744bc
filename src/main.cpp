// archfit's entry point; everything else is in the archfit_core library.
#include "cli/run.hpp"

int main(int argc, char** argv) { return archfit::cli::run(argc, argv); }
