// The matching machinery on its own: the literal prefilter derived from each pattern, the
// one-pass literal search, line splitting and escape stripping, placeholders, and the signature
// table itself.
#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include <gtest/gtest.h>

#include "explain/line_normalizer.hpp"
#include "explain/line_splitter.hpp"
#include "explain/literal_set.hpp"
#include "explain/placeholders.hpp"
#include "explain/required_literals.hpp"
#include "explain/scan_prefilter.hpp"
#include "explain_test_support.hpp"

namespace archfit::explain {
namespace {

TEST(RequiredLiterals, LongestPlainRunPerAlternative) {
  EXPECT_EQ(required_literals("hipErrorNoBinaryForGpu"), std::vector<std::string>{"hipErrorNoBinaryForGpu"});
  // Escaped punctuation is the character; a class ends the run.
  EXPECT_EQ(required_literals(R"(vllm/_C\.abi3\.so: undefined symbol)"),
            std::vector<std::string>{"vllm/_C.abi3.so: undefined symbol"});
  EXPECT_EQ(required_literals("No compatible code objects found for: gfx[0-9a-f]+"),
            std::vector<std::string>{"No compatible code objects found for: gfx"});
  // Top-level alternatives each need their own literal.
  EXPECT_EQ(required_literals("HIP error: invalid device function|hipErrorInvalidDeviceFunction"),
            (std::vector<std::string>{"HIP error: invalid device function", "hipErrorInvalidDeviceFunction"}));
  // '|' inside a group is not top level; the group ends the run.
  EXPECT_EQ(required_literals("version .(GLIBCXX|CXXABI)_[0-9.]+. not found"), std::vector<std::string>{" not found"});
  // An optional character is dropped and ends the run; '+' keeps one.
  EXPECT_EQ(required_literals("abcdX?efg"), std::vector<std::string>{"abcd"});
  EXPECT_EQ(required_literals("abX+cdefg"), std::vector<std::string>{"cdefg"});
  EXPECT_EQ(required_literals("abcdeX+yz"), std::vector<std::string>{"abcdeX"});
  EXPECT_EQ(required_literals("abc{2}defg"), std::vector<std::string>{"defg"});
  // \b, \d and anchors are not characters.
  EXPECT_EQ(required_literals(R"((exit code:? |Error )137\b)"), std::vector<std::string>{"137"});
  EXPECT_EQ(required_literals(R"(^ab\dcdef$)"), std::vector<std::string>{"cdef"});
  // No usable literal in some alternative: no prefilter.
  EXPECT_TRUE(required_literals("[a-z]+|abcdef").empty());
  EXPECT_TRUE(required_literals("ab.cd").empty());
}

TEST(LiteralSet, FindsEveryLiteralIncludingOverlapsAndSuffixes) {
  LiteralSet set({"he", "she", "his", "hers", "she"});
  std::vector<std::uint32_t> seen(set.size(), 0);
  std::set<std::uint32_t> found;
  set.find_all("ushers", seen, 1, [&](std::uint32_t index) { found.insert(index); });
  EXPECT_EQ(found, (std::set<std::uint32_t>{0, 1, 3, 4}));
  found.clear();
  set.find_all("this", seen, 2, [&](std::uint32_t index) { found.insert(index); });
  EXPECT_EQ(found, (std::set<std::uint32_t>{2}));
  found.clear();
  set.find_all("no match at all", seen, 3, [&](std::uint32_t index) { found.insert(index); });
  EXPECT_TRUE(found.empty());
}

TEST(LiteralSet, ResumedScanFindsWhatOneScanFindsAndAcrossScanStopsAfterTheBreak) {
  LiteralSet set({"he", "she", "his", "hers", "she"});
  std::vector<std::uint32_t> seen(set.size(), 0);
  std::set<std::uint32_t> found;
  auto collect = [&](std::uint32_t index) { found.insert(index); };
  // "us" then "hers" is "ushers" in one scan.
  std::uint32_t state = set.find_all_from(0, "us", seen, 1, collect);
  set.find_all_from(state, "hers", seen, 1, collect);
  EXPECT_EQ(found, (std::set<std::uint32_t>{0, 1, 3, 4}));
  // Across a break: "she" spans it; "hers", wholly after it, is left to a scan of that text alone.
  found.clear();
  state = set.find_all_from(0, "xs", seen, 2, collect);
  set.find_all_across(state, "he hers", seen, 2, collect);
  EXPECT_TRUE(found.contains(1) && found.contains(4));
  EXPECT_FALSE(found.contains(3));
  found.clear();
  state = set.find_all_from(0, "hi", seen, 3, collect);
  set.find_all_across(state, "s hers", seen, 3, collect);
  EXPECT_EQ(found, (std::set<std::uint32_t>{2}));
  // No literal prefix at the break: nothing after it is read.
  found.clear();
  state = set.find_all_from(0, "xt", seen, 4, collect);
  set.find_all_across(state, "his", seen, 4, collect);
  EXPECT_TRUE(found.empty());
}

TEST(LineSplitter, SplitsAcrossChunksAndTruncatesLongLines) {
  LineSplitter splitter(8);
  std::vector<std::string> lines;
  auto collect = [&](std::string_view line) { lines.emplace_back(line); };
  splitter.feed("ab", collect);
  splitter.feed("c\nde", collect);
  splitter.feed("f\n0123456789abcdef\nlast", collect);
  splitter.finish(collect);
  EXPECT_EQ(lines, (std::vector<std::string>{"abc", "def", "01234567", "last"}));
}

TEST(VisibleText, DropsEscapesCarriageReturnsAndTrailingBlanks) {
  std::string out;
  // clang's coloured diagnostic, as it prints it with -fcolor-diagnostics.
  visible_text("\x1b[1mx.cpp:1:10: \x1b[0m\x1b[0;1;31mfatal error: \x1b[0m\x1b[1m'cmath' file not found\x1b[0m", out);
  EXPECT_EQ(out, "x.cpp:1:10: fatal error: 'cmath' file not found");
  visible_text("Illegal instruction (core dumped)\r", out);
  EXPECT_EQ(out, "Illegal instruction (core dumped)");
  visible_text("\x1b]0;title\x07 10%\r 20%  ", out);
  EXPECT_EQ(out, " 10%  20%");
}

TEST(Placeholders, FindsAndFillsOnlyKnownNames) {
  std::string fix = "Build with gcc <= the number: export CC=gcc-<N> CXX=g++-<N>; PYTORCH_ROCM_ARCH=<gfx of your GPU>";
  EXPECT_EQ(placeholders_in(fix), (std::vector<std::string>{"N", "N", "gfx of your GPU"}));
  EXPECT_EQ(fill_placeholders(fix, {{"N", "11"}}),
            "Build with gcc <= the number: export CC=gcc-11 CXX=g++-11; PYTORCH_ROCM_ARCH=<gfx of your GPU>");
}

TEST(SignatureTable, EmbeddedTableCompilesWithDocumentedCategoriesAndPrefilters) {
  auto set = builtin_signatures();
  ASSERT_TRUE(set.ok()) << set.error().message;
  ASSERT_GE((*set)->signatures.size(), 40u);
  std::set<std::string> categories;
  for (std::size_t i = 0; i < (*set)->first_stage; ++i) {
    const auto& signature = (*set)->signatures[i];
    EXPECT_TRUE(is_known_category(signature.category)) << signature.id;
    EXPECT_NE(signature.category, "unknown") << signature.id;
    EXPECT_FALSE(signature.literals.empty())
        << signature.id << ": pattern has no literal of 3+ characters in some alternative, so it would run on every "
        << "line; see the header of data/error_signatures.tsv";
    EXPECT_TRUE(signature.source.starts_with("https://")) << signature.id;
    categories.insert(signature.category);
  }
  // Every category of the fixed set but "unknown" has signatures.
  EXPECT_EQ(categories.size(), k_categories.size() - 1);
}

// The lines an ordinary, healthy build prints by the thousand (progress, compiler command lines, warnings,
// check_* probes; not the few dozen find_package lines, where "could not find" or "version" may occur): no
// first-stage row's prefilter literal may occur in them, or that row's std::regex runs on every such line (a row whose only literal was " not found"
// or " build" once made `archfit run` of a 200 MB build output 7x slower; docs/explain.md, "Performance").
// Each line is the tool's own format: CMake's check_* probes and status lines (Modules/CheckIncludeFile.cmake,
// CheckSymbolExists.cmake, CheckCXXSourceCompiles.cmake), ninja's and Make's progress lines, the compiler
// command lines that `ninja -v` / `VERBOSE=1` show, GCC's warning form, setuptools' and pip's progress.
TEST(SignatureTable, PrefilterLiteralsAreNotInOrdinaryBuildOutput) {
  auto set = builtin_signatures();
  ASSERT_TRUE(set.ok()) << set.error().message;
  const std::vector<std::string> ordinary = {
      "-- Looking for pthread_create in pthreads - not found",
      "-- Looking for sys/types.h - found",
      "-- Performing Test HAS_WERROR_FORMAT - Success",
      "-- Build files have been written to: /src/pytorch/build",
      "-- Configuring done (12.3s)",
      "[1234/5678] Building CXX object caffe2/CMakeFiles/torch_cpu.dir/__/aten/src/ATen/native/Activation.cpp.o",
      "[1234/5678] Building CUDA object caffe2/CMakeFiles/torch_cuda.dir/__/aten/src/ATen/native/cuda/Loss.cu.o",
      "[ 42%] Building CXX object src/CMakeFiles/foo.dir/bar.cpp.o",
      "[ 50%] Built target foo",
      "[ 51%] Linking CXX shared library libtorch_hip.so",
      "Scanning dependencies of target torch_cpu",
      "building target libtorch_hip.so for gfx942 [1234/5678]",
      "/usr/bin/c++ -DTORCH_EXTENSION_NAME=_C -I/usr/include/python3.11 -O3 -std=c++17 -fPIC -c foo.cpp -o foo.o",
      "/usr/local/cuda/bin/nvcc -gencode arch=compute_90,code=sm_90 -std=c++17 --expt-relaxed-constexpr -c k.cu -o k.o",
      "/opt/rocm/bin/hipcc --offload-arch=gfx942 -std=c++17 -fPIC -c k.hip -o k.o",
      "foo.cpp:12:5: warning: unused variable 'x' [-Wunused-variable]",
      "   12 |     int x = 0;",
      "In file included from /usr/include/c++/12/vector:64,",
      "running build_ext",
      "building 'torch._C' extension",
      "copying build/lib.linux-x86_64-cpython-311/torch/_C.so -> torch",
      "creating build/temp.linux-x86_64-cpython-311",
      "  Building wheel for flash-attn (setup.py) ... done",
      "Successfully installed torch-2.5.1 triton-3.1.0",
  };
  // A literal of digits without a letter ("137" of "exit code 137") is in the progress counters, line numbers and file
  // names of every large build: the regex would run on a share of all lines (exit-137 did, until session 14). Bytes of
  // UTF-8 sequences count as letters (the locale words of "Illegal instruction").
  auto is_letter = [](unsigned char c) { return std::isalpha(c) != 0 || c >= 0x80; };
  auto is_digit = [](unsigned char c) { return std::isdigit(c) != 0; };
  for (std::size_t i = 0; i < (*set)->first_stage; ++i) {
    for (const auto& literal : (*set)->signatures[i].literals) {
      EXPECT_FALSE(std::any_of(literal.begin(), literal.end(), is_digit) &&
                   std::none_of(literal.begin(), literal.end(), is_letter))
          << (*set)->signatures[i].id << "'s prefilter literal \"" << literal << "\" is digits without a letter";
    }
  }
  for (const auto& line : ordinary) {
    std::string form;
    matching_text(line, form);
    for (std::size_t i = 0; i < (*set)->first_stage; ++i) {
      const auto& signature = (*set)->signatures[i];
      for (const auto& literal : signature.literals) {
        EXPECT_EQ(form.find(literal), std::string::npos)
            << signature.id << "'s prefilter literal \"" << literal << "\" occurs in ordinary build output: " << line;
      }
    }
  }
}

TEST(SignatureTable, RejectsBadRows) {
  const std::string header = "id\tcategory\tpattern\tcause\tfix\tsource\n";
  EXPECT_TRUE(parse_signatures(header + "a\toom\tabc\tc\tf\thttps://x\n", "t").ok());
  EXPECT_FALSE(parse_signatures(header + "a\tnot-a-category\tabc\tc\tf\thttps://x\n", "t").ok());
  EXPECT_FALSE(parse_signatures(header + "a\toom\tab(c\tc\tf\thttps://x\n", "t").ok());
  EXPECT_FALSE(parse_signatures(header + "a\toom\tabc\tc\tf\thttps://x\na\toom\tdef\tc\tf\thttps://y\n", "t").ok());
}

// The matching form of each distinct line of the real logs (a third of the corpus's lines repeat one seen before:
// 13,285 lines, 8,785 distinct). Under a sanitizer, one log in test::k_sanitized_corpus_stride (for memory errors).
const std::vector<std::string>& distinct_matching_lines() {
  static const std::vector<std::string> lines = [] {
    std::set<std::string> seen;
    std::vector<std::string> out;
    std::string visible;
    std::string matching;
    std::size_t log_number = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(test::logs_dir())) {
      if (entry.path().extension() != ".log" || !test::in_corpus_sample(log_number++)) {
        continue;
      }
      for (const auto& line : test::lines(test::read_text(entry.path()))) {
        visible_text(line, visible);
        matching_text(visible, matching);
        if (seen.insert(matching).second) {
          out.push_back(matching);
        }
      }
    }
    return out;
  }();
  return lines;
}

bool has_any(std::string_view text, const std::vector<std::string>& literals) {
  return std::any_of(literals.begin(), literals.end(),
                     [&](const std::string& literal) { return text.find(literal) != std::string_view::npos; });
}

// The prefilter may never hide a match: on every line of every real log, a signature (or a
// second-stage facet) whose regex matches the line's matching form also has one of its literals in it,
// and a carried facet one of its carry_prefilter texts. (Every regex against every distinct line: the release
// suite's longest test.)
TEST(SignatureTable, PrefilterNeverRejectsALineTheRegexMatches) {
  auto set = builtin_signatures();
  ASSERT_TRUE(set.ok());
  std::size_t regex_matches = 0;
  auto check = [&](const std::string& matching, const std::string& id, const std::regex& regex,
                   const std::vector<std::string>& literals) {
    if (!std::regex_search(matching, regex)) {
      return;
    }
    ++regex_matches;
    // no literals: no prefilter, the regex runs on every line
    EXPECT_TRUE(literals.empty() || has_any(matching, literals))
        << id << " matches but its prefilter rejects: " << matching;
  };
  for (const auto& matching : distinct_matching_lines()) {
    for (std::size_t i = 0; i < (*set)->first_stage; ++i) {
      const auto& signature = (*set)->signatures[i];
      check(matching, signature.id, signature.regex, signature.literals);
    }
    for (const auto& facet : (*set)->facets) {
      check(matching, facet.kind + ":" + facet.id, facet.regex, facet.literals);
      if (facet.carry != FacetCarry::none) {
        check(matching, facet.kind + ":" + facet.id + " (carry_prefilter)", facet.carried_by(), facet.carry_prefilter);
      }
    }
  }
  EXPECT_GE(regex_matches, test::k_sanitized ? 55u / test::k_sanitized_corpus_stride : 55u);
}

TEST(MatchingPattern, LowerCasesLettersButNotAnEscapesLetter) {
  EXPECT_EQ(matching_pattern("hipErrorNoBinaryForGpu"), "hiperrornobinaryforgpu");
  EXPECT_EQ(matching_pattern(R"(CMake [0-9A-F]+\S\B\W\D)"), R"(cmake [0-9a-f]+\S\B\W\D)");
  // An escaped backslash is one character: the letter after it is a literal, lower-cased.
  EXPECT_EQ(matching_pattern(R"(C:\\Program Files)"), R"(c:\\program files)");
  EXPECT_EQ(matching_pattern(R"(\bCUDA_HOME\b)"), R"(\bcuda_home\b)");
  // \d stays a digit and [A-F] reads the lower-cased line's letters.
  EXPECT_TRUE(std::regex_search("gfx90a", std::regex(matching_pattern(R"(GFX\d+[A-F])"))));
}

// The table's regexes are its patterns lower-cased (matching_pattern) and compiled case-sensitive; on every line the
// scanner runs them on (a line with one of the row's literals, or every line for a row without), they answer as the
// patterns compiled case-insensitive do. The oracle is std::regex's own icase mode on the row's text as written.
// A facet's carry_pattern is not compared (the set keeps only its compiled regex); its column has no upper-case letter.
TEST(SignatureTable, LowerCasedPatternsMatchAsTheCaseInsensitivePatternsOnRealLines) {
  auto set = builtin_signatures();
  ASSERT_TRUE(set.ok());
  constexpr auto k_icase = std::regex::ECMAScript | std::regex::icase;
  std::size_t compared = 0;
  std::size_t matched = 0;
  auto compare = [&](const std::string& id, const std::string& pattern, const std::regex& compiled,
                     const std::vector<std::string>& literals) {
    std::regex oracle(pattern, k_icase);
    for (const auto& matching : distinct_matching_lines()) {
      if (!literals.empty() && !has_any(matching, literals)) {
        continue;
      }
      bool expected = std::regex_search(matching, oracle);
      ++compared;
      matched += expected ? 1 : 0;
      EXPECT_EQ(std::regex_search(matching, compiled), expected) << id << " on: " << matching;
    }
  };
  for (std::size_t i = 0; i < (*set)->first_stage; ++i) {
    const auto& signature = (*set)->signatures[i];
    compare(signature.id, signature.pattern, signature.regex, signature.literals);
  }
  for (const auto& facet : (*set)->facets) {
    compare(facet.kind + ":" + facet.id, facet.pattern, facet.regex, facet.literals);
  }
  EXPECT_GE(compared, test::k_sanitized ? 1000u / test::k_sanitized_corpus_stride : 1000u);
  EXPECT_GE(matched, test::k_sanitized ? 500u / test::k_sanitized_corpus_stride : 500u);
}

// The embedded table's prefilter automata are built once, with the table, and every scanner of it shares them; a copy
// of a set (which its owner may change) gets its own, built from the copy's rows.
TEST(ScanPrefilter, BuiltOnceForTheEmbeddedTableAndAgainForACopy) {
  auto set = builtin_signatures();
  ASSERT_TRUE(set.ok());
  ASSERT_NE((*set)->prefilter, nullptr);
  EXPECT_EQ(prefilter_for(**set).get(), (*set)->prefilter.get());
  EXPECT_EQ(prefilter_for(**set)->literal_texts.size(), (*set)->prefilter->literals.size());
  EXPECT_GT((*set)->prefilter->literal_texts.size(), (*set)->first_stage / 2);

  auto copy = std::make_shared<SignatureSet>(**set);
  copy->first_stage = 0;  // no first-stage rows left: no first-stage literal may remain
  copy->facets.clear();
  copy->rules.clear();
  auto own = prefilter_for(*copy);
  EXPECT_NE(own.get(), (*set)->prefilter.get());
  EXPECT_TRUE(own->literal_texts.empty());
  EXPECT_TRUE(own->facet_literal_texts.empty());

  const std::string line = "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!";
  LogScanner full(*set);
  full.add_line(line);
  EXPECT_FALSE(full.matches().hits.empty());
  LogScanner emptied{std::shared_ptr<const SignatureSet>(copy)};
  emptied.add_line(line);
  EXPECT_TRUE(emptied.matches().hits.empty());
}

TEST(LogScanner, EvidenceIsBoundedAndFirstMatchingRowOwnsTheLine) {
  auto set = builtin_signatures();
  ASSERT_TRUE(set.ok());
  LogScanner scanner(*set);
  // Matches hsa-memfault-nil-unknown and, further down the table, hsa-memory-access-fault.
  const std::string line = "Memory access fault by GPU node-2 (Agent handle: 0x63155be5d980) on address (nil). Reason: Unknown.";
  for (int i = 0; i < 1000; ++i) {
    scanner.add_line(line);
  }
  auto matches = scanner.matches();
  ASSERT_EQ(matches.hits.size(), 1u);
  EXPECT_EQ((*set)->signatures[matches.hits[0].signature].id, "hsa-memfault-nil-unknown");
  EXPECT_EQ(matches.hits[0].count, 1000u);
  EXPECT_EQ(matches.hits[0].evidence.size(), LogScanner::k_evidence_per_signature);
  EXPECT_EQ(matches.hits[0].evidence[0].line, 1u);
  EXPECT_LE(matches.error_like.size(), LogScanner::k_error_like_lines);
}

TEST(LogScanner, MatchesInsideVeryLongLines) {
  auto set = builtin_signatures();
  ASSERT_TRUE(set.ok());
  LogScanner scanner(*set);
  std::string line(40000, '.');
  line += " hipErrorNoBinaryForGpu: Unable to find code object for all current devices! ";
  line += std::string(40000, '.');
  scanner.add_line(line);
  auto matches = scanner.matches();
  ASSERT_EQ(matches.hits.size(), 1u);
  EXPECT_EQ((*set)->signatures[matches.hits[0].signature].id, "hip-no-binary-for-gpu");
  EXPECT_LE(matches.hits[0].evidence[0].text.size(), LogScanner::k_evidence_chars + 3);
}

TEST(LogFacts, CollectsLibrariesPackagesAndOverrides) {
  LogFacts facts;
  facts.collect("   from /home/j/src/pytorch/torch/lib/libtorch_cpu.so", 3);
  facts.collect("ImportError: /opt/conda/lib/libstdc++.so.6: version `GLIBCXX_3.4.30' not found "
                "(required by /w/build/lib/libmigraphx_gpu.so.2011000)",
                4);
  facts.collect("  File \"/venv/lib/python3.10/site-packages/torch/cuda/__init__.py\", line 1, in <module>", 5);
  facts.collect("      HSA_OVERRIDE_GFX_VERSION: 11.0.0", 6);
  facts.collect("export HSA_OVERRIDE_GFX_VERSION=garbage", 7);
  std::vector<std::string> libraries;
  for (const auto& library : facts.libraries) {
    libraries.push_back(library.value);
  }
  EXPECT_EQ(libraries, (std::vector<std::string>{"/home/j/src/pytorch/torch/lib/libtorch_cpu.so",
                                                 "/opt/conda/lib/libstdc++.so.6",
                                                 "/w/build/lib/libmigraphx_gpu.so.2011000"}));
  ASSERT_EQ(facts.packages.size(), 1u);
  EXPECT_EQ(facts.packages[0].value, "/venv/lib/python3.10/site-packages/torch");
  ASSERT_EQ(facts.overrides.size(), 1u);
  EXPECT_EQ(facts.overrides[0].value, "11.0.0");
  EXPECT_EQ(facts.overrides[0].line, 6u);
}

// Rows without a log excerpt in the corpus, on lines of the shape their programs print: the
// message strings of torch.utils.cpp_extension, CMake's FindPackageHandleStandardArgs, dash and
// bash. Each must be owned by its row, not by a neighbour.
TEST(SignatureTable, RowsWithoutCorpusLogsMatchTheirProgramsMessages) {
  auto set = builtin_signatures();
  ASSERT_TRUE(set.ok());
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"OSError: ROCM_HOME environment variable is not set. Please set it to your ROCm install root.", "rocm-home-not-set"},
      {"CMake Error at /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:230 (message):", ""},
      {"  Could NOT find HIP (missing: HIP_ROOT_DIR HIP_HIPCONFIG_EXECUTABLE) (Required is at least version \"1.0\")",
       "find-hip-module-failed"},
      {"  Could NOT find hipblas (missing: hipblas_DIR)", ""},
      {"sh: 1: hipcc: not found", "hipcc-not-on-path"},
      {"bash: hipconfig: command not found", "hipcc-not-on-path"},
      {"sh: 1: /opt/rocm-6.2.0/lib/llvm/bin/clang++: not found", "rocm-tool-not-found"},
      {"HSA_STATUS_ERROR_INVALID_ISA: The instruction set architecture is invalid.", "hsa-invalid-isa"},
  };
  for (const auto& [line, expected] : cases) {
    LogScanner scanner(*set);
    scanner.add_line(line);
    auto matches = scanner.matches();
    if (expected.empty()) {
      EXPECT_TRUE(matches.hits.empty()) << line;
      continue;
    }
    ASSERT_EQ(matches.hits.size(), 1u) << line;
    EXPECT_EQ((*set)->signatures[matches.hits[0].signature].id, expected) << line;
  }
}

}  // namespace
}  // namespace archfit::explain
