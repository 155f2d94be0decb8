// A stream as a run_source (the command's and the Python package's run
// files). Its own file, so that the wasm modules, which never read a
// stream, link no iostream code.
#include <istream>

#include "ndcg/trec.hpp"

namespace ndcg {

namespace {

class istream_source final : public run_source {
 public:
  istream_source(std::istream& in, bool can_rewind) : in_(in), can_rewind_(can_rewind) {}
  std::size_t read(char* into, std::size_t size) override {
    in_.read(into, static_cast<std::streamsize>(size));
    return static_cast<std::size_t>(in_.gcount());
  }
  // A file goes back to its start; standard input cannot.
  bool rewind() override {
    if (!can_rewind_) return false;
    in_.clear();
    in_.seekg(0);
    return !in_.fail();
  }

  std::size_t size_hint() override {
    const std::streampos at = in_.tellg();
    if (!can_rewind_ || at < 0 || !in_.seekg(0, std::ios::end)) return in_.clear(), 0;
    const std::streampos end = in_.tellg();
    in_.seekg(at);
    return end > at ? static_cast<std::size_t>(end - at) : 0;
  }

 private:
  std::istream& in_;
  bool can_rewind_;
};

}  // namespace

std::unique_ptr<run_source> stream_source(std::istream& in, bool can_rewind) {
  return std::make_unique<istream_source>(in, can_rewind);
}

}  // namespace ndcg
