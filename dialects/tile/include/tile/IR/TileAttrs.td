//===- TileAttrs.td - Attributes of the tile dialect -------*- tablegen -*-===//

#ifndef TILE_IR_TILEATTRS_TD
#define TILE_IR_TILEATTRS_TD

include "tile/IR/TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Tile_CmpPredicate : I32EnumAttr<"CmpPredicate",
    "element-wise comparison predicate", [
      I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
      I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
      I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}
def Tile_CmpPredicateAttr : EnumAttr<Tile_Dialect, Tile_CmpPredicate, "cmp">;

def Tile_ReduceKind : I32EnumAttr<"ReduceKind", "reduction combiner", [
      I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>,
      I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"prod", 3>]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}
def Tile_ReduceKindAttr : EnumAttr<Tile_Dialect, Tile_ReduceKind, "reduce">;

def Tile_AtomicKind : I32EnumAttr<"AtomicKind", "atomic update", [
      I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"min", 1>,
      I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"And", 3, "and">,
      I32EnumAttrCase<"Or", 4, "or">, I32EnumAttrCase<"Xor", 5, "xor">]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}
def Tile_AtomicKindAttr : EnumAttr<Tile_Dialect, Tile_AtomicKind, "atomic">;

def Tile_LinearLayoutAttr : AttrDef<Tile_Dialect, "LinearLayout"> {
  let mnemonic = "layout";
  let summary = "Where a tile's elements live among a program's threads";
  let description = [{
    The GPU lowering gives every tile value a layout over the threads of its
    program. Tile dimensions are powers of two, so a row-major flat element
    index is a string of bits; the layout names, for every bit of a thread's
    register index, of its lane index (32 lanes) and of its warp index, the
    element index bit it sets, or -1 when that bit selects no element: the
    threads that differ only there hold the same elements (replicas).
    Every element bit is named exactly once.

    Element `e` is held in register `r` of lane `l` of warp `w` when
    `e = sum(2^registers[i] for the set bits i of r) + (same for l, w)`.

    ```mlir
    // 4 contiguous elements per thread, 128 threads cover 512 elements.
    #tile.layout<registers = [0, 1], lanes = [2, 3, 4, 5, 6], warps = [7, 8]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int32_t">:$registers,
                        ArrayRefParameter<"int32_t">:$lanes,
                        ArrayRefParameter<"int32_t">:$warps);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of element bits the layout places: log2 of the element
    /// count of the tiles it suits.
    int64_t getNumElementBits() const;
    /// Elements each thread holds.
    int64_t getElementsPerThread() const {
      return int64_t(1) << getRegisters().size();
    }
    /// Warps of the program.
    int64_t getNumWarps() const { return int64_t(1) << getWarps().size(); }
  }];
}

#endif // TILE_IR_TILEATTRS_TD
