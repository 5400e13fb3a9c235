//! Data-driven conformance tests: the web-platform-tests URL data plus the
//! extra data vendored under `testdata/` (see `testdata/PROVENANCE.md`).
//!
//! This test target has its own `main` (`harness = false`): it runs every
//! case, prints each failing case with all its mismatches, prints one summary
//! line per data file and a final `N passed, M failed` line, and exits with a
//! failure status if a case failed unexpectedly.
//!
//! * `WEBURL_TEST_FILTER=<substring>` runs only the cases whose name contains
//!   the substring.
//! * `testdata/expected-failures.txt` lists cases known to fail. It must stay
//!   empty; a listed case that passes is an error.

use weburl_test_support::harness as common;

use std::process::ExitCode;

use common::{load_json, setter_case_name, url_case_name, Check, Harness};
use serde_json::{Map, Value};
use weburl::encoding_rs::Encoding;
use weburl::{Component, ParseError, Url};

/// A base URL with an opaque path, for `relativeTo: "any-base"`.
const OPAQUE_PATH_BASE: &str = "sc:opaque";

fn main() -> ExitCode {
    let mut harness = Harness::from_env();

    run_url_suite(&mut harness, "urltestdata", "wpt/urltestdata.json");
    run_url_suite(
        &mut harness,
        "urltestdata-javascript-only",
        "wpt/urltestdata-javascript-only.json",
    );
    run_url_suite(
        &mut harness,
        "ada_extra_urltestdata",
        "ada/ada_extra_urltestdata.json",
    );
    run_url_suite(
        &mut harness,
        "ada_long_urltestdata",
        "ada/ada_long_urltestdata.json",
    );
    run_url_suite(
        &mut harness,
        "wpt-supplement",
        "wpt-supplement/urltestdata.json",
    );
    run_setters_suite(&mut harness, "setters", "wpt/setters_tests.json");
    run_setters_suite(
        &mut harness,
        "ada_extra_setters",
        "ada/ada_extra_setters_tests.json",
    );
    run_toascii_suite(&mut harness);
    run_idna_suite(&mut harness, "IdnaTestV2", "wpt/IdnaTestV2.json");
    run_idna_suite(
        &mut harness,
        "IdnaTestV2-removed",
        "wpt/IdnaTestV2-removed.json",
    );
    run_percent_encoding_suite(&mut harness);
    run_verify_dns_length_suite(&mut harness);
    run_rfc3986_suite(&mut harness);

    harness.finish()
}

// ---------------------------------------------------------------------------
// Helpers

/// The test objects of a JSON array that mixes comment strings and objects.
fn test_objects(data: &Value) -> impl Iterator<Item = &Map<String, Value>> {
    data.as_array()
        .expect("test data is a JSON array")
        .iter()
        .filter_map(Value::as_object)
}

/// A string field that every test object of a file has.
fn text<'a>(object: &'a Map<String, Value>, key: &str) -> &'a str {
    object
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("test object without string {key:?}: {object:?}"))
}

/// A field that is a string or null (or missing).
fn text_or_null<'a>(object: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    match object.get(key) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s),
        Some(other) => panic!("{key:?} is neither a string nor null: {other:?}"),
    }
}

/// The value of the URL API getter `component`.
fn getter(url: &Url, component: Component) -> String {
    component.get(url, &mut String::new()).to_owned()
}

/// Calls the setter called `name`, ignoring whether it reports an error (as
/// the JavaScript setters do). Returns `false` for an unknown name.
fn apply_setter(url: &mut Url, name: &str, value: &str) -> bool {
    // The setters' results are deliberately ignored: the URL API's setters
    // never throw, except `href`, whose failure leaves the URL unchanged.
    match Component::from_name(name) {
        Some(component) => {
            let _ = component.set(url, value);
            true
        }
        None => false,
    }
}

