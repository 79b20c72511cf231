//===- TileTypes.td - Types of the tile dialect ------------*- tablegen -*-===//

#ifndef TILE_IR_TILETYPES_TD
#define TILE_IR_TILETYPES_TD

include "tile/IR/TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

/// Element types a tile, view or piece may hold.
/// Unsigned integers are `ui8`...`ui64` (the kernel's uint8_t...uint64_t):
/// the tile type carries the signedness, so that division, shifts,
/// comparisons, min and max, reductions, sorts, casts and atomics pick the
/// unsigned operation from the element type alone, and no op needs a flag
/// that a pass could drop. Scalars stay signless (arith takes no other), and
/// the frontend picks their unsigned operations from the C++ type.
def Tile_ElementType
    : AnyTypeOf<[F16, BF16, F32, F64, F8E4M3FN, F8E5M2, I1, I8, I16, I32,
                 I64, UI8, UI16, UI32, UI64],
                "f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, "
                "i64, ui8, ui16, ui32 or ui64">;
def Tile_FloatElementType : AnyTypeOf<[F16, BF16, F32, F64]>;

/// Tiles are values, like builtin vectors and tensors.
def Tile_ValueSemantics : NativeTypeTrait<"ValueSemantics"> {
  let cppNamespace = "::mlir";
}

class Tile_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_TileType : Tile_TypeDef<"Tile", "tile",
                                 [ShapedTypeInterface,
                                  Tile_ValueSemantics]> {
  let summary = "A value tile of static shape";
  let description = [{
    A tile is an immutable value of static shape, held by one program.
    Example: `!tile.tile<64x128xf32>`. The GPU lowering adds an encoding,
    the layout of the tile over the program's threads:
    `!tile.tile<512xf32, #tile.layout<...>>`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType,
                        "Attribute":$encoding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
                                        "Type":$elementType,
                                        CArg<"Attribute", "{}">:$encoding), [{
      return $_get(elementType.getContext(), shape, elementType, encoding);
    }]>,
    TypeBuilder<(ins "ArrayRef<int64_t>":$shape, "Type":$elementType,
                     CArg<"Attribute", "{}">:$encoding), [{
      return $_get($_ctxt, shape, elementType, encoding);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    /// Tiles are always ranked.
    bool hasRank() const { return true; }
    /// A tile of the same kind with another shape or element type; it keeps
    /// the encoding.
    TileType cloneWith(std::optional<ArrayRef<int64_t>> shape,
                       Type elementType) const;
    /// The same tile with another encoding (none when null).
    TileType withEncoding(Attribute encoding) const;
    /// The number of elements of the tile.
    int64_t getNumElements() const;
  }];
}

def Tile_ViewType : Tile_TypeDef<"View", "view"> {
  let summary = "A shared, read-only view of a tensor";
  let description = [{
    An input view gives every program read access to a whole tensor of
    dynamic shape; nothing can be stored through it.
    Example: `!tile.view<?x?xbf16>` is a view of rank 2.
  }];
  let parameters = (ins "unsigned":$rank, "Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Tile_PieceType : Tile_TypeDef<"Piece", "piece"> {
  let summary = "One disjoint piece of a partitioned tensor";
  let description = [{
    An output piece is the part of a mutable tensor that one program owns.
    The host partitions the tensor into pieces of this static shape, one per
    program along each axis; the piece at the tensor's ragged edge is
    partial and accesses to it are masked. An input piece (`input`) is a
    program's piece of a tensor it only reads: it gives the grid like an
    output piece, and nothing is stored into it.
    Example: `!tile.piece<128x64xf16>`, `!tile.piece<4096xi32, input>`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType,
                        DefaultValuedParameter<"bool", "false">:$input);
  let builders = [
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
                                        "Type":$elementType,
                                        CArg<"bool", "false">:$input), [{
      return $_get(elementType.getContext(), shape, elementType, input);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The tile type matching one whole piece.
    TileType getTileType() const;
    unsigned getRank() const { return getShape().size(); }
  }];
}

def Tile_AtomicType : Tile_TypeDef<"Atomic", "atomic"> {
  let summary = "A tensor that every program updates atomically";
  let description = [{
    An atomic output gives every program update access to a whole tensor of
    dynamic shape, only through element-wise atomic read-modify-write
    (`tile.atomic_update`); nothing reads it and nothing stores into it, so
    programs do not race on it.
    Example: `!tile.atomic<?xi32>` is an atomic output of rank 1.
  }];
  let parameters = (ins "unsigned":$rank, "Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Tile_AnyTile : Type<CPred<"::llvm::isa<::mlir::tile::TileType>($_self)">,
                        "tile", "::mlir::tile::TileType">;

class Tile_TileOf<list<Type> allowed>
    : Type<And<[Tile_AnyTile.predicate,
                SubstLeaves<"$_self",
                  "::llvm::cast<::mlir::tile::TileType>($_self).getElementType()",
                  AnyTypeOf<allowed>.predicate>]>,
           "tile of " # AnyTypeOf<allowed>.summary,
           "::mlir::tile::TileType">;

/// Tiles that arithmetic takes: the 8-bit floats are storage only, cast to
/// compute with.
def Tile_NumericTile
    : Tile_TileOf<[F16, BF16, F32, F64, I8, I16, I32, I64, UI8, UI16, UI32,
                   UI64]>;
def Tile_FloatTile : Tile_TileOf<[F16, BF16, F32, F64]>;
/// Operands of a matrix product: the numeric tiles and the 8-bit floats,
/// which the tensor cores multiply.
def Tile_DotOperandTile
    : Tile_TileOf<[F16, BF16, F32, F64, F8E4M3FN, F8E5M2, I8, I16, I32, I64,
                   UI8, UI16, UI32, UI64]>;
def Tile_IntTile
    : Tile_TileOf<[I8, I16, I32, I64, UI8, UI16, UI32, UI64]>;
def Tile_BoolTile : Tile_TileOf<[I1]>;
def Tile_BitTile
    : Tile_TileOf<[I1, I8, I16, I32, I64, UI8, UI16, UI32, UI64]>;
def Tile_View : Type<CPred<"::llvm::isa<::mlir::tile::ViewType>($_self)">,
                     "input view", "::mlir::tile::ViewType">;
def Tile_Piece : Type<CPred<"::llvm::isa<::mlir::tile::PieceType>($_self)">,
                      "piece", "::mlir::tile::PieceType">;
def Tile_Atomic : Type<CPred<"::llvm::isa<::mlir::tile::AtomicType>($_self)">,
                       "atomic output", "::mlir::tile::AtomicType">;
#endif // TILE_IR_TILETYPES_TD
