// The loops of the `ada_native` rows: ada 4.0 called from C++, as a C++
// program would use it (no FFI per URL, the result object on the stack).
// Each function runs over the whole list in one call. Built by build.rs
// against the amalgamation the ada-url crate bundles, and linked with the
// crate's compiled ada.cpp.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ada.h"

namespace {

// FNV-1a, the same hash as bench/src/ada_native.rs uses for weburl's hrefs.
uint64_t fnv1a(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace

extern "C" {

// Sum over the inputs that parse of href length + 1.
uint64_t bench_ada_native_parse_href(const char* const* data, const size_t* lens, size_t n) {
  uint64_t sum = 0;
  for (size_t i = 0; i < n; i++) {
    auto url = ada::parse<ada::url_aggregator>(std::string_view(data[i], lens[i]));
    if (url) {
      sum += url->get_href().size() + 1;
    }
  }
  return sum;
}

// Resolves every input against `base`, parsed once (as weburl's
// base.join(input) does): the sum over those that parse of href length + 1.
// Returns UINT64_MAX when the base does not parse.
uint64_t bench_ada_native_join_href(const char* base, size_t base_len, const char* const* data,
                                    const size_t* lens, size_t n) {
  auto parsed_base = ada::parse<ada::url_aggregator>(std::string_view(base, base_len));
  if (!parsed_base) {
    return UINT64_MAX;
  }
  const ada::url_aggregator* base_url = &*parsed_base;
  uint64_t sum = 0;
  for (size_t i = 0; i < n; i++) {
    auto url = ada::parse<ada::url_aggregator>(std::string_view(data[i], lens[i]), base_url);
    if (url) {
      sum += url->get_href().size() + 1;
    }
  }
  return sum;
}

// For the agreement check of `relative`, untimed: per input resolved
// against `base`, whether it parses and its href's length and hash.
void bench_ada_native_join_answers(const char* base, size_t base_len, const char* const* data,
                                   const size_t* lens, size_t n, uint8_t* parses,
                                   uint64_t* href_lens, uint64_t* href_hashes) {
  auto parsed_base = ada::parse<ada::url_aggregator>(std::string_view(base, base_len));
  for (size_t i = 0; i < n; i++) {
    parses[i] = 0;
    href_lens[i] = 0;
    href_hashes[i] = 0;
    if (!parsed_base) {
      continue;
    }
    auto url = ada::parse<ada::url_aggregator>(std::string_view(data[i], lens[i]), &*parsed_base);
    if (url) {
      parses[i] = 1;
      href_lens[i] = url->get_href().size();
      href_hashes[i] = fnv1a(url->get_href());
    }
  }
}

// Number of inputs that parse.
uint64_t bench_ada_native_can_parse(const char* const* data, const size_t* lens, size_t n) {
  uint64_t count = 0;
  for (size_t i = 0; i < n; i++) {
    count += ada::can_parse(std::string_view(data[i], lens[i]), nullptr) ? 1 : 0;
  }
  return count;
}

// For the agreement check, untimed: per input, whether it parses, its
// href's length and hash, and whether can_parse says it parses.
void bench_ada_native_answers(const char* const* data, const size_t* lens, size_t n,
                              uint8_t* parses, uint64_t* href_lens, uint64_t* href_hashes,
                              uint8_t* can_parse) {
  for (size_t i = 0; i < n; i++) {
    std::string_view input(data[i], lens[i]);
    auto url = ada::parse<ada::url_aggregator>(input);
    parses[i] = url ? 1 : 0;
    href_lens[i] = url ? url->get_href().size() : 0;
    href_hashes[i] = url ? fnv1a(url->get_href()) : 0;
    can_parse[i] = ada::can_parse(input, nullptr) ? 1 : 0;
  }
}

}  // extern "C"