/// Compares the listed getters of `url` with `expected` and checks the URL's
/// internal invariants. `what` says which call produced `url`. If anything is
/// wrong, the URL's diagram is added to the problems.
fn check_url(
    check: &mut Check,
    what: &str,
    url: &Url,
    expected: &Map<String, Value>,
    getters: impl IntoIterator<Item = Component>,
) {
    let before = check.count();
    for component in getters {
        let name = component.name();
        let Some(want) = expected.get(name) else {
            check.fail(format!("{what}: the test data has no {name:?}"));
            continue;
        };
        let Some(want) = want.as_str() else {
            check.fail(format!("{what}: expected {name} is not a string: {want}"));
            continue;
        };
        let got = getter(url, component);
        check.eq(&format!("{what}: {name}"), &got, want);
        match component.range(url) {
            // The component's place in the href holds its value.
            Some(range) => match url.href().get(range.clone()) {
                Some(slice) => {
                    check.eq(&format!("{what}: href[{name} range]"), slice, want);
                }
                None => check.fail(format!("{what}: {name} range {range:?} is not in the href")),
            },
            // The origin's own type serializes the same.
            None => {
                check.eq(
                    &format!("{what}: origin().to_string()"),
                    &url.origin().to_string(),
                    want,
                );
            }
        }
    }
    check_invariants(check, what, url);
    add_diagram_if_failed(check, before, what, url);
}

/// Records a problem if `url.check_invariants()` fails.
fn check_invariants(check: &mut Check, what: &str, url: &Url) {
    if let Err(problem) = url.check_invariants() {
        check.fail(format!("{what}: check_invariants: {problem}"));
    }
}

/// Appends the URL's diagram if problems were recorded since `before`.
fn add_diagram_if_failed(check: &mut Check, before: usize, what: &str, url: &Url) {
    if check.count() > before {
        check.fail(format!(
            "{what}: diagram of {:?}:\n{}",
            url.href(),
            url.diagram()
        ));
    }
}

/// Records a problem for a parse that was expected to fail but succeeded.
fn unexpected_success(check: &mut Check, what: &str, url: &Url) {
    check.fail(format!(
        "{what}: expected failure, got {:?}\n{}",
        url.href(),
        url.diagram()
    ));
}

/// Records a problem for a parse that was expected to succeed but failed.
fn unexpected_failure(check: &mut Check, what: &str, err: ParseError) {
    check.fail(format!("{what}: expected success, got {err:?} ({err})"));
}

/// Parsing the serialization of `url` again must give the same serialization.
fn check_reparse(check: &mut Check, what: &str, url: &Url) {
    match Url::parse(url.href()) {
        Ok(again) => {
            if again.href() != url.href() {
                check.fail(format!(
                    "{what}: reparsing the href is not idempotent: {:?} became {:?}\n{}",
                    url.href(),
                    again.href(),
                    again.diagram()
                ));
            }
        }
        Err(err) => check.fail(format!(
            "{what}: reparsing the href {:?} failed: {err:?} ({err})",
            url.href()
        )),
    }
}

// ---------------------------------------------------------------------------
// urltestdata.json and files in the same format

fn run_url_suite(harness: &mut Harness, label: &'static str, file: &str) {
    let data = load_json(file);
    let mut suite = harness.suite(label);
    let mut with_search_params = 0;
    for case in test_objects(&data) {
        let input = text(case, "input");
        let base = text_or_null(case, "base");
        let ran = suite.case(&url_case_name(input, base), |check| {
            run_url_case(check, case, input, base);
        });
        if ran && case.contains_key("searchParams") {
            with_search_params += 1;
        }
    }
    if with_search_params > 0 {
        suite.note(format!(
            "{with_search_params} of these cases also check `searchParams`"
        ));
    }
    suite.finish();
}

