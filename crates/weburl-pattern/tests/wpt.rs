//! The web-platform-tests URLPattern data, run as WPT's drivers run it:
//! `urlpatterntests.js` (urlpatterntestdata.json),
//! `urlpattern-compare-tests.js` and `urlpattern-generate-tests.js`.
//!
//! Every case runs and every failure is collected; one summary line per
//! file follows, and the exit status is a failure if any case failed
//! unexpectedly.
//!
//! * `WEBURL_TEST_FILTER=<substring>` runs only the cases whose name
//!   contains the substring.
//! * `testdata/urlpattern-expected-failures.txt` lists cases known to fail
//!   (it is empty); a listed case that passes is an error.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Map, Value};
use weburl::Url;
use weburl_pattern::{
    pattern_component, Component, ComponentResult, UrlPattern, UrlPatternInit, UrlPatternInput,
    UrlPatternOptions, COMPONENTS,
};

// The URL tests' loader, which turns lone surrogate escapes into U+FFFD as
// WebIDL's USVString conversion does (two cases here have them).
use weburl_test_support::harness::{load_json, testdata_dir};

fn testdata(relative: &str) -> PathBuf {
    testdata_dir().join(relative)
}

/// Collects the failures of every case.
struct Harness {
    filter: Option<String>,
    expected_failures: BTreeMap<String, bool>,
    failed: usize,
    passed: usize,
    summaries: Vec<String>,
}

impl Harness {
    fn new() -> Harness {
        let text =
            fs::read_to_string(testdata("urlpattern-expected-failures.txt")).unwrap_or_default();
        let expected_failures = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| (l.split(" # ").next().unwrap_or(l).to_owned(), false))
            .collect();
        Harness {
            filter: std::env::var("WEBURL_TEST_FILTER").ok(),
            expected_failures,
            failed: 0,
            passed: 0,
            summaries: Vec::new(),
        }
    }

    /// Runs one case; `problems` is empty when it passes.
    fn case(&mut self, file: &str, name: &str, counts: &mut (usize, usize), problems: Vec<String>) {
        if self
            .filter
            .as_ref()
            .is_some_and(|f| !name.contains(f.as_str()))
        {
            return;
        }
        let listed = self.expected_failures.get_mut(name).map(|seen| {
            *seen = true;
        });
        match (problems.is_empty(), listed.is_some()) {
            (true, false) => {
                counts.0 += 1;
                self.passed += 1;
            }
            (false, true) => {
                counts.0 += 1;
                self.passed += 1;
                println!("expected failure [{file}] {name}");
            }
            (true, true) => {
                counts.1 += 1;
                self.failed += 1;
                println!("UNEXPECTED PASS [{file}] {name}");
            }
            (false, false) => {
                counts.1 += 1;
                self.failed += 1;
                println!("FAIL [{file}] {name}");
                for p in problems {
                    println!("    {p}");
                }
            }
        }
    }

    fn finish(mut self) -> ExitCode {
        for (name, seen) in &self.expected_failures {
            if !seen && self.filter.is_none() {
                println!("STALE expected failure: {name}");
                self.failed += 1;
            }
        }
        for line in &self.summaries {
            println!("{line}");
        }
        println!("{} passed, {} failed", self.passed, self.failed);
        if self.failed == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }
}

fn to_init(map: &Map<String, Value>) -> UrlPatternInit {
    let get = |k: &str| map.get(k).and_then(Value::as_str).map(str::to_owned);
    UrlPatternInit {
        protocol: get("protocol"),
        username: get("username"),
        password: get("password"),
        hostname: get("hostname"),
        port: get("port"),
        pathname: get("pathname"),
        search: get("search"),
        hash: get("hash"),
        base_url: get("baseURL"),
    }
}

fn to_input(value: &Value) -> Option<UrlPatternInput> {
    match value {
        Value::String(s) => Some(UrlPatternInput::String(s.clone())),
        Value::Object(map) => Some(UrlPatternInput::Init(to_init(map))),
        _ => None,
    }
}

