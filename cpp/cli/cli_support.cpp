// What every command shares (cli_support.hpp).
#include "cli_support.hpp"

#include <sys/stat.h>

#include <fstream>
#include <iostream>
#include <iterator>

#include "ndcg/numbers.hpp"

namespace ndcg::cli {

std::string value_hint(const option_row& row) {
  switch (row.kind) {
    case option_kind::choice: {
      std::string names;
      for (std::string_view n : choices_of(row)) names += (names.empty() ? "" : "|") + std::string(n);
      return row.key == "preset" ? "NAME" : names;
    }
    case option_kind::whole: return "N";
    case option_kind::real: return "X";
    case option_kind::reals: return "X1,X2,..";
    case option_kind::texts: return "TEXT";
    case option_kind::flag: break;
  }
  return "";
}


// (the first line follows `left`, padded to the indent).
std::string wrapped(std::string left, std::string_view text, std::size_t indent, std::size_t width) {
  std::string out;
  std::string line = left.size() < indent ? left + std::string(indent - left.size(), ' ') : left + "\n" + std::string(indent, ' ');
  std::size_t start = line.rfind('\n') == std::string::npos ? 0 : line.rfind('\n') + 1;
  bool empty = true;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t space = text.find(' ', at);
    std::string_view word = text.substr(at, space == std::string_view::npos ? text.npos : space - at);
    if (!empty && line.size() - start + 1 + word.size() > width) {
      out += line + "\n";
      line = std::string(indent, ' ');
      start = 0;
      empty = true;
    }
    line += (empty ? "" : " ") + std::string(word);
    empty = false;
    at = space == std::string_view::npos ? text.size() : space + 1;
  }
  return out + line + "\n";
}

std::optional<std::string> read_file(const std::string& path, std::istream& in, std::string& problem) {
  if (path == "-") return std::string(std::istreambuf_iterator<char>(in), {});
  struct stat info {};
  if (stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
    problem = "cannot read " + path + ": it is a directory";
    return std::nullopt;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    problem = "cannot read " + path + ": no such file, or not readable";
    return std::nullopt;
  }
  // One read into a string of the file's size: no second copy in memory.
  std::string text;
  if (S_ISREG(info.st_mode) && info.st_size > 0) {
    text.resize(static_cast<std::size_t>(info.st_size));
    file.read(&text[0], static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(file.gcount()));
    if (file.gcount() < info.st_size) return text;
  }
  char chunk[1 << 16];
  while (file.read(chunk, sizeof chunk) || file.gcount() > 0) text.append(chunk, static_cast<std::size_t>(file.gcount()));
  return text;
}

// A word that reads as a number (finite or not) is a grade, even "-1".
bool is_number(const std::string& s) {
  double v = 0;
  return read_number(s, v) != number_status::not_a_number || s.find_first_of(",;|") != std::string::npos;
}

option_word split_option(const std::string& w) {
  auto eq = w.find('=');
  if (w.rfind("--", 0) == 0 && eq != std::string::npos) return {w.substr(0, eq), w.substr(eq + 1)};
  return {w, std::nullopt};
}

expected<std::uint64_t> whole_number(const std::string& option, const std::string& text) {
  long v = 0;
  bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  if (!digits || read_integer(text, v) != number_status::ok)
    return fail(option + " takes a whole number, 0 or more, got " + echo(text));
  return static_cast<std::uint64_t>(v);
}

std::unique_ptr<std::istream> open_file(const std::string& path, std::string& problem) {
  struct stat info {};
  if (stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
    problem = "cannot read " + path + ": it is a directory";
    return nullptr;
  }
  auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file) {
    problem = "cannot read " + path + ": no such file, or not readable";
    return nullptr;
  }
  return file;
}

std::string options_help(command c) {
  std::string out;
  for (const option_row* row : option_rows(c)) {
    const bool short_flag = c != command::explain && !row->short_flag.empty();  // explain reads long options only
    std::string left = "  " + (short_flag ? std::string(row->short_flag) + ", " : "") + cli_flag(row->key);
    std::string hint = value_hint(*row);
    if (!hint.empty()) left += " " + hint;
    const std::string def = default_text(*row, c);
    out += wrapped(left, std::string(row->help) + (def.empty() || def == "false" ? "" : " (default " + def + ")"));
  }
  return out;
}

namespace {

std::string see_help(command c) { return " (see `ndcg " + std::string(name_of(c)) + " --help`)"; }

const io_flag* find_io(const std::vector<io_flag>& io, std::string_view name) {
  for (const io_flag& f : io)
    if (f.name == name) return &f;
  return nullptr;
}

// "-mndcg" and "-l2": a short flag with its value attached.
void split_attached(option_word& ow, command c) {
  if (ow.value || ow.name.size() <= 2 || ow.name[1] == '-') return;
  const option_row* row = find_option(ow.name.substr(0, 2), c);
  if (row && row->kind != option_kind::flag) ow = {ow.name.substr(0, 2), ow.name.substr(2)};
}

}  // namespace

expected<command_line> read_command_line(words& w, command c, const std::vector<io_flag>& io) {
  command_line out;
  while (!w.done()) {
    std::string word = w.take();
    if (word.size() < 2 || word[0] != '-') { out.files.push_back(word); continue; }
    option_word ow = split_option(word);
    const io_flag* own = find_io(io, ow.name);
    const option_row* row = own ? nullptr : (split_attached(ow, c), find_option(ow.name, c));
    const bool spelled = row && (ow.name.rfind("--", 0) == 0 || ow.name == row->short_flag);
    if (!own && !spelled)
      return fail(error_code::unknown_option, "unknown option " + echo(ow.name) + see_help(c))
          .in("options").with("found", ow.name);
    const bool takes_value = own ? own->takes_value : row->kind != option_kind::flag;
    if (!ow.value && !takes_value) ow.value = "true";
    if (!ow.value) {
      if (w.done())
        return fail(error_code::missing_value, "option " + echo(ow.name) + " needs a value" + see_help(c)).in("options");
      ow.value = w.take();
    }
    if (own) out.io.emplace_back(own->name, *ow.value);
    else out.given.emplace_back(row->key, *ow.value);
  }
  return out;
}

}  // namespace ndcg::cli
