//! One output record per input line, through the binary: decoded
//! components never emit a control character raw.

mod common;

use common::{run, run_stdin};

#[test]
fn decoded_components_keep_control_characters_encoded() {
    let out = run(&["https://a.com/a%09b%0Ac", "-g", "{path}"]);
    assert_eq!(out.text(), "/a%09b%0Ac\n");
    let out = run(&[
        "https://a.com/p%20q?x=%0D%0A+y%41&z=%7F#f%1Bg%20h",
        "-g",
        "{path}|{query}|{query:x}|{query-all:z}|{fragment}",
    ]);
    assert_eq!(out.text(), "/p q|x=%0D%0A+yA&z=%7F|%0D%0A yA|%7F|f%1Bg h\n");
    let out = run(&[
        "https://a.com/a%09b?c%0A",
        "--tsv",
        "--fields",
        "path,query",
    ]);
    assert_eq!(out.text(), "path\tquery\n/a%09b\tc%0A\n");
    // Every component, one line per input.
    let out = run_stdin(
        &["-g", "{user}{password}{host}{path}{query}{fragment}"],
        b"foo://u%0A:p%0D@h%0Ax/%0A?%0A#%0A\nhttps://a.example/\n",
    );
    assert_eq!(out.text().lines().count(), 2, "{:?}", out.text());
}
