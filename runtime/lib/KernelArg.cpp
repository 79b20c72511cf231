//===- KernelArg.cpp - The arguments of a kernel launch -------------------===//

#include "tile/runtime/KernelArg.h"

using namespace tile::rt;

KernelArgRef tile::rt::borrow(const KernelArg &arg) {
  if (const auto *scalar = std::get_if<ScalarArg>(&arg))
    return *scalar;
  const TensorArg &tensor = std::get<TensorArg>(arg);
  return TensorRef{tensor.address, tensor.dtype, tensor.shape, tensor.strides};
}

KernelArg tile::rt::own(const KernelArgRef &arg) {
  if (const auto *scalar = std::get_if<ScalarArg>(&arg))
    return *scalar;
  const TensorRef &tensor = std::get<TensorRef>(arg);
  return TensorArg{tensor.address,
                   tensor.dtype,
                   {tensor.shape.begin(), tensor.shape.end()},
                   {tensor.strides.begin(), tensor.strides.end()}};
}
