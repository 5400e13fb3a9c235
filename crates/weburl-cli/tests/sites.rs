//! `public_suffix`, `registrable_domain` and `surt` as `--get` components
//! and `--fields` columns, and `--surt-profile`.

mod common;

use common::{run, run_stdin};

const INPUT: &[u8] = b"https://www.example.co.uk/a/?b=2&a=1\n\
http://[::1]/\n\
https://github.io/\n\
https://user@a.b.github.io:8080/X#f\n\
https://www.\xe9\xa3\x9f\xe7\x8b\xae.\xe5\x85\xac\xe5\x8f\xb8.cn/\n";

#[test]
fn get_components() {
    let out = run_stdin(
        &["-g", "{registrable_domain}|{public_suffix}|{surt}"],
        INPUT,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.text(),
        "example.co.uk|co.uk|uk,co,example)/a?a=1&b=2\n\
         ||::1)/\n\
         |github.io|io,github)/\n\
         b.github.io|github.io|io,github,b,a:8080)/x\n\
         xn--85x722f.xn--55qx5d.cn|xn--55qx5d.cn|cn,xn--55qx5d,xn--85x722f)/\n"
    );
}

#[test]
fn heritrix_profile() {
    let out = run_stdin(&["--surt-profile", "heritrix", "-g", "{surt}"], INPUT);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.text(),
        "https://(uk,co,example,www,)/a/?b=2&a=1\n\
         http://([::1],)/\n\
         https://(io,github,)/\n\
         https://(io,github,b,a,:8080@user)/x#f\n\
         https://(cn,xn--55qx5d,xn--85x722f,www,)/\n"
    );
    let out = run(&[
        "--surt-profile",
        "cdx",
        "-g",
        "{surt}",
        "https://example.com/",
    ]);
    assert_eq!(out.code, 4);
    assert!(
        out.stderr
            .contains("expected a SURT profile (ia or heritrix), found \"cdx\""),
        "{}",
        out.stderr
    );
}

#[test]
fn jsonl_nulls_and_csv_empty_cells() {
    let fields = "href,public_suffix,registrable_domain,surt";
    let out = run_stdin(&["--jsonl", "--fields", fields], &INPUT[..INPUT.len() - 30]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.text(),
        "{\"href\":\"https://www.example.co.uk/a/?b=2&a=1\",\"public_suffix\":\"co.uk\",\"registrable_domain\":\"example.co.uk\",\"surt\":\"uk,co,example)/a?a=1&b=2\"}\n\
         {\"href\":\"http://[::1]/\",\"public_suffix\":null,\"registrable_domain\":null,\"surt\":\"::1)/\"}\n\
         {\"href\":\"https://github.io/\",\"public_suffix\":\"github.io\",\"registrable_domain\":null,\"surt\":\"io,github)/\"}\n\
         {\"href\":\"https://user@a.b.github.io:8080/X#f\",\"public_suffix\":\"github.io\",\"registrable_domain\":\"b.github.io\",\"surt\":\"io,github,b,a:8080)/x\"}\n"
    );
    let out = run_stdin(
        &["--csv", "--fields", "registrable_domain,surt"],
        b"http://[::1]/\nhttps://www.example.com/\n",
    );
    assert_eq!(
        out.text(),
        "registrable_domain,surt\n,::1)/\nexample.com,\"com,example)/\"\n"
    );
}

#[test]
fn must_and_set() {
    let out = run(&["-g", "{must:registrable_domain}", "https://github.io/"]);
    assert_ne!(out.code, 0);
    let out = run(&["--set", "registrable_domain=x", "https://a.com/"]);
    assert_eq!(out.code, 5);
    assert!(
        out.stderr.contains("no settable registrable_domain"),
        "{}",
        out.stderr
    );
}
