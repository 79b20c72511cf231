//===- LauncherRankMismatch.cpp - Must not compile: a matrix for a vector -===//

#include "saxpy_launcher.h"

using namespace tile::rt;

void call(Stream &stream, const tile::launchers::saxpy_2048 &saxpy,
          TensorOf<float, 2> y, const TensorOf<float, 1> &x) {
  saxpy(stream, std::move(y), x, 2.0f);
}
