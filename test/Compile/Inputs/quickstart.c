/* Calls quick_main, compiled from examples/models/quickstart.onnx, on the
 * input of examples/quickstart.mlir and compares with plain loops: the mean
 * over the last axis, the L2 norm over axis 1 (kept), and the maximum of the
 * sums of squares over the last axis. */
#include "quickstart.h"

#include <math.h>
#include <stdio.h>

int main(void) {
  float x[QUICK_MAIN_ARG0_ELEMENTS];
  float mean[QUICK_MAIN_RESULT0_ELEMENTS];
  float l2[QUICK_MAIN_RESULT1_ELEMENTS];
  float maxSquares[QUICK_MAIN_RESULT2_ELEMENTS];
  int i, j, k, bad = 0, rc;
  float best = -INFINITY;
  for (i = 0; i < 24; ++i)
    x[i] = (float)((i % 2) ? -(i + 1) : (i + 1));
  rc = quick_main(x, mean, l2, maxSquares);
  for (i = 0; i < 2; ++i) {
    for (j = 0; j < 3; ++j) {
      float sum = 0, squares = 0;
      for (k = 0; k < 4; ++k) {
        float v = x[(i * 3 + j) * 4 + k];
        sum += v;
        squares += v * v;
      }
      bad += fabsf(mean[i * 3 + j] - sum / 4) > 1e-5f;
      best = squares > best ? squares : best;
    }
    for (k = 0; k < 4; ++k) {
      float squares = 0;
      for (j = 0; j < 3; ++j)
        squares += x[(i * 3 + j) * 4 + k] * x[(i * 3 + j) * 4 + k];
      bad += fabsf(l2[i * 4 + k] - sqrtf(squares)) > 1e-4f;
    }
  }
  bad += maxSquares[0] != best;
  printf("rc %d, mismatches %d, max %g\n", rc, bad, maxSquares[0]);
  return rc != 0 || bad != 0;
}
