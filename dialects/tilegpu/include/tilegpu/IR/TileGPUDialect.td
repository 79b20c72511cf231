//===- TileGPUDialect.td - The tilegpu dialect -------------*- tablegen -*-===//
//
// The GPU level of tile kernels: what the transforms make once every tile
// has a thread layout (shared memory stages, barriers, asynchronous and
// tensor copies, staged and chained products), and the tensor maps a
// kernel takes. Kernels do not write these ops; the target-free ops are
// the tile dialect's.
//
//===----------------------------------------------------------------------===//

#ifndef TILEGPU_IR_TILEGPUDIALECT_TD
#define TILEGPU_IR_TILEGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def TileGPU_Dialect : Dialect {
  let name = "tilegpu";
  let cppNamespace = "::mlir::tilegpu";
  let summary = "Shared memory, barriers, copies and staged products of tile kernels";
  let description = [{
    The ops the transforms put in a tile kernel on its way to the GPU: the
    stages of shared memory a loop's matrix operands are copied into
    (`!tilegpu.stages`, `tilegpu.shared_alloc`), the copies that fill them
    (`tilegpu.copy_async` by the threads, `tilegpu.copy_tensor` by the
    tensor copy engine from a `!tilegpu.tensor_map`), the barriers that say
    when a stage is full or free (`!tilegpu.barriers`), and the products
    that read stages (`tilegpu.staged_dot`, `tilegpu.register_staged_dot`)
    or run on past their iteration (`tilegpu.dot_wait`).
  }];
  let dependentDialects = ["::mlir::tile::TileDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Registers the types, which are defined in TileGPUTypes.cpp.
    void registerTypes();
  }];
}

class TileGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileGPU_Dialect, mnemonic, traits>;

#endif // TILEGPU_IR_TILEGPUDIALECT_TD
