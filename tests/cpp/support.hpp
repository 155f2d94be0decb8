// Small builders shared by the test files.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <system_error>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli.hpp"
#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"

namespace test_support {

// A directory of this process's own for the files its tests write, removed
// at exit: test runs at once (native and wasm, several checkouts) never
// share a file.
inline std::string scratch() {
  struct directory {
    std::filesystem::path path;
    directory() : path(std::filesystem::temp_directory_path() / ("ndcg-test-" + std::to_string(std::random_device{}()))) {
      std::filesystem::create_directories(path);
    }
    ~directory() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const directory dir;
  return dir.path.string();
}

// A file's whole text ("" when it cannot be read).
inline std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

#ifdef NDCG_TEST_DATA
// A file of tests/data/trec-parity; a missing one stops the test.
inline std::string parity_text(const std::string& name) {
  const std::string path = std::string(NDCG_TEST_DATA) + "/trec-parity/" + name;
  REQUIRE_MESSAGE(std::ifstream(path).good(), "cannot open " << name);
  return file_text(path);
}

// What a run of the ndcg command gave: its exit code, stdout and stderr.
struct outcome {
  int code;
  std::string out, err;
};

// The command run in-process on `args` (without the program name), `input` as stdin.
inline outcome run_cli(const std::vector<std::string>& args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  const int code = ndcg::run_cli(args, in, out, err);
  return {code, out.str(), err.str()};
}

// A text's lines, as std::getline reads them.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}
#endif

// An item with an id, a score and a grade, placed on line 1, column 1.
inline ndcg::item scored(std::string id, double score, double grade) {
  ndcg::item it;
  it.id = std::move(id);
  it.has_id = true;
  it.score = score;
  it.has_score = true;
  it.grade = grade;
  it.line = 1;
  it.column = 1;
  return it;
}

// Items with grades only, item i on line i + 1 as a pasted list would be.
inline std::vector<ndcg::item> graded(const std::vector<double>& grades) {
  std::vector<ndcg::item> out;
  for (double g : grades) {
    ndcg::item it;
    it.grade = g;
    it.line = out.size() + 1;
    it.column = 1;
    out.push_back(it);
  }
  return out;
}

// What is wrong with an error as the table of codes sees it: its code must
// have a row, and its args must be exactly the names that row lists, in
// that order. Empty when nothing is.
inline std::string table_problem(const ndcg::error& e) {
  for (const ndcg::error_code_info& row : ndcg::error_codes()) {
    if (row.code != e.code) continue;
    std::string given;
    for (const ndcg::error_arg& a : e.args) given += (given.empty() ? "" : ",") + a.name;
    if (given == row.args) return "";
    return std::string(row.name) + " carries args \"" + given + "\", the table names \"" + std::string(row.args) +
           "\" (" + e.message + ")";
  }
  return "code without a row in the table (" + e.message + ")";
}

// The value of the arg named `name`, or "(none)".
inline std::string arg(const ndcg::error& e, const std::string& name) {
  for (const ndcg::error_arg& a : e.args)
    if (a.name == name) return a.value;
  return "(none)";
}

}  // namespace test_support
