#include "util/mapped_file.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>

#include <fmt/format.h>

#include "util/input_file.hpp"

namespace archfit {

namespace {

// The SIGBUS guard's table of live mappings. Slots are claimed with a compare-and-swap on `start`
// and read by the signal handler without locks (atomics of pointer size are lock-free).
struct GuardSlot {
  std::atomic<std::uintptr_t> start{0};
  std::atomic<std::uintptr_t> end{0};
  std::atomic<bool> truncated{false};
};
constexpr std::size_t k_guard_slots = 1024;
std::array<GuardSlot, k_guard_slots> g_slots;
struct sigaction g_previous_sigbus {};

void on_sigbus(int signal, siginfo_t* info, void* context) {
  auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (auto& slot : g_slots) {
    std::uintptr_t start = slot.start.load(std::memory_order_acquire);
    if (start != 0 && address >= start && address < slot.end.load(std::memory_order_acquire)) {
      auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
      void* lost = reinterpret_cast<void*>(address & ~(page - 1));
      // The page the file lost becomes a private page of zeros; the faulting read is retried.
      if (::mmap(lost, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
        slot.truncated.store(true, std::memory_order_release);
        return;
      }
      break;
    }
  }
  // Not ours: let the previous disposition (normally the default, which kills) act on the retry.
  ::sigaction(signal, &g_previous_sigbus, nullptr);
  (void)context;
}

void install_sigbus_guard() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, &g_previous_sigbus);
  });
}

int guard_mapping(const void* data, std::size_t size) {
  install_sigbus_guard();
  auto start = reinterpret_cast<std::uintptr_t>(data);
  for (std::size_t i = 0; i < g_slots.size(); ++i) {
    auto& slot = g_slots[i];
    std::uintptr_t free = 0;
    // Claim the slot with a placeholder start (its end is 0, so it matches no address), then fill it.
    if (slot.start.load(std::memory_order_relaxed) == 0 &&
        slot.start.compare_exchange_strong(free, 1, std::memory_order_acq_rel)) {
      slot.truncated.store(false, std::memory_order_relaxed);
      slot.end.store(start + size, std::memory_order_release);
      slot.start.store(start, std::memory_order_release);
      return static_cast<int>(i);
    }
  }
  return -1;  // more than k_guard_slots live mappings: this one is read unguarded
}

}  // namespace

Result<MappedFile> MappedFile::open(const std::string& path) {
  ARCHFIT_TRY(OpenedInput input, open_input(path));
  auto size = static_cast<std::size_t>(input.info.st_size);
  if (size == 0) {
    return MappedFile(nullptr, 0, -1, InputFd());
  }
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, input.fd.get(), 0);
  if (data == MAP_FAILED) {
    return Error{fmt::format("cannot map: {}", std::strerror(errno))};
  }
  ::madvise(data, size, MADV_RANDOM);
  return MappedFile(static_cast<const std::uint8_t*>(data), size, guard_mapping(data, size), std::move(input.fd));
}

bool MappedFile::changed_while_read() const {
  return m_slot >= 0 && g_slots[static_cast<std::size_t>(m_slot)].truncated.load(std::memory_order_acquire);
}

void MappedFile::unmap() {
  if (m_data != nullptr) {
    if (m_slot >= 0) {
      auto& slot = g_slots[static_cast<std::size_t>(m_slot)];
      slot.end.store(0, std::memory_order_release);
      slot.start.store(0, std::memory_order_release);
    }
    ::munmap(const_cast<std::uint8_t*>(m_data), m_size);
  }
  m_data = nullptr;
  m_size = 0;
  m_slot = -1;
}

void MappedFile::advise_sequential(Bytes range) {
  if (range.empty()) {
    return;
  }
  auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  auto start = reinterpret_cast<std::uintptr_t>(range.data()) & ~(page - 1);
  auto end = reinterpret_cast<std::uintptr_t>(range.data()) + range.size();
  ::madvise(reinterpret_cast<void*>(start), end - start, MADV_SEQUENTIAL);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : m_data(other.m_data), m_size(other.m_size), m_slot(other.m_slot), m_fd(std::move(other.m_fd)) {
  other.m_data = nullptr;
  other.m_size = 0;
  other.m_slot = -1;
}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    unmap();
    m_data = other.m_data;
    m_size = other.m_size;
    m_slot = other.m_slot;
    m_fd = std::move(other.m_fd);
    other.m_data = nullptr;
    other.m_size = 0;
    other.m_slot = -1;
  }
  return *this;
}

MappedFile::~MappedFile() { unmap(); }

bool MappedFile::read_copy(const std::uint8_t* at, std::size_t size, std::uint8_t* out) const {
  if (m_fd.get() < 0 || at < m_data || static_cast<std::size_t>(at - m_data) > m_size ||
      size > m_size - static_cast<std::size_t>(at - m_data)) {
    return false;
  }
  auto offset = static_cast<off_t>(at - m_data);
  std::size_t done = 0;
  while (done < size) {
    ssize_t got = ::pread(m_fd.get(), out + done, size - done, offset + static_cast<off_t>(done));
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got <= 0) {
      return false;  // an error, or the file shrank: the caller reads the mapping instead
    }
    done += static_cast<std::size_t>(got);
  }
  return true;
}

void MappedFile::release(Bytes range) {
  auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  auto start = (reinterpret_cast<std::uintptr_t>(range.data()) + page - 1) & ~(page - 1);
  auto end = (reinterpret_cast<std::uintptr_t>(range.data()) + range.size()) & ~(page - 1);
  if (end > start) {
    ::madvise(reinterpret_cast<void*>(start), end - start, MADV_DONTNEED);
  }
}

void PageReleaser::add(Bytes range) {
  if (!m_enabled || range.empty()) {
    return;
  }
  constexpr std::size_t k_batch = std::size_t{32} << 20;
  if (m_start != nullptr && range.data() >= m_start && range.data() <= m_end) {
    m_end = std::max(m_end, range.data() + range.size());
  } else {
    flush();
    m_start = range.data();
    m_end = range.data() + range.size();
  }
  if (static_cast<std::size_t>(m_end - m_start) >= k_batch) {
    flush();
  }
}

void PageReleaser::flush() {
  if (m_start != nullptr) {
    MappedFile::release(Bytes(m_start, static_cast<std::size_t>(m_end - m_start)));
    m_start = nullptr;
    m_end = nullptr;
  }
}

}  // namespace archfit
