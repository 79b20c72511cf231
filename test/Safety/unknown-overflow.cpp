// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
// RUN: not tilecc %s --emit=tile -DPARAMETER 2>&1 | FileCheck %s --check-prefix=PARAMETER
// RUN: not tilecc %s --emit=tile -DSIZE 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not tilecc %s --emit=tile -DHELPER 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not tilecc %s --emit=tile -DLAMBDA 2>&1 | FileCheck %s --check-prefix=LAMBDA
// RUN: not tilecc %s --emit=tile -DMACRO 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: not tilecc %s --emit=tile -DTEMPLATE 2>&1 | FileCheck %s --check-prefix=TEMPLATE
// RUN: not tilecc %s --emit=tile -DLOOP 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not tilecc %s --check -DPARAMETER 2>&1 | FileCheck %s --check-prefix=PARAMETER
#include <tile/kernel.h>

// A parameter, a tensor size converted to int, or anything computed from
// them may be as large as its type allows: 32-bit arithmetic on such a
// value is rejected unless its range is proven to fit, and 64-bit
// arithmetic is the fix. A loop bound of unknown range still bounds the
// loop variable by its type, so `i + 1` under `i < n` fits.

#define SCALED(r) ((r) * 4096)

template <int K> int32_t scaledBy(int32_t r) { return r * K; }

int32_t times4096(int32_t r) { return r * 4096; }

// SAFE-LABEL: func.func @offset
// SAFE: arith.extsi %{{.*}} : i32 to i64
// SAFE: arith.muli %{{.*}}, %{{.*}} : i64
TILE_KERNEL void offset(tile::Piece<int64_t, 1, 64> out, tile::View<float, 2> x,
                        int32_t rows) {
  auto lanes = tile::reshape<1, 64>(tile::cast<int64_t>(tile::iota<int32_t, 64>()));
#if defined(SAFE)
  int64_t first = (int64_t(rows) - 1) * 4096;
  int64_t width = x.size(1) * 2;
  int32_t last = 0;
  for (int32_t i = 0; i < rows; ++i)
    last = i + 1;
  // A quotient by a positive constant is bounded whatever the dividend;
  // bitwise operations of negative values, by the wider operand's width.
  int32_t blocks = rows / 64 + 1;
  for (int32_t b = 0; b < 8; ++b)
    blocks = ((b ^ -8) - (b & 19)) + (b | -3) + 64;
  out.store(lanes + first + width + int64_t(last) + int64_t(blocks));
#elif defined(PARAMETER)
  // PARAMETER: unknown-overflow.cpp:[[@LINE+1]]:19: error: 32-bit integer arithmetic can overflow: an operand's range is not known (a parameter, a tensor size, loaded data), so the result may not fit 32 bits; compute it in int64_t
  int64_t first = (rows - 1) * 4096;
  out.store(lanes + first);
#elif defined(SIZE)
  // SIZE: unknown-overflow.cpp:[[@LINE+1]]:19: error: 32-bit integer arithmetic can overflow: an operand's range is not known (a parameter, a tensor size, loaded data), so the result may not fit 32 bits; compute it in int64_t
  int64_t first = tile::program_id(0) * int32_t(x.size(1));
  out.store(lanes + first);
#elif defined(HELPER)
  // HELPER: unknown-overflow.cpp:[[@LINE-29]]:39: error: 32-bit integer arithmetic can overflow
  int64_t first = times4096(rows);
  out.store(lanes + first);
#elif defined(LAMBDA)
  // LAMBDA: unknown-overflow.cpp:[[@LINE+1]]:39: error: 32-bit integer arithmetic can overflow
  auto scale = [](int32_t r) { return r * 4096; };
  int64_t first = scale(rows);
  out.store(lanes + first);
#elif defined(MACRO)
  // MACRO: unknown-overflow.cpp:[[@LINE+1]]:19: error: 32-bit integer arithmetic can overflow
  int64_t first = SCALED(rows);
  out.store(lanes + first);
#elif defined(TEMPLATE)
  // TEMPLATE: unknown-overflow.cpp:[[@LINE-44]]:55: error: 32-bit integer arithmetic can overflow
  int64_t first = scaledBy<4096>(rows);
  out.store(lanes + first);
#elif defined(LOOP)
  int32_t last = 0;
  for (int32_t i = 0; i < rows; ++i)
    // LOOP: unknown-overflow.cpp:[[@LINE+1]]:12: error: 32-bit integer arithmetic can overflow: the result ranges over [0, 4294967292] for the largest grids, tensors and parameters; compute it in int64_t
    last = i * 2;
  out.store(lanes + int64_t(last));
#endif
}