fn run_url_case(check: &mut Check, case: &Map<String, Value>, input: &str, base: Option<&str>) {
    let expect_failure = case.get("failure").and_then(Value::as_bool) == Some(true);
    let base_url = match base.map(Url::parse) {
        None => None,
        Some(Ok(url)) => Some(url),
        // WPT's bases always parse; ada's extra data has a failure case whose
        // base does not, which fails as `new URL(input, base)` would.
        Some(Err(_)) if expect_failure => {
            if Url::can_parse(input, base) {
                check.fail("can_parse: got true, expected false");
            }
            return;
        }
        Some(Err(err)) => {
            check.fail(format!("base {base:?} failed to parse: {err:?} ({err})"));
            return;
        }
    };

    let mut results = vec![(
        "options().base_url(..).parse",
        Url::options().base_url(base_url.as_ref()).parse(input),
    )];
    match &base_url {
        Some(base_url) => results.push(("base.join", base_url.join(input))),
        None => {
            results.push(("Url::parse", Url::parse(input)));
            // The general parser alone, for the inputs the fast path takes.
            results.push((
                "the parser without the fast path",
                weburl::__internal::parse_without_fast_path(input),
            ));
        }
    }
    let can_parse = Url::can_parse(input, base);

    if expect_failure {
        for (what, result) in &results {
            if let Ok(url) = result {
                unexpected_success(check, what, url);
            }
        }
        if can_parse {
            check.fail("can_parse: got true, expected false");
        }
        if base.is_none() {
            check_unusable_as_href(check, input);
        }
        if let Some(relative_to) = case.get("relativeTo") {
            check_relative_to(check, input, relative_to);
        }
        return;
    }

    if !can_parse {
        check.fail("can_parse: got false, expected true");
    }
    // A missing `origin` is not tested; ada's extra data also writes it as
    // null with the same meaning.
    let with_origin = case
        .get("origin")
        .is_some_and(Value::is_string)
        .then_some(Component::Origin);
    let getters = || Component::SLICES.into_iter().chain(with_origin);
    let mut first: Option<(&str, &Url)> = None;
    for (what, result) in &results {
        let url = match result {
            Ok(url) => url,
            Err(err) => {
                unexpected_failure(check, what, *err);
                continue;
            }
        };
        match first {
            // The same getter values as an URL already compared: its
            // mismatches, if any, have been reported once already.
            Some((first_what, first_url))
                if getters().all(|c| getter(url, c) == getter(first_url, c)) =>
            {
                let before = check.count();
                check_invariants(check, what, url);
                add_diagram_if_failed(check, before, what, url);
                if before > 0 {
                    check.fail(format!("{what}: same getter values as {first_what}"));
                }
            }
            _ => {
                check_url(check, what, url, case, getters());
                check_reparse(check, what, url);
            }
        }
        first.get_or_insert((what, url));
    }
    // `searchParams`: the expected serialization of `url.searchParams`.
    if let (Some(expected), Some((what, url))) =
        (case.get("searchParams").and_then(Value::as_str), first)
    {
        let actual = url.search_params().to_string();
        if actual != expected {
            check.fail(format!(
                "{what}: searchParams: expected {expected:?}, got {actual:?}"
            ));
        }
    }
}

/// As WPT's url-constructor-base-failure.any.js: an input that fails to parse
/// without a base also fails as the new value of `href`, which then leaves
/// the URL unchanged.
fn check_unusable_as_href(check: &mut Check, input: &str) {
    let mut url = Url::parse("about:blank").expect("about:blank parses");
    if let Ok(()) = url.set_href(input) {
        check.fail(format!(
            "set_href on about:blank: expected an error, got Ok and {:?}",
            url.href()
        ));
    }
    check.eq("href after a failed set_href", url.href(), "about:blank");
}

