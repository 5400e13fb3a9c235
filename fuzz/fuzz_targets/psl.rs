#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| weburl_test_support::checks::psl(data));
