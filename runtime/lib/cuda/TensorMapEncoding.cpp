//===- TensorMapEncoding.cpp - Tensor maps for a launch -------------------===//

#include "tile/runtime/cuda/TensorMapEncoding.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/TensorMaps.h"
#include "tile/runtime/cuda/CudaCheck.h"

#include <cuda.h>

#include <array>

using namespace tile::rt;

static CUtensorMapDataType mapDataType(DType dtype) {
  if (dtype == "bf16")
    return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  if (dtype == "f16")
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  if (dtype == "f32")
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  // The copy engine moves bytes: 8-bit floats and integers alike.
  if (dtype.bytes() == 1)
    return CU_TENSOR_MAP_DATA_TYPE_UINT8;
  throw Error("a tensor map of " + std::string(dtype.name()) +
              " elements (f16, bf16, f32 or 8-bit)");
}

static CUtensorMapSwizzle mapSwizzle(unsigned bytes) {
  switch (bytes) {
  case 32:
    return CU_TENSOR_MAP_SWIZZLE_32B;
  case 64:
    return CU_TENSOR_MAP_SWIZZLE_64B;
  default:
    return CU_TENSOR_MAP_SWIZZLE_128B;
  }
}

bool tile::rt::cuda::encodeTensorMaps(const KernelInfo &kernel,
                                      LaunchPlan &plan) {
  plan.tensorMaps.resize(0);
  for (const TensorMapInfo &map : kernel.tensorMaps) {
    const ParamInfo &param = kernel.params[map.view];
    PackedView view = packedView(kernel, plan, map.view);
    int64_t elementBytes = param.dtype.bytes();
    if (!copyEngineCanRead(view, elementBytes)) {
      plan.tensorMaps.resize(0);
      return false;
    }
    // The driver takes dimensions innermost first, and the strides of all
    // but the innermost in bytes.
    size_t rank = map.box.size();
    std::array<cuuint64_t, kMaxTensorMapRank> extents{}, strides{};
    std::array<cuuint32_t, kMaxTensorMapRank> box{}, elementStrides{};
    for (size_t i = 0; i < rank; ++i) {
      size_t d = rank - 1 - i;
      extents[i] = cuuint64_t(view.extents[d]);
      box[i] = map.box[d];
      elementStrides[i] = 1;
      if (i > 0)
        strides[i - 1] = cuuint64_t(view.strides[d] * elementBytes);
    }
    TensorMapBytes bytes{};
    checkCuda(cuTensorMapEncodeTiled(
                  reinterpret_cast<CUtensorMap *>(bytes.bytes.data()),
                  mapDataType(param.dtype), cuuint32_t(rank),
                  reinterpret_cast<void *>(view.address), extents.data(),
                  strides.data(), box.data(), elementStrides.data(),
                  CU_TENSOR_MAP_INTERLEAVE_NONE, mapSwizzle(map.swizzle),
                  CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
              "cuTensorMapEncodeTiled(" + kernel.name + ", view " + param.name +
                  ")");
    plan.tensorMaps.push_back(bytes);
  }
  return true;
}
