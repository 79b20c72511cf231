//===- TileDialect.td - The tile dialect -------------------*- tablegen -*-===//
//
// The tile dialect: single-threaded tile programs over disjoint output pieces
// and shared read-only input views.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_IR_TILEDIALECT_TD
#define TILE_IR_TILEDIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::mlir::tile";
  let summary = "Single-threaded tile programs with proven ownership";
  let description = [{
    A tile program is a kernel written as if one thread ran it per program of
    a grid. It reads shared input views (`!tile.view`), computes on tiles of
    static shape (`!tile.tile`) and writes only into its own output piece
    (`!tile.piece`), one disjoint part of a tensor partitioned by the host.
    The frontend proves that every write lands inside the program's piece, so
    programs of one launch never race.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    /// Registers the types, which are defined in TileTypes.cpp.
    void registerTypes();
  }];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TILE_IR_TILEDIALECT_TD
