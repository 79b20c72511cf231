//===- TileGPUTypes.td - Types of the tilegpu dialect ------*- tablegen -*-===//

#ifndef TILEGPU_IR_TILEGPUTYPES_TD
#define TILEGPU_IR_TILEGPUTYPES_TD

include "tilegpu/IR/TileGPUDialect.td"
include "mlir/IR/AttrTypeBase.td"

class TileGPU_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TileGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TileGPU_StagesType : TileGPU_TypeDef<"Stages", "stages"> {
  let summary = "Stages of a matrix operand in shared memory";
  let description = [{
    A ring of `stages` copies of one f16 or bf16 matrix tile in the
    program's shared memory, each in the order the tensor cores read
    (K-major: rows of up to 64 elements, swizzled). Asynchronous copies fill
    one stage while products read another. The GPU lowering makes them when
    it pipelines a loop's matrix products; kernels do not write them.
    Example: `!tilegpu.stages<4x128x64xbf16>` holds four 128x64 tiles.
  }];
  let parameters = (ins "int64_t":$numStages,
                        ArrayRefParameter<"int64_t">:$tileShape,
                        "Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes of one tile: what a stage's copies bring.
    int64_t getTileBytes() const;
    /// Bytes of one stage, rounded up to the 1024 bytes of the widest
    /// swizzle, so that every stage starts on a swizzle boundary.
    int64_t getStageBytes() const {
      return llvm::alignTo(getTileBytes(), 1024);
    }
    /// Bytes of one row of a K-major panel (up to 64 elements): the lines
    /// the swizzle permutes.
    int64_t getLineBytes() const;
    /// Bytes of all stages.
    int64_t getBytes() const { return getNumStages() * getStageBytes(); }
  }];
}

def TileGPU_BarriersType : TileGPU_TypeDef<"Barriers", "barriers"> {
  let summary = "Arrival barriers in shared memory";
  let description = [{
    `count` barriers in the program's shared memory, each counting the
    arrivals of threads and the bytes of the tensor copies it waits for, and
    completing a phase when both are in (mbarrier objects). A pipelined loop
    has one per operand stage that says the stage is filled, and one that
    says it is free again. The GPU lowering makes them; kernels do not
    write them. Example: `!tilegpu.barriers<4>`.
  }];
  let parameters = (ins "int64_t":$count);
  let assemblyFormat = "`<` $count `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes of all barriers: eight each.
    int64_t getBytes() const { return 8 * getCount(); }
  }];
}

def TileGPU_TensorMapType : TileGPU_TypeDef<"TensorMap", "tensor_map"> {
  let summary = "A view as the tensor copy engine reads it";
  let description = [{
    A kernel parameter that the runtime fills for one of the kernel's views
    (its address, extents and strides, and the tile that one copy moves,
    with the shared memory swizzle it writes): what a tilegpu.copy_tensor
    names instead of the view. The kernel's `tile.tensor_maps` attribute
    says which view each one describes. The GPU lowering adds them when it
    copies a loop's operands with the copy engine.
  }];
}

def TileGPU_Stages : Type<CPred<"::llvm::isa<::mlir::tilegpu::StagesType>($_self)">,
                       "shared operand stages", "::mlir::tilegpu::StagesType">;
def TileGPU_Barriers : Type<CPred<"::llvm::isa<::mlir::tilegpu::BarriersType>($_self)">,
                         "shared barriers", "::mlir::tilegpu::BarriersType">;
def TileGPU_TensorMap
    : Type<CPred<"::llvm::isa<::mlir::tilegpu::TensorMapType>($_self)">,
           "tensor map", "::mlir::tilegpu::TensorMapType">,
      BuildableType<"::mlir::tilegpu::TensorMapType::get($_builder.getContext())">;

#endif // TILEGPU_IR_TILEGPUTYPES_TD
