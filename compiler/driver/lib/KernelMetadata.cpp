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
using mlir::tile::AtomicType;
using mlir::tile::PieceType;
using mlir::tile::ViewType;

using ::tile::formats::KernelRecord;
using ::tile::formats::LaunchRecord;
using ::tile::formats::ParamKind;
using ::tile::formats::ParamRecord;

static std::string dtypeName(Type type) {
  // The 8-bit floats by the kernel language's names, not MLIR's.
  if (isa<Float8E4M3FNType>(type))
    return "f8e4m3";
  if (isa<Float8E5M2Type>(type))
    return "f8e5m2";
  // Unsigned elements as u8 ... u64 (MLIR writes ui8 ...).
  if (type.isUnsignedInteger())
    return "u" + std::to_string(type.getIntOrFloatBitWidth());
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return name;
}

/// The preconditions the frontend recorded on `func`
/// (kPreconditionsAttrName).
static std::vector<::tile::formats::PreconditionRecord>
describePreconditions(func::FuncOp func) {
  std::vector<::tile::formats::PreconditionRecord> preconditions;
  auto recorded =
      func->getAttrOfType<ArrayAttr>(mlir::tile::kPreconditionsAttrName);
  if (!recorded)
    return preconditions;
  for (auto precondition : recorded.getAsRange<DictionaryAttr>()) {
    ::tile::formats::PreconditionRecord record;
    record.text = precondition.getAs<StringAttr>("text").str();
    for (auto node :
         precondition.getAs<ArrayAttr>("nodes").getAsRange<ArrayAttr>()) {
      ::tile::formats::PreconditionNode described;
      described.op = cast<StringAttr>(node[0]).str();
      described.type = cast<StringAttr>(node[1]).str();
      for (Attribute operand : node.getValue().drop_front(2))
        described.operands.push_back(cast<IntegerAttr>(operand).getInt());
      record.nodes.push_back(std::move(described));
    }
    preconditions.push_back(std::move(record));
  }
  return preconditions;
}

static ParamRecord describeParam(Type type, llvm::StringRef name,
                                 bool isUnsigned) {
  ParamRecord param;
  param.name = name.str();
  if (auto piece = dyn_cast<PieceType>(type)) {
    param.kind = piece.getInput() ? ParamKind::InputPiece : ParamKind::Piece;
    param.dtype = dtypeName(piece.getElementType());
    param.rank = piece.getRank();
    param.tile.assign(piece.getShape().begin(), piece.getShape().end());
  } else if (auto view = dyn_cast<ViewType>(type)) {
    param.kind = ParamKind::View;
    param.dtype = dtypeName(view.getElementType());
    param.rank = view.getRank();
  } else if (auto atomic = dyn_cast<AtomicType>(type)) {
    param.kind = ParamKind::Atomic;
    param.dtype = dtypeName(atomic.getElementType());
    param.rank = atomic.getRank();
  } else {
    param.kind = ParamKind::Scalar;
    // A scalar of an unsigned C++ type: u8 ... u64 (its MLIR type is
    // signless).
    param.dtype = isUnsigned && type.isSignlessInteger() &&
                          type.getIntOrFloatBitWidth() >= 8
                      ? "u" + std::to_string(type.getIntOrFloatBitWidth())
                      : dtypeName(type);
  }
  return param;
}

namespace tile::driver {
std::vector<KernelRecord> describeKernels(ModuleOp tileModule,
                                          ModuleOp loweredModule) {
  llvm::StringMap<std::array<unsigned, 3>> blocks;
  llvm::StringSet<> waitingForGrid;
  // The tensor map parameters a kernel takes last, and the name of its
  // twin that needs none.
  llvm::StringMap<std::vector<::tile::formats::TensorMapRecord>> tensorMaps;
  llvm::StringMap<std::string> fallbacks;
  // The programs per multiprocessor of kernels that walk their pieces.
  llvm::StringMap<int64_t> persistent;
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
            func->getAttrOfType<DenseI32ArrayAttr>("gpu.known_block_size")) {
      std::array<unsigned, 3> &extents = blocks[func.getName()];
      extents = {1, 1, 1};
      for (auto [axis, extent] : llvm::enumerate(block.asArrayRef()))
        if (axis < 3)
          extents[axis] = unsigned(extent);
    }
    if (auto maps =
            func->getAttrOfType<ArrayAttr>(mlir::tile::kTensorMapsAttrName)) {
      std::vector<::tile::formats::TensorMapRecord> &described =
          tensorMaps[func.getName()];
      for (auto map : maps.getAsRange<mlir::tilegpu::TensorMapAttr>())
        described.push_back({size_t(map.getView()),
                             {map.getBox().begin(), map.getBox().end()},
                             unsigned(map.getSwizzle())});
    }
    if (auto programs =
            func->getAttrOfType<IntegerAttr>(mlir::tile::kPersistentAttrName))
      persistent[func.getName()] = programs.getInt();
    if (auto twin =
            func->getAttrOfType<StringAttr>(mlir::tile::kFallbackEntryAttrName))
      fallbacks[func.getName()] = twin.str();
    // A kernel may be launched before the grid it follows has finished
    // only if it waits for that grid itself.
    func.walk([&](NVVM::GriddepcontrolOp op) {
      if (op.getKind() == NVVM::GridDepActionKind::wait)
        waitingForGrid.insert(func.getName());
    });
  });
  auto launchOf = [&](llvm::StringRef entry) {
    LaunchRecord launch;
    launch.entry = entry.str();
    if (auto block = blocks.find(entry); block != blocks.end())
      launch.block = block->second;
    launch.sharedBytes =
        unsigned(dynamicShared.lookup((entry + "_shared").str()));
    launch.gridDependency = waitingForGrid.contains(entry);
    launch.persistent = unsigned(persistent.lookup(entry));
    return launch;
  };
  std::vector<KernelRecord> kernels;
  for (auto func : tileModule.getOps<func::FuncOp>()) {
    if (!func->hasAttr("tile.kernel"))
      continue;
    KernelRecord kernel;
    kernel.name = func->getAttrOfType<StringAttr>("tile.name").str();
    kernel.launch = launchOf(func.getName());
    auto names = func->getAttrOfType<ArrayAttr>("tile.arg_names");
    for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
      std::string name = names ? cast<StringAttr>(names[index]).str()
                               : "arg" + std::to_string(index);
      kernel.params.push_back(describeParam(
          type, name,
          func.getArgAttr(index, mlir::tile::kUnsignedArgAttrName) != nullptr));
    }
    if (tensorMaps.contains(func.getName())) {
      kernel.tensorMaps = tensorMaps.lookup(func.getName());
      kernel.fallback = launchOf(fallbacks.lookup(func.getName()));
    }
    kernel.preconditions = describePreconditions(func);
    if (auto tuned =
            func->getAttrOfType<DictionaryAttr>(mlir::tile::kTunedAttrName))
      for (NamedAttribute replacement : tuned)
        kernel.tuned.push_back(
            {replacement.getName().str(),
             cast<StringAttr>(replacement.getValue()).str()});
    kernels.push_back(std::move(kernel));
  }
  return kernels;
}
} // namespace tile::driver
