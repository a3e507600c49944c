/* testutil.h -- shared bits of the Check suites: the main function, a
   deterministic random generator, and helpers that are not worth a file.
   Every expected value in the suites is computed independently of
   bfdext: worked by hand in a comment, by a small reference
   implementation in the test written differently, or by the tests' own
   ELF reader (elfobj.h).  */

#ifndef RELOPT_TESTS_TESTUTIL_H
#define RELOPT_TESTS_TESTUTIL_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Time limits: Check's default (4 s) is too short for the 100k-symbol
   and 65k-section cases under ASan.  */
#define TEST_TIMEOUT_CORE 30
#define TEST_TIMEOUT_LIMITS 60

/* main () for a suite file: run SUITE_FN's suite, exit 0 when every test
   passed.  CK_FORK and CK_VERBOSITY work as usual.  */
#define RELOPT_CHECK_MAIN(suite_fn)                                           \
  int main (void)                                                             \
  {                                                                           \
    SRunner *sr = srunner_create (suite_fn ());                               \
    int nfailed;                                                              \
    srunner_run_all (sr, CK_ENV);                                             \
    nfailed = srunner_ntests_failed (sr);                                     \
    srunner_free (sr);                                                        \
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;                        \
  }

/* Check records every passing ck_assert (a write to its channel file),
   so a loop over 100k items asserting each one spends seconds in the
   kernel.  Such loops use soft checks: SOFT_CHECK counts failures and
   keeps the first message, SOFT_DONE asserts that there were none.  */
struct soft
{
  unsigned long bad;
  char first[512];
};

#define SOFT_INIT                                                             \
  {                                                                           \
    0, ""                                                                     \
  }
#define SOFT_CHECK(s, cond, ...)                                              \
  do                                                                          \
    {                                                                         \
      if (!(cond) && (s)->bad++ == 0)                                         \
        snprintf ((s)->first, sizeof (s)->first, __VA_ARGS__);                \
    }                                                                         \
  while (0)
#define SOFT_DONE(s)                                                          \
  ck_assert_msg ((s)->bad == 0, "%lu failed checks; first: %s", (s)->bad,     \
                 (s)->first)

/* xorshift64* (Vigna): same sequence on every host.  */
static inline uint64_t
test_rand (uint64_t *state)
{
  uint64_t x = *state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545F4914F6CDD1Dull;
}

#define ARRAY_SIZE(a) (sizeof (a) / sizeof (a)[0])

/* Plain reference versions of what symhash computes, for the suites that
   predict relopt's symbol order (check_symhash has its own, tested ones):
   the GNU hash, h = h * 33 + c from 5381 over unsigned bytes, and
   binutils' bucket count, the largest of elf_buckets[] not above N.  */
static inline uint32_t
test_gnu_hash (const char *name)
{
  uint32_t h = 5381;

  for (; *name; name++)
    h = h * 33 + (unsigned char)*name;
  return h;
}

static inline uint32_t
test_nbucket (uint32_t n)
{
  static const uint32_t b[]
      = { 1,    3,    17,   37,   67,    97,    131,   197,    263,   521,
          1031, 2053, 4099, 8209, 16411, 32771, 65537, 131101, 262147 };
  uint32_t best = 1;
  size_t i;

  for (i = 0; i < ARRAY_SIZE (b); i++)
    if (b[i] <= n)
      best = b[i];
  return best;
}

/* .gnu.hash: the same, but never fewer than 2 buckets.  */
static inline uint32_t
test_gnu_nbucket (uint32_t n)
{
  uint32_t b = test_nbucket (n);

  return b < 2 ? 2 : b;
}

#endif /* RELOPT_TESTS_TESTUTIL_H */
