// The JSON schemas documented in docs/json.md, read the way a person reads them, so tests can hold
// real output against the documentation (docs/json.md, "How the schemas are written").
//
// A schema is the ```json / ```jsonc example block whose first "schema" member names it. The block
// is JSON with `//` comments. A comment belongs to the last member that ends on its line (after a
// closing } or ], the member whose value closed; after an opening { or [, the member it opens);
// members before it on that line without a comment of their own take what it says of null and
// absence, never its enumeration. A comment line of its own continues the comment above when it is
// indented deeper than the keys, else it introduces the next member. The comments carry what an
// example cannot show:
//   - an enumeration: the comment starts with `a | b | c` (bare or quoted tokens; `null` in the
//     list means the value may be null; `<NAME>` in a token stands for any text, and `x.a|b` for
//     `x.a` or `x.b`). "see the table below" takes the ids from the first column of the next table.
//   - may be null: the example is null, or the comment says `null`;
//   - optional (the key may be absent): the comment says "only when", "only with", "only after",
//     "only in", "only for", "only present" or "present for"; a comment on its own line that ends
//     with `:` makes every member after it in that object optional ("// only when applied:");
//   - a map (keys are data, e.g. sonames or variable names): the comment says "keyed by", or the
//     example's keys are not snake_case; every value has the first example value's shape;
//   - `...` / `…` as a member: more keys may follow (not checked); `{…}` an object not spelled out;
//   - a bare key ("path" in `{"path", "links"}`): present, of any type;
//   - an object whose only member (besides `...`) is "schema": "archfit.X/1": that whole document.
// An empty example array says nothing about its elements; the first element of a non-empty one is
// the shape of every element (object elements: the union of the examples' keys).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace archfit::test {

struct SchemaMember;

struct SchemaNode {
  enum class Kind { any, null, boolean, number, string, array, object, map, document };
  Kind kind = Kind::any;
  bool nullable = false;
  bool optional = false;
  bool open = false;                         // object: undocumented keys are allowed ("...")
  std::vector<std::string> enumeration;      // as written in the doc (tokens), empty: any value
  std::vector<SchemaMember> members;         // object, in documented order (a vector of an incomplete
                                             // type is allowed since C++17; a pair of one is not)
  std::shared_ptr<SchemaNode> element;       // array element / map value; null: unconstrained
  std::string document;                      // Kind::document: the schema name it holds
  int line = 0;                              // where it is documented (1-based line of the file)
};

// One documented key and its schema (first/second, as the std::pair it was, for structured bindings).
struct SchemaMember {
  std::string first;
  SchemaNode second;
};

struct DocumentedSchema {
  std::string name;     // "archfit.detect/1"
  std::string file;     // "docs/json.md" or the page json.md points to
  SchemaNode root;
};

// Every schema name docs/json.md mentions ("archfit.X/N"), in order of first mention.
std::vector<std::string> schema_names_in_json_md();

// The schema NAME as documented: docs/json.md, else the pages its section links to (doctor.md,
// fleet.md, explain.md). Throws std::runtime_error naming what is missing or malformed.
DocumentedSchema documented_schema(const std::string& name);

// What differs between real output and the documented schema, one line each:
//   "archfit.detect/1 (detect --sysroot mi300x): gpus[0].amd.xnack: "any" is not one of on | off | null"
// `what` names the command that made `actual`. Empty when it matches.
std::vector<std::string> schema_differences(const DocumentedSchema& schema, const nlohmann::json& actual,
                                            const std::string& what);

}  // namespace archfit::test
