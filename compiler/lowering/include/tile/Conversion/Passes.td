//===- Passes.td - Lowering passes of the tile dialect -----*- tablegen -*-===//

#ifndef TILE_CONVERSION_PASSES_TD
#define TILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileAssignLayouts : Pass<"tile-assign-layouts", "ModuleOp"> {
  let summary = "Give every tile value of every kernel a thread layout";
  let description = [{
    Encodes each tile type of each `tile.kernel` function with a
    `#tile.layout`, inserts `tile.convert_layout` where an operand is needed
    in another layout, and records the kernel's warp count in
    `tile.num_warps`. Loads, stores and tile constructors use the blocked
    layout (16-byte runs, threads side by side); reductions, broadcasts,
    reshapes and permutations keep every element where it is. Dots take
    their operands in the fragments of mma.sync, or, with `wgmma` where
    they fit, in any layout (they go through shared memory) and are marked
    `tile.wgmma`. A loop's accumulation step over tiles the loop loads
    (`a`, and `b` as the transpose of an NxK tile) then gets its operands
    through shared memory stages (`tile.shared_alloc`), filled by
    `tile.copy_async` a few iterations ahead and multiplied by
    `tile.staged_dot`.
    `convert-tile-to-gpu` runs it on kernels that have no layouts yet.
  }];
  let options = [
    Option<"maxThreads", "max-threads", "int64_t", "128",
           "most threads per program (a power of two, 32 or more)">,
    Option<"warpgroupProducts", "wgmma", "bool", "false",
           "run matrix products that fit as warpgroup products (wgmma, "
           "sm_90a)">,
  ];
}

def ConvertTileToGPU : Pass<"convert-tile-to-gpu", "ModuleOp"> {
  let summary = "Lower tile kernels to GPU functions over per-thread vectors";
  let description = [{
    Each `func.func` marked `tile.kernel` becomes a `gpu.func` kernel in the
    `gpu.module` named by `module-name`. Its pieces and views become a
    pointer, the tensor's shape and its strides; every tile value becomes the
    vector of elements one thread holds under its `#tile.layout` (assigned
    first, as `tile-assign-layouts` does, where the kernel has none). Loads
    and stores take the vector path when the whole run is inside the tensor
    and aligned, and a masked path at the tensor's edges. Layout conversions
    and reductions across warps go through shared memory: one buffer per
    kernel, declared static up to 48 KiB and dynamic beyond (external, of no
    size, its bytes in `tile.dynamic_shared_bytes`, which launches give).
  }];
  let options = [
    Option<"moduleName", "module-name", "std::string", "\"kernels\"",
           "name of the gpu.module that receives the kernels">,
    Option<"maxThreads", "max-threads", "int64_t", "128",
           "most threads per program (a power of two, 32 or more)">,
    Option<"warpgroupProducts", "wgmma", "bool", "false",
           "run matrix products that fit as warpgroup products (wgmma, "
           "sm_90a)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::math::MathDialect",
    "::mlir::NVVM::NVVMDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def TileGridDependency : Pass<"tile-grid-dependency", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Let each kernel's launch overlap the end of the kernel before it";
  let description = [{
    Starts every kernel (`gpu.func` marked `gpu.kernel`) with
    `nvvm.griddepcontrol launch_dependents`, which lets the next grid on the
    stream be launched once every program of this one has started, then
    `nvvm.griddepcontrol wait`, which holds its threads until the grids it
    depends on have completed and their writes are visible. A kernel so
    prepared keeps its ordering under any launch; launched with programmatic
    stream serialization (sm_90 and later) its programs are resident and
    waiting when the kernel before it ends, instead of being launched then.
    Nothing of the kernel touches memory before the wait, and a grid
    completes only after the grid it waited for, so the overlap is safe for
    every kernel.
    Runs before the GPU-to-NVVM conversion, for sm_90 targets and later.
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def TileProgramOrder : Pass<"tile-program-order", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Run the programs of a kernel in groups of rows";
  let description = [{
    In every kernel (`gpu.func` marked `gpu.kernel`) with a
    `tile.program_groups = G` attribute (from TILE_PROGRAM_GROUPS), replaces
    the block index along x and y by a program position that takes the
    launch order (x fastest, then y) through groups of G consecutive x
    positions: every program of one group, over all of y, runs before the
    next group's, x fastest within it. Programs that share an x position
    (a block of rows of a matrix product) or a y position (a block of
    columns) then run close together, while the data they share is in L2.
    The mapping is a bijection of the grid and every use of the block index
    sees the same position, so the programs, which the ownership analysis
    proved independent, compute what they did. Runs before the GPU-to-NVVM
    conversion; drops the attribute.
  }];
}

def TileFloatContraction : Pass<"tile-float-contraction", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Let float multiplies and adds fuse into fused multiply-adds";
  let description = [{
    Marks every float operation of the arith and math dialects in the GPU
    module `contract`, so that LLVM's NVPTX backend (and ptxas after it) may
    fuse a multiply and the add of its product into one `fma`, rounding once
    instead of twice. Without the mark each multiply and add is emitted with
    an explicit rounding mode (`mul.rn`, `add.rn`), which forbids the fusion:
    row kernels then issue a third more float instructions per element.
    The kernel language rounds `a * b + c` twice, as written (host mode
    does the same); `tilecc --fp-contract=fast` adds this pass, as nvcc and
    Triton fuse by default.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TileTensorMapParams : Pass<"tile-tensor-map-params", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Pass each kernel's tensor maps by value, as grid constants";
  let description = [{
    A kernel whose loop the copy engine feeds takes one tensor map per view
    it copies, as its last parameters (its `tile.tensor_maps` attribute
    lists them). After the conversion to the LLVM dialect each is a pointer;
    this pass makes it the 128-byte, 64-byte aligned parameter itself
    (`byval`), marked `nvvm.grid_constant`, so that the copies read the map
    in parameter space where the runtime put it, not a copy in local memory.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // TILE_CONVERSION_PASSES_TD
