/* Calls the functions of types.mlir with values whose results are exact. */
#include "types.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void check(const char *what, int ok) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  if (!ok)
    ++failures;
}

int main(void) {
  uint16_t halves[8], half = 0;
  uint16_t brains[8], brain = 0;
  double doubles[6] = {1.0, -3.0, 2.5, -1.0, -0.5, -7.0}, maxima[2];
  int8_t bytes[4] = {100, 20, 3, 4}, byteSum = 0;
  uint16_t shorts[4] = {1000, 2000, 3000, 60000}, shortSum = 0;
  int64_t longs[8] = {1, 2, 3, 4, -5, -6, -7, -8}, longSums[2];
  uint8_t bools[3] = {1, 0, 1}, boolsOut[3] = {0, 0, 0};
  /* The sum (1.2e19) does not fit int64_t; the mean does. */
  int64_t bigs[3] = {4000000000000000000, 4000000000000000000,
                     4000000000000000000},
          bigMean = 0;
  /* The squares (2.5e9) do not fit int32_t; the norm does. */
  int32_t wides[2] = {50000, 50000}, norm = 0;
  sum_i8_ui16_i64_arg2_t in;
  sum_i8_ui16_i64_result2_t out;
  int i;

  for (i = 0; i < 8; ++i) {
    halves[i] = 0x3C00; /* 1.0 */
    brains[i] = 0x3F80; /* 1.0 */
  }
  check("sum_f16", sum_f16(halves, &half) == REDUCE_AOT_OK && half == 0x4800);
  check("sum_bf16",
        sum_bf16(brains, &brain) == REDUCE_AOT_OK && brain == 0x4100);
  check("max_f64", max_f64(doubles, maxima) == REDUCE_AOT_OK &&
                       maxima[0] == 2.5 && maxima[1] == -0.5);

  in.data = longs;
  in.sizes[0] = 2;
  in.sizes[1] = 4;
  in.strides[0] = 4;
  in.strides[1] = 1;
  out.data = longSums;
  out.capacity = 2;
  /* 127 wraps to -128 + ...: 100 + 20 + 3 + 4 = 127 exactly; ui16 wraps. */
  check("sum_i8_ui16_i64",
        sum_i8_ui16_i64(bytes, shorts, &in, &byteSum, &shortSum, &out) ==
                REDUCE_AOT_OK &&
            byteSum == 127 && shortSum == (uint16_t)66000 &&
            out.sizes[0] == 2 && longSums[0] == 10 && longSums[1] == -26);
  check("mean_i64_l2_i32",
        mean_i64_l2_i32(bigs, wides, &bigMean, &norm) == REDUCE_AOT_OK &&
            bigMean == 4000000000000000000 && norm == 70710);
  check("pass_bool", pass_bool(bools, boolsOut) == REDUCE_AOT_OK &&
                         memcmp(bools, boolsOut, 3) == 0);
  printf("failures: %d\n", failures);
  return failures != 0;
}
