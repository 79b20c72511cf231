//===- Interpreter.h - Tile IR run on the CPU -------------------*- C++ -*-===//
//
// Runs the tile IR the frontend builds, program by program, on the CPU: the
// meaning tilecc gave a kernel, independent of C++. Comparing its outputs
// with host mode's (the same source compiled as C++) checks the frontend's
// semantics (scripts/differential-check.py). It covers the scalar code of
// kernels (arith, scf) and element-wise tiles stored into output pieces;
// anything else is reported as unsupported.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_INTERPRETER_INTERPRETER_H
#define TILE_INTERPRETER_INTERPRETER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace tile::interpreter {

/// One element of a tensor or a scalar: an integer (any width, kept
/// sign-extended) or a float.
struct Scalar {
  bool isFloat = false;
  int64_t integer = 0;
  double real = 0.0;

  static Scalar ofInt(int64_t value) { return {false, value, 0.0}; }
  static Scalar ofFloat(double value) { return {true, 0, value}; }
  bool operator==(const Scalar &other) const {
    return isFloat == other.isFloat &&
           (isFloat ? real == other.real : integer == other.integer);
  }
};

/// A tensor the kernel writes: row-major elements and their extents.
struct Tensor {
  std::vector<int64_t> shape;
  std::vector<Scalar> elements;
};

/// An argument of a launch: a tensor (for a piece parameter, partitioned by
/// the piece's shape) or a scalar.
struct Argument {
  Tensor *tensor = nullptr;
  Scalar scalar;
};

/// Runs `kernel` once per program of `grid` (programs along axes 0 to 2),
/// in order, on `args`, one per parameter. A store into a piece drops the
/// elements past its tensor's edge, as on the GPU.
llvm::Error runKernel(mlir::func::FuncOp kernel,
                      const std::vector<Argument> &args,
                      const std::vector<int64_t> &grid);

} // namespace tile::interpreter

#endif // TILE_INTERPRETER_INTERPRETER_H
