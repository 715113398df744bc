// Unix `ar` archives (static libraries, .a). The file starts "!<arch>\n"; then each member has a
// 60-byte ASCII header — name[16] date[12] uid[6] gid[6] mode[8] size[10] "`\n" — followed by
// `size` bytes of data, padded to an even offset.
//
// Names: GNU writes "name/" inline, or "/123" meaning offset 123 into the long-name member "//"
// (whose entries end in "/\n"); BSD writes "#1/N" with the N-byte name at the start of the data.
// "/" and "/SYM64/" (GNU) and "__.SYMDEF" (BSD) are symbol tables, not members. Thin archives
// ("!<thin>\n") store only paths, not member data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/bytes.hpp"
#include "util/result.hpp"

namespace archfit::binfmt {

struct ArMember {
  std::string name;
  std::uint64_t offset = 0;  // file offset of the member's data
  Bytes data;
};

struct ArArchive {
  std::vector<ArMember> members;  // the members read before any error
  std::optional<Error> error;     // what stopped the walk, naming the header offset
};

bool is_ar_archive(Bytes data);
bool is_thin_ar_archive(Bytes data);

// Lists the members of an archive held in `data`. Never throws; on a malformed header it returns
// the members found so far plus the error.
ArArchive read_ar_archive(Bytes data);

}  // namespace archfit::binfmt
