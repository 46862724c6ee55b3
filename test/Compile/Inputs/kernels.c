/* Calls the functions of kernels.mlir through the header reduce-compile
 * wrote and compares them with plain loops. Compiled as C99 and as C++.
 * Prints one line per check. */
#include "kernels.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

static void check(const char *what, int ok) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  if (!ok)
    ++failures;
}

static int closeTo(float got, float want) {
  return fabsf(got - want) <= 1e-5f * fabsf(want) + 1e-5f;
}

int main(void) {
  static const int64_t dims[] = SUM_ROWS_F32_ARG0_DIMS;
  float x[SUM_ROWS_F32_ARG0_ELEMENTS];
  float sums[SUM_ROWS_F32_RESULT0_ELEMENTS];
  int32_t xi[MIN_COLS_KEEP_I32_ARG0_ELEMENTS];
  int32_t mins[MIN_COLS_KEEP_I32_RESULT0_ELEMENTS];
  int32_t rowMins[MIN_RUNTIME_AXIS_I32_RESULT0_ELEMENTS];
  int64_t axis[1];
  int i, j, ok;

  for (i = 0; i < 72; ++i) {
    x[i] = (float)((i * 7) % 13) - 6.5f;
    xi[i] = (i * 37) % 23 - 11;
  }
  check("dims", dims[0] == 6 && dims[1] == 12 &&
                    SUM_ROWS_F32_ARG0_RANK == 2 &&
                    SUM_ROWS_F32_RESULT0_ELEMENTS == 6);

  ok = sum_rows_f32(x, sums) == REDUCE_AOT_OK;
  for (i = 0; i < 6; ++i) {
    float want = 0;
    for (j = 0; j < 12; ++j)
      want += x[i * 12 + j];
    ok = ok && closeTo(sums[i], want);
  }
  check("sum_rows_f32", ok);

  {
    float dots[6], lows[6], highs[6];
    ok = dot_minmax_rows_f32(x, xi, dots, lows, highs) == REDUCE_AOT_OK;
    for (i = 0; i < 6; ++i) {
      float want = 0, low = x[i * 12], high = x[i * 12];
      for (j = 0; j < 12; ++j) {
        want += x[i * 12 + j] * (float)xi[i * 12 + j];
        low = x[i * 12 + j] < low ? x[i * 12 + j] : low;
        high = x[i * 12 + j] > high ? x[i * 12 + j] : high;
      }
      ok = ok && closeTo(dots[i], want) && lows[i] == low && highs[i] == high;
    }
    check("dot_minmax_rows_f32", ok);
  }

  ok = min_cols_keep_i32(xi, mins) == REDUCE_AOT_OK;
  for (j = 0; j < 12; ++j) {
    int32_t want = xi[j];
    for (i = 1; i < 6; ++i)
      want = xi[i * 12 + j] < want ? xi[i * 12 + j] : want;
    ok = ok && mins[j] == want;
  }
  check("min_cols_keep_i32", ok);

  axis[0] = -1;
  ok = min_runtime_axis_i32(xi, axis, rowMins) == REDUCE_AOT_OK;
  for (i = 0; i < 6; ++i) {
    int32_t want = xi[i * 12];
    for (j = 1; j < 12; ++j)
      want = xi[i * 12 + j] < want ? xi[i * 12 + j] : want;
    ok = ok && rowMins[i] == want;
  }
  check("min_runtime_axis_i32 axis -1", ok);
  axis[0] = 2;
  check("min_runtime_axis_i32 axis 2 out of range",
        min_runtime_axis_i32(xi, axis, rowMins) ==
            REDUCE_AOT_AXIS_OUT_OF_RANGE);
  axis[0] = 0;
  check("min_runtime_axis_i32 axis 0 contradicts the result type",
        min_runtime_axis_i32(xi, axis, rowMins) ==
            REDUCE_AOT_RESULT_SIZE_MISMATCH);

  {
    /* 9 rows of the 6x12 data seen as ?x8. */
    sum_dynamic_f32_arg0_t in;
    sum_dynamic_f32_result0_t out;
    float rowSums[16];
    float total[SUM_DYNAMIC_F32_RESULT1_ELEMENTS];
    float want, all = 0;
    memset(&out, 0, sizeof out);
    in.data = x;
    in.sizes[0] = 9;
    in.sizes[1] = 8;
    in.strides[0] = 8;
    in.strides[1] = 1;
    out.data = rowSums;
    out.capacity = 16;
    ok = sum_dynamic_f32(&in, &out, total) == REDUCE_AOT_OK &&
         out.sizes[0] == 9 && out.strides[0] == 1;
    for (i = 0; i < 9; ++i) {
      want = 0;
      for (j = 0; j < 8; ++j)
        want += x[i * 8 + j];
      all += want;
      ok = ok && closeTo(rowSums[i], want);
    }
    ok = ok && closeTo(total[0], all);
    check("sum_dynamic_f32", ok);

    in.sizes[0] = 0;
    check("sum_dynamic_f32 no rows",
          sum_dynamic_f32(&in, &out, total) == REDUCE_AOT_OK &&
              out.sizes[0] == 0 && total[0] == 0);

    in.sizes[0] = 9;
    out.capacity = 8;
    out.sizes[0] = -1;
    check("sum_dynamic_f32 capacity too small",
          sum_dynamic_f32(&in, &out, total) ==
                  REDUCE_AOT_CAPACITY_TOO_SMALL &&
              out.sizes[0] == 9);

    out.capacity = 16;
    in.strides[0] = 9;
    check("sum_dynamic_f32 non-contiguous",
          sum_dynamic_f32(&in, &out, total) == REDUCE_AOT_NON_CONTIGUOUS);
    in.strides[0] = 8;
    in.sizes[1] = 6;
    check("sum_dynamic_f32 static size mismatch",
          sum_dynamic_f32(&in, &out, total) == REDUCE_AOT_SHAPE_MISMATCH);
    in.sizes[1] = 8;
    in.sizes[0] = -2;
    check("sum_dynamic_f32 negative size",
          sum_dynamic_f32(&in, &out, total) == REDUCE_AOT_SHAPE_MISMATCH);
  }

  {
    /* 6x12 reduced along runtime axis 0 with keep_dims: 1x12. */
    sum_dynamic_runtime_axis_f32_arg0_t in;
    sum_dynamic_runtime_axis_f32_result0_t out;
    float colSums[12];
    in.data = x;
    in.sizes[0] = 6;
    in.sizes[1] = 12;
    in.strides[0] = 12;
    in.strides[1] = 1;
    out.data = colSums;
    out.capacity = 12;
    axis[0] = 0;
    ok = sum_dynamic_runtime_axis_f32(&in, axis, &out) == REDUCE_AOT_OK &&
         out.sizes[0] == 1 && out.sizes[1] == 12 && out.strides[0] == 12 &&
         out.strides[1] == 1;
    for (j = 0; j < 12; ++j) {
      float want = 0;
      for (i = 0; i < 6; ++i)
        want += x[i * 12 + j];
      ok = ok && closeTo(colSums[j], want);
    }
    check("sum_dynamic_runtime_axis_f32 axis 0", ok);
    axis[0] = -3;
    check("sum_dynamic_runtime_axis_f32 axis -3 out of range",
          sum_dynamic_runtime_axis_f32(&in, axis, &out) ==
              REDUCE_AOT_AXIS_OUT_OF_RANGE);
  }
  {
    double values[5] = {1.5, -2.0, 7.25, 3.0, 7.0};
    double copied[5] = {0, 0, 0, 0, 0};
    double max = 0;
    copy_and_max_f64_arg0_t in;
    copy_and_max_f64_result0_t out;
    in.data = values;
    in.sizes[0] = 5;
    in.strides[0] = 1;
    out.data = copied;
    out.capacity = 5;
    ok = copy_and_max_f64(&in, &out, &max) == REDUCE_AOT_OK &&
         out.sizes[0] == 5 && max == 7.25 &&
         memcmp(values, copied, sizeof values) == 0;
    check("copy_and_max_f64", ok);
  }
  {
    float xs[3] = {1.5f, -2.0f, 4.0f};
    float ys[3] = {2.0f, 0.5f, -1.0f};
    float dot = 0;
    dot_dynamic_f32_arg0_t x;
    dot_dynamic_f32_arg1_t y;
    x.data = xs;
    x.sizes[0] = 3;
    x.strides[0] = 1;
    y.data = ys;
    y.sizes[0] = 3;
    y.strides[0] = 1;
    check("dot_dynamic_f32",
          dot_dynamic_f32(&x, &y, &dot) == REDUCE_AOT_OK &&
              closeTo(dot, 1.5f * 2.0f - 2.0f * 0.5f - 4.0f));
    /* A longer first argument would have the kernel read past ys. */
    x.sizes[0] = 3000000;
    check("dot_dynamic_f32 sizes disagree",
          dot_dynamic_f32(&x, &y, &dot) == REDUCE_AOT_SHAPE_MISMATCH);
  }
  printf("failures: %d\n", failures);
  return failures != 0;
}