/// The constructor call `new URLPattern(...args)`, with WebIDL's overload
/// resolution: `(input, baseURL, options)` or `(input, options)`.
fn construct(args: &[Value]) -> Result<UrlPattern, String> {
    let input = match args.first() {
        None => UrlPatternInput::Init(UrlPatternInit::default()),
        Some(v) => to_input(v).ok_or("input is neither a string nor a dictionary")?,
    };
    let options_of = |v: &Value| -> Result<UrlPatternOptions, String> {
        let map = v.as_object().ok_or("options is not a dictionary")?;
        Ok(UrlPatternOptions {
            ignore_case: map
                .get("ignoreCase")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        })
    };
    let (base, options) = match (args.get(1), args.get(2)) {
        (None, _) => (None, UrlPatternOptions::default()),
        (Some(Value::String(b)), None) => (Some(b.clone()), UrlPatternOptions::default()),
        (Some(Value::String(b)), Some(o)) => (Some(b.clone()), options_of(o)?),
        (Some(o @ Value::Object(_)), None) => (None, options_of(o)?),
        // A dictionary in the baseURL position converts to the string
        // "[object Object]", and what follows must be a dictionary.
        (Some(Value::Object(_)), Some(o)) => (Some("[object Object]".to_owned()), options_of(o)?),
        _ => return Err("unsupported constructor arguments".into()),
    };
    UrlPattern::new(input, base.as_deref(), options).map_err(|e| e.to_string())
}

/// `test(...inputs)` and `exec(...inputs)` arguments.
fn match_args(args: &[Value]) -> Result<(UrlPatternInput, Option<String>), String> {
    let input = match args.first() {
        None => UrlPatternInput::Init(UrlPatternInit::default()),
        Some(v) => to_input(v).ok_or("input is neither a string nor a dictionary")?,
    };
    let base = match args.get(1) {
        None => None,
        Some(Value::String(b)) => Some(b.clone()),
        Some(_) => return Err("baseURL is not a string".into()),
    };
    Ok((input, base))
}

const EARLIER: [(Component, &[&str]); 8] = [
    (Component::Protocol, &[]),
    (Component::Username, &[]),
    (Component::Password, &[]),
    (Component::Hostname, &["protocol"]),
    (Component::Port, &["protocol", "hostname"]),
    (Component::Pathname, &["protocol", "hostname", "port"]),
    (
        Component::Search,
        &["protocol", "hostname", "port", "pathname"],
    ),
    (
        Component::Hash,
        &["protocol", "hostname", "port", "pathname", "search"],
    ),
];

/// The pattern string the driver expects for `component` when
/// `expected_obj` does not give it.
fn default_expected_pattern(
    entry: &Map<String, Value>,
    component: Component,
    empty: &[&str],
) -> String {
    let pattern = entry["pattern"].as_array().cloned().unwrap_or_default();
    let first = pattern.first().and_then(Value::as_object);
    let base = if let Some(b) = first.and_then(|o| o.get("baseURL")).and_then(Value::as_str) {
        Url::parse(b).ok()
    } else if let Some(Value::String(b)) = pattern.get(1) {
        Url::parse(b).ok()
    } else {
        None
    };
    let name = component.name();
    if empty.contains(&name) {
        return String::new();
    }
    if let Some(v) = first.and_then(|o| o.get(name)).and_then(Value::as_str) {
        if !v.is_empty() {
            return v.to_owned();
        }
    }
    let earlier = EARLIER
        .iter()
        .find(|(c, _)| *c == component)
        .map_or(&[][..], |e| e.1);
    if let Some(first) = first {
        if earlier.iter().any(|c| first.contains_key(*c)) {
            return "*".into();
        }
    }
    if let Some(base) =
        base.filter(|_| !matches!(component, Component::Username | Component::Password))
    {
        return match component {
            Component::Protocol => base.scheme().to_owned(),
            Component::Hostname => base.hostname().to_owned(),
            Component::Port => base.port().to_owned(),
            Component::Pathname => base.pathname().to_owned(),
            Component::Search => base.search().get(1..).unwrap_or("").to_owned(),
            Component::Hash => base.hash().get(1..).unwrap_or("").to_owned(),
            _ => unreachable!("{component} has no base default"),
        };
    }
    "*".into()
}

