//===- Blas.h - Matrix products through the device's BLAS -------*- C++ -*-===//
//
// GEMM and GEMV on the runtime's tensors: cuBLAS on a GPU (one handle and
// workspace per stream), a CPU BLAS in host mode. Inputs are f16, bf16 or
// f32 and products accumulate in f32. The output tensor is moved in and
// comes back through a future, as for a kernel launch.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_BLAS_H
#define TILE_RUNTIME_BLAS_H

#include "tile/runtime/Future.h"
#include "tile/runtime/Tensor.h"

namespace tile::rt {

/// An input of a product, read-only: a Tensor or a TensorView.
class ProductInput {
public:
  ProductInput(const Tensor &tensor) : view(tensor.view()) {}
  ProductInput(TensorView view) : view(std::move(view)) {}

  TensorView view;
};

/// How gemm combines its operands.
struct GemmOptions {
  /// Whether A is given as its transpose (k x m).
  bool transposeA = false;
  /// Whether B is given as its transpose (n x k), as weights usually are.
  bool transposeB = false;
  float alpha = 1.0f;
  float beta = 0.0f;
};

/// C = alpha * op(A) * op(B) + beta * C, queued on `stream`, for row-major
/// matrices (rank 2, innermost stride 1): op(A) is m x k, op(B) k x n and
/// C m x n. A and B have one element type (f16, bf16 or f32); C is f32 or
/// that type. Returns a future of C. Throws Error, queuing nothing and
/// leaving `c` with the caller, if a shape, element type, stride or device
/// does not fit, or C shares memory with A or B.
Future<Tensor> gemm(Stream &stream, Tensor &&c, const ProductInput &a,
                    const ProductInput &b, const GemmOptions &options = {});

/// How gemv combines its operands.
struct GemvOptions {
  /// Whether A is given as its transpose (n x m).
  bool transposeA = false;
  float alpha = 1.0f;
  float beta = 0.0f;
};

/// y = alpha * op(A) * x + beta * y, queued on `stream`: op(A) is m x n,
/// x has n elements and y m (rank 1, any positive stride). Element types
/// and failures as for gemm.
Future<Tensor> gemv(Stream &stream, Tensor &&y, const ProductInput &a,
                    const ProductInput &x, const GemvOptions &options = {});

} // namespace tile::rt

#endif // TILE_RUNTIME_BLAS_H
