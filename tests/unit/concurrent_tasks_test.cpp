// run_concurrently: every task runs, the others on threads of their own while the first runs, and
// an exception reaches the caller only after every task has finished.
#include "util/concurrent_tasks.hpp"

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

namespace archfit {
namespace {

using namespace std::chrono_literals;

// Waits up to five seconds for `flag`; false when it never came.
bool wait_for(const std::atomic<bool>& flag) {
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (!flag.load()) {
    if (std::chrono::steady_clock::now() > deadline) {
      return false;
    }
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

TEST(RunConcurrently, TheFirstTaskRunsHereAndTheOthersAtTheSameTimeOnOtherThreads) {
  std::atomic<bool> second_started{false};
  bool first_saw_second = false;
  std::thread::id first_thread;
  std::thread::id second_thread;
  run_concurrently({[&] {
                      first_thread = std::this_thread::get_id();
                      // Run one after the other, the second task would start only after this wait.
                      first_saw_second = wait_for(second_started);
                    },
                    [&] {
                      second_thread = std::this_thread::get_id();
                      second_started = true;
                    }});
  EXPECT_TRUE(first_saw_second);
  EXPECT_EQ(first_thread, std::this_thread::get_id());
  EXPECT_NE(second_thread, std::this_thread::get_id());
}

TEST(RunConcurrently, EveryTaskRunsOnce) {
  std::atomic<int> runs[5] = {};
  std::vector<std::function<void()>> tasks;
  for (auto& count : runs) {
    tasks.emplace_back([&count] { ++count; });
  }
  run_concurrently(std::move(tasks));
  for (const auto& count : runs) {
    EXPECT_EQ(count.load(), 1);
  }
  run_concurrently({});  // nothing to run is not an error
}

TEST(RunConcurrently, AnExceptionIsRethrownAfterTheOtherTasksHaveFinished) {
  std::atomic<bool> slow_finished{false};
  auto run = [&] {
    run_concurrently({[] { throw std::runtime_error("probe failed"); },
                      [&] {
                        std::this_thread::sleep_for(50ms);
                        slow_finished = true;
                      }});
  };
  EXPECT_THROW(run(), std::runtime_error);
  EXPECT_TRUE(slow_finished.load());

  std::atomic<bool> first_finished{false};
  EXPECT_THROW(run_concurrently({[&] { first_finished = true; }, [] { throw std::logic_error("on a thread"); }}),
               std::logic_error);
  EXPECT_TRUE(first_finished.load());
}

}  // namespace
}  // namespace archfit
