// Runs a few independent tasks at once: probes that wait on the kernel or on child processes
// (a driver file that asks the GPU, `hipcc --version`) overlap instead of adding up.
#pragma once

#include <functional>
#include <vector>

namespace archfit {

// Runs tasks[0] on the calling thread and each other task on a thread of its own, and returns when
// all have finished. A task the system refuses a thread for runs on the calling thread instead.
// The first exception a task throws is rethrown here, after every task has finished.
void run_concurrently(std::vector<std::function<void()>> tasks);

}  // namespace archfit
