// The floor under a fatbin walk of a large CUDA library: reading one small header at each of N
// offsets spread over a file, two ways, in one process (no exec):
//   mmap   map the file once, read 64 bytes at each offset (a page fault per new page);
//   random the same after madvise(MADV_RANDOM) (no fault-around: one page mapped per fault);
//   pread  pread 64 bytes at each offset into a buffer (a system call each).
// Offsets come from stdin, one decimal number a line (e.g. every entry offset of
// `archfit scan --json` for the file). Prints the median and minimum of R rounds for each way.
// Build: cc -O2 -o page_floor page_floor.c     Run: page_floor FILE ROUNDS < offsets.txt
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: page_floor FILE ROUNDS < offsets\n");
    return 2;
  }
  int rounds = atoi(argv[2]);
  size_t count = 0, capacity = 1024;
  uint64_t* offsets = malloc(capacity * sizeof *offsets);
  unsigned long long value;
  while (scanf("%llu", &value) == 1) {
    if (count == capacity) offsets = realloc(offsets, (capacity *= 2) * sizeof *offsets);
    offsets[count++] = value;
  }
  int fd = open(argv[1], O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) {
    perror(argv[1]);
    return 1;
  }
  double* mm = calloc(rounds, sizeof(double));
  double* pr = calloc(rounds, sizeof(double));
  double* rnd = calloc(rounds, sizeof(double));
  unsigned sink = 0;
  for (int r = -1; r < rounds; ++r) {  // round -1 warms the page cache
    double t0 = now();
    const uint8_t* map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    for (size_t i = 0; i < count; ++i)
      if (offsets[i] + 64 <= (uint64_t)st.st_size) sink += map[offsets[i]] + map[offsets[i] + 63];
    munmap((void*)map, st.st_size);
    double t1 = now();
    map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    madvise((void*)map, st.st_size, MADV_RANDOM);
    for (size_t i = 0; i < count; ++i)
      if (offsets[i] + 64 <= (uint64_t)st.st_size) sink += map[offsets[i]] + map[offsets[i] + 63];
    munmap((void*)map, st.st_size);
    double t1b = now();
    uint8_t buffer[64];
    for (size_t i = 0; i < count; ++i)
      if (pread(fd, buffer, sizeof buffer, (off_t)offsets[i]) == sizeof buffer) sink += buffer[0] + buffer[63];
    double t2 = now();
    if (r >= 0) {
      mm[r] = t1 - t0;
      rnd[r] = t1b - t1;
      pr[r] = t2 - t1b;
    }
  }
  qsort(mm, rounds, sizeof(double), by_value);
  qsort(pr, rounds, sizeof(double), by_value);
  qsort(rnd, rounds, sizeof(double), by_value);
  printf("%zu offsets in %s (%lld bytes), %d rounds (checksum %u)\n", count, argv[1], (long long)st.st_size,
         rounds, sink);
  printf("mmap + touch: median %.3f ms, min %.3f ms\n", mm[rounds / 2] * 1e3, mm[0] * 1e3);
  printf("mmap + MADV_RANDOM + touch: median %.3f ms, min %.3f ms\n", rnd[rounds / 2] * 1e3, rnd[0] * 1e3);
  printf("pread 64 B:   median %.3f ms, min %.3f ms\n", pr[rounds / 2] * 1e3, pr[0] * 1e3);
  return 0;
}
