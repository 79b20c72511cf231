//===- TileGPUOps.td - Operations of the tilegpu dialect ---*- tablegen -*-===//

#ifndef TILEGPU_IR_TILEGPUOPS_TD
#define TILEGPU_IR_TILEGPUOPS_TD

include "tilegpu/IR/TileGPUDialect.td"
include "tilegpu/IR/TileGPUTypes.td"
include "tilegpu/IR/TileGPUAttrs.td"
include "tile/IR/TileTypes.td"
include "tile/IR/TileAttrs.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

//===----------------------------------------------------------------------===//
// Chained products
//===----------------------------------------------------------------------===//

def TileGPU_DotWaitOp : TileGPU_Op<"dot_wait", [SameOperandsAndResultType]> {
  let summary = "Wait for the matrix products that still write a tile";
  let description = [{
    Returns its operand once the matrix products that compute it have
    finished. The GPU lowering inserts it after a loop whose tile.dot leaves
    its products running into the next iteration (warpgroup products on
    sm_90a): the loop's result is read only through this op. It has a side
    effect, so that it is neither moved nor removed; kernels do not write it.

    ```mlir
    %sums = tilegpu.dot_wait %loopResult : !tile.tile<128x64xf32>
    ```
  }];
  let arguments = (ins Tile_NumericTile:$input);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

//===----------------------------------------------------------------------===//
// Pipelined matrix products (made by the GPU lowering)
//===----------------------------------------------------------------------===//

def TileGPU_SharedAllocOp : TileGPU_Op<"shared_alloc"> {
  let summary = "Place operand stages in the program's shared memory";
  let description = [{
    The stages start `offset` bytes into the program's shared memory, a
    multiple of 1024 (the span of the widest swizzle). The GPU lowering
    makes this op when it pipelines a loop's matrix products, and nothing
    else in that loop uses shared memory.

    ```mlir
    %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<4x128x64xbf16>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$offset);
  let results = (outs TileGPU_Stages:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TileGPU_CopyAsyncOp : TileGPU_Op<"copy_async"> {
  let summary = "Start copying a tile of a view into one stage";
  let description = [{
    Starts copying the tile at tile coordinates `indices` of a matrix view,
    of the stages' tile shape, into stage `stage` of `stages`. Elements
    outside the tensor arrive as zeros; nothing outside it is read. The copy
    completes in the background: it joins the group that the next
    tilegpu.copy_commit closes, and is visible once tilegpu.copy_wait has waited
    for that group. `layout`, which the layout assignment chooses, says
    which thread moves which 16-byte runs of the tile; the GPU lowering
    needs it.

    ```mlir
    tilegpu.copy_async %x[%row, %step], %a[%stage]
      : !tile.view<?x?xbf16>, !tilegpu.stages<4x128x64xbf16>
    ```
  }];
  let arguments = (ins Tile_View:$view, Variadic<I32>:$indices,
                       TileGPU_Stages:$stages, I32:$stage,
                       OptionalAttr<Tile_LinearLayoutAttr>:$layout);
  let assemblyFormat = [{
    $view `[` $indices `]` `,` $stages `[` $stage `]` attr-dict `:`
    type($view) `,` type($stages)
  }];
  let hasVerifier = 1;
}

def TileGPU_CopyCommitOp : TileGPU_Op<"copy_commit"> {
  let summary = "Close the group of copies started since the last commit";
  let description = [{
    The tilegpu.copy_async ops this program started since the previous commit
    form one group, which tilegpu.copy_wait counts.

    ```mlir
    tilegpu.copy_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TileGPU_CopyWaitOp : TileGPU_Op<"copy_wait"> {
  let summary = "Wait until at most `pending` groups of copies are in flight";
  let description = [{
    Waits until no more than `pending` of the program's committed copy
    groups are still running, then makes what the others wrote visible to
    every thread and to the tensor cores (a barrier of the program).

    ```mlir
    tilegpu.copy_wait {pending = 1}
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let assemblyFormat = "attr-dict";
}

def TileGPU_StagedDotOp : TileGPU_Op<"staged_dot",
                               [AllTypesMatch<["acc", "result"]>]> {
  let summary = "Matrix product of two operand stages: a x b + acc";
  let description = [{
    Multiplies stage `stage` of `a` (MxK) by stage `stage` of `b` on the
    tensor cores, as warpgroup products, and adds `acc` (MxN, f32, or i32
    for 8-bit integer operands). The
    stages hold `b` K-major, as NxK tiles (the product reads their
    transpose), or, with `b_n_major`, N-major, as KxN tiles. The products may still run when the op returns: the next
    tilegpu.staged_dot of the loop continues them, and the loop's result is
    read through tilegpu.dot_wait. The stages must hold the operands (a
    tilegpu.copy_wait after their copies) and must not be written again until
    the products of the iteration after this one have started.

    ```mlir
    %c = tilegpu.staged_dot %a, %b, %acc stage %s : !tilegpu.stages<4x128x64xbf16>,
           !tilegpu.stages<4x256x64xbf16> -> !tile.tile<128x256xf32>
    ```
  }];
  let arguments = (ins TileGPU_Stages:$a, TileGPU_Stages:$b, I32:$stage,
                       Tile_NumericTile:$acc, UnitAttr:$b_n_major);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc `stage` $stage attr-dict `:` type($a) `,` type($b)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

def TileGPU_RegisterStagedDotOp : TileGPU_Op<"register_staged_dot",
                                       [AllTypesMatch<["acc", "result"]>]> {
  let summary = "Matrix product of a register tile by one stage: a x b + acc";
  let description = [{
    Multiplies `a` (MxK, in the threads' registers as the warpgroup
    products' A fragments) by stage `stage` of `b` on the tensor cores and
    adds `acc` (MxN, f32). The stage holds `b` K-major, as NxK tiles, or,
    with `b_n_major`, N-major, as KxN tiles. The products are complete when
    the op returns: the stage may be released after it.

    ```mlir
    %s = tilegpu.register_staged_dot %q, %k[%stage], %zeros
      : !tile.tile<64x128xbf16>, !tilegpu.stages<2x64x128xbf16>
        -> !tile.tile<64x64xf32>
    %o = tilegpu.register_staged_dot %p, %v[%stage], %acc {b_n_major}
      : !tile.tile<64x64xbf16>, !tilegpu.stages<2x64x128xbf16>
        -> !tile.tile<64x128xf32>
    ```
  }];
  let arguments = (ins Tile_FloatTile:$a, TileGPU_Stages:$b, I32:$stage,
                       Tile_FloatTile:$acc, UnitAttr:$b_n_major);
  let results = (outs Tile_FloatTile:$result);
  let assemblyFormat = [{
    $a `,` $b `[` $stage `]` `,` $acc attr-dict `:` type($a) `,` type($b)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Operand copies by the tensor copy engine
//===----------------------------------------------------------------------===//

def TileGPU_BarrierAllocOp : TileGPU_Op<"barrier_alloc"> {
  let summary = "Place and initialize barriers in the program's shared memory";
  let description = [{
    The barriers start `offset` bytes into the program's shared memory (a
    multiple of 8), each expecting `arrivals` arrivals per phase. One thread
    initializes them; the op returns once every thread of the program can
    use them (a barrier of the program).

    ```mlir
    %full = tilegpu.barrier_alloc {offset = 98304, arrivals = 1}
      : !tilegpu.barriers<4>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$offset,
                       ConfinedAttr<I32Attr, [IntPositive]>:$arrivals);
  let results = (outs TileGPU_Barriers:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TileGPU_BarrierInvalOp : TileGPU_Op<"barrier_inval"> {
  let summary = "Invalidate barriers that no thread uses any more";
  let description = [{
    One thread invalidates every barrier of `barriers`, then every thread
    of the program meets (a barrier of the program). Their shared memory
    may then hold other data, or barriers initialized anew: a program that
    walks several pieces (TILE_PERSISTENT) runs tilegpu.barrier_alloc again
    for the next one, which the GPU allows only on invalidated barriers.
    Every wait and arrival on them, and every copy that completes on them,
    must come before it.

    ```mlir
    tilegpu.barrier_inval %full : !tilegpu.barriers<4>
    ```
  }];
  let arguments = (ins TileGPU_Barriers:$barriers);
  let assemblyFormat = "$barriers attr-dict `:` type($barriers)";
}

def TileGPU_BarrierWaitOp : TileGPU_Op<"barrier_wait"> {
  let summary = "Wait for a phase of one barrier to complete";
  let description = [{
    Every thread waits until the phase of barrier `index` whose parity is
    `parity` (0 or 1) has completed; a barrier's phases alternate in parity,
    starting at 0. What the arrivals and copies of that phase wrote is then
    visible to the thread. Waiting for parity 1 of a barrier that has
    completed no phase returns at once. With `copier`, only the thread that
    starts the program's tensor copies waits: what it waits for is a stage
    that the copies may overwrite.

    ```mlir
    tilegpu.barrier_wait %full[%stage], %parity : !tilegpu.barriers<4>
    tilegpu.barrier_wait %empty[%stage], %parity {copier} : !tilegpu.barriers<4>
    ```
  }];
  let arguments = (ins TileGPU_Barriers:$barriers, I32:$index, I32:$parity,
                       UnitAttr:$copier);
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $parity attr-dict `:` type($barriers)
  }];
}

def TileGPU_BarrierArriveOp : TileGPU_Op<"barrier_arrive"> {
  let summary = "Every warpgroup arrives at one barrier";
  let description = [{
    Each warpgroup of the program (128 threads) arrives once at barrier
    `index`, through its first thread, after that thread's earlier work. It
    releases what the warpgroup's products read: a warpgroup's products
    (tilegpu.staged_dot) complete together, so the first thread's wait for
    them covers the whole warpgroup's.

    ```mlir
    tilegpu.barrier_arrive %empty[%stage] : !tilegpu.barriers<4>
    ```
  }];
  let arguments = (ins TileGPU_Barriers:$barriers, I32:$index);
  let assemblyFormat = "$barriers `[` $index `]` attr-dict `:` type($barriers)";
}

def TileGPU_BarrierExpectOp : TileGPU_Op<"barrier_expect"> {
  let summary = "One thread arrives at a barrier, expecting copied bytes";
  let description = [{
    One thread of the program arrives at barrier `index` and adds `bytes`
    to the bytes that its phase waits for: those of the tensor copies that
    complete on it.

    ```mlir
    tilegpu.barrier_expect %full[%stage] {bytes = 24576} : !tilegpu.barriers<4>
    ```
  }];
  let arguments = (ins TileGPU_Barriers:$barriers, I32:$index,
                       ConfinedAttr<I64Attr, [IntPositive]>:$bytes);
  let assemblyFormat = "$barriers `[` $index `]` attr-dict `:` type($barriers)";
}

def TileGPU_CopyTensorOp : TileGPU_Op<"copy_tensor"> {
  let summary = "Copy a tile into one stage with the tensor copy engine";
  let description = [{
    One thread of the program starts the copy engine on the tile at tile
    coordinates `indices` (one per dimension of the view that `map`
    describes) of the stages' tile shape, into stage `stage`, in the order
    the tensor cores read it; its bytes complete on barrier `barrier`, and
    so does the copy. The stages' columns are the view's last dimension and
    its rows dimension `row_dim` (by default the one before); in a view of
    more dimensions, tiles have extent 1 in the others. Elements outside the
    tensor arrive as zeros. The map's box must be the stage's rows by its
    panel of up to 128 bytes of the contiguous dimension (wider tiles take
    one copy per panel), with extents of 1 elsewhere.

    ```mlir
    tilegpu.copy_tensor %map[%row, %step], %a[%stage], %full[%stage]
      : !tilegpu.stages<4x128x64xbf16>, !tilegpu.barriers<4>
    tilegpu.copy_tensor %map[%step, %head, %c0], %v[%stage], %full[%stage]
      {row_dim = 0} : !tilegpu.stages<2x64x128xbf16>, !tilegpu.barriers<2>
    ```
  }];
  let arguments = (ins TileGPU_TensorMap:$map, Variadic<I32>:$indices,
                       TileGPU_Stages:$stages, I32:$stage,
                       TileGPU_Barriers:$barriers, I32:$barrier,
                       OptionalAttr<I64Attr>:$row_dim);
  let extraClassDeclaration = [{
    /// The view dimension the stage's rows run along.
    int64_t getRowDimension() {
      return getRowDim() ? int64_t(*getRowDim()) : int64_t(getIndices().size()) - 2;
    }
  }];
  let assemblyFormat = [{
    $map `[` $indices `]` `,` $stages `[` $stage `]` `,`
    $barriers `[` $barrier `]` attr-dict `:` type($stages) `,`
    type($barriers)
  }];
  let hasVerifier = 1;
}

#endif // TILEGPU_IR_TILEGPUOPS_TD
