/* Calls sum_rows_2mib of threads.mlir and compares with a double loop. */
#include "threads.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  float *x = (float *)malloc(sizeof(float) * SUM_ROWS_2MIB_ARG0_ELEMENTS);
  float sums[SUM_ROWS_2MIB_RESULT0_ELEMENTS];
  int i, j, bad = 0, rc;
  for (i = 0; i < SUM_ROWS_2MIB_ARG0_ELEMENTS; ++i)
    x[i] = (float)(i % 13) * 0.25f - 1.0f;
  rc = sum_rows_2mib(x, sums);
  for (i = 0; i < 512; ++i) {
    double want = 0;
    for (j = 0; j < 1024; ++j)
      want += x[i * 1024 + j];
    if (fabs(sums[i] - want) > 1e-4 * fabs(want) + 1e-3)
      ++bad;
  }
  printf("rc %d, mismatches %d\n", rc, bad);
  free(x);
  return rc != 0 || bad != 0;
}