/// `relativeTo` marks failure cases (always with a null base) that do parse
/// against some bases: "non-opaque-path-base" means against any base URL
/// without an opaque path, "any-base" against any base URL at all.
///
/// An input that starts with a special scheme is only relative to a base of
/// that same scheme (`http:@/x` against an `https:` base is parsed as an
/// absolute URL and fails), so the hierarchical base used here has the
/// input's scheme when it has one.
fn check_relative_to(check: &mut Check, input: &str, relative_to: &Value) {
    let hierarchical = hierarchical_base_for(input);
    let bases = match relative_to.as_str() {
        Some("non-opaque-path-base") => vec![hierarchical.as_str()],
        Some("any-base") => vec![hierarchical.as_str(), OPAQUE_PATH_BASE],
        _ => {
            check.fail(format!("unknown relativeTo value {relative_to}"));
            return;
        }
    };
    for base in bases {
        let what = format!("relativeTo: against {base}");
        let base_url = Url::parse(base).expect("the relativeTo bases parse");
        match Url::options().base_url(Some(&base_url)).parse(input) {
            Ok(url) => {
                let before = check.count();
                check_invariants(check, &what, &url);
                add_diagram_if_failed(check, before, &what, &url);
            }
            Err(err) => unexpected_failure(check, &what, err),
        }
        if !Url::can_parse(input, Some(base)) {
            check.fail(format!("{what}: can_parse: got false, expected true"));
        }
    }
}

