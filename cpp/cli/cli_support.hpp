// What every command of `ndcg` shares: reading files and words, and the
// layout of --help.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg::cli {

// Command-line words, consumed front to back.
class words {
 public:
  explicit words(const std::vector<std::string>& a) : args_(a) {}
  bool done() const { return at_ >= args_.size(); }
  const std::string& peek() const { return args_[at_]; }
  std::string take() { return args_[at_++]; }

 private:
  const std::vector<std::string>& args_;
  std::size_t at_ = 0;
};

// The value an option row takes, as --help shows it ("N", "exp|linear").
std::string value_hint(const option_row& row);

// Words of `text` in lines of at most `width`, each after `indent` spaces
// (the first line follows `left`, padded to the indent).
std::string wrapped(std::string left, std::string_view text, std::size_t indent = 25, std::size_t width = 80);

// A whole file (`-` = `in`); on failure, nullopt and `problem` says why.
std::optional<std::string> read_file(const std::string& path, std::istream& in, std::string& problem);

// A file as a stream, or nullptr with the same message read_file gives.
std::unique_ptr<std::istream> open_file(const std::string& path, std::string& problem);

// A word that reads as a number (finite or not) is a grade, even "-1".
bool is_number(const std::string& s);

// Splits "--k=10" into name and value; `value` is taken from the next word
// when the option needs one.
struct option_word {
  std::string name;
  std::optional<std::string> value;
};
option_word split_option(const std::string& w);

expected<std::uint64_t> whole_number(const std::string& option, const std::string& text);

// The option lines of a command's --help, from the rows it takes (with
// trec_eval's short flags where the command reads them).
std::string options_help(command c);

// A command's own input flags, which are not rows of the option table
// (`--subtopics FILE`, `--merge`).
struct io_flag {
  std::string_view name;
  bool takes_value;
};

// What the words of `trec` or `compare` say: option rows as key/text pairs
// for settings_from, the command's own input flags, and the files.
struct command_line {
  std::vector<std::pair<std::string, std::string>> given;
  std::vector<std::pair<std::string, std::string>> io;
  std::vector<std::string> files;
};
// Reads "--name VALUE", "--name=VALUE", a flag alone (true), a short flag
// with its value attached or not ("-mndcg", "-m ndcg", "-l2"), and files.
expected<command_line> read_command_line(words& w, command c, const std::vector<io_flag>& io);

// The commands, each given the words after its name.
int explain_command(words& w, std::istream& in, std::ostream& out, std::ostream& err);
int trec_command(words& w, std::istream& in, std::ostream& out, std::ostream& err);
int compare_command(words& w, std::istream& in, std::ostream& out, std::ostream& err);
// `ndcg measures`: every measure family and nickname, as `ndcg trec --help` lists them.
int measures_command(words& w, std::ostream& out, std::ostream& err);

}  // namespace ndcg::cli
