//===- KernelMetadata.cpp - The JSON that describes a cubin's kernels -----===//

#include "KernelMetadata.h"
#include "tile/Conversion/Passes.h"
#include "tile/IR/TileAttrs.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/TileTypes.h"
#include "tilegpu/IR/TileGPUAttrs.h"
#include "tilegpu/IR/TileGPUTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using mlir::tile::PieceType;
using mlir::tile::ViewType;

static std::string dtypeName(Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return name;
}

static llvm::json::Object describeParam(Type type, llvm::StringRef name) {
  llvm::json::Object param{{"name", name.str()}};
  if (auto piece = dyn_cast<PieceType>(type)) {
    param["kind"] = "piece";
    param["dtype"] = dtypeName(piece.getElementType());
    param["rank"] = piece.getRank();
    param["tile"] = llvm::json::Array(piece.getShape());
  } else if (auto view = dyn_cast<ViewType>(type)) {
    param["kind"] = "view";
    param["dtype"] = dtypeName(view.getElementType());
    param["rank"] = view.getRank();
  } else {
    param["kind"] = "scalar";
    param["dtype"] = dtypeName(type);
  }
  return param;
}

namespace tile::driver {
llvm::json::Array describeKernels(ModuleOp tileModule, ModuleOp loweredModule) {
  llvm::StringMap<llvm::json::Array> blocks;
  llvm::StringSet<> waitingForGrid;
  // The tensor map parameters a kernel takes last, and the name of its
  // twin that needs none.
  llvm::StringMap<llvm::json::Array> tensorMaps;
  llvm::StringMap<std::string> fallbacks;
  // A kernel's shared buffer is `<kernel>_shared`; a dynamic one says how
  // many bytes each launch gives.
  llvm::StringMap<int64_t> dynamicShared;
  loweredModule.walk([&](LLVM::GlobalOp global) {
    if (auto bytes = global->getAttrOfType<IntegerAttr>(
            mlir::tile::kDynamicSharedBytesAttrName))
      dynamicShared[global.getSymName()] = bytes.getInt();
  });
  loweredModule.walk([&](LLVM::LLVMFuncOp func) {
    // The GPU-to-NVVM conversion keeps the gpu.func's known block size.
    if (auto block =
            func->getAttrOfType<DenseI32ArrayAttr>("gpu.known_block_size"))
      blocks[func.getName()] = llvm::json::Array(block.asArrayRef());
    // A kernel may be launched before the grid it follows has finished
    // only if it waits for that grid itself.
    if (auto maps =
            func->getAttrOfType<ArrayAttr>(mlir::tile::kTensorMapsAttrName)) {
      llvm::json::Array &described = tensorMaps[func.getName()];
      for (auto map : maps.getAsRange<mlir::tilegpu::TensorMapAttr>())
        described.push_back(
            llvm::json::Object{{"view", map.getView()},
                               {"box", llvm::json::Array(map.getBox())},
                               {"swizzle", map.getSwizzle()}});
    }
    if (auto twin =
            func->getAttrOfType<StringAttr>(mlir::tile::kFallbackEntryAttrName))
      fallbacks[func.getName()] = twin.str();
    func.walk([&](NVVM::GriddepcontrolOp op) {
      if (op.getKind() == NVVM::GridDepActionKind::wait)
        waitingForGrid.insert(func.getName());
    });
  });
  llvm::json::Array kernels;
  for (auto func : tileModule.getOps<func::FuncOp>()) {
    if (!func->hasAttr("tile.kernel"))
      continue;
    auto names = func->getAttrOfType<ArrayAttr>("tile.arg_names");
    llvm::json::Array params;
    for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
      std::string name = names ? cast<StringAttr>(names[index]).str()
                               : "arg" + std::to_string(index);
      params.push_back(describeParam(type, name));
    }
    auto blockOf = [&](llvm::StringRef entry) {
      llvm::json::Array block = blocks.lookup(entry);
      return block.empty() ? llvm::json::Array{1, 1, 1} : block;
    };
    auto sharedBytesOf = [&](llvm::StringRef entry) {
      return dynamicShared.lookup((entry + "_shared").str());
    };
    llvm::json::Object kernel{
        {"name", func->getAttrOfType<StringAttr>("tile.name").str()},
        {"entry", func.getName().str()},
        {"block", blockOf(func.getName())},
        {"shared_bytes", sharedBytesOf(func.getName())},
        {"grid_dependency", waitingForGrid.contains(func.getName())},
        {"params", std::move(params)},
    };
    if (tensorMaps.contains(func.getName())) {
      std::string twin = fallbacks.lookup(func.getName());
      kernel["tensor_maps"] = tensorMaps.lookup(func.getName());
      kernel["fallback"] = llvm::json::Object{
          {"entry", twin},
          {"block", blockOf(twin)},
          {"shared_bytes", sharedBytesOf(twin)},
          {"grid_dependency", waitingForGrid.contains(twin)}};
    }
    if (auto tuned =
            func->getAttrOfType<DictionaryAttr>(mlir::tile::kTunedAttrName)) {
      llvm::json::Array replacements;
      for (NamedAttribute replacement : tuned)
        replacements.push_back(llvm::json::Object{
            {"device", replacement.getName().str()},
            {"kernel", cast<StringAttr>(replacement.getValue()).str()}});
      kernel["tuned"] = std::move(replacements);
    }
    kernels.push_back(std::move(kernel));
  }
  return kernels;
}
} // namespace tile::driver
