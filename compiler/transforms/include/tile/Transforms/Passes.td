//===- Passes.td - Transforms of tile kernels --------------*- tablegen -*-===//
//
// Passes from tile IR to tile IR (layouts, pipelining) and over the GPU
// module the conversion produced (program order, grid dependency, float
// contraction, tensor map parameters). The backend orders them; the
// `tile-transforms` pipeline runs the tile-level ones in that order.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TRANSFORMS_PASSES_TD
#define TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileCopyFallbacks : Pass<"tile-copy-fallbacks", "ModuleOp"> {
  let summary = "Give each kernel that may use the copy engine a cp.async twin";
  let description = [{
    A kernel whose loops multiply tiles may come to take tensor maps, when
    the pipelines have the tensor copy engine fill its operand stages. The
    copy engine reads only views whose strides and base it can describe;
    elsewhere the runtime launches a twin that copies with cp.async. This
    pass adds that twin, `<kernel>_copies`, marked `tile.copies_only` (the
    pipelines then give it cp.async copies only), at the end of the module,
    and names it in the kernel's `tile.fallback_entry`. The twin goes
    through layout assignment and pipelining like every kernel;
    `tile-prune-copy-fallbacks` removes those whose kernel takes no tensor
    map in the end.
  }];
}

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
    `tile.wgmma`; those whose `b` the copy engine can stage and whose `a` the
    loop computes are marked `tile.wgmma_register_a`, for
    `tile-pipeline-register-dots`. Kernels that have layouts are left alone.
  }];
  let options = [
    Option<"maxThreads", "max-threads", "int64_t", "128",
           "most threads per program (a power of two, 32 or more)">,
    Option<"warpgroupProducts", "wgmma", "bool", "false",
           "run matrix products that fit as warpgroup products (wgmma, "
           "sm_90a)">,
  ];
}

def TileChainDots : Pass<"tile-chain-dots", "ModuleOp"> {
  let summary = "Let a loop's warpgroup products run on into the next iteration";
  let description = [{
    A warpgroup product (`tile.wgmma`) that is the step of a loop's
    accumulation (its accumulator is carried by the loop, used by it alone,
    and its result only yielded back), where nothing else in the loop uses
    shared memory, is marked `tile.wgmma_chained`: its products are not
    waited for in the iteration, and the next iteration's continue them, in
    a second set of operand buffers. A `tilegpu.dot_wait` after the loop waits
    for the last. Needs layouts (`tile-assign-layouts`).
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TilePipelineDotOperands : Pass<"tile-pipeline-dot-operands", "ModuleOp"> {
  let summary = "Copy a chained product's operands into shared memory ahead";
  let description = [{
    A chained product (`tile-chain-dots`) whose operands the loop loads
    (`a`, and `b` as the transpose of an NxK tile or as a KxN tile) at
    indices it can compute ahead reads them from a ring of shared memory
    stages (`tilegpu.shared_alloc`) filled a few iterations early, and becomes
    a `tilegpu.staged_dot`. The tensor copy engine fills them
    (`tilegpu.copy_tensor` on mbarriers) where both views are kernel parameters
    and the boxes fit; the kernel then takes a tensor map of each as a new
    last parameter, listed in `tile.tensor_maps`. Otherwise, and in a
    `tile.copies_only` twin, every thread copies 16-byte runs with
    `tilegpu.copy_async`. Loops whose stages would not fit in shared memory
    three times are left as they are. Needs layouts.
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TilePipelineRegisterDots : Pass<"tile-pipeline-register-dots", "ModuleOp"> {
  let summary = "Stage the `b` of products that read `a` from registers";
  let description = [{
    A loop whose warpgroup products are all marked `tile.wgmma_register_a`
    (attention's: `a` computed in the loop or loaded before it, `b` loaded
    in it from a view parameter) reads every such `b` from a ring of two
    shared memory stages that the tensor copy engine fills an iteration
    ahead; the products become `tilegpu.register_staged_dot`, and the kernel
    takes a tensor map per operand. Loops where anything else uses shared
    memory, and `tile.copies_only` twins, are left as they are. Then every
    product still marked reads `a` from shared memory like the others: the
    mark is dropped. Needs layouts.
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TilePruneCopyFallbacks : Pass<"tile-prune-copy-fallbacks", "ModuleOp"> {
  let summary = "Drop the cp.async twins of kernels that take no tensor map";
  let description = [{
    Erases the twin `tile-copy-fallbacks` made for each kernel that ended up
    without tensor maps (`tile.tensor_maps`), and the kernel's
    `tile.fallback_entry`: it copies with cp.async already. Runs after the
    pipelines.
  }];
}

def TileOrderPieceAccesses : Pass<"tile-order-piece-accesses", "ModuleOp"> {
  let summary = "Barriers between a program's accesses of its piece by other threads";
  let description = [{
    A program's loads and stores of its piece (`tile.store`, `tile.store_at`,
    `tile.load_piece`) run on its threads, each thread its elements of the
    tile in the tile's layout. Two accesses of which one writes, where an
    element may be held by one thread in the first and another in the
    second, would race within the program (and could differ from host mode,
    which runs them in order): this pass puts a `gpu.barrier` before the
    later one. Accesses of tiles of one type (shape and layout) hold each
    element in the same thread, and need none, unless the layout has
    replicas and one of them reads (the replicas read what the first of
    them wrote). An access may come after another that stands after it in
    the same loop. `tile.scatter` places its own barriers. Needs layouts.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
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

def TilePersistentPrograms : Pass<"tile-persistent-programs", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Let each program of a kernel walk several of its pieces";
  let description = [{
    In every kernel (`gpu.func` marked `gpu.kernel`) with a
    `tile.persistent` attribute (from TILE_PERSISTENT), adds three `i32`
    parameters after the kernel's own and before its tensor maps: the piece
    grid along x, y and z, which the runtime passes while it launches fewer
    programs along x. The body then runs in a loop over the launch
    positions `block_id.x`, `block_id.x + grid_dim.x`, ... below the
    grid's size, each run seeing the block index of its position (x
    fastest, then y, then z) and the piece grid as the grid. Every position
    is run exactly once, by one program, and each run computes what the
    program of that position computed, so the ownership analysis's proof
    carries over; a barrier ends each run, so that the next one reuses the
    shared memory only after every thread is done with it. Runs after
    tile-program-order (its grouped positions are then taken from the
    walked positions) and after the structured control flow is lowered to
    branches; keeps the attribute for the kernel's metadata.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect"];
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

#endif // TILE_TRANSFORMS_PASSES_TD
