#pragma once

#include <string>

namespace archfit {

// "SIGSEGV" for the signals a crashed or stopped process reports, "signal N" for any other.
// (glibc's sigabbrev_np would do, but it needs GLIBC_2.32 and the binary must start on 2.28.)
std::string signal_name(int signal);

}  // namespace archfit