/// `<scheme>://example.com/` if `input` starts with a scheme, else
/// `https://example.com/`.
fn hierarchical_base_for(input: &str) -> String {
    let scheme = input.split_once(':').map(|(scheme, _)| scheme).filter(|s| {
        s.starts_with(|c: char| c.is_ascii_alphabetic())
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    format!(
        "{}://example.com/",
        scheme.map_or_else(|| "https".to_owned(), str::to_ascii_lowercase)
    )
}

// ---------------------------------------------------------------------------
// setters_tests.json

fn run_setters_suite(harness: &mut Harness, label: &'static str, file: &str) {
    let data = load_json(file);
    let groups = data.as_object().expect("setter data is a JSON object");
    let mut suite = harness.suite(label);
    for (setter, cases) in groups {
        if setter == "comment" {
            continue;
        }
        let cases = cases.as_array().expect("setter cases are an array");
        for case in cases.iter().filter_map(Value::as_object) {
            let href = text(case, "href");
            let new_value = text(case, "new_value");
            suite.case(&setter_case_name(setter, href, new_value), |check| {
                run_setter_case(check, setter, case, href, new_value);
            });
        }
    }
    suite.finish();
}

fn run_setter_case(
    check: &mut Check,
    setter: &str,
    case: &Map<String, Value>,
    href: &str,
    new_value: &str,
) {
    let mut url = match Url::parse(href) {
        Ok(url) => url,
        Err(err) => {
            check.fail(format!("parsing href {href:?} failed: {err:?} ({err})"));
            return;
        }
    };
    if !apply_setter(&mut url, setter, new_value) {
        check.fail(format!("unknown setter {setter:?} in the test data"));
        return;
    }
    let expected = case
        .get("expected")
        .and_then(Value::as_object)
        .expect("setter case has an `expected` object");
    let what = format!("after set_{setter}");
    let mut getters = Vec::new();
    for name in expected.keys() {
        match Component::from_name(name) {
            Some(component) if component.name() == name => getters.push(component),
            _ => check.fail(format!("{what}: unknown getter {name:?} in the test data")),
        }
    }
    check_url(check, &what, &url, expected, getters);
}

// ---------------------------------------------------------------------------
// toascii.json, IdnaTestV2.json, IdnaTestV2-removed.json

/// Parses `url_text` (always `https://<host>/x`) and checks it against the
/// expected host serialization, or failure when `output` is `None`.
fn check_host_in_url(check: &mut Check, url_text: &str, output: Option<&str>) {
    let what = format!("Url::parse({url_text:?})");
    match (Url::parse(url_text), output) {
        (Ok(url), Some(output)) => {
            let before = check.count();
            check.eq(&format!("{what}: host"), url.host(), output);
            check.eq(&format!("{what}: hostname"), url.hostname(), output);
            check.eq(&format!("{what}: pathname"), url.pathname(), "/x");
            check.eq(
                &format!("{what}: href"),
                url.href(),
                &format!("https://{output}/x"),
            );
            check_invariants(check, &what, &url);
            add_diagram_if_failed(check, before, &what, &url);
        }
        (Ok(url), None) => unexpected_success(check, &what, &url),
        (Err(err), Some(_)) => unexpected_failure(check, &what, err),
        (Err(_), None) => {}
    }
}

fn run_toascii_suite(harness: &mut Harness) {
    let data = load_json("wpt/toascii.json");
    let mut suite = harness.suite("toascii");
    for case in test_objects(&data) {
        let input = text(case, "input");
        let output = text_or_null(case, "output");
        suite.case(&format!("toascii {input}"), |check| {
            // (a) As the host of a parsed URL.
            check_host_in_url(check, &format!("https://{input}/x"), output);
            // (b) Through the host and hostname setters, which leave the URL
            // unchanged on failure.
            for setter in ["host", "hostname"] {
                let mut url = Url::parse("https://x/x").expect("https://x/x parses");
                apply_setter(&mut url, setter, input);
                let what = format!("set_{setter}({input:?}) on https://x/x");
                let before = check.count();
                let got = getter(&url, Component::from_name(setter).expect("known getter"));
                check.eq(&format!("{what}: {setter}"), &got, output.unwrap_or("x"));
                check_invariants(check, &what, &url);
                add_diagram_if_failed(check, before, &what, &url);
            }
        });
    }
    suite.finish();
}

/// As WPT's IdnaTestV2.any.js: the code points that would end the host
/// (`:`, `/`, `?`, `#`, `\`) are percent-encoded so that the whole input goes
/// through the host parser, which percent-decodes it again.
fn encode_host_ending_code_points(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        match c {
            ':' => out.push_str("%3A"),
            '/' => out.push_str("%2F"),
            '?' => out.push_str("%3F"),
            '#' => out.push_str("%23"),
            '\\' => out.push_str("%5C"),
            c => out.push(c),
        }
    }
    out
}

/// Every test object counts as a case, including the one with an empty
/// input: WPT skips that one, since an empty host cannot be written in a URL
/// (`https:///x` has the host `x`), and so does this suite, which is why
/// IdnaTestV2.json yields 2671 cases, one of them without a check.
fn run_idna_suite(harness: &mut Harness, label: &'static str, file: &str) {
    let data = load_json(file);
    let mut suite = harness.suite(label);
    let mut unchecked = 0;
    for case in test_objects(&data) {
        let input = text(case, "input");
        let output = text_or_null(case, "output");
        let ran = suite.case(&format!("{label} {input}"), |check| {
            if !input.is_empty() {
                let url_text = format!("https://{}/x", encode_host_ending_code_points(input));
                check_host_in_url(check, &url_text, output);
            }
        });
        if ran && input.is_empty() {
            unchecked += 1;
        }
    }
    if unchecked > 0 {
        suite.note(format!(
            "{unchecked} case with an empty input counted without a check \
             (WPT skips it: an empty host cannot be written in a URL)"
        ));
    }
    suite.finish();
}

// ---------------------------------------------------------------------------
// percent-encoding.json

/// Each case lists the expected query for several encoding labels; the
/// fragment is always percent-encoded from UTF-8.
fn run_percent_encoding_suite(harness: &mut Harness) {
    let data = load_json("wpt/percent-encoding.json");
    let mut suite = harness.suite("percent-encoding");
    let mut encoding_checks = 0;
    for case in test_objects(&data) {
        let input = text(case, "input");
        let output = case
            .get("output")
            .and_then(Value::as_object)
            .expect("percent-encoding case has an `output` object");
        let ran = suite.case(&format!("percent-encoding {input}"), |check| {
            run_percent_encoding_case(check, input, output);
        });
        if ran {
            encoding_checks += output.len();
        }
    }
    suite.finish_with(|label, passed, total| {
        format!("{label}: {passed}/{total} cases ({encoding_checks} encoding checks)")
    });
}

fn run_percent_encoding_case(check: &mut Check, input: &str, output: &Map<String, Value>) {
    let Some(utf8) = output.get("utf-8").and_then(Value::as_str) else {
        check.fail("the test data has no utf-8 output");
        return;
    };
    let url_text = format!("https://doesnotmatter.invalid/?{input}#{input}");
    for (label, expected) in output {
        let Some(expected) = expected.as_str() else {
            check.fail(format!("{label}: expected output is not a string"));
            continue;
        };
        let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
            check.fail(format!("{label}: not an encoding label"));
            continue;
        };
        let what = format!("with encoding {label}");
        match Url::options().encoding(encoding).parse(&url_text) {
            Ok(url) => {
                let before = check.count();
                check.eq(
                    &format!("{what}: search"),
                    url.search(),
                    &format!("?{expected}"),
                );
                check.eq(&format!("{what}: hash"), url.hash(), &format!("#{utf8}"));
                check_invariants(check, &what, &url);
                add_diagram_if_failed(check, before, &what, &url);
            }
            Err(err) => unexpected_failure(check, &what, err),
        }
    }
}

