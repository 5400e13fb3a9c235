#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let case = weburl_fuzz::checks::DiffCase::from_bytes(data);
    weburl_fuzz::checks::differential(&case);
    weburl_fuzz::ada_compare::compare(&case);
});
