#include <stdio.h>
#include <string.h>

#include "ada_c.h"

/* Prints a borrowed or owned string: neither is NUL-terminated. */
#define PRINT(label, s) printf("%-9s %.*s\n", label, (int)(s).length, (s).data)

int main(void) {
  const char *input = "HTTPS://user:pass@EXAMPLE.com:443/a/./b/../c?x=1#top";
  ada_url url = ada_parse(input, strlen(input));
  if (!ada_is_valid(url)) {
    ada_free(url);
    return 1;
  }
  PRINT("href", ada_get_href(url));
  PRINT("hostname", ada_get_hostname(url));
  PRINT("pathname", ada_get_pathname(url));

  /* Owned: the caller frees it. */
  ada_owned_string origin = ada_get_origin(url);
  PRINT("origin", origin);
  ada_free_owned_string(origin);

  /* A setter invalidates the strings borrowed before it. */
  if (!ada_set_pathname(url, "/docs/index.html", strlen("/docs/index.html"))) {
    return 1;
  }
  ada_clear_search(url);
  PRINT("href", ada_get_href(url));

  /* Resolve a relative reference against a base. */
  const char *relative = "../img/logo.png";
  const char *base = "https://example.com/docs/index.html";
  ada_url logo = ada_parse_with_base(relative, strlen(relative), base, strlen(base));
  PRINT("resolved", ada_get_href(logo));
  ada_free(logo);

  /* A string that is not a URL gives an invalid result, to be freed too. */
  ada_url bad = ada_parse("http://exa mple.com/", strlen("http://exa mple.com/"));
  printf("%-9s %s\n", "valid", ada_is_valid(bad) ? "yes" : "no");
  ada_free(bad);

  /* URLSearchParams. */
  const char *query = "b=2&a=1&a=3";
  ada_url_search_params params = ada_parse_search_params(query, strlen(query));
  ada_search_params_sort(params);
  ada_owned_string sorted = ada_search_params_to_string(params);
  PRINT("sorted", sorted);
  ada_free_owned_string(sorted);
  ada_free_search_params(params);

  ada_free(url);
  return 0;
}
