//! Replays the minimized fuzz inputs under `fuzz/regressions/<target>/`
//! through the same property checks as the fuzz targets
//! (`weburl_test_support::checks`), without ada.
//!
//! Every file is run, even after a failure; the test then lists each file
//! that failed with the property that broke.

use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;

use weburl_test_support::checks;

/// The check a fuzz target runs on one input.
type Check = fn(&[u8]);

/// The fuzz targets and the check each runs; `differential` runs its
/// weburl side only. The `psl` target's inputs are replayed by
/// weburl-sites' tests, where the list is.
const TARGETS: [(&str, Check); 8] = [
    ("parse", checks::parse),
    ("parse_with_base", checks::parse_with_base),
    ("setters", checks::setters),
    ("differential", |data| {
        checks::differential(&checks::DiffCase::from_bytes(data))
    }),
    ("host", checks::host),
    ("percent_encoding", checks::percent_encoding),
    ("search_params", checks::search_params),
    ("fast_path", checks::fast_path),
];

fn regressions_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions")
}

#[test]
fn fuzz_regressions_hold() {
    let mut files = 0;
    let mut failures = Vec::new();
    // The panics are reported at the end, not as they happen.
    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    for (target, check) in TARGETS {
        let dir = regressions_dir().join(target);
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
        paths.sort();
        for path in paths {
            if !path.is_file() || path.extension().is_some_and(|e| e == "md") {
                continue;
            }
            let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            files += 1;
            if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(|| check(&data))) {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                failures.push(format!("{target}/{}:\n{message}", file_name(&path)));
            }
        }
    }
    panic::set_hook(default_hook);
    println!("{files} regression inputs replayed");
    assert!(
        failures.is_empty(),
        "{} of {files} regression inputs fail:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
