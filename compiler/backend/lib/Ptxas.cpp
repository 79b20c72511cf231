//===- Ptxas.cpp - Assembling PTX into a cubin ----------------------------===//

#include "tile/Backend/Ptxas.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile::backend;

namespace {
/// A private temporary directory, removed with everything in it. ptxas
/// records its input's file name in the cubin, so the files inside have
/// fixed names: the same PTX always gives the same cubin.
struct TempDirectory {
  llvm::SmallString<128> path;
  ~TempDirectory() {
    if (!path.empty())
      llvm::sys::fs::remove_directories(path);
  }
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<128> file(path);
    llvm::sys::path::append(file, name);
    return std::string(file);
  }
};
} // namespace

llvm::Expected<std::string>
tile::backend::assembleCubin(llvm::StringRef ptx, llvm::StringRef chip,
                             unsigned optLevel, llvm::StringRef cudaRoot,
                             bool verbose) {
  llvm::SmallString<128> ptxas(cudaRoot);
  llvm::sys::path::append(ptxas, "bin", "ptxas");
  if (!llvm::sys::fs::can_execute(ptxas))
    return llvm::createStringError(
        "ptxas not found at " + ptxas +
        "; install the CUDA toolkit or pass --cuda-path");

  TempDirectory temp;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("tilecc", temp.path))
    return llvm::createStringError(ec, "cannot create a temporary directory");
  std::string ptxPath = temp.file("kernels.ptx");
  std::string cubinPath = temp.file("kernels.cubin");
  std::string logPath = temp.file("ptxas.log");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(ptxPath, ec);
    if (ec)
      return llvm::createStringError(ec, "cannot write " + ptxPath);
    os << ptx;
  }

  std::string arch = ("-arch=" + chip).str();
  std::string opt = "-O" + std::to_string(optLevel);
  // ptxas records its options in the cubin, so -v (for the resource report)
  // is always passed: the cubin does not depend on tilecc's -v.
  llvm::SmallVector<llvm::StringRef> args = {ptxas,   arch, opt,      "-v",
                                             ptxPath, "-o", cubinPath};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, logPath, logPath};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects,
                                         0, 0, &message);
  auto log = llvm::MemoryBuffer::getFile(logPath);
  std::string output = log ? (*log)->getBuffer().str() : "";
  if (status != 0)
    return llvm::createStringError("ptxas failed" +
                                   (message.empty() ? "" : ": " + message) +
                                   "\n" + output);
  if (verbose)
    llvm::errs() << output;
  auto cubin = llvm::MemoryBuffer::getFile(cubinPath, /*IsText=*/false);
  if (!cubin)
    return llvm::createStringError(cubin.getError(),
                                   "cannot read the cubin ptxas wrote");
  return (*cubin)->getBuffer().str();
}
