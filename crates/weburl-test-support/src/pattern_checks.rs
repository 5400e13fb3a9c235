//! The property the `url_pattern` target asserts, with no dependency but
//! `weburl` and `weburl-pattern`.
//!
//! Input bytes: one mode byte, then `pattern NUL url [NUL base]`. Bit 0 of
//! the mode is `ignoreCase`; `(mode >> 1) % 9` is 0 for a constructor string,
//! or 1 to 8 for a dictionary holding the pattern in that component
//! (protocol, username, password, hostname, port, pathname, search, hash).

use weburl_pattern::{
    Component, UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions, COMPONENTS,
};

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

fn init_with(component: Component, value: &str) -> UrlPatternInit {
    let mut init = UrlPatternInit::default();
    if let Some(field) = init.component_mut(component) {
        *field = Some(value.to_owned());
    }
    init
}

/// Target `url_pattern`: building never panics; `test` and `exec` agree;
/// every group value is a substring of its component; a pattern built
/// from a pattern's normalized component strings matches the URL as it
/// does.
pub fn url_pattern(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut fields = rest.split(|&b| b == 0);
    let pattern_text = text(fields.next().unwrap_or_default());
    let url = text(fields.next().unwrap_or_default());
    let base = fields.next().map(text);
    let options = UrlPatternOptions {
        ignore_case: mode & 1 == 1,
    };
    let kind = usize::from(mode >> 1) % 9;
    let input = match kind {
        0 => UrlPatternInput::String(pattern_text.clone()),
        k => UrlPatternInput::Init(init_with(COMPONENTS[k - 1], &pattern_text)),
    };
    let base_for_pattern = if kind == 0 { base.as_deref() } else { None };
    let Ok(pattern) = UrlPattern::new(input, base_for_pattern, options) else {
        return;
    };

    // The getters are pattern strings that mean the same pattern. A
    // dictionary's protocol loses one trailing ":", its search one leading
    // "?" and its hash one leading "#" (process protocol/search/hash for
    // init), so those are given one to lose.
    let get = |c| pattern.pattern_string(c).map(str::to_owned);
    let again_init = UrlPatternInit {
        protocol: Some(format!("{}:", pattern.protocol())),
        username: get(Component::Username),
        password: get(Component::Password),
        hostname: get(Component::Hostname),
        port: get(Component::Port),
        pathname: get(Component::Pathname),
        search: Some(format!("?{}", pattern.search())),
        hash: Some(format!("#{}", pattern.hash())),
        base_url: None,
    };
    let input = UrlPatternInput::String(url.clone());
    let test = pattern.test(&input, base.as_deref());
    let exec = pattern.exec(&input, base.as_deref());
    let (Ok(test), Ok(exec)) = (test, exec) else {
        panic!("a string input never makes test or exec fail");
    };
    assert_eq!(test, exec.is_some(), "test and exec agree on {url:?}");
    // The pattern strings are not always literally reproduced (fixed text
    // that canonicalizes to "" leaves "{}*" behind, a default port is
    // dropped only before canonicalization), but they match the same URLs.
    if let Ok(again) = UrlPattern::new(again_init, None, options) {
        let again_test = again.test(&input, base.as_deref());
        assert_eq!(
            again_test,
            Ok(test),
            "{pattern_text:?} and its pattern strings agree on {url:?}"
        );
    }
    if let Some(result) = exec {
        for c in COMPONENTS {
            let Some(r) = result.component(c) else {
                panic!("exec gives a result for each of the eight components");
            };
            for (name, value) in &r.groups {
                if let Some(value) = value {
                    assert!(
                        r.input.contains(value.as_str()),
                        "group {name} of {c} is part of {:?}",
                        r.input
                    );
                }
            }
        }
    }
}
