//===- Ptxas.cpp - Assembling PTX into a cubin ----------------------------===//

#include "tile/Backend/Ptxas.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile::backend;

namespace {
/// Removes its temporary files on every path out.
struct TempFiles {
  llvm::SmallVector<llvm::SmallString<128>> paths;
  ~TempFiles() {
    for (const auto &path : paths)
      llvm::sys::fs::remove(path);
  }
  llvm::Expected<llvm::StringRef> create(llvm::StringRef suffix) {
    llvm::SmallString<128> path;
    if (std::error_code ec =
            llvm::sys::fs::createTemporaryFile("tilecc", suffix, path))
      return llvm::createStringError(ec, "cannot create a temporary file");
    paths.push_back(path);
    return llvm::StringRef(paths.back());
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

  TempFiles temps;
  llvm::Expected<llvm::StringRef> ptxPath = temps.create("ptx");
  if (!ptxPath)
    return ptxPath.takeError();
  llvm::Expected<llvm::StringRef> cubinPath = temps.create("cubin");
  if (!cubinPath)
    return cubinPath.takeError();
  llvm::Expected<llvm::StringRef> logPath = temps.create("log");
  if (!logPath)
    return logPath.takeError();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(*ptxPath, ec);
    if (ec)
      return llvm::createStringError(ec, "cannot write " + *ptxPath);
    os << ptx;
  }

  std::string arch = ("-arch=" + chip).str();
  std::string opt = "-O" + std::to_string(optLevel);
  llvm::SmallVector<llvm::StringRef> args = {ptxas, arch, opt, *ptxPath, "-o",
                                             *cubinPath};
  if (verbose)
    args.push_back("-v");
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, *logPath,
                                                *logPath};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects,
                                         0, 0, &message);
  auto log = llvm::MemoryBuffer::getFile(*logPath);
  std::string output = log ? (*log)->getBuffer().str() : "";
  if (status != 0)
    return llvm::createStringError("ptxas failed" +
                                   (message.empty() ? "" : ": " + message) +
                                   "\n" + output);
  if (verbose)
    llvm::errs() << output;
  auto cubin = llvm::MemoryBuffer::getFile(*cubinPath, /*IsText=*/false);
  if (!cubin)
    return llvm::createStringError(cubin.getError(),
                                   "cannot read the cubin ptxas wrote");
  return (*cubin)->getBuffer().str();
}
