//===- LauncherHeader.cpp - Typed launchers for a kernel file -------------===//
//
// The header names each kernel's parameters with the kernel language's own
// types (tile::Piece<float, 2048>, tile::Piece<const float, 2048>,
// tile::View<float, 1>, tile::Atomic<float, 1>, float), so that the
// runtime's TypedKernel checks calls at compile time; everything else it
// needs at run time (the cache key, the embedded entry) is data that
// tile/runtime/Launcher.h reads.
//
//===----------------------------------------------------------------------===//

#include "LauncherHeader.h"

#include "tile/Driver/Compiler.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile::driver;
using tile::formats::EntryRecord;
using tile::formats::KernelRecord;
using tile::formats::ParamKind;
using tile::formats::ParamRecord;

/// The C++ element type of `dtype`, as the kernel language spells it.
static std::optional<llvm::StringRef> elementType(llvm::StringRef dtype) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(dtype)
      .Case("f32", "float")
      .Case("f64", "double")
      .Case("f16", "::tile::f16")
      .Case("bf16", "::tile::bf16")
      .Case("f8e4m3", "::tile::f8e4m3")
      .Case("f8e5m2", "::tile::f8e5m2")
      .Case("i1", "bool")
      .Case("i8", "std::int8_t")
      .Case("i16", "std::int16_t")
      .Case("i32", "std::int32_t")
      .Case("i64", "std::int64_t")
      .Case("u8", "std::uint8_t")
      .Case("u16", "std::uint16_t")
      .Case("u32", "std::uint32_t")
      .Case("u64", "std::uint64_t")
      .Default(std::nullopt);
}

static bool isIdentifier(llvm::StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// Whether `name` is a function's name, with template arguments as Clang
/// prints them: "saxpy<2048>", "cast<tile::bf16, 64>". Nothing else of the
/// metadata goes into the header's code unchecked.
static bool isKernelName(llvm::StringRef name) {
  auto [function, arguments] = name.split('<');
  if (!isIdentifier(function))
    return false;
  if (arguments.empty())
    return !name.contains('<');
  return arguments.ends_with(">") && llvm::all_of(arguments, [](char c) {
           return llvm::isAlnum(c) || llvm::StringRef("_:<>, .+-").contains(c);
         });
}

/// One kernel parameter: its C++ type and a few words for the comment.
struct Param {
  std::string name, type, description;
};

static llvm::Expected<Param> describeParam(const ParamRecord &param,
                                           llvm::StringRef kernel) {
  std::optional<llvm::StringRef> element = elementType(param.dtype);
  if (!element)
    return llvm::createStringError("a parameter of " + kernel +
                                   " has element type '" + param.dtype +
                                   "', which launchers do not name");
  switch (param.kind) {
  case ParamKind::Scalar:
    return Param{param.name, element->str(), param.dtype};
  case ParamKind::View:
    return Param{
        param.name,
        llvm::formatv("::tile::View<{0}, {1}>", *element, param.rank),
        llvm::formatv("view of {0}, rank {1}", param.dtype, param.rank)};
  case ParamKind::Atomic:
    return Param{
        param.name,
        llvm::formatv("::tile::Atomic<{0}, {1}>", *element, param.rank),
        llvm::formatv("atomic output of {0}, rank {1}", param.dtype,
                      param.rank)};
  case ParamKind::Piece:
  case ParamKind::InputPiece:
    break;
  }
  // An input piece is a piece of const elements.
  bool input = param.kind == ParamKind::InputPiece;
  llvm::SmallVector<std::string> extents;
  for (int64_t extent : param.tile)
    extents.push_back(std::to_string(extent));
  return Param{param.name,
               llvm::formatv("::tile::Piece<{0}{1}, {2}>",
                             input ? "const " : "", *element,
                             llvm::join(extents, ", ")),
               llvm::formatv("{0}piece {1} of {2}", input ? "input " : "",
                             llvm::join(extents, "x"), param.dtype)};
}

/// `text` as the body of a C string literal.
static std::string escaped(llvm::StringRef text) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os.write_escaped(text, /*UseHexEscapes=*/false);
  return out;
}

/// `text` as adjacent C string literals, one per line, indented by 4.
static void writeStringLiteral(llvm::raw_ostream &os, llvm::StringRef text) {
  constexpr size_t lineLength = 72;
  while (!text.empty()) {
    // Escaped after the cut, so that no escape sequence is split.
    llvm::StringRef line = text.take_front(lineLength);
    os << "\n    \"" << escaped(line) << "\"";
    text = text.drop_front(line.size());
  }
}

static void writeBytes(llvm::raw_ostream &os, llvm::StringRef bytes) {
  constexpr size_t perLine = 12;
  for (size_t i = 0; i < bytes.size(); ++i) {
    os << (i % perLine == 0 ? "\n    " : " ");
    os << llvm::format_hex(uint8_t(bytes[i]), 4) << ",";
  }
}

