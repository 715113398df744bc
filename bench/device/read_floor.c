// The floor under scan's embedded-code search of a large library: the cost of merely looking at
// every byte of its data sections, measured in one process (no exec, no parsing, no output).
// Ranges (one "OFFSET SIZE" pair a line on stdin: the sections archfit searches) are read the way
// scan reads them, in 1 MiB pread chunks, chunk c by thread c % T, for T = 1 and T = THREADS:
//   copy   pread each chunk into a per-thread buffer, nothing else (the kernel's copy);
//   count  the same, plus one AVX2 pass that counts the bytes equal to 0xfe: every byte is looked
//          at, a lower bound for any byte-wise search (an early-out memchr, used before, stops at
//          the first 0xfe, a few bytes into binary data, and measured nothing);
//   fault  no copy: the count pass over a read-only mapping of the file (a page fault per 16
//          pages), then MADV_DONTNEED on the chunk (scan keeps its resident set flat);
//   populate the same, with each chunk mapped first in one MADV_POPULATE_READ call (Linux 5.14).
// Prints the median and minimum of ROUNDS rounds for each way.
// Build: cc -O2 -mavx2 -mpopcnt -pthread -o read_floor read_floor.c
// Run:   read_floor FILE ROUNDS THREADS < ranges
#define _GNU_SOURCE
#include <fcntl.h>
#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { k_chunk = 1 << 20, k_max_chunks = 1 << 16, k_max_threads = 64 };

struct chunk { uint64_t offset, size; };
static struct chunk chunks[k_max_chunks];
static size_t chunk_count;
static int fd;
static const unsigned char* mapping;
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
static int search;
static unsigned threads;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

// 32 bytes a step: compare, movemask, popcount (AVX2; archfit's search is the same kind of loop).
static size_t count_fe(const unsigned char* data, size_t size) {
  size_t count = 0, i = 0;
  const __m256i fe = _mm256_set1_epi8((char)0xfe);
  for (; i + 32 <= size; i += 32) {
    __m256i bytes = _mm256_loadu_si256((const __m256i*)(data + i));
    count += (size_t)__builtin_popcount((unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, fe)));
  }
  for (; i < size; ++i) {
    count += data[i] == 0xfe;
  }
  return count;
}

static void* work(void* arg) {
  size_t t = (size_t)arg;
  static _Thread_local unsigned char buffer[k_chunk];
  size_t found = 0;
  for (size_t c = t; c < chunk_count; c += threads) {
    if (search >= 2) {  // fault, populate: read the mapping in place
      uintptr_t page = 4096, start = (uintptr_t)(mapping + chunks[c].offset) & ~(page - 1);
      uintptr_t end = (uintptr_t)(mapping + chunks[c].offset + chunks[c].size);
      if (search == 3 && madvise((void*)start, end - start, MADV_POPULATE_READ) != 0) {
        perror("madvise(MADV_POPULATE_READ)");
        exit(1);
      }
      found += count_fe(mapping + chunks[c].offset, chunks[c].size);
      madvise((void*)start, end - start, MADV_DONTNEED);
      continue;
    }
    ssize_t got = pread(fd, buffer, chunks[c].size, (off_t)chunks[c].offset);
    if (got != (ssize_t)chunks[c].size) {
      perror("pread");
      exit(1);
    }
    if (search) {
      found += count_fe(buffer, (size_t)got);
    }
  }
  return (void*)found;
}

static double one_round(unsigned t, int with_search) {
  pthread_t pool[k_max_threads];
  threads = t;
  search = with_search;
  double start = now();
  for (size_t i = 1; i < t; ++i) {
    pthread_create(&pool[i], NULL, work, (void*)i);
  }
  work((void*)0);
  for (size_t i = 1; i < t; ++i) {
    pthread_join(pool[i], NULL);
  }
  return (now() - start) * 1e3;
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: read_floor FILE ROUNDS THREADS < ranges\n");
    return 2;
  }
  fd = open(argv[1], O_RDONLY);
  if (fd < 0) {
    perror(argv[1]);
    return 1;
  }
  off_t file_size = lseek(fd, 0, SEEK_END);
  mapping = mmap(NULL, (size_t)file_size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (mapping == MAP_FAILED) {
    perror("mmap");
    return 1;
  }
  madvise((void*)mapping, (size_t)file_size, MADV_RANDOM);  // as scan maps a file
  int rounds = atoi(argv[2]);
  unsigned max_threads = (unsigned)atoi(argv[3]);
  if (rounds < 1 || rounds > 1000 || max_threads < 1 || max_threads > k_max_threads) {
    fprintf(stderr, "read_floor: ROUNDS 1..1000, THREADS 1..%d\n", k_max_threads);
    return 2;
  }
  unsigned long long offset, size, total = 0;
  while (scanf("%llu %llu", &offset, &size) == 2) {
    total += size;
    for (unsigned long long at = 0; at < size; at += k_chunk) {
      if (chunk_count == k_max_chunks) {
        fprintf(stderr, "read_floor: too many chunks\n");
        return 1;
      }
      chunks[chunk_count].offset = offset + at;
      chunks[chunk_count].size = size - at < k_chunk ? size - at : k_chunk;
      ++chunk_count;
    }
  }
  printf("%s: %zu chunks of up to 1 MiB, %.1f MB in all, %d rounds\n", argv[1], chunk_count, total / 1e6, rounds);
  unsigned counts[2] = {1, max_threads};
  for (int c = 0; c < (max_threads == 1 ? 1 : 2); ++c) {
    static const char* names[] = {"copy", "count", "fault", "populate"};
    for (int with_search = 0; with_search <= 3; ++with_search) {
      double times[1000];
      one_round(counts[c], with_search);  // warm-up: page cache and buffers
      for (int r = 0; r < rounds; ++r) {
        times[r] = one_round(counts[c], with_search);
      }
      qsort(times, (size_t)rounds, sizeof times[0], by_value);
      printf("threads %2u, %-8s: median %.2f ms, min %.2f ms\n", counts[c], names[with_search],
             times[rounds / 2], times[0]);
    }
  }
  return 0;
}
