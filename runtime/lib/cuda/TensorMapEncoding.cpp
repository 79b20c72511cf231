//===- TensorMapEncoding.cpp - Tensor maps for a launch -------------------===//

#include "tile/runtime/cuda/TensorMapEncoding.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/TensorMaps.h"
#include "tile/runtime/cuda/CudaCheck.h"

#include <cuda.h>

using namespace tile::rt;

static CUtensorMapDataType mapDataType(DType dtype) {
  if (dtype == "bf16")
    return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  if (dtype == "f16")
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  if (dtype == "f32")
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  throw Error("a tensor map of " + std::string(dtype.name()) +
              " elements (f16, bf16 or f32)");
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
    // The driver takes dimensions innermost first.
    cuuint64_t extents[2] = {cuuint64_t(view.extents[1]),
                             cuuint64_t(view.extents[0])};
    cuuint64_t strides[1] = {cuuint64_t(view.strides[0] * elementBytes)};
    cuuint32_t box[2] = {map.box[1], map.box[0]};
    cuuint32_t elementStrides[2] = {1, 1};
    TensorMapBytes bytes{};
    checkCuda(cuTensorMapEncodeTiled(
                  reinterpret_cast<CUtensorMap *>(bytes.bytes.data()),
                  mapDataType(param.dtype), 2,
                  reinterpret_cast<void *>(view.address), extents, strides, box,
                  elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                  mapSwizzle(map.swizzle), CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
              "cuTensorMapEncodeTiled(" + kernel.name + ", view " + param.name +
                  ")");
    plan.tensorMaps.push_back(bytes);
  }
  return true;
}
