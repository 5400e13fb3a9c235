#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let case = weburl_test_support::checks::DiffCase::from_bytes(data);
    weburl_test_support::checks::differential(&case);
    weburl_test_support::ada_compare::compare(&case);
});
