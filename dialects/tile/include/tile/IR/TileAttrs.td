//===- TileAttrs.td - Attributes of the tile dialect -------*- tablegen -*-===//

#ifndef TILE_IR_TILEATTRS_TD
#define TILE_IR_TILEATTRS_TD

include "tile/IR/TileDialect.td"
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
      I32EnumAttrCase<"min", 2>]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}
def Tile_ReduceKindAttr : EnumAttr<Tile_Dialect, Tile_ReduceKind, "reduce">;

#endif // TILE_IR_TILEATTRS_TD
