//===- TypedDTypeMismatch.cpp - Must not compile: an f16 input for f32 ----===//

#include "tile/runtime/TypedKernel.h"

using namespace tile::rt;

void call(Stream &stream,
          const TypedKernel<tile::Piece<float, 2048>, tile::View<float, 1>,
                            float> &saxpy,
          TensorOf<float, 1> y, const TensorOf<tile::f16, 1> &x) {
  saxpy(stream, std::move(y), x, 2.0f);
}
