//! `include/ada_c.h` is what cbindgen generates from the source, and it
//! declares exactly what ada's own `ada_c.h` declares.
//!
//! Regenerate the header: `tools/regenerate.sh` (it sets `WEBURL_REGENERATE`).

use std::path::{Path, PathBuf};

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn header_path() -> PathBuf {
    crate_dir().join("include/ada_c.h")
}

fn generate() -> Vec<u8> {
    let config =
        cbindgen::Config::from_file(crate_dir().join("cbindgen.toml")).expect("cbindgen.toml");
    let mut out = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir())
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut out);
    out
}

#[test]
fn checked_in_header_is_generated_from_the_source() {
    let generated = generate();
    if std::env::var_os("WEBURL_REGENERATE").is_some() {
        std::fs::write(header_path(), &generated).expect("write include/ada_c.h");
        return;
    }
    let checked_in = std::fs::read(header_path()).unwrap_or_default();
    assert!(
        checked_in == generated,
        "include/ada_c.h is stale: regenerate it with tools/regenerate.sh"
    );
}

/// The declarations of a C header, each normalized: comments, the
/// preprocessor and C++ guards removed, whitespace collapsed and dropped
/// next to punctuation, `()` written `(void)`, `#define` values as
/// numbers. Sorted: the order of declarations does not change the API.
fn declarations(header: &str) -> Vec<String> {
    let mut text = String::new();
    let mut defines = Vec::new();
    let mut in_cplusplus = false;
    let mut in_block_comment = false;
    for line in header.lines() {
        let mut line = line.to_owned();
        if in_block_comment {
            match line.find("*/") {
                Some(end) => {
                    line = line[end + 2..].to_owned();
                    in_block_comment = false;
                }
                None => continue,
            }
        }
        while let Some(start) = line.find("/*") {
            match line[start..].find("*/") {
                Some(end) => line.replace_range(start..start + end + 2, ""),
                None => {
                    line.truncate(start);
                    in_block_comment = true;
                }
            }
        }
        if let Some(start) = line.find("//") {
            line.truncate(start);
        }
        let trimmed = line.trim();
        if trimmed.starts_with("#ifdef __cplusplus") {
            in_cplusplus = true;
            continue;
        }
        if in_cplusplus {
            in_cplusplus = !trimmed.starts_with("#endif");
            continue;
        }
        if let Some(define) = trimmed.strip_prefix("#define ") {
            let mut parts = define.split_whitespace();
            if let (Some(name), Some(value)) = (parts.next(), parts.next()) {
                // Both are `unsigned int` where `uint32_t` is.
                let value = match value.strip_prefix("0x") {
                    _ if value == "UINT32_MAX" => u64::from(u32::MAX),
                    Some(hex) => u64::from_str_radix(hex, 16).expect("hex define"),
                    None => value.parse().expect("numeric define"),
                };
                defines.push(format!("#define {name} {value}"));
            }
            continue;
        }
        if trimmed.starts_with('#') {
            continue;
        }
        text.push_str(trimmed);
        text.push(' ');
    }
    let mut decls = defines;
    let mut depth = 0i32;
    let mut current = String::new();
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        current.push(c);
        if c == ';' && depth == 0 {
            decls.push(normalize(&current));
            current.clear();
        }
    }
    assert!(
        current.trim().is_empty(),
        "text after the last declaration: {current}"
    );
    decls.sort();
    decls
}

fn normalize(decl: &str) -> String {
    let collapsed = decl.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::new();
    let chars: Vec<char> = collapsed.chars().collect();
    let punct = |c: char| "*(){},;".contains(c);
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' && (i == 0 || punct(chars[i - 1]) || chars.get(i + 1).is_none_or(|&n| punct(n)))
        {
            continue;
        }
        out.push(c);
    }
    out.replace("()", "(void)")
}

#[test]
fn header_declares_what_ada_c_h_declares() {
    let ours = declarations(&std::fs::read_to_string(header_path()).expect("include/ada_c.h"));
    let ada_path = crate_dir().join("../../testdata/ada/ada_c.h");
    let ada = declarations(&std::fs::read_to_string(ada_path).expect("testdata/ada/ada_c.h"));
    let missing: Vec<_> = ada.iter().filter(|d| !ours.contains(d)).collect();
    let extra: Vec<_> = ours.iter().filter(|d| !ada.contains(d)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "declarations of ada_c.h missing from ours: {missing:#?}\nours not in ada_c.h: {extra:#?}"
    );
    // 79 functions, as the issue counts, plus the types and the define.
    let functions = ada
        .iter()
        .filter(|d| d.contains('(') && !d.starts_with("typedef"))
        .count();
    assert_eq!(functions, 79);
    assert_eq!(ours.len(), ada.len());
}

#[test]
fn the_normalization_tells_declarations_apart() {
    assert_eq!(
        declarations("const char* f(const char *a,\n size_t b);"),
        declarations("const char *f(const char* a, size_t b);")
    );
    assert_ne!(
        declarations("int f(int a);"),
        declarations("int f(long a);")
    );
    assert_ne!(declarations("int* f(void);"), declarations("int f(void);"));
    assert_eq!(declarations("int f();"), declarations("int f(void);"));
    assert_eq!(
        declarations("#define X 0xff"),
        declarations("#define X 255")
    );
}
