// The CLI entry point: parses global flags, dispatches to a command, and owns every exit code.
#pragma once

namespace archfit::cli {

int run(int argc, char** argv);

}  // namespace archfit::cli
