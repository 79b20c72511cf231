//===- TypedRankMismatch.cpp - Must not compile: a matrix for a vector ----===//

#include "tile/runtime/TypedKernel.h"

using namespace tile::rt;

void call(Stream &stream,
          const TypedKernel<tile::Piece<float, 2048>, tile::View<float, 1>,
                            float> &saxpy,
          TensorOf<float, 2> y, const TensorOf<float, 1> &x) {
  saxpy(stream, std::move(y), x, 2.0f);
}
