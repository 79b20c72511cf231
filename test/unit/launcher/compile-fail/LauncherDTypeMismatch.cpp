//===- LauncherDTypeMismatch.cpp - Must not compile: f16 for saxpy's f32 --===//

#include "saxpy_launcher.h"

using namespace tile::rt;

void call(Stream &stream, const tile::launchers::saxpy_2048 &saxpy,
          TensorOf<float, 1> y, const TensorOf<tile::f16, 1> &x) {
  saxpy(stream, std::move(y), x, 2.0f);
}
