//! `--as-iri`: the href shown as an IRI wherever the href is output, the
//! components left as they are, and the result parsing back to the URL.

mod common;

use common::{run, run_stdin};

#[test]
fn idn_and_percent_encoded_paths() {
    let out = run(&[
        "--as-iri",
        "https://xn--bcher-kva.example/stra%C3%9Fe?q=caf%C3%A9#%C3%B8",
        "https://bücher.example/a%2Fb/%FF/%E2%80%AE",
        // Cyrillic look-alike of "apple": stays punycode.
        "https://аррӏе.com/",
        "mailto:%C3%A9@example.com",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.text(),
        "https://bücher.example/straße?q=café#ø\n\
         https://bücher.example/a%2Fb/%FF/%E2%80%AE\n\
         https://xn--80ak6aa92e.com/\n\
         mailto:é@example.com\n"
    );
    // Without it, the href; --as-idn alone changes only the host.
    let out = run(&["https://xn--bcher-kva.example/stra%C3%9Fe"]);
    assert_eq!(out.text(), "https://xn--bcher-kva.example/stra%C3%9Fe\n");
    let out = run(&["--as-idn", "https://xn--bcher-kva.example/stra%C3%9Fe"]);
    assert_eq!(out.text(), "https://bücher.example/stra%C3%9Fe\n");
}

#[test]
fn the_display_parses_back_to_the_same_url() {
    let urls = [
        "https://xn--bcher-kva.example/stra%C3%9Fe?q=caf%C3%A9#%C3%B8",
        "https://user:p%C3%A4ss@xn--mnchen-3ya.example:8080/%E6%97%A5%E6%9C%AC?%20x",
        "http://[::1]/%C3%A9",
        "https://example.com/%25C3%25A9",
    ];
    let mut args = vec!["--as-iri"];
    args.extend(urls);
    let shown = run(&args).text();
    let back = run_stdin(&[], shown.as_bytes()).text();
    assert_eq!(back, run(&urls).text());
}

#[test]
fn in_formats_and_fields() {
    let url = "https://xn--bcher-kva.example:8443/stra%C3%9Fe?q=%C3%A9";
    let out = run(&[
        "--as-iri",
        url,
        "-g",
        "{url}|{href}|{host}|{path}|{pathname}|{query}",
    ]);
    assert_eq!(
        out.text(),
        "https://bücher.example:8443/straße?q=é|https://bücher.example:8443/straße?q=é|\
         xn--bcher-kva.example|/straße|/stra%C3%9Fe|q=é\n"
    );
    let out = run(&[
        "--as-iri",
        "--jsonl",
        "--fields",
        "href,hostname,pathname",
        url,
    ]);
    assert_eq!(
        out.text(),
        "{\"href\":\"https://bücher.example:8443/straße?q=é\",\
         \"hostname\":\"xn--bcher-kva.example\",\"pathname\":\"/stra%C3%9Fe\"}\n"
    );
    let out = run(&["--as-iri", "--json", url]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["url"], "https://bücher.example:8443/straße?q=é");
    assert_eq!(v[0]["parts"]["host"], "xn--bcher-kva.example");
    // --default-port writes the port after the displayed host.
    let out = run(&[
        "--as-iri",
        "--default-port",
        "https://xn--bcher-kva.example/%C3%A4",
        "https://u@[::1]/",
    ]);
    assert_eq!(
        out.text(),
        "https://bücher.example:443/ä\nhttps://u@[::1]:443/\n"
    );
    // The diagram draws the href's offsets: not with an IRI.
    assert_eq!(run(&["--as-iri", "--diagram", url]).code, 4);
}
