//===- Cublas.cpp - A cuBLAS handle with its own workspace ----------------===//

#include "tile/runtime/cuda/Cublas.h"
#include "tile/runtime/Error.h"

#include <string>

using namespace tile::rt;
using namespace tile::rt::cuda;

namespace {

/// The workspace cuBLAS recommends for Hopper.
constexpr size_t kWorkspaceBytes = size_t(32) << 20;

void checkCublas(cublasStatus_t status, const std::string &doing) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw Error(doing, cublasGetStatusName(status));
}

cudaDataType_t dataType(DType dtype) {
  if (dtype == "f16")
    return CUDA_R_16F;
  if (dtype == "bf16")
    return CUDA_R_16BF;
  if (dtype == "f32")
    return CUDA_R_32F;
  throw Error("cuBLAS: no data type for element type " +
              std::string(dtype.name()));
}

} // namespace

Cublas::Cublas(CUstream stream) : workspace(kWorkspaceBytes) {
  checkCublas(cublasCreate(&handle), "cublasCreate");
  try {
    checkCublas(cublasSetStream(handle, stream), "cublasSetStream");
    checkCublas(cublasSetWorkspace(
                    handle, reinterpret_cast<void *>(workspace.address()),
                    workspace.size()),
                "cublasSetWorkspace");
  } catch (...) {
    cublasDestroy(handle);
    throw;
  }
}

Cublas::~Cublas() { cublasDestroy(handle); }

void Cublas::gemm(const GemmProblem &problem) {
  // cuBLAS is column-major: a row-major matrix is its transpose there, so
  // row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T.
  const MatrixOperand &a = problem.a, &b = problem.b, &c = problem.c;
  checkCublas(
      cublasGemmEx(handle, problem.transposeB ? CUBLAS_OP_T : CUBLAS_OP_N,
                   problem.transposeA ? CUBLAS_OP_T : CUBLAS_OP_N,
                   int(problem.n()), int(problem.m()), int(problem.k()),
                   &problem.alpha, reinterpret_cast<const void *>(b.address),
                   dataType(b.dtype), int(b.leading),
                   reinterpret_cast<const void *>(a.address), dataType(a.dtype),
                   int(a.leading), &problem.beta,
                   reinterpret_cast<void *>(c.address), dataType(c.dtype),
                   int(c.leading), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
      "cublasGemmEx(" + std::to_string(problem.m()) + "x" +
          std::to_string(problem.n()) + "x" + std::to_string(problem.k()) +
          ", " + std::string(a.dtype.name()) + " to " +
          std::string(c.dtype.name()) + ")");
}