fn check_component_result(
    problems: &mut Vec<String>,
    component: Component,
    actual: &ComponentResult,
    expected: Option<&Value>,
    empty: &[&str],
) {
    let mut expected_input = String::new();
    let mut expected_groups: BTreeMap<String, Option<String>> = BTreeMap::new();
    match expected.and_then(Value::as_object) {
        Some(obj) => {
            expected_input = obj
                .get("input")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned();
            if let Some(groups) = obj.get("groups").and_then(Value::as_object) {
                for (k, v) in groups {
                    expected_groups.insert(k.clone(), v.as_str().map(str::to_owned));
                }
            }
        }
        None => {
            if !empty.contains(&component.name()) {
                expected_groups.insert("0".into(), Some(String::new()));
            }
        }
    }
    if actual.input != expected_input {
        problems.push(format!(
            "exec().{component}.input: got {:?}, expected {expected_input:?}",
            actual.input
        ));
    }
    let actual_groups: BTreeMap<String, Option<String>> = actual.groups.iter().cloned().collect();
    if actual_groups != expected_groups || actual_groups.len() != actual.groups.len() {
        problems.push(format!(
            "exec().{component}.groups: got {actual_groups:?}, expected {expected_groups:?}"
        ));
    }
}

fn input_matches(actual: &UrlPatternInput, expected: &Value) -> bool {
    match (actual, expected) {
        (UrlPatternInput::String(a), Value::String(e)) => a == e,
        (UrlPatternInput::Init(a), Value::Object(e)) => *a == to_init(e),
        _ => false,
    }
}

/// One case of urlpatterntestdata.json, as urlpatterntests.js runs it.
fn run_pattern_case(entry: &Map<String, Value>) -> Vec<String> {
    let mut problems = Vec::new();
    let args = entry["pattern"].as_array().cloned().unwrap_or_default();
    let empty: Vec<&str> = entry
        .get("exactly_empty_components")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let expected_obj = entry.get("expected_obj");
    let pattern = construct(&args);
    if expected_obj.and_then(Value::as_str) == Some("error") {
        if pattern.is_ok() {
            problems.push("constructor: expected a TypeError, got a pattern".into());
        }
        return problems;
    }
    let pattern = match pattern {
        Ok(p) => p,
        Err(e) => {
            problems.push(format!("constructor failed: {e}"));
            return problems;
        }
    };
    for component in COMPONENTS {
        let expected = expected_obj
            .and_then(|o| o.get(component.name()))
            .and_then(Value::as_str)
            .map(str::to_owned)
            .unwrap_or_else(|| default_expected_pattern(entry, component, &empty));
        let actual = pattern.pattern_string(component);
        if actual != Some(expected.as_str()) {
            problems.push(format!(
                "{component}: got {actual:?}, expected {expected:?}"
            ));
        }
    }
    let inputs = entry
        .get("inputs")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let (input, base) = match match_args(&inputs) {
        Ok(a) => a,
        Err(e) => {
            problems.push(e);
            return problems;
        }
    };
    let expected_match = entry.get("expected_match").unwrap_or(&Value::Null);
    let test = pattern.test(&input, base.as_deref());
    let exec = pattern.exec(&input, base.as_deref());
    if expected_match.as_str() == Some("error") {
        if test.is_ok() {
            problems.push("test(): expected a TypeError".into());
        }
        if exec.is_ok() {
            problems.push("exec(): expected a TypeError".into());
        }
        return problems;
    }
    let (test, exec) = match (test, exec) {
        (Ok(t), Ok(e)) => (t, e),
        (t, e) => {
            problems.push(format!("test() or exec() threw: {t:?} {e:?}"));
            return problems;
        }
    };
    let expected_obj = expected_match.as_object();
    if test != expected_obj.is_some() {
        problems.push(format!(
            "test(): got {test}, expected {}",
            expected_obj.is_some()
        ));
    }
    let Some(expected) = expected_obj else {
        if exec.is_some() {
            problems.push("exec(): expected null".into());
        }
        return problems;
    };
    let Some(result) = exec else {
        problems.push("exec(): got null".into());
        return problems;
    };
    let expected_inputs = expected
        .get("inputs")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or(inputs);
    if result.inputs.len() != expected_inputs.len()
        || !result
            .inputs
            .iter()
            .zip(&expected_inputs)
            .all(|(a, e)| input_matches(a, e))
    {
        problems.push(format!(
            "exec().inputs: got {:?}, expected {expected_inputs:?}",
            result.inputs
        ));
    }
    for component in COMPONENTS {
        let Some(component_result) = result.component(component) else {
            problems.push(format!("exec(): no result for {component}"));
            continue;
        };
        check_component_result(
            &mut problems,
            component,
            component_result,
            expected.get(component.name()),
            &empty,
        );
    }
    problems
}

