//===- KernelTypes.cpp - Kernel-language types as tile types --------------===//

#include "KernelTypes.h"
#include "tile/IR/TileTypes.h"

#include "mlir/IR/Builders.h"
#include "clang/AST/DeclTemplate.h"

using namespace tile::frontend;

/// The record behind `type` when it is a class of namespace `tile`.
static const clang::CXXRecordDecl *kernelRecord(clang::QualType type) {
  const auto *record =
      type.getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!record)
    return nullptr;
  const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(
      record->getDeclContext()->getRedeclContext());
  if (!ns || ns->getName() != "tile" ||
      !ns->getParent()->getRedeclContext()->isTranslationUnit())
    return nullptr;
  return record;
}

mlir::Type tile::frontend::convertKernelType(mlir::MLIRContext &context,
                                             clang::QualType type) {
  mlir::Builder builder(&context);
  clang::QualType canonical =
      type.getCanonicalType().getNonReferenceType().getUnqualifiedType();
  if (const auto *builtin = canonical->getAs<clang::BuiltinType>()) {
    switch (builtin->getKind()) {
    case clang::BuiltinType::Float:
      return builder.getF32Type();
    case clang::BuiltinType::Double:
      return builder.getF64Type();
    // Unsigned scalars are signless too: arith computes on nothing else, and
    // the emitter picks the unsigned operations from the C++ type.
    case clang::BuiltinType::SChar:
    case clang::BuiltinType::UChar:
      return builder.getI8Type();
    case clang::BuiltinType::Short:
    case clang::BuiltinType::UShort:
      return builder.getI16Type();
    case clang::BuiltinType::Int:
    case clang::BuiltinType::UInt:
      return builder.getI32Type();
    case clang::BuiltinType::Long:
    case clang::BuiltinType::LongLong:
    case clang::BuiltinType::ULong:
    case clang::BuiltinType::ULongLong:
      return builder.getI64Type();
    case clang::BuiltinType::Bool:
      return builder.getI1Type();
    default:
      return {};
    }
  }
  const clang::CXXRecordDecl *record = kernelRecord(canonical);
  if (!record)
    return {};
  if (record->getName() == "f16")
    return builder.getF16Type();
  if (record->getName() == "bf16")
    return builder.getBF16Type();
  if (record->getName() == "f8e4m3")
    return builder.getType<mlir::Float8E4M3FNType>();
  if (record->getName() == "f8e5m2")
    return builder.getType<mlir::Float8E5M2Type>();

  const auto *spec =
      llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record);
  if (!spec)
    return {};
  const clang::TemplateArgumentList &args = spec->getTemplateArgs();
  if (args.size() < 2 || args[0].getKind() != clang::TemplateArgument::Type)
    return {};
  mlir::Type element = convertKernelType(context, args[0].getAsType());
  if (!element)
    return {};
  // Elements of tiles, views, pieces and atomic outputs keep their
  // signedness in the type: ui8 ... ui64.
  if (args[0].getAsType()->isUnsignedIntegerType() &&
      !args[0].getAsType()->isBooleanType())
    element = mlir::IntegerType::get(&context, element.getIntOrFloatBitWidth(),
                                     mlir::IntegerType::Unsigned);
  llvm::SmallVector<int64_t> values;
  for (unsigned i = 1; i < args.size(); ++i) {
    const clang::TemplateArgument &arg = args[i];
    if (arg.getKind() == clang::TemplateArgument::Integral) {
      values.push_back(arg.getAsIntegral().getSExtValue());
    } else if (arg.getKind() == clang::TemplateArgument::Pack) {
      for (const clang::TemplateArgument &packed : arg.pack_elements())
        if (packed.getKind() == clang::TemplateArgument::Integral)
          values.push_back(packed.getAsIntegral().getSExtValue());
    }
  }
  // Invalid shapes (rank 4, zero sizes) are reported by the type verifier.
  auto diagnose = [&] { return mlir::emitError(builder.getUnknownLoc()); };
  llvm::function_ref<mlir::InFlightDiagnostic()> emitError = diagnose;
  llvm::StringRef name = record->getName();
  if (name == "Tile")
    return mlir::tile::TileType::getChecked(
        emitError, llvm::ArrayRef<int64_t>(values), element);
  // `tile::Piece<const T, S...>` is an input piece.
  if (name == "Piece")
    return mlir::tile::PieceType::getChecked(
        emitError, &context, llvm::ArrayRef<int64_t>(values), element,
        args[0].getAsType().isConstQualified());
  if (name == "View" && values.size() == 1)
    return mlir::tile::ViewType::getChecked(
        emitError, &context, static_cast<unsigned>(values[0]), element);
  if (name == "Atomic" && values.size() == 1)
    return mlir::tile::AtomicType::getChecked(
        emitError, &context, static_cast<unsigned>(values[0]), element);
  return {};
}