/// The entry's JSON that the runtime verifies and reads: all but the
/// compiler and the source, which would tie the header's bytes to a path.
static std::string embeddedMetadata(EntryRecord entry) {
  entry.compiler.clear();
  entry.source.clear();
  return tile::formats::writeEntryJson(entry,
                                       tile::formats::JsonLayout::Compact);
}

/// An identifier made of `name`'s letters, digits and underscores.
static std::string identifierFrom(llvm::StringRef name) {
  std::string id;
  for (char c : name)
    id += llvm::isAlnum(c) ? c : '_';
  if (id.empty() || llvm::isDigit(id.front()))
    id.insert(0, "kernels_");
  return id;
}

static llvm::Error writeLauncher(llvm::raw_ostream &os,
                                 const KernelRecord &kernel,
                                 llvm::StringRef entryVariable, bool embedded) {
  llvm::StringRef name = kernel.name;
  llvm::StringRef entry = kernel.launch.entry;
  // The function is named from the global namespace, as tilecc's kernels
  // are declared, and the class after its entry symbol.
  if (!isKernelName(name) || !isIdentifier(entry))
    return llvm::createStringError(
        "kernel '" + name + "' (entry '" + entry +
        "') has no name a launcher can refer to from C++");

  llvm::SmallVector<Param> described;
  for (const ParamRecord &param : kernel.params) {
    llvm::Expected<Param> read = describeParam(param, name);
    if (!read)
      return read.takeError();
    described.push_back(std::move(*read));
  }

  llvm::SmallVector<std::string> types, names, descriptions;
  for (const Param &param : described) {
    types.push_back(param.type);
    names.push_back("\"" + escaped(param.name) + "\"");
    descriptions.push_back(param.name + ": " + param.description);
  }
  os << "\n/// " << name << "(" << llvm::join(descriptions, "; ") << ").\n"
     << "class " << entry << "\n"
     << "    : public ::tile::rt::Launcher<&::" << name;
  for (const std::string &type : types)
    os << ",\n                                  " << type;
  os << "> {\npublic:\n";
  if (embedded)
    os << "  /// The kernel on `device`; on a GPU its cubin is the one "
          "embedded\n"
          "  /// in this header.\n"
       << "  explicit " << entry << "(::tile::rt::Device device)\n";
  else
    os << "  /// The kernel on `device`; on a GPU its cubin comes from the "
          "kernel\n  /// cache at `cacheDir`.\n"
       << "  explicit " << entry
       << "(::tile::rt::Device device,\n"
          "      const std::filesystem::path &cacheDir =\n"
          "          ::tile::rt::defaultCacheDirectory())\n";
  os << "      : Launcher(std::move(device), detail::" << entryVariable
     << ", \"" << escaped(name) << "\",\n"
     << "                 {" << llvm::join(names, ", ") << "}, "
     << (embedded ? "{}" : "cacheDir") << ") {}\n"
     << "};\n";
  return llvm::Error::success();
}

llvm::Expected<std::string>
tile::driver::writeLauncherHeader(const EntryRecord &entry,
                                  llvm::StringRef sourcePath,
                                  std::optional<llvm::StringRef> cubin) {
  llvm::StringRef key = entry.key, target = entry.target;
  llvm::StringRef source = llvm::sys::path::filename(sourcePath);
  std::string stem = identifierFrom(llvm::sys::path::stem(source));
  std::string entryVariable = stem + "_entry";

  std::string text;
  llvm::raw_string_ostream os(text);
  os << "// Typed launchers for the kernels of " << source
     << " (docs/runtime.md).\n"
     << "// Generated by " << compilerVersion()
     << " --emit=launcher; do not edit.\n"
     << "// Kernel cache entry " << key << ",\n"
     << "// compiled for " << target << "; "
     << (cubin ? "its cubin is embedded below.\n"
               : "its cubin is loaded from a kernel cache.\n")
     << "\n#pragma once\n\n"
     << "#include \"" << escaped(source) << "\"\n"
     << "#include \"tile/runtime/Launcher.h\"\n\n"
     << "#include <cstdint>\n#include <filesystem>\n\n"
     << "namespace tile::launchers {\n\nnamespace detail {\n";
  if (cubin) {
    os << "inline constexpr unsigned char " << stem << "_cubin[] = {";
    writeBytes(os, *cubin);
    os << "\n};\ninline constexpr char " << stem << "_metadata[] =";
    writeStringLiteral(os, embeddedMetadata(entry));
    os << ";\n";
  }
  os << "/// The kernel cache entry of " << source << ".\n"
     << "inline constexpr ::tile::rt::LauncherEntry " << entryVariable
     << " = {\n    \"" << escaped(key) << "\", \"" << escaped(target) << "\", ";
  if (cubin)
    os << stem << "_metadata, " << stem << "_cubin};\n";
  else
    os << "{}, {}};\n";
  os << "} // namespace detail\n";

  for (const KernelRecord &kernel : entry.kernels)
    if (llvm::Error error =
            writeLauncher(os, kernel, entryVariable, cubin.has_value()))
      return std::move(error);
  os << "\n} // namespace tile::launchers\n";
  return text;
}