fn run_compare_case(entry: &Map<String, Value>) -> Vec<String> {
    let mut problems = Vec::new();
    let component = entry["component"].as_str().and_then(pattern_component);
    let build = |v: &Value| construct(std::slice::from_ref(v));
    let (Some(component), Ok(left), Ok(right)) =
        (component, build(&entry["left"]), build(&entry["right"]))
    else {
        problems.push("could not build the patterns".into());
        return problems;
    };
    let expected = entry["expected"].as_i64().unwrap_or(99);
    // 99: not an ordering (a component patterns do not have).
    let as_int = |o: Option<std::cmp::Ordering>| o.map_or(99, |o| o as i64);
    let checks = [
        (
            "left, right",
            as_int(UrlPattern::compare_component(component, &left, &right)),
            expected,
        ),
        (
            "right, left",
            as_int(UrlPattern::compare_component(component, &right, &left)),
            -expected,
        ),
        (
            "left, left",
            as_int(UrlPattern::compare_component(component, &left, &left)),
            0,
        ),
        (
            "right, right",
            as_int(UrlPattern::compare_component(component, &right, &right)),
            0,
        ),
    ];
    for (what, got, want) in checks {
        if got != want {
            problems.push(format!(
                "compareComponent({what}): got {got}, expected {want}"
            ));
        }
    }
    problems
}

fn run_generate_case(entry: &Map<String, Value>) -> Vec<String> {
    let mut problems = Vec::new();
    let pattern = match construct(std::slice::from_ref(&entry["pattern"])) {
        Ok(p) => p,
        Err(e) => return vec![format!("constructor failed: {e}")],
    };
    let groups: BTreeMap<String, String> = entry["groups"]
        .as_object()
        .map(|m| {
            m.iter()
                .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
                .collect()
        })
        .unwrap_or_default();
    let lookup = |name: &str| groups.get(name).cloned();
    let result = match entry["component"].as_str().and_then(pattern_component) {
        Some(component) => pattern
            .generate(component, &lookup)
            .map_err(|e| e.to_string()),
        None => Err("unknown component".to_owned()),
    };
    match (entry["expected"].as_str(), result) {
        (None, Ok(got)) => problems.push(format!("generate(): expected a TypeError, got {got:?}")),
        (Some(want), Ok(got)) if got != want => {
            problems.push(format!("generate(): got {got:?}, expected {want:?}"))
        }
        (Some(want), Err(e)) => problems.push(format!("generate(): threw {e}, expected {want:?}")),
        _ => {}
    }
    problems
}

fn run_file(
    harness: &mut Harness,
    file: &str,
    run: fn(&Map<String, Value>) -> Vec<String>,
    name: impl Fn(&Map<String, Value>) -> String,
) {
    let data = load_json(&format!("wpt/{file}"));
    let mut counts = (0, 0);
    for entry in data
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
    {
        let problems = run(entry);
        harness.case(file, &name(entry), &mut counts, problems);
    }
    harness
        .summaries
        .push(format!("{file}: {} passed, {} failed", counts.0, counts.1));
}

fn json(v: Option<&Value>) -> String {
    v.map_or("undefined".to_owned(), Value::to_string)
}

fn main() -> ExitCode {
    let mut harness = Harness::new();
    run_file(
        &mut harness,
        "urlpatterntestdata.json",
        run_pattern_case,
        |e| {
            format!(
                "Pattern: {} Inputs: {}",
                json(e.get("pattern")),
                json(e.get("inputs"))
            )
        },
    );
    run_file(
        &mut harness,
        "urlpattern-compare-test-data.json",
        run_compare_case,
        |e| {
            format!(
                "Component: {} Left: {} Right: {}",
                json(e.get("component")),
                json(e.get("left")),
                json(e.get("right"))
            )
        },
    );
    run_file(
        &mut harness,
        "urlpattern-generate-test-data.json",
        run_generate_case,
        |e| {
            format!(
                "Pattern: {} Component: {} Groups: {}",
                json(e.get("pattern")),
                json(e.get("component")),
                json(e.get("groups"))
            )
        },
    );
    harness.finish()
}
