// Every embedded data/ file parses and every row cites a source.
#include <gtest/gtest.h>

#include "knowledge/amdgpu_processors.hpp"
#include "knowledge/embedded_data.hpp"
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

}  // namespace
}  // namespace archfit::knowledge
