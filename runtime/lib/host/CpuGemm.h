//===- CpuGemm.h - Matrix products on the CPU for host mode -----*- C++ -*-===//

#ifndef TILE_RUNTIME_LIB_HOST_CPUGEMM_H
#define TILE_RUNTIME_LIB_HOST_CPUGEMM_H

#include "tile/runtime/Backend.h"

namespace tile::rt {

/// Computes `problem` on host memory now, through the CPU BLAS's sgemm:
/// f16 and bf16 operands are widened to f32 first and an f16 or bf16 C is
/// rounded back (to nearest, ties to even).
void cpuGemm(const GemmProblem &problem);

} // namespace tile::rt

#endif // TILE_RUNTIME_LIB_HOST_CPUGEMM_H
