//===- TypedInputPieceRankMismatch.cpp - Must not compile: a matrix -------===//

#include "tile/runtime/TypedKernel.h"

using namespace tile::rt;

void call(Stream &stream,
          const TypedKernel<tile::Piece<float, 1024>,
                            tile::Piece<const float, 1024>, float> &scale,
          TensorOf<float, 1> y, const TensorOf<float, 2> &x) {
  scale(stream, std::move(y), x, 2.0f);
}
