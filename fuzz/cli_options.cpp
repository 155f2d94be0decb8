// Fuzzes the command's argument parsing end to end through ndcg::run_cli:
// the first byte picks the command (explain, trec, or the words as given),
// the rest is argv split at NUL bytes; standard input is empty. Exit codes
// must be 0 or 2, and an error must be one short line on stderr.
//
// Words holding '/' are refused so the fuzzer cannot name files outside
// its working directory (/dev/zero would read forever); scripts/fuzz runs
// the targets in an empty scratch directory.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 2000) return -1;  // argv is short; longer inputs add nothing
  fuzz::bytes in(data, size);
  const std::uint8_t pick = in.take();
  const std::string_view rest = in.rest();
  if (rest.find('/') != std::string_view::npos) return -1;

  std::vector<std::string> args;
  if (pick % 3 == 0) args.push_back("explain");
  if (pick % 3 == 1) args.push_back("trec");
  if (!rest.empty())
    for (std::string_view w : fuzz::split(rest, '\0', 64)) args.emplace_back(w);

  std::istringstream stdin_text;
  std::ostringstream out, err;
  const int code = ndcg::run_cli(args, stdin_text, out, err);
  fuzz::require(code == 0 || code == 2, "exit code 0 or 2");
  const std::string message = err.str();
  if (code == 0) return 0;
  fuzz::require(!message.empty(), "a failure says why on stderr");
  // The usage text is the one long message (no command given).
  if (args.empty()) return 0;
  fuzz::require(message.back() == '\n', "a message ends its line", message);
  // Words are echoed as typed (see the report on issue 5), so only words
  // without line breaks must give a one-line message.
  bool typed_breaks = false;
  for (const std::string& a : args) typed_breaks = typed_breaks || a.find_first_of("\r\n") != std::string::npos;
  if (!typed_breaks) fuzz::require(message.find('\n') == message.size() - 1, "one line on stderr", message);
  return 0;
}
