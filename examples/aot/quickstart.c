/* The quickstart module compiled ahead of time: `utils/run-examples.sh`
 * runs
 *   reduce-compile examples/quickstart.mlir --prefix=quickstart_ \
 *       -o quickstart.o --header quickstart.h
 *   cc -std=c99 -I. examples/aot/quickstart.c quickstart.o -lm
 * and this program calls quickstart_main on the input of the quickstart
 * (examples/quickstart.mlir) and prints the three results. */
#include "quickstart.h"

#include <stdio.h>

int main(void) {
  float x[QUICKSTART_MAIN_ARG0_ELEMENTS];
  float sum[QUICKSTART_MAIN_RESULT0_ELEMENTS];
  float l1[QUICKSTART_MAIN_RESULT1_ELEMENTS];
  float min[QUICKSTART_MAIN_RESULT2_ELEMENTS];
  /* 1, -2, 3, -4, ..., 21, -22, 23, -24 */
  for (int i = 0; i < QUICKSTART_MAIN_ARG0_ELEMENTS; ++i)
    x[i] = (float)((i % 2 ? -1 : 1) * (i + 1));

  int32_t status = quickstart_main(x, sum, l1, min);
  if (status != REDUCE_AOT_OK) {
    fprintf(stderr, "quickstart_main failed with code %d\n", (int)status);
    return 1;
  }
  printf("sum over the last axis:");
  for (int i = 0; i < QUICKSTART_MAIN_RESULT0_ELEMENTS; ++i)
    printf(" %g", sum[i]);
  printf("\nl1 over the middle axis:");
  for (int i = 0; i < QUICKSTART_MAIN_RESULT1_ELEMENTS; ++i)
    printf(" %g", l1[i]);
  printf("\nmin of all: %g\n", min[0]);
  return 0;
}