// ---------------------------------------------------------------------------
// ada/verifydnslength_tests.json

/// The file's `failure` field is about RFC 1035 length limits, which the URL
/// Standard does not apply (its "domain to ASCII" passes VerifyDnsLength =
/// false), so every input must parse.
fn run_verify_dns_length_suite(harness: &mut Harness) {
    let data = load_json("ada/verifydnslength_tests.json");
    let mut suite = harness.suite("verifydnslength");
    for case in test_objects(&data) {
        let input = text(case, "input");
        suite.case(&format!("verifydnslength {input}"), |check| {
            let what = "Url::parse";
            match Url::parse(input) {
                Ok(url) => {
                    let before = check.count();
                    check_invariants(check, what, &url);
                    add_diagram_if_failed(check, before, what, &url);
                }
                Err(err) => unexpected_failure(check, what, err),
            }
        });
    }
    suite.finish();
}

// ---------------------------------------------------------------------------
// rfc3986/resolution.json

/// RFC 3986's reference resolution examples; where the URL Standard's result
/// differs, the file gives it as `whatwg_expected`.
fn run_rfc3986_suite(harness: &mut Harness) {
    let data = load_json("rfc3986/resolution.json");
    let base = data
        .get("base")
        .and_then(Value::as_str)
        .expect("resolution.json has a base");
    let cases = data
        .get("cases")
        .and_then(Value::as_array)
        .expect("resolution.json has cases");
    let mut suite = harness.suite("rfc3986-resolution");
    for case in cases.iter().filter_map(Value::as_object) {
        let input = text(case, "input");
        let expected =
            text_or_null(case, "whatwg_expected").unwrap_or_else(|| text(case, "expected"));
        suite.case(&url_case_name(input, Some(base)), |check| {
            let base_url = match Url::parse(base) {
                Ok(url) => url,
                Err(err) => {
                    check.fail(format!("base failed to parse: {err:?} ({err})"));
                    return;
                }
            };
            let results = [
                ("base.join", base_url.join(input)),
                (
                    "options().base_url(..).parse",
                    Url::options().base_url(Some(&base_url)).parse(input),
                ),
            ];
            let mut first_href = None;
            for (what, result) in &results {
                match result {
                    Ok(url) => {
                        let before = check.count();
                        // A second, identical href has been compared already.
                        if first_href != Some(url.href()) {
                            check.eq(&format!("{what}: href"), url.href(), expected);
                        }
                        check_invariants(check, what, url);
                        add_diagram_if_failed(check, before, what, url);
                        first_href.get_or_insert(url.href());
                    }
                    Err(err) => unexpected_failure(check, what, *err),
                }
            }
        });
    }
    suite.finish();
}
