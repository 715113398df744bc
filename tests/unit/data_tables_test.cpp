// Every embedded data/ file parses and every row cites a source.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "knowledge/amdgpu_processors.hpp"
#include "knowledge/embedded_data.hpp"
#include "knowledge/rocm_releases.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {
namespace {

TEST(DataTables, EveryEmbeddedFileParsesAndEveryRowHasASource) {
  ASSERT_FALSE(embedded_files().empty());
  for (const auto& file : embedded_files()) {
    auto table = parse_tsv(file.content, file.name);
    ASSERT_TRUE(table.ok()) << table.error().message;
    EXPECT_FALSE(table->rows.empty()) << file.name;
    int source = table->column("source");
    for (const auto& row : table->rows) {
      EXPECT_GT(row[static_cast<std::size_t>(source)].size(), 8u) << file.name << ": " << row[0];
    }
  }
}

// The list fields of the tables ("gfx90a;gfx942") and user-typed lists ("gfx90a, gfx942" with also_comma).
TEST(DataTables, ListFieldsSplitTrimAndDropEmptyItems) {
  EXPECT_EQ(split_list_field("gfx90a;gfx942"), (std::vector<std::string>{"gfx90a", "gfx942"}));
  EXPECT_EQ(split_list_field(" gfx90a ; ;gfx942;"), (std::vector<std::string>{"gfx90a", "gfx942"}));
  EXPECT_EQ(split_list_field("gfx90a,gfx942"), (std::vector<std::string>{"gfx90a,gfx942"}));
  EXPECT_EQ(split_list_field("gfx90a, gfx942;gfx1100", true), (std::vector<std::string>{"gfx90a", "gfx942", "gfx1100"}));
  EXPECT_TRUE(split_list_field("").empty());
}

// The oldest release listing a processor is found by version, whatever the rows' order.
TEST(DataTables, OldestReleaseListingComparesVersionsNotRowOrder) {
  auto table = parse_tsv("rocm\tllvm_major\tsupported_targets\tmin_kernel_or_note\tsource\n"
                         "6.10\t20\tgfx942;gfx1201\t-\thttps://example.org/a\n"
                         "6.2\t18\tgfx942\t-\thttps://example.org/b\n"
                         "6.9\t19\tgfx1201\t-\thttps://example.org/c\n",
                         "rocm_releases.tsv");
  ASSERT_TRUE(table.ok()) << table.error().message;
  auto releases = read_rocm_releases(*table);
  ASSERT_EQ(releases.size(), 3u);
  EXPECT_EQ(releases[0].llvm_major, 20);
  ASSERT_NE(oldest_release_listing(releases, "gfx942"), nullptr);
  EXPECT_EQ(oldest_release_listing(releases, "gfx942")->rocm, "6.2");
  EXPECT_EQ(oldest_release_listing(releases, "gfx1201")->rocm, "6.9");  // 6.9 is older than 6.10
  EXPECT_EQ(oldest_release_listing(releases, "gfx90a"), nullptr);
  EXPECT_FALSE(embedded_rocm_releases().empty());
}

// What is wrong with one citation of the error tables, or "" if nothing: each must be a public URL that pins
// what was read, so a branch head (main, master, refs/heads/...) or a gitweb blob without a tag or commit
// (hb=) is refused; the file it names may change under it.
std::string citation_problem(const std::string& token) {
  if (token.rfind("https://", 0) != 0) {
    return "not an https URL";
  }
  if (token.find("refs/heads/") != std::string::npos) {
    return "a branch (refs/heads/)";
  }
  if (token.find(";a=blob;") != std::string::npos && token.find(";hb=") == std::string::npos) {
    return "a gitweb blob without hb=<tag or commit>";
  }
  if (token.rfind("https://github.com/", 0) == 0) {
    for (const std::string marker : {"/blob/", "/tree/"}) {
      auto at = token.find(marker);
      if (at == std::string::npos) {
        continue;
      }
      std::string ref = token.substr(at + marker.size());
      ref = ref.substr(0, ref.find('/'));
      for (const char* branch : {"main", "master", "trunk", "develop", "dev", "HEAD"}) {
        if (ref == branch) {
          return "a branch (" + ref + ")";
        }
      }
    }
  }
  return "";
}

TEST(DataTables, ErrorTablesCiteATagOrCommitNotABranch) {
  EXPECT_NE(citation_problem("https://github.com/pytorch/pytorch/blob/main/cmake/public/utils.cmake"), "");
  EXPECT_NE(citation_problem("https://github.com/Kitware/CMake/blob/master/Modules/X.cmake"), "");
  EXPECT_NE(citation_problem("https://gcc.gnu.org/git/?p=gcc.git;a=blob;f=gcc/x.cc;hb=refs/heads/releases/gcc-12"), "");
  EXPECT_NE(citation_problem("https://gcc.gnu.org/git/?p=gcc.git;a=blob;f=gcc/x.cc"), "");
  EXPECT_NE(citation_problem("pytorch/pytorch@v2.1.0"), "");
  EXPECT_EQ(citation_problem("https://github.com/Kitware/CMake/blob/v4.4.2/Modules/X.cmake"), "");
  EXPECT_EQ(citation_problem("https://sourceware.org/git/?p=glibc.git;a=blob;f=po/de.po;hb=glibc-2.36"), "");
  EXPECT_EQ(citation_problem("https://github.com/pytorch/pytorch/issues/7202"), "");
  int tables = 0;
  for (const auto& file : embedded_files()) {
    bool error_table = false;
    for (std::string_view table : {"error_signatures.tsv", "error_facets.tsv", "error_facet_rules.tsv", "error_log_rules.tsv"}) {
      error_table = error_table || file.name == table;
    }
    if (!error_table) {
      continue;
    }
    ++tables;
    auto table = parse_tsv(file.content, file.name);
    ASSERT_TRUE(table.ok()) << table.error().message;
    auto source = static_cast<std::size_t>(table->column("source"));
    for (const auto& row : table->rows) {
      std::string text = row[source];
      for (std::size_t at = 0; at < text.size();) {
        auto end = text.find(' ', at);
        std::string token = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
        if (!token.empty()) {
          std::string problem = citation_problem(token);
          EXPECT_EQ(problem, "") << file.name << ": " << row[0] << " " << row[1] << ": " << token;
        }
        if (end == std::string::npos) {
          break;
        }
        at = end + 1;
      }
    }
  }
  EXPECT_EQ(tables, 4);
}

TEST(DataTables, ParserRejectsRowsWithoutSourceOrWithWrongFieldCount) {
  EXPECT_FALSE(parse_tsv("a\tsource\nx\t\n", "t").ok());
  EXPECT_FALSE(parse_tsv("a\tsource\nx\ty\tz\n", "t").ok());
  EXPECT_FALSE(parse_tsv("a\tb\nx\ty\n", "t").ok());
  EXPECT_TRUE(parse_tsv("# comment\na\tsource\nx\tsomewhere\n", "t").ok());
}

TEST(DataTables, ProcessorTableIsConsistent) {
  const auto& table = AmdgpuProcessorTable::embedded();
  ASSERT_GT(table.all().size(), 50u);
  for (const auto& processor : table.all()) {
    EXPECT_EQ(table.by_mach(processor.mach), &processor) << "duplicate mach for " << processor.name;
    if (!processor.generic_family.empty()) {
      const auto* family = table.by_name(processor.generic_family);
      ASSERT_NE(family, nullptr) << processor.name;
      EXPECT_TRUE(family->is_generic);
    }
  }
}

// LLVM's example products name processors of data/amdgpu_processors.tsv, each row a gpu or an APU's cpu name.
TEST(DataTables, ExampleProductsNameKnownProcessors) {
  const auto& products = embedded_table("amdgpu_example_products.tsv");
  ASSERT_GT(products.rows.size(), 50u);
  for (const auto& row : products.rows) {
    const std::string& processor = products.field(row, "processor");
    EXPECT_NE(AmdgpuProcessorTable::embedded().by_name(processor), nullptr) << processor;
    const std::string& kind = products.field(row, "kind");
    EXPECT_TRUE(kind == "gpu" || kind == "cpu") << products.field(row, "product");
  }
}

}  // namespace
}  // namespace archfit::knowledge
