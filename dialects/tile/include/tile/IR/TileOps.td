//===- TileOps.td - Operations of the tile dialect ---------*- tablegen -*-===//

#ifndef TILE_IR_TILEOPS_TD
#define TILE_IR_TILEOPS_TD

include "tile/IR/TileDialect.td"
include "tile/IR/TileTypes.td"
include "tile/IR/TileAttrs.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

//===----------------------------------------------------------------------===//
// Grid queries
//===----------------------------------------------------------------------===//

class Tile_GridOp<string mnemonic> : Tile_Op<mnemonic, [Pure]> {
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative,
                                              IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def Tile_ProgramIdOp : Tile_GridOp<"program_id"> {
  let summary = "The index of this program along a grid axis";
  let description = [{
    Programs of a launch form a grid of up to three axes; axis `d` indexes
    the pieces of the partitioned outputs along their dimension `d`.

    ```mlir
    %pid = tile.program_id 0 : i32
    ```
  }];
}

def Tile_NumProgramsOp : Tile_GridOp<"num_programs"> {
  let summary = "The number of programs along a grid axis";
  let description = [{
    ```mlir
    %n = tile.num_programs 1 : i32
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Tensor queries
//===----------------------------------------------------------------------===//

def Tile_SizeOp : Tile_Op<"size", [Pure]> {
  let summary = "The extent of a tensor along one dimension";
  let description = [{
    The extent along dimension `dim` of the whole tensor behind a view, a
    piece or an atomic output (for a piece, the tensor it is a piece of,
    not the piece's static shape). It is a run-time value, the same for every
    program, and never negative.

    ```mlir
    %rows = tile.size %x, 0 : !tile.view<?x?xf32> -> i64
    %n = tile.size %out, 0 : !tile.piece<128xf32> -> i64
    ```
  }];
  let arguments = (ins AnyTypeOf<[Tile_View, Tile_Piece, Tile_Atomic]>:$tensor,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim);
  let results = (outs I64:$result);
  let assemblyFormat = [{
    $tensor `,` $dim attr-dict `:` type($tensor) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The rank of `type`, a view, piece or atomic output type.
    static unsigned tensorRank(Type type);
  }];
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def Tile_LoadOp : Tile_Op<"load", [MemoryEffects<[MemRead]>]> {
  let summary = "Load one tile of an input view, padded at its edges";
  let description = [{
    Loads the tile at tile coordinates `indices` of the view: element
    `(i0, i1, ...)` of the result is element
    `(indices[0] * shape[0] + i0, ...)` of the tensor. Elements outside the
    tensor read as `padding` (zero when absent), so a load never reads out of
    bounds.

    ```mlir
    %t = tile.load %x[%pid] : !tile.view<?xf32> -> !tile.tile<1024xf32>
    %u = tile.load %a[%i, %k] padding 0xFF800000 : !tile.view<?x?xf32>
           -> !tile.tile<64x64xf32>
    ```
  }];
  let arguments = (ins Tile_View:$view, Variadic<I32>:$indices,
                       OptionalAttr<TypedAttrInterface>:$padding);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $view `[` $indices `]` (`padding` $padding^)? attr-dict `:` type($view)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_LoadAtOp : Tile_Op<"load_at", [MemoryEffects<[MemRead]>]> {
  let summary = "Load a tile of an input view starting at any element";
  let description = [{
    Loads the tile whose first element is element `offsets` of the view:
    element `(i0, i1, ...)` of the result is element
    `(offsets[0] + i0, offsets[1] + i1, ...)` of the tensor. The offsets
    are any 64-bit integers, negative ones too, so that a stencil reads its
    neighbours; elements outside the tensor read as zero, so the load never
    reads out of bounds.

    ```mlir
    %t = tile.load_at %x[%r, %c] : !tile.view<?x?xf32> -> !tile.tile<16x64xf32>
    ```
  }];
  let arguments = (ins Tile_View:$view, Variadic<I64>:$offsets);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $view `[` $offsets `]` attr-dict `:` type($view) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_LoadScalarOp : Tile_Op<"load_scalar", [MemoryEffects<[MemRead]>]> {
  let summary = "Load one element of an input view, zero outside it";
  let description = [{
    Loads element `(indices[0], indices[1], ...)` of the view as a scalar of
    its element type. An element outside the tensor (an index negative or
    past its extent) reads as zero, so the indices may come from data, such
    as token ids, and the load still never reads out of bounds.

    ```mlir
    %id = tile.load_scalar %ids[%t] : !tile.view<?xi32> -> i32
    ```
  }];
  let arguments = (ins Tile_View:$view, Variadic<I32>:$indices);
  let results = (outs AnyTypeOf<[F16, BF16, F32, F64, I1, I8, I16, I32, I64]>:$result);
  let assemblyFormat = [{
    $view `[` $indices `]` attr-dict `:` type($view) `->` type($result)
  }];
  let hasVerifier = 1;
}

// No declared memory effects: a prefetch changes no value, so an op that
// only reads would be erased as dead (memref.prefetch does the same).
def Tile_PrefetchOp : Tile_Op<"prefetch"> {
  let summary = "Start bringing one tile of an input view into the L2 cache";
  let description = [{
    A hint that the tile of shape `shape` at tile coordinates `indices` of
    the view will be loaded soon: the GPU starts fetching it into the L2
    cache without holding registers for it, so that a kernel can have far
    more bytes in flight than its loads alone would. It changes no value;
    parts of the tile outside the tensor are not fetched. The tile is
    addressed as `tile.load` addresses it, and its shape need not be a power
    of two.

    ```mlir
    tile.prefetch %x[%row, %c0] shape [1, 4096] : !tile.view<?x?xbf16>
    ```
  }];
  let arguments = (ins Tile_View:$view, Variadic<I32>:$indices,
                       DenseI64ArrayAttr:$shape);
  let assemblyFormat = [{
    $view `[` $indices `]` `shape` $shape attr-dict `:` type($view)
  }];
  let hasVerifier = 1;
}

def Tile_LoadPieceOp : Tile_Op<"load_piece", [MemoryEffects<[MemRead]>]> {
  let summary = "Read this program's own piece";
  let description = [{
    Reads the current contents of the program's piece: an input piece, or
    an output piece for in-place updates. Elements past the tensor's edge
    read as zero.

    ```mlir
    %y = tile.load_piece %out : !tile.piece<1024xf32> -> !tile.tile<1024xf32>
    ```
  }];
  let arguments = (ins Tile_Piece:$piece);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$piece attr-dict `:` type($piece) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [MemoryEffects<[MemWrite]>]> {
  let summary = "Store a tile into this program's output piece";
  let description = [{
    Writes the whole piece; elements that fall past the tensor's edge are
    dropped. The tile must have exactly the piece's shape and element type.

    ```mlir
    tile.store %t, %out : !tile.tile<1024xf32>, !tile.piece<1024xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$value, Tile_Piece:$piece);
  let assemblyFormat = [{
    $value `,` $piece attr-dict `:` type($value) `,` type($piece)
  }];
  let hasVerifier = 1;
}

def Tile_StoreAtOp : Tile_Op<"store_at", [MemoryEffects<[MemWrite]>]> {
  let summary = "Store a sub-tile at a tile index inside the output piece";
  let description = [{
    Writes the tile as the sub-tile at tile index `indices` of the program's
    piece: element `(k0, k1, ...)` of the tile becomes element
    `(indices[0] * shape[0] + k0, ...)` of the piece. Each dimension of the
    tile divides the piece's, and each index lies in
    `[0, piece_shape[d] / shape[d])`: the frontend proves it, or the store
    sits in an unsafe scope. Elements past the tensor's edge are dropped.

    ```mlir
    tile.store_at %row, %out[%r, %c0] : !tile.tile<1x64xf32>,
        !tile.piece<4x64xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$value, Tile_Piece:$piece,
                       Variadic<I32>:$indices);
  let assemblyFormat = [{
    $value `,` $piece `[` $indices `]` attr-dict `:` type($value) `,`
    type($piece)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicUpdateOp : Tile_Op<"atomic_update",
    [MemoryEffects<[MemWrite]>, AttrSizedOperandSegments]> {
  let summary = "Atomic read-modify-write of the elements of an atomic output";
  let description = [{
    For every element `i` of `values` where `mask` holds (every element
    when there is no mask), combines `values[i]` into element
    `(indices[0][i], indices[1][i], ...)` of the atomic output, atomically.
    Elements whose indices lie outside the tensor are dropped. `add` wraps
    integers; `min` and `max` of floats are NaN if either side is; `and`,
    `or` and `xor` take integers only. The updates of different programs
    may land in any order: only the rounding of float sums depends on it.

    ```mlir
    tile.atomic_update add %hist[%bins], %ones if %valid
        : !tile.atomic<?xi32>[!tile.tile<1024xi32>], !tile.tile<1024xi32>,
          !tile.tile<1024xi1>
    ```
  }];
  let arguments = (ins Tile_AtomicKindAttr:$kind, Tile_Atomic:$target,
                       Variadic<Tile_IntTile>:$indices,
                       Tile_NumericTile:$values, Optional<Tile_BoolTile>:$mask);
  let assemblyFormat = [{
    $kind $target `[` $indices `]` `,` $values (`if` $mask^)? attr-dict `:`
    type($target) `[` type($indices) `]` `,` type($values)
    (`,` type($mask)^)?
  }];
  let hasVerifier = 1;
}

def Tile_ScatterOp : Tile_Op<"scatter",
    [MemoryEffects<[MemWrite]>, AttrSizedOperandSegments]> {
  let summary = "Store the elements of a tile where index tiles say, inside "
                "the program's output piece";
  let description = [{
    For every element `i` of `values` where `mask` holds (every element
    when there is no mask), writes `values[i]` to element
    `(indices[0][i], indices[1][i], ...)` of the program's piece. Elements
    whose indices fall outside the piece, or past the tensor's edge, are
    dropped: this is the check the compiler inserts for a store whose
    indices come from data. Where several elements name one piece element,
    the last of them in row-major order wins. The piece holds at most
    16384 elements, which the GPU lowering settles in shared memory.

    ```mlir
    tile.scatter %out[%slot], %kept if %keep
        : !tile.piece<1024xf32>[!tile.tile<1024xi32>], !tile.tile<1024xf32>,
          !tile.tile<1024xi1>
    ```
  }];
  let arguments = (ins Tile_Piece:$piece, Variadic<Tile_IntTile>:$indices,
                       Tile_AnyTile:$values, Optional<Tile_BoolTile>:$mask);
  let assemblyFormat = [{
    $piece `[` $indices `]` `,` $values (`if` $mask^)? attr-dict `:`
    type($piece) `[` type($indices) `]` `,` type($values)
    (`,` type($mask)^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The most elements a piece that is scattered into may have.
    static constexpr int64_t kMaxPieceElements = 16384;
  }];
}

//===----------------------------------------------------------------------===//
// Tile creation
//===----------------------------------------------------------------------===//

def Tile_ConstantOp : Tile_Op<"constant", [ConstantLike, Pure]> {
  let summary = "A constant tile";
  let description = [{
    The value is a dense elements attribute of the tile's shape and element
    type.

    ```mlir
    %one = tile.constant dense<1.0> : !tile.tile<128xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Tile_AnyTile:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "TileType":$type, "Attribute":$scalar)>];
}

def Tile_SplatOp : Tile_Op<"splat", [Pure]> {
  let summary = "A tile whose every element is one scalar";
  let description = [{
    ```mlir
    %a = tile.splat %s : f32 -> !tile.tile<1024xf32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[F16, BF16, F32, F64, I1, I8, I16, I32, I64]>:$input);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ItemOp : Tile_Op<"item", [Pure]> {
  let summary = "The one element of a one-element tile, as a scalar";
  let description = [{
    Every thread holds the element, so the scalar is the same in all of
    them, as a program's scalars are.
    ```mlir
    %s = tile.item %t : !tile.tile<1x1xf32> -> f32
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input);
  let results = (outs AnyTypeOf<[F16, BF16, F32, F64, I1, I8, I16, I32, I64]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_IotaOp : Tile_Op<"iota", [Pure]> {
  let summary = "The one-dimensional tile 0, 1, 2, ...";
  let description = [{
    ```mlir
    %i = tile.iota : !tile.tile<128xi32>
    ```
  }];
  let results = (outs Tile_IntTile:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Element-wise arithmetic and math
//===----------------------------------------------------------------------===//

class Tile_BinaryOp<string mnemonic, Type operandType,
                    list<Trait> traits = []>
    : Tile_Op<mnemonic, !listconcat(traits, [Pure, SameOperandsAndResultType,
                                             Elementwise])> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs operandType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let description = [{
    Element-wise on two tiles of the same type; integers are signed.

    ```mlir
    %c = tile.}] # mnemonic # [{ %a, %b : !tile.tile<1024xf32>
    ```
  }];
}

def Tile_AddOp : Tile_BinaryOp<"add", Tile_NumericTile, [Commutative]> {
  let summary = "Element-wise addition";
  let hasFolder = 1;
}
def Tile_SubOp : Tile_BinaryOp<"sub", Tile_NumericTile> {
  let summary = "Element-wise subtraction";
  let hasFolder = 1;
}
def Tile_MulOp : Tile_BinaryOp<"mul", Tile_NumericTile, [Commutative]> {
  let summary = "Element-wise multiplication";
  let hasFolder = 1;
}
def Tile_DivOp : Tile_BinaryOp<"div", Tile_NumericTile> {
  let summary = "Element-wise division (truncating for integers)";
  let hasFolder = 1;
}
def Tile_RemOp : Tile_BinaryOp<"rem", Tile_NumericTile> {
  let summary = "Element-wise remainder, with the sign of the dividend";
}
def Tile_MaxOp : Tile_BinaryOp<"max", Tile_NumericTile, [Commutative]> {
  let summary = "Element-wise maximum (NaN if either is NaN)";
}
def Tile_MinOp : Tile_BinaryOp<"min", Tile_NumericTile, [Commutative]> {
  let summary = "Element-wise minimum (NaN if either is NaN)";
}
def Tile_PowOp : Tile_BinaryOp<"pow", Tile_FloatTile> {
  let summary = "Element-wise lhs raised to the power rhs";
}
def Tile_Atan2Op : Tile_BinaryOp<"atan2", Tile_FloatTile> {
  let summary = "Element-wise arc tangent of lhs / rhs, in (-pi, pi]";
}
def Tile_AndOp : Tile_BinaryOp<"and", Tile_BitTile, [Commutative]> {
  let summary = "Element-wise bitwise and; the logical and of bool tiles";
  let hasFolder = 1;
}
def Tile_OrOp : Tile_BinaryOp<"or", Tile_BitTile, [Commutative]> {
  let summary = "Element-wise bitwise or; the logical or of bool tiles";
  let hasFolder = 1;
}
def Tile_XorOp : Tile_BinaryOp<"xor", Tile_BitTile, [Commutative]> {
  let summary = "Element-wise exclusive or";
  let hasFolder = 1;
}
def Tile_ShlOp : Tile_BinaryOp<"shl", Tile_IntTile> {
  let summary = "Element-wise shift left; a count outside [0, bits) gives 0";
  let hasFolder = 1;
}
def Tile_ShrOp : Tile_BinaryOp<"shr", Tile_IntTile> {
  let summary = "Element-wise arithmetic shift right; a count outside "
                "[0, bits) leaves the sign (0 or -1)";
  let hasFolder = 1;
}

class Tile_UnaryOp<string mnemonic, Type operandType>
    : Tile_Op<mnemonic, [Pure, SameOperandsAndResultType, Elementwise]> {
  let arguments = (ins operandType:$input);
  let results = (outs operandType:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
  let description = [{
    Element-wise on one tile; f16 and bf16 are computed in f32 and rounded.

    ```mlir
    %r = tile.}] # mnemonic # [{ %x : !tile.tile<1024xf32>
    ```
  }];
}

def Tile_NegOp : Tile_UnaryOp<"neg", Tile_NumericTile> {
  let summary = "Element-wise negation";
  let hasFolder = 1;
}
def Tile_AbsOp : Tile_UnaryOp<"abs", Tile_NumericTile> {
  let summary = "Element-wise absolute value";
}
def Tile_ExpOp : Tile_UnaryOp<"exp", Tile_FloatTile> {
  let summary = "Element-wise e^x";
}
def Tile_Exp2Op : Tile_UnaryOp<"exp2", Tile_FloatTile> {
  let summary = "Element-wise 2^x";
}
def Tile_LogOp : Tile_UnaryOp<"log", Tile_FloatTile> {
  let summary = "Element-wise natural logarithm";
}
def Tile_SqrtOp : Tile_UnaryOp<"sqrt", Tile_FloatTile> {
  let summary = "Element-wise square root";
}
def Tile_RsqrtOp : Tile_UnaryOp<"rsqrt", Tile_FloatTile> {
  let summary = "Element-wise reciprocal square root";
}
def Tile_TanhOp : Tile_UnaryOp<"tanh", Tile_FloatTile> {
  let summary = "Element-wise hyperbolic tangent";
}
def Tile_SinOp : Tile_UnaryOp<"sin", Tile_FloatTile> {
  let summary = "Element-wise sine";
}
def Tile_CosOp : Tile_UnaryOp<"cos", Tile_FloatTile> {
  let summary = "Element-wise cosine";
}
def Tile_FloorOp : Tile_UnaryOp<"floor", Tile_FloatTile> {
  let summary = "Element-wise largest integer not above x";
}
def Tile_CeilOp : Tile_UnaryOp<"ceil", Tile_FloatTile> {
  let summary = "Element-wise smallest integer not below x";
}
def Tile_RoundOp : Tile_UnaryOp<"round", Tile_FloatTile> {
  let summary = "Element-wise nearest integer, halfway cases away from zero";
}
def Tile_TruncOp : Tile_UnaryOp<"trunc", Tile_FloatTile> {
  let summary = "Element-wise integer part (rounded toward zero)";
}
def Tile_Log2Op : Tile_UnaryOp<"log2", Tile_FloatTile> {
  let summary = "Element-wise base-2 logarithm";
}
def Tile_TanOp : Tile_UnaryOp<"tan", Tile_FloatTile> {
  let summary = "Element-wise tangent";
}
def Tile_SinhOp : Tile_UnaryOp<"sinh", Tile_FloatTile> {
  let summary = "Element-wise hyperbolic sine";
}
def Tile_CoshOp : Tile_UnaryOp<"cosh", Tile_FloatTile> {
  let summary = "Element-wise hyperbolic cosine";
}
def Tile_ErfOp : Tile_UnaryOp<"erf", Tile_FloatTile> {
  let summary = "Element-wise error function";
}
def Tile_NotOp : Tile_UnaryOp<"not", Tile_BitTile> {
  let summary = "Element-wise complement; the negation of bool tiles";
  let hasFolder = 1;
}

def Tile_FmaOp : Tile_Op<"fma", [Pure, SameOperandsAndResultType,
                                  Elementwise]> {
  let summary = "Element-wise fused multiply-add a * b + c";
  let description = [{
    Rounded once, as C's `fma`.

    ```mlir
    %r = tile.fma %a, %b, %c : !tile.tile<1024xf32>
    ```
  }];
  let arguments = (ins Tile_FloatTile:$a, Tile_FloatTile:$b,
                       Tile_FloatTile:$c);
  let results = (outs Tile_FloatTile:$result);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($result)";
}

def Tile_CmpOp : Tile_Op<"cmp", [Pure, Elementwise,
                                  AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Element-wise comparison";
  let description = [{
    Compares two tiles of one type; floats compare ordered (false on NaN,
    `ne` true on NaN), integers signed. The result is a tile of i1.

    ```mlir
    %m = tile.cmp lt, %a, %b : !tile.tile<1024xf32> -> !tile.tile<1024xi1>
    ```
  }];
  let arguments = (ins Tile_CmpPredicateAttr:$predicate,
                       Tile_NumericTile:$lhs, Tile_NumericTile:$rhs);
  let results = (outs Tile_BoolTile:$result);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SelectOp : Tile_Op<"select", [Pure, Elementwise,
                                        AllTypesMatch<["trueValue",
                                                       "falseValue",
                                                       "result"]>]> {
  let summary = "Element-wise choice between two tiles";
  let description = [{
    ```mlir
    %r = tile.select %m, %a, %b : !tile.tile<1024xi1>, !tile.tile<1024xf32>
    ```
  }];
  let arguments = (ins Tile_BoolTile:$condition, Tile_AnyTile:$trueValue,
                       Tile_AnyTile:$falseValue);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $condition `,` $trueValue `,` $falseValue attr-dict `:`
    type($condition) `,` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_CastOp : Tile_Op<"cast", [Pure, Elementwise]> {
  let summary = "Element-wise conversion to another element type";
  let description = [{
    Floats round to nearest even; float to integer truncates toward zero and
    saturates; i1 converts to 0 or 1.

    ```mlir
    %h = tile.cast %x : !tile.tile<1024xf32> to !tile.tile<1024xbf16>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_BitcastOp : Tile_Op<"bitcast", [Pure, Elementwise]> {
  let summary = "Element-wise reinterpretation of the bits as another type";
  let description = [{
    Between element types of one width other than i1: f32 and i32, f16 and
    bf16. The bits do not change.

    ```mlir
    %bits = tile.bitcast %x : !tile.tile<1024xf32> to !tile.tile<1024xi32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Shape
//===----------------------------------------------------------------------===//

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure]> {
  let summary = "Repeat a tile along its dimensions of size one";
  let description = [{
    The result has the input's rank and element type; each input dimension
    is either equal to the result's or 1.

    ```mlir
    %b = tile.broadcast %r : !tile.tile<64x1xf32> to !tile.tile<64x128xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ReshapeOp : Tile_Op<"reshape", [Pure]> {
  let summary = "Reinterpret a tile's elements under another shape";
  let description = [{
    Row-major order is kept; the element count and type must not change.

    ```mlir
    %r = tile.reshape %t : !tile.tile<64x2xf32> to !tile.tile<128xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_PermuteOp : Tile_Op<"permute", [Pure]> {
  let summary = "Reorder a tile's dimensions";
  let description = [{
    Result dimension `i` is input dimension `permutation[i]`.

    ```mlir
    %t = tile.permute %x [1, 0] : !tile.tile<64x128xf32>
           to !tile.tile<128x64xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $input $permutation attr-dict `:` type($input) `to` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

/// The fill of a pad or a shift: a scalar of any element type but the 8-bit
/// floats, which kernels have no scalars of.
def Tile_FillType : AnyTypeOf<[F16, BF16, F32, F64, I1, I8, I16, I32, I64]>;

def Tile_CatOp : Tile_Op<"cat", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Join two tiles of one type along an axis";
  let description = [{
    The result is twice as long along `axis`: `lhs` then `rhs`.

    ```mlir
    %j = tile.cat %a, %b {axis = 1 : i32} : !tile.tile<8x32xf32>
           to !tile.tile<8x64xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$lhs, Tile_AnyTile:$rhs, I32Attr:$axis);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `to` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SliceOp : Tile_Op<"slice", [Pure]> {
  let summary = "The tile at element offsets of another, zero outside it";
  let description = [{
    Element `(j0, j1, ...)` of the result is element
    `(offsets[0] + j0, offsets[1] + j1, ...)` of the input, or zero where
    that lies outside the input. The offsets are any 64-bit integers; the
    result may be larger than the input.

    ```mlir
    %w = tile.slice %t[%r, %c] : !tile.tile<32x64xf32> to !tile.tile<8x16xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input, Variadic<I64>:$offsets);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $input `[` $offsets `]` attr-dict `:` type($input) `to` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_PadOp : Tile_Op<"pad", [Pure]> {
  let summary = "A tile at the origin of a larger one, filled elsewhere";
  let description = [{
    Each result dimension is at least the input's; elements past the input
    are `fill`, a scalar of the element type.

    ```mlir
    %p = tile.pad %t, %zero : !tile.tile<8x48xf32>, f32 to !tile.tile<8x64xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input, Tile_FillType:$fill);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $input `,` $fill attr-dict `:` type($input) `,` type($fill) `to`
    type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ShiftOp : Tile_Op<"shift", [Pure,
                                      AllTypesMatch<["input", "result"]>]> {
  let summary = "Move a tile's elements along an axis, filling behind";
  let description = [{
    Element `i` along `axis` of the result is element `i - amount` of the
    input, or `fill` (a scalar of the element type) where that lies
    outside. `amount` is any 64-bit integer.

    ```mlir
    %l = tile.shift %t, %k, %zero {axis = 1 : i32} : !tile.tile<8x64xf32>, f32
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input, I64:$amount, Tile_FillType:$fill,
                       I32Attr:$axis);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $input `,` $amount `,` $fill attr-dict `:` type($input) `,` type($fill)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_RollOp : Tile_Op<"roll", [Pure,
                                    AllTypesMatch<["input", "result"]>]> {
  let summary = "Rotate a tile's elements along an axis";
  let description = [{
    Element `i` along `axis` of the result is element `(i - amount)` modulo
    the extent of the input, as torch.roll; `amount` is any 64-bit integer.

    ```mlir
    %r = tile.roll %t, %k {axis = 0 : i32} : !tile.tile<64xi32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input, I64:$amount, I32Attr:$axis);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$input `,` $amount attr-dict `:` type($input)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ConvertLayoutOp : Tile_Op<"convert_layout", [Pure]> {
  let summary = "Move a tile's elements to another thread layout";
  let description = [{
    Only the encoding changes: the GPU lowering inserts this op where a
    value computed in one layout is needed in another, and moves the
    elements between threads (through shared memory).

    ```mlir
    %b = tile.convert_layout %a : !tile.tile<512xf32, #tile.layout<...>>
           to !tile.tile<512xf32, #tile.layout<...>>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and products
//===----------------------------------------------------------------------===//

def Tile_ReduceOp : Tile_Op<"reduce", [Pure]> {
  let summary = "Reduce a tile along one axis";
  let description = [{
    The reduced axis is kept with size 1, so the result has the input's rank.

    ```mlir
    %s = tile.reduce sum %x {axis = 1 : i32} : !tile.tile<64x128xf32>
           to !tile.tile<64x1xf32>
    ```
  }];
  let arguments = (ins Tile_ReduceKindAttr:$kind, Tile_NumericTile:$input,
                       I32Attr:$axis);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $kind $input attr-dict `:` type($input) `to` type($result)
  }];
  let hasVerifier = 1;
}

class Tile_ArgExtremeOp<string mnemonic, string which>
    : Tile_Op<mnemonic, [Pure]> {
  let summary = "Index of the " # which # " element along one axis";
  let arguments = (ins Tile_NumericTile:$input, I32Attr:$axis);
  let results = (outs Tile_IntTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
}

def Tile_SortOp : Tile_Op<"sort", [Pure, AllTypesMatch<["input", "sorted"]>]> {
  let summary = "Sort a tile along one axis, with each element's old place";
  let description = [{
    Sorts every line of the tile along `axis` in ascending order, stably:
    equal elements keep their order, and NaN counts as larger than any
    number (NaNs last). `sorted` holds the sorted elements, `indices` the
    index along the axis each came from (i32). The tile holds at most 4096
    elements, which the GPU sorts in shared memory.

    ```mlir
    %s, %i = tile.sort %x {axis = 1 : i32} : !tile.tile<4x256xf32>
               -> !tile.tile<4x256xi32>
    ```
  }];
  let arguments = (ins Tile_NumericTile:$input, I32Attr:$axis);
  let results = (outs Tile_NumericTile:$sorted, Tile_IntTile:$indices);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($indices)
  }];
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "Value":$input, "int32_t":$axis)>];
  let extraClassDeclaration = [{
    /// The most elements a sorted tile may have.
    static constexpr int64_t kMaxElements = 4096;
  }];
}

def Tile_HistogramOp : Tile_Op<"histogram", [Pure]> {
  let summary = "Count a tile's integer values into bins";
  let description = [{
    Element `b` of the result, a one-dimensional i32 tile of as many
    elements as there are bins, is how many elements of `values` equal `b`,
    among those where `mask` holds (every element without one). Values
    outside [0, bins) count nowhere. At most 16384 bins, which the GPU
    counts in shared memory.

    ```mlir
    %counts = tile.histogram %x : <4096xi32> -> <256xi32>
    %some = tile.histogram %x if %m : <4096xi32>, <4096xi1> -> <256xi32>
    ```
  }];
  let arguments = (ins Tile_IntTile:$values, Optional<Tile_BoolTile>:$mask);
  let results = (outs Tile_IntTile:$result);
  let assemblyFormat = [{
    $values (`if` $mask^)? attr-dict `:` type($values) (`,` type($mask)^)?
    `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The most bins a histogram may have.
    static constexpr int64_t kMaxBins = 16384;
  }];
}

def Tile_ArgMaxOp : Tile_ArgExtremeOp<"argmax", "largest"> {
  let description = [{
    The first index wins ties, and NaN counts as larger than any number;
    the reduced axis is kept with size 1.

    ```mlir
    %i = tile.argmax %x {axis = 0 : i32} : !tile.tile<1024xf32>
           to !tile.tile<1xi32>
    ```
  }];
}

def Tile_ArgMinOp : Tile_ArgExtremeOp<"argmin", "smallest"> {
  let description = [{
    The first index wins ties, and NaN counts as smaller than any number;
    the reduced axis is kept with size 1.

    ```mlir
    %i = tile.argmin %x {axis = 1 : i32} : !tile.tile<4x1024xf32>
           to !tile.tile<4x1xi32>
    ```
  }];
}

def Tile_ScanOp : Tile_Op<"scan", [Pure, SameOperandsAndResultType]> {
  let summary = "Prefix scan of a tile along one axis";
  let description = [{
    Element `i` along `axis` of the result combines the input's elements
    `0` to `i` along that axis (inclusive), or `0` to `i - 1` with
    `exclusive` (sum only: the first element is then zero). The combiners
    are those of `tile.reduce`; f16 and bf16 combine in f32 and round each
    result once.

    ```mlir
    %c = tile.scan sum %x {axis = 1 : i32} : !tile.tile<4x1024xf32>
    %e = tile.scan sum %n {axis = 0 : i32, exclusive} : !tile.tile<64xi32>
    ```
  }];
  let arguments = (ins Tile_ReduceKindAttr:$kind, Tile_NumericTile:$input,
                       I32Attr:$axis, UnitAttr:$exclusive);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = "$kind $input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Tile_ReduceWithOp : Tile_Op<"reduce_with", [Pure]> {
  let summary = "Reduce a tile along one axis with a combiner region";
  let description = [{
    The combiner takes two elements and yields one; it computes with
    scalars only (no memory, no tiles). The GPU combines the elements in a
    tree, so the combiner must be associative and commutative, as the
    built-in kinds of `tile.reduce` are. The reduced axis is kept with size
    1.

    ```mlir
    %m = tile.reduce_with %x {axis = 1 : i32} : !tile.tile<64x128xi32>
           to !tile.tile<64x1xi32> {
    ^bb0(%a: i32, %b: i32):
      %c = arith.ori %a, %b : i32
      tile.yield %c : i32
    }
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input, I32Attr:$axis);
  let results = (outs Tile_AnyTile:$result);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `to` type($result) $combiner
  }];
  let hasVerifier = 1;
}

def Tile_ScanWithOp : Tile_Op<"scan_with", [Pure, SameOperandsAndResultType]> {
  let summary = "Inclusive scan of a tile along one axis with a combiner";
  let description = [{
    Element `i` along `axis` combines the input's elements `0` to `i` with
    the combiner region, which `tile.reduce_with` describes.

    ```mlir
    %c = tile.scan_with %x {axis = 0 : i32} : !tile.tile<64xi64> {
    ^bb0(%a: i64, %b: i64):
      %c = arith.maxsi %a, %b : i64
      tile.yield %c : i64
    }
    ```
  }];
  let arguments = (ins Tile_AnyTile:$input, I32Attr:$axis);
  let results = (outs Tile_AnyTile:$result);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = "$input attr-dict `:` type($input) $combiner";
  let hasVerifier = 1;
}

def Tile_YieldOp : Tile_Op<"yield", [Pure, Terminator,
    ParentOneOf<["ReduceWithOp", "ScanWithOp"]>]> {
  let summary = "The value a combiner region combines its two elements into";
  let arguments = (ins AnyType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def Tile_AssertOp : Tile_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "Stop the program where a scalar condition does not hold";
  let description = [{
    From TILE_ASSERT: `text` is the condition as written, `message` the
    author's. Where `condition` is false, the program reports them and
    stops: no code after the assertion runs. Its memory effect keeps it in
    place among loads and stores.

    ```mlir
    tile.assert %ok, "row < 16", "rows come from the routing table"
    ```
  }];
  let arguments = (ins I1:$condition, StrAttr:$text, StrAttr:$message);
  let assemblyFormat = "$condition `,` $text `,` $message attr-dict";
}

def Tile_PrintOp : Tile_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "Print a scalar with a label, once per program";
  let description = [{
    From tile::print: one line `label value (program x, y, z)` per program
    that reaches it; integers in decimal, floats as printf's %g. With
    `is_unsigned` the (signless) integer prints as an unsigned number, as
    a uint64_t does. Its memory effect keeps it in place.

    ```mlir
    tile.print "largest" %m : f32
    tile.print "hash" %h {is_unsigned} : i64
    ```
  }];
  let arguments = (ins StrAttr:$label,
                       AnyTypeOf<[F16, BF16, F32, F64, I1, I8, I16, I32, I64]>:$value,
                       UnitAttr:$is_unsigned);
  let assemblyFormat = "$label $value attr-dict `:` type($value)";
}

def Tile_DotOp : Tile_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "Tile matrix product with accumulator: a x b + acc";
  let description = [{
    `a` is MxK, `b` is KxN, `acc` and the result MxN; `a` and `b` share an
    element type, the accumulator may be wider. 8-bit float operands
    accumulate into f32.

    ```mlir
    %c = tile.dot %a, %b, %acc : !tile.tile<64x32xf16>, !tile.tile<32x128xf16>
           -> !tile.tile<64x128xf32>
    %d = tile.dot %x, %y, %sums : !tile.tile<64x64xi8>, !tile.tile<64x64xi8>
           -> !tile.tile<64x64xi32>
    ```
  }];
  let arguments = (ins Tile_DotOperandTile:$a, Tile_DotOperandTile:$b,
                       Tile_NumericTile:$acc);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TILE_IR_TILEOPS_TD
