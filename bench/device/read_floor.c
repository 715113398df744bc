// The floor under scan's embedded-code search of a large library: the cost of merely looking at
// every byte of its data sections, measured in one process (no exec, no parsing, no output).
// Ranges (one "OFFSET SIZE" pair a line on stdin: the sections archfit searches) are read the way
// scan reads them, in 1 MiB pread chunks, chunk c by thread c % T, for T = 1 and T = THREADS:
//   copy   pread each chunk into a per-thread buffer, nothing else (the kernel's copy);
//   memchr the same, plus one glibc memchr pass for a byte that never occurs (a vectorised scan of
//          every byte at libc's speed: a lower bound for any byte-wise search).
// Prints the median and minimum of ROUNDS rounds for each way.
// Build: cc -O2 -pthread -o read_floor read_floor.c     Run: read_floor FILE ROUNDS THREADS < ranges
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { k_chunk = 1 << 20, k_max_chunks = 1 << 16, k_max_threads = 64 };

struct chunk { uint64_t offset, size; };
static struct chunk chunks[k_max_chunks];
static size_t chunk_count;
static int fd;
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

static void* work(void* arg) {
  size_t t = (size_t)arg;
  static _Thread_local unsigned char buffer[k_chunk];
  size_t found = 0;
  for (size_t c = t; c < chunk_count; c += threads) {
    ssize_t got = pread(fd, buffer, chunks[c].size, (off_t)chunks[c].offset);
    if (got != (ssize_t)chunks[c].size) {
      perror("pread");
      exit(1);
    }
    if (search && memchr(buffer, 0xfe, (size_t)got) != NULL) {
      ++found;  // a hit restarts nothing: the cost counted is one full pass either way
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
    for (int with_search = 0; with_search <= 1; ++with_search) {
      double times[1000];
      one_round(counts[c], with_search);  // warm-up: page cache and buffers
      for (int r = 0; r < rounds; ++r) {
        times[r] = one_round(counts[c], with_search);
      }
      qsort(times, (size_t)rounds, sizeof times[0], by_value);
      printf("threads %2u, %-6s: median %.2f ms, min %.2f ms\n", counts[c], with_search ? "memchr" : "copy",
             times[rounds / 2], times[0]);
    }
  }
  return 0;
}
