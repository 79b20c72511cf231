//===- TypedAtomicDTypeMismatch.cpp - Must not compile: f32 counts --------===//

#include "tile/runtime/TypedKernel.h"

using namespace tile::rt;

void call(Stream &stream,
          const TypedKernel<tile::Piece<const int32_t, 4096>,
                            tile::Atomic<int32_t, 1>> &histogram,
          const TensorOf<int32_t, 1> &x, TensorOf<float, 1> counts) {
  histogram(stream, x, std::move(counts));
}
