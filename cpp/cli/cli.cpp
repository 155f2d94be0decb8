// The `ndcg` command: the word after the program name picks the command
// (explain_command.cpp, trec_command.cpp, compare_command.cpp).
#include "cli.hpp"

#include <iostream>

#include "cli_support.hpp"
#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"

namespace ndcg {
namespace {

const char* version = "ndcg 0.1.0";

const char* main_help =
    "ndcg: NDCG@K explained step by step, and trec_eval-compatible batch evaluation.\n"
    "\n"
    "Usage:\n"
    "  ndcg explain [options] [GRADES...]   one ranking: step tables, DCG, IDCG, NDCG\n"
    "  ndcg trec [options] QRELS RUN        every query of a TREC run, as trec_eval prints it\n"
    "  ndcg compare [options] QRELS A B...  runs against the first: means, differences, paired tests\n"
    "  ndcg trec --merge [-q] FILE...       merge the -q outputs of shards of one run\n"
    "  ndcg presets                         the named conventions and what they set\n"
    "  ndcg measures                        the measures of `ndcg trec -m` (--help-measure NAME: one)\n"
    "  ndcg --help | --version\n"
    "\n"
    "Run `ndcg explain --help`, `ndcg trec --help` or `ndcg compare --help` for the options.\n"
    "Exit status: 0 on success, 2 on any error (the message names file, line and column).\n";

int presets_command(std::ostream& out) {
  for (const preset_info& p : presets()) out << p.name << "\t" << p.summary << "\n";
  return 0;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  read_json_rankings();
  cli::words w(args);
  if (w.done()) { err << main_help; return 2; }
  std::string command = w.take();
  if (command == "-h" || command == "--help" || command == "help") { out << main_help; return 0; }
  if (command == "--version") { out << version << "\n"; return 0; }
  if (command == "explain") return cli::explain_command(w, in, out, err);
  if (command == "trec") return cli::trec_command(w, in, out, err);
  if (command == "compare") return cli::compare_command(w, in, out, err);
  if (command == "presets") return presets_command(out);
  if (command == "measures") return cli::measures_command(w, out, err);
  err << "ndcg: unknown command " << echo(command)
      << " (expected explain, trec, compare, presets or measures; see `ndcg --help`)\n";
  return 2;
}

}  // namespace ndcg

