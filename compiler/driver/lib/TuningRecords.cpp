//===- TuningRecords.cpp - What tile-tune found, as builds read it --------===//

#include "TuningRecords.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace tile::driver;

static llvm::Error recordsError(llvm::StringRef path, const llvm::Twine &what) {
  return llvm::createStringError("tuning records '" + path + "': " + what);
}

/// Reads string field `field` of `object` into `out`.
static bool readString(const llvm::json::Object &object, llvm::StringRef field,
                       std::string &out) {
  std::optional<llvm::StringRef> value = object.getString(field);
  if (!value || value->empty())
    return false;
  out = value->str();
  return true;
}

llvm::Expected<std::vector<TuningRecord>>
tile::driver::readTuningRecords(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return recordsError(path, "cannot read it: " + file.getError().message());
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*file)->getBuffer());
  if (!json)
    return recordsError(path, "not JSON: " + llvm::toString(json.takeError()));
  const llvm::json::Object *top = json->getAsObject();
  if (!top)
    return recordsError(path, "not a JSON object");
  std::optional<int64_t> format = top->getInteger("format");
  if (format != kTuningRecordsFormat)
    return recordsError(
        path,
        "format " + (format ? llvm::Twine(*format) : llvm::Twine("missing")) +
            ", this tilecc reads format " + llvm::Twine(kTuningRecordsFormat));
  const llvm::json::Array *records = top->getArray("records");
  if (!records)
    return recordsError(path, "no \"records\" array");
  std::vector<TuningRecord> result;
  for (auto [index, value] : llvm::enumerate(*records)) {
    auto bad = [&](llvm::StringRef what) {
      return recordsError(path,
                          "record " + llvm::Twine(index + 1) + " " + what);
    };
    const llvm::json::Object *object = value.getAsObject();
    if (!object)
      return bad("is not an object");
    TuningRecord record;
    for (auto [field, out] :
         {std::pair<llvm::StringRef, std::string *>{"kernel", &record.kernel},
          {"device", &record.device},
          {"arch", &record.arch},
          {"space", &record.space},
          {"kernel_hash", &record.kernelHash},
          {"date", &record.date}})
      if (!readString(*object, field, *out))
        return bad("has no string \"" + field.str() + "\"");
    const llvm::json::Object *best = object->getObject("best");
    if (!best || best->empty())
      return bad("has no \"best\" object of parameter values");
    for (const auto &[name, param] : *best) {
      std::optional<int64_t> number = param.getAsInteger();
      if (!number)
        return bad("gives \"" + name.str() +
                   "\" a value that is not an "
                   "integer");
      record.best.emplace_back(name.str(), *number);
    }
    for (auto [earlier, other] : llvm::enumerate(result))
      if (other.kernel == record.kernel && other.device == record.device &&
          other.arch == record.arch)
        return bad("tunes '" + record.kernel + "' on " + record.device +
                   " for " + record.arch + " as record " +
                   std::to_string(earlier + 1) + " does");
    result.push_back(std::move(record));
  }
  return result;
}
