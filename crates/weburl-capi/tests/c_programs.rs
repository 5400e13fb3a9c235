//! The C side: the README's example and ada's own C API test
//! (`testdata/ada/ada_c.cpp`, unchanged), compiled against
//! `include/ada_c.h`, linked with this crate's static library and run;
//! under valgrind too when `WEBURL_CAPI_VALGRIND=1` (as `ci.sh` runs them).
//!
//! ada's test needs g++, GoogleTest and simdjson >= 3.2 (for
//! `get_string(bool allow_replacement)`), which `ci.sh` installs. Without
//! them these tests say so and pass, except under `CI=true`, where a
//! missing tool is a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The simdjson single-header release that `ci.sh` unpacks.
const SIMDJSON_DIR: &str = "capi-c/simdjson-3.9.4";

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn repo_dir() -> PathBuf {
    crate_dir().join("../..")
}

/// Where the build outputs go: cargo's scratch directory for tests.
fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("weburl-capi");
    std::fs::create_dir_all(&dir).expect("create the output directory");
    dir
}

/// The static library cargo built for this test run: beside the test
/// binary, in `target/<profile>/deps/` (cargo copies it up to
/// `target/<profile>/` only on `cargo build`, so the copy there may be
/// stale).
fn static_lib() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let lib = exe
        .parent()
        .expect("deps directory")
        .join("libweburl_capi.a");
    assert!(lib.exists(), "{} was not built", lib.display());
    lib
}

/// The libraries a Rust static library needs on Linux (from
/// `--print native-static-libs`).
const NATIVE_LIBS: [&str; 3] = ["-lpthread", "-ldl", "-lm"];

fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// Whether a prerequisite is there; panics under CI when it is not.
fn require(what: &str, present: bool) -> bool {
    if !present {
        assert!(
            !under_ci(),
            "{what} is missing (CI=true): run crates/weburl-capi/ci.sh"
        );
        eprintln!("skipped: {what} is missing (crates/weburl-capi/ci.sh installs it)");
    }
    present
}

fn has_command(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Runs `program`, under valgrind when asked: any invalid read or write
/// and any leaked block (definite, indirect or possible) fails.
fn run_program(program: &Path) -> String {
    if std::env::var("WEBURL_CAPI_VALGRIND").is_ok_and(|v| v == "1") {
        assert!(
            has_command("valgrind"),
            "WEBURL_CAPI_VALGRIND=1 but valgrind is missing"
        );
        return run(Command::new("valgrind")
            .args([
                "--quiet",
                "--error-exitcode=99",
                "--leak-check=full",
                "--show-leak-kinds=definite,indirect,possible",
                "--errors-for-leak-kinds=definite,indirect,possible",
            ])
            .arg(program));
    }
    run(&mut Command::new(program))
}

#[test]
fn readme_shows_the_example_file() {
    let readme = std::fs::read_to_string(crate_dir().join("README.md")).expect("README.md");
    let start = readme.find("```c\n").expect("a ```c block in the README") + 5;
    let end = start
        + readme[start..]
            .find("```\n")
            .expect("end of the ```c block");
    let example =
        std::fs::read_to_string(crate_dir().join("examples/readme.c")).expect("examples/readme.c");
    assert_eq!(
        &readme[start..end],
        example,
        "the README's C example differs from examples/readme.c"
    );
}

#[test]
fn readme_example_compiles_and_prints_what_it_says() {
    if !require("a C compiler (cc)", has_command("cc")) {
        return;
    }
    let exe = out_dir().join("readme");
    run(Command::new("cc")
        .args([
            "-std=c11",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-g",
            "-I",
        ])
        .arg(crate_dir().join("include"))
        .arg(crate_dir().join("examples/readme.c"))
        .arg(static_lib())
        .args(NATIVE_LIBS)
        .arg("-o")
        .arg(&exe));
    let expected = std::fs::read_to_string(crate_dir().join("examples/readme.out"))
        .expect("examples/readme.out");
    assert_eq!(run_program(&exe), expected);
}

#[test]
fn ada_c_api_test_passes() {
    let simdjson = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("..")
        .join(SIMDJSON_DIR);
    let ready = require("g++", has_command("g++"))
        && require(
            "GoogleTest (libgtest-dev)",
            Path::new("/usr/include/gtest/gtest.h").exists(),
        )
        && require(
            "simdjson 3.9.4 (unpacked by ci.sh)",
            simdjson.join("simdjson.cpp").exists(),
        );
    if !ready {
        return;
    }
    let out = out_dir();
    // ada's test reads its four JSON files from one directory prefix.
    let wpt = out.join("wpt");
    std::fs::create_dir_all(&wpt).expect("create the data directory");
    for file in [
        "wpt/urltestdata.json",
        "wpt/setters_tests.json",
        "ada/ada_extra_urltestdata.json",
        "ada/ada_extra_setters_tests.json",
    ] {
        let src = repo_dir().join("testdata").join(file);
        let name = Path::new(file).file_name().expect("file name");
        std::fs::copy(&src, wpt.join(name)).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    }
    // simdjson once: it is 2 MB of C++ that never changes.
    let simdjson_o = out.join("simdjson-3.9.4.o");
    if !simdjson_o.exists() {
        run(Command::new("g++")
            .args(["-std=c++17", "-O1", "-c"])
            .arg(simdjson.join("simdjson.cpp"))
            .arg("-o")
            .arg(&simdjson_o));
    }
    let exe = out.join("ada_c_test");
    run(Command::new("g++")
        .args(["-std=c++17", "-O1", "-g", "-I"])
        .arg(crate_dir().join("include"))
        .arg("-I")
        .arg(&simdjson)
        .arg(format!("-DWPT_DATA_DIR=\"{}/\"", wpt.display()))
        .arg(repo_dir().join("testdata/ada/ada_c.cpp"))
        .arg(&simdjson_o)
        .arg(static_lib())
        .args(["-lgtest_main", "-lgtest"])
        .args(NATIVE_LIBS)
        .arg("-o")
        .arg(&exe));
    let output = run_program(&exe);
    let summary: Vec<&str> = output
        .lines()
        .filter(|l| l.starts_with("[==========]") || l.starts_with("[  "))
        .collect();
    eprintln!("{}", summary.join("\n"));
    assert!(
        output.contains("[  PASSED  ] 17 tests."),
        "expected all 17 of ada's tests to pass:\n{output}"
    );
    assert!(!output.contains("[  FAILED  ]"), "{output}");
}
