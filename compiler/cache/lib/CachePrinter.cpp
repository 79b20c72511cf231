//===- CachePrinter.cpp - What `tilecc cache` prints ----------------------===//

#include "tile/Cache/CachePrinter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <array>

using namespace tile::cache;

/// How many digits of a key the table shows.
static constexpr size_t ShownKeyDigits = 16;
/// The widest the kernels column gets before names are left out.
static constexpr size_t MaxKernelsWidth = 48;

namespace {
/// The table's columns, in order.
enum Column {
  KeyCol,
  StatusCol,
  BytesCol,
  TargetCol,
  KernelsCol,
  TimeCol,
  SourceCol,
  NumColumns
};
} // namespace

/// The kernel names, comma separated, cut short with "(+N more)" past
/// MaxKernelsWidth.
static std::string
joinKernels(llvm::ArrayRef<tile::formats::KernelRecord> kernels) {
  if (kernels.empty())
    return "-";
  std::string joined;
  size_t shown = 0;
  for (const tile::formats::KernelRecord &kernel : kernels) {
    const std::string &name = kernel.name;
    size_t extra = (shown ? 2 : 0) + name.size();
    if (shown && joined.size() + extra > MaxKernelsWidth)
      break;
    joined += (shown ? ", " : "") + name;
    ++shown;
  }
  if (shown < kernels.size())
    joined += llvm::formatv(" (+{0} more)", kernels.size() - shown).str();
  return joined;
}

/// `text`, or "-" when it is empty.
static std::string orDash(llvm::StringRef text) {
  return text.empty() ? "-" : text.str();
}

/// The word the table and `show` use for `state`.
static llvm::StringRef stateWord(EntryState state) {
  switch (state) {
  case EntryState::Valid:
    return "ok";
  case EntryState::Corrupt:
    return "corrupt";
  case EntryState::Incomplete:
    return "incomplete";
  }
  llvm_unreachable("unknown entry state");
}

void tile::cache::printEntryTable(llvm::ArrayRef<EntryInfo> entries,
                                  llvm::raw_ostream &os) {
  using Row = std::array<std::string, NumColumns>;
  llvm::SmallVector<Row> rows;
  rows.push_back(
      Row{"key", "status", "bytes", "target", "kernels", "modified", "source"});
  for (const EntryInfo &entry : entries) {
    Row row;
    row[KeyCol] = llvm::StringRef(entry.key).take_front(ShownKeyDigits).str();
    row[StatusCol] = stateWord(entry.state).str();
    if (entry.isValid()) {
      row[BytesCol] = std::to_string(entry.cubinSize);
      row[TargetCol] = orDash(entry.metadata.target);
      row[KernelsCol] = joinKernels(entry.metadata.kernels);
      row[TimeCol] = llvm::formatv("{0:%Y-%m-%d %H:%M}", entry.modified).str();
      row[SourceCol] = orDash(entry.metadata.source);
    } else {
      // The reason takes the place of the remaining columns.
      row[BytesCol] = entry.reason;
    }
    rows.push_back(std::move(row));
  }

  // Widths come from valid rows only: a reason spans several columns.
  std::array<size_t, NumColumns> widths{};
  widths[KeyCol] = ShownKeyDigits;
  for (size_t r = 0; r < rows.size(); ++r) {
    bool spans = r > 0 && !entries[r - 1].isValid();
    for (size_t c = 0; c < NumColumns; ++c)
      if (!spans || c < BytesCol)
        widths[c] = std::max(widths[c], rows[r][c].size());
  }

  for (size_t r = 0; r < rows.size(); ++r) {
    bool spans = r > 0 && !entries[r - 1].isValid();
    std::string line;
    for (size_t c = 0; c < NumColumns; ++c) {
      const std::string &cell = rows[r][c];
      if (c > 0)
        line += "  ";
      if (spans && c == BytesCol) {
        line += cell;
        break;
      }
      std::string padding(widths[c] - cell.size(), ' ');
      // Sizes line up on the right, everything else on the left.
      line += c == BytesCol ? padding + cell : cell + padding;
    }
    os << llvm::StringRef(line).rtrim() << "\n";
  }
}

void tile::cache::printEntryList(const KernelCache &cache,
                                 llvm::raw_ostream &os) {
  std::vector<EntryInfo> entries = cache.list();
  printEntryTable(entries, os);
  unsigned valid = 0, corrupt = 0, incomplete = 0;
  uint64_t bytes = 0;
  for (const EntryInfo &entry : entries) {
    valid += entry.state == EntryState::Valid;
    corrupt += entry.state == EntryState::Corrupt;
    incomplete += entry.state == EntryState::Incomplete;
    bytes += entry.cubinSize;
  }
  os << entries.size() << " entries in " << cache.directory();
  if (!entries.empty()) {
    os << " (" << valid << " ok, " << corrupt << " corrupt";
    if (incomplete)
      os << ", " << incomplete << " incomplete";
    os << "; " << bytes << " cubin bytes)";
  }
  os << "\n";
}

void tile::cache::printEntryDetails(const KernelCache &cache,
                                    const EntryInfo &entry,
                                    llvm::raw_ostream &os) {
  os << "key:      " << entry.key << "\n";
  os << "json:     " << cache.entryPath(entry.key, "json") << "\n";
  os << "cubin:    " << cache.entryPath(entry.key, "cubin") << " ("
     << entry.cubinSize << " bytes)\n";
  os << "modified: " << llvm::formatv("{0:%Y-%m-%d %H:%M:%S}", entry.modified)
     << "\n";
  os << "status:   " << stateWord(entry.state);
  if (entry.state == EntryState::Corrupt)
    os << " (" << entry.reason << ") [" << corruptionKindName(entry.corruption)
       << "]";
  else if (!entry.isValid())
    os << " (" << entry.reason << ")";
  os << "\n";
  // The JSON as it is on disk, unless it is not JSON at all.
  if (!entry.json.empty() &&
      entry.corruption != tile::cache::CorruptionKind::UnparsableJSON)
    os << llvm::StringRef(entry.json).rtrim() << "\n";
}

llvm::Error tile::cache::printEntry(const KernelCache &cache,
                                    llvm::StringRef keyOrPrefix,
                                    llvm::raw_ostream &os) {
  llvm::Expected<std::string> key = cache.resolve(keyOrPrefix);
  if (!key)
    return key.takeError();
  llvm::Expected<EntryInfo> entry = cache.describe(*key);
  if (!entry)
    return entry.takeError();
  printEntryDetails(cache, *entry, os);
  return llvm::Error::success();
}
