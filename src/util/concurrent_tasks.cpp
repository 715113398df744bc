#include "util/concurrent_tasks.hpp"

#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

namespace archfit {

void run_concurrently(std::vector<std::function<void()>> tasks) {
  std::mutex mutex;
  std::exception_ptr first_error;
  auto guarded = [&](std::function<void()>& task) {
    try {
      task();
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!first_error) {
        first_error = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  std::vector<std::function<void()>*> refused;
  threads.reserve(tasks.size());
  for (std::size_t i = 1; i < tasks.size(); ++i) {
    try {
      threads.emplace_back([&guarded, task = &tasks[i]] { guarded(*task); });
    } catch (const std::system_error&) {
      refused.push_back(&tasks[i]);
    }
  }
  if (!tasks.empty()) {
    guarded(tasks[0]);
  }
  for (auto* task : refused) {
    guarded(*task);
  }
  for (auto& thread : threads) {
    thread.join();
  }
  if (first_error) {
    std::rethrow_exception(first_error);
  }
}

}  // namespace archfit
