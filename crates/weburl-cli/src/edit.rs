//! `--set`, `--iterate`, `--append`, `--redirect` and the query operations
//! (`--qtrim`, `--replace`, `--replace-append`, `--sort-query`), applied in
//! trurl's order: redirect, sets and iterated sets (the whole URL, then the
//! scheme, then the others: see `apply_sets`), path appends, then trim,
//! replace, query appends and sort.
//!
//! Every change goes through the URL Standard's setters, so the result is a
//! URL the parser would give. A setter that refuses a value leaves the URL
//! as it was and the refusal is reported as a note, as trurl does.

use std::borrow::Cow;

use weburl::percent_encoding::{percent_encode, EncodeSet};
use weburl::{SetterError, Url};

use crate::components::trurl::Part;
use crate::components::Field;
use crate::exit::{self, fatal, Fatal};
use crate::query;

#[derive(Debug, Clone)]
pub struct SetOp {
    pub comp: Field,
    pub value: String,
    /// `=`: the value is taken literally and percent-encoded; `:=`: it is
    /// already encoded.
    pub encode: bool,
    /// `?=`: only when the component is not already there.
    pub only_if_absent: bool,
}

#[derive(Debug)]
struct IterOp {
    comp: Field,
    encode: bool,
    values: Vec<String>,
}

#[derive(Debug)]
struct Trim {
    /// The decoded name, or its prefix when `prefix`.
    name: Vec<u8>,
    prefix: bool,
}

#[derive(Debug)]
struct Replace {
    name: Vec<u8>,
    pair: String,
}

/// Every edit asked for on the command line, checked.
#[derive(Debug, Default)]
pub struct Edits {
    pub sets: Vec<SetOp>,
    iterate: Vec<IterOp>,
    append_path: Vec<String>,
    append_query: Vec<String>,
    trims: Vec<Trim>,
    replaces: Vec<Replace>,
    replace_append: bool,
    sort_query: bool,
    pub qsep: u8,
    pub redirect: Option<String>,
}

/// The raw edit options, as given.
#[derive(Debug, Default)]
pub struct EditArgs<'a> {
    pub set: &'a [String],
    pub iterate: &'a [String],
    pub append: &'a [String],
    pub qtrim: &'a [String],
    pub trim: &'a [String],
    pub replace: &'a [String],
    pub replace_append: &'a [String],
    pub sort_query: bool,
    pub qsep: u8,
    pub redirect: Option<&'a str>,
}

impl Edits {
    pub fn new(args: &EditArgs<'_>) -> Result<Edits, Fatal> {
        let mut edits = Edits {
            qsep: args.qsep,
            sort_query: args.sort_query,
            redirect: args.redirect.map(str::to_owned),
            ..Edits::default()
        };
        let mut set_slots = Vec::new();
        for s in args.set {
            let op = parse_set(s)?;
            if set_slots.contains(&op.comp.slot()) {
                return Err(fatal(
                    exit::SET,
                    format!("duplicate --set for component {}", op.comp.name()),
                ));
            }
            set_slots.push(op.comp.slot());
            edits.sets.push(op);
        }
        let mut iter_slots = Vec::new();
        for it in args.iterate {
            let (name, items) = it
                .split_once('=')
                .ok_or_else(|| fatal(exit::ITER, "wrong iterate syntax"))?;
            let (name, encode) = match name.strip_suffix(':') {
                Some(n) => (n, false),
                None => (name, true),
            };
            let comp = Field::from_name(name)
                .filter(|c| c.slot().is_some())
                .ok_or_else(|| fatal(exit::ITER, "bad component for iterate"))?;
            if iter_slots.contains(&comp.slot()) {
                return Err(fatal(
                    exit::ITER,
                    format!("duplicate component for iterate: {}", comp.name()),
                ));
            }
            if set_slots.contains(&comp.slot()) {
                return Err(fatal(
                    exit::ITER,
                    format!(
                        "duplicate --iterate and --set for component {}",
                        comp.name()
                    ),
                ));
            }
            iter_slots.push(comp.slot());
            edits.iterate.push(IterOp {
                comp,
                encode,
                values: items.split(' ').map(str::to_owned).collect(),
            });
        }
        for a in args.append {
            if let Some(seg) = a.strip_prefix("path=") {
                edits
                    .append_path
                    .push(percent_encode(seg, EncodeSet::COMPONENT).into_owned());
            } else if let Some(q) = a.strip_prefix("query=") {
                edits.append_query.push(query::encode_assignment(q));
            } else {
                return Err(fatal(
                    exit::APPEND,
                    format!("--append unsupported component: {a}"),
                ));
            }
        }
        for t in args.trim {
            let what = t
                .strip_prefix("query=")
                .ok_or_else(|| fatal(exit::TRIM, format!("Unsupported trim component: {t}")))?;
            edits.trims.push(trim_pattern(what));
        }
        edits
            .trims
            .extend(args.qtrim.iter().map(|t| trim_pattern(t)));
        for (list, append) in [(args.replace, false), (args.replace_append, true)] {
            for r in list {
                if r.is_empty() {
                    return Err(fatal(exit::REPLACE, "No data passed to replace component"));
                }
                let pair = query::encode_assignment(r);
                let name = query::decoded_name(&pair).into_owned();
                edits.replaces.push(Replace { name, pair });
                edits.replace_append |= append;
            }
        }
        Ok(edits)
    }

    /// Whether there is nothing to do, so the parsed URL is output as it is.
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
            && self.iterate.is_empty()
            && self.append_path.is_empty()
            && !self.edits_query()
            && self.redirect.is_none()
    }

    fn edits_query(&self) -> bool {
        !self.append_query.is_empty()
            || !self.trims.is_empty()
            || !self.replaces.is_empty()
            || self.sort_query
    }

    /// Applies the edits to `url` and calls `emit` with each result: one,
    /// or one for each combination of `--iterate` values, the first
    /// `--iterate` varying slowest. `note` receives setter refusals.
    /// `scheme_guessed` says the input had no scheme and one was guessed
    /// (`--compat=trurl`): `scheme?=` then takes it as absent.
    pub fn apply(
        &self,
        url: &Url,
        scheme_guessed: bool,
        note: &mut dyn FnMut(String),
        emit: &mut dyn FnMut(&Url),
    ) -> Result<(), weburl::ParseError> {
        let mut base = match &self.redirect {
            Some(r) => url.join(r)?,
            None => url.clone(),
        };
        if self.iterate.is_empty() {
            apply_sets(&mut base, self.sets.iter(), scheme_guessed, note);
            self.finish(&mut base, note);
            emit(&base);
            return Ok(());
        }
        let mut index = vec![0usize; self.iterate.len()];
        loop {
            let mut u = base.clone();
            let iterated: Vec<SetOp> = self
                .iterate
                .iter()
                .zip(&index)
                .map(|(it, &i)| SetOp {
                    comp: it.comp,
                    value: it.values[i].clone(),
                    encode: it.encode,
                    only_if_absent: false,
                })
                .collect();
            apply_sets(
                &mut u,
                self.sets.iter().chain(&iterated),
                scheme_guessed,
                note,
            );
            self.finish(&mut u, note);
            emit(&u);
            // Odometer: the last --iterate turns fastest.
            let mut k = self.iterate.len();
            loop {
                if k == 0 {
                    return Ok(());
                }
                k -= 1;
                index[k] += 1;
                if index[k] < self.iterate[k].values.len() {
                    break;
                }
                index[k] = 0;
            }
        }
    }

    /// Path appends, then the query operations.
    fn finish(&self, url: &mut Url, note: &mut dyn FnMut(String)) {
        if !self.append_path.is_empty() {
            if url.has_opaque_path() {
                note(format!(
                    "cannot append to the path of {}: it is opaque",
                    url.href()
                ));
            } else {
                let mut path = url.pathname().to_owned();
                for seg in &self.append_path {
                    if !path.ends_with('/') {
                        path.push('/');
                    }
                    path.push_str(seg);
                }
                if let Err(e) = url.set_pathname(&path) {
                    note(format!("Error setting path: {e}"));
                }
            }
        }
        if self.edits_query() {
            self.edit_query(url, note);
        }
    }

    fn edit_query(&self, url: &mut Url, note: &mut dyn FnMut(String)) {
        let q = url.query().unwrap_or("");
        let mut pairs: Vec<Cow<'_, str>> = query::pairs(q, self.qsep).map(Cow::Borrowed).collect();
        if !self.trims.is_empty() {
            pairs.retain(|p| {
                let name = query::decoded_name(p);
                !self.trims.iter().any(|t| t.matches(&name))
            });
        }
        for r in &self.replaces {
            let mut replaced = false;
            pairs.retain_mut(|p| {
                if *query::decoded_name(p) != *r.name {
                    return true;
                }
                if replaced {
                    return false;
                }
                replaced = true;
                *p = Cow::Owned(r.pair.clone());
                true
            });
            if !replaced && self.replace_append {
                pairs.push(Cow::Owned(r.pair.clone()));
            }
        }
        pairs.extend(self.append_query.iter().map(|p| Cow::Borrowed(p.as_str())));
        if self.sort_query {
            // Case-insensitive, stable: pairs that compare equal keep their order.
            pairs.sort_by(|a, b| {
                a.bytes()
                    .map(|c| c.to_ascii_lowercase())
                    .cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
            });
        }
        let sep = [self.qsep];
        let sep = std::str::from_utf8(&sep).unwrap_or("&");
        let joined = pairs.join(sep);
        if let Err(e) = url.set_search(&joined) {
            note(format!("Error setting query: {e}"));
        }
    }
}

impl Trim {
    fn matches(&self, name: &[u8]) -> bool {
        if self.prefix {
            name.len() >= self.name.len()
                && name[..self.name.len()].eq_ignore_ascii_case(&self.name)
        } else {
            name.eq_ignore_ascii_case(&self.name)
        }
    }
}

/// `name`, `prefix*`, or `name\*` for a literal trailing `*`.
fn trim_pattern(what: &str) -> Trim {
    if let Some(lit) = what.strip_suffix("\\*") {
        let mut name = lit.as_bytes().to_vec();
        name.push(b'*');
        return Trim {
            name,
            prefix: false,
        };
    }
    match what.strip_suffix('*') {
        Some(p) => Trim {
            name: p.as_bytes().to_vec(),
            prefix: true,
        },
        None => Trim {
            name: what.as_bytes().to_vec(),
            prefix: false,
        },
    }
}

/// `comp=value`, `comp:=value`, `comp?=value` or `comp?:=value`.
pub fn parse_set(s: &str) -> Result<SetOp, Fatal> {
    let eq = s
        .find('=')
        .filter(|&i| i > 0)
        .ok_or_else(|| fatal(exit::SET, format!("invalid --set syntax: {s}")))?;
    let (mut name, value) = (&s[..eq], &s[eq + 1..]);
    let (mut encode, mut only_if_absent) = (true, false);
    // The markers stand between the name and "=", in either order.
    while name.len() > 1 {
        if let Some(n) = name.strip_suffix(':') {
            encode = false;
            name = n;
        } else if let Some(n) = name.strip_suffix('?') {
            only_if_absent = true;
            name = n;
        } else {
            break;
        }
    }
    let comp = Field::from_name(name)
        .ok_or_else(|| fatal(exit::SET, format!("unknown component: {name}")))?;
    if comp.slot().is_none() {
        return Err(fatal(
            exit::SET,
            format!("the URL Standard has no settable {} component", comp.name()),
        ));
    }
    Ok(SetOp {
        comp,
        value: value.to_owned(),
        encode,
        only_if_absent,
    })
}

/// Whether the component is there, for `?=`.
fn is_present(url: &Url, comp: Field) -> bool {
    let Some(part) = comp.slot() else {
        return false;
    };
    match (part, part.value(url)) {
        (Part::Host, Some(host)) => !host.is_empty(),
        (Part::Path, Some(path)) => !matches!(path, "" | "/"),
        (_, value) => value.is_some(),
    }
}

/// The value as typed, percent-encoded so that it stays what was typed:
/// `%` included. The path keeps its slashes; scheme, host and port are
/// never encoded.
fn encode_value(comp: Field, value: &str) -> Cow<'_, str> {
    match comp.slot() {
        Some(Part::User | Part::Password | Part::Query | Part::Fragment) => {
            percent_encode(value, EncodeSet::COMPONENT)
        }
        Some(Part::Path) => {
            let segs: Vec<Cow<'_, str>> = value
                .split('/')
                .map(|s| percent_encode(s, EncodeSet::COMPONENT))
                .collect();
            if segs.iter().all(|s| matches!(s, Cow::Borrowed(_))) {
                Cow::Borrowed(value)
            } else {
                Cow::Owned(segs.join("/"))
            }
        }
        _ => Cow::Borrowed(value),
    }
}

/// Applies `--set` and one combination of `--iterate` values as trurl
/// does, where the components are all set first and the URL is written
/// once: the whole URL first, then the scheme, then the rest in the order
/// given. So a port is dropped only when it is the default port of the
/// final scheme (`https://curl.se --iterate 'port=81 443' --iterate
/// 'scheme=sftp moo'` keeps `:443` for `sftp`), not when the setter ran
/// while the scheme was still `https`.
fn apply_sets<'o>(
    url: &mut Url,
    ops: impl Iterator<Item = &'o SetOp>,
    mut scheme_guessed: bool,
    note: &mut dyn FnMut(String),
) {
    let rank = |op: &SetOp| match op.comp.slot() {
        Some(Part::Url) => 0,
        Some(Part::Scheme) => 1,
        _ => 2,
    };
    let mut ops: Vec<&SetOp> = ops.collect();
    // Stable: the order given is kept within each rank.
    ops.sort_by_key(|op| rank(op));
    for op in ops {
        if op.only_if_absent && op.comp.slot() == Some(Part::Scheme) && scheme_guessed {
            // A guessed scheme is no scheme for `scheme?=`, as in trurl.
            let op = SetOp {
                only_if_absent: false,
                ..op.clone()
            };
            apply_set(url, &op, note);
        } else {
            apply_set(url, op, note);
        }
        if matches!(op.comp.slot(), Some(Part::Url | Part::Scheme)) {
            scheme_guessed = false;
        }
    }
}

pub fn apply_set(url: &mut Url, op: &SetOp, note: &mut dyn FnMut(String)) {
    if op.only_if_absent && is_present(url, op.comp) {
        return;
    }
    let value = if op.encode {
        encode_value(op.comp, &op.value)
    } else {
        Cow::Borrowed(op.value.as_str())
    };
    let result = match op.comp {
        Field::Trurl(Part::Scheme) => set_scheme(url, &value),
        Field::Trurl(part) => part.setter().map_or(Ok(()), |c| c.set(url, &value)),
        Field::Getter(c) => c.set(url, &value),
        Field::Site(_) => Ok(()),
    };
    if let Err(e) = result {
        note(format!("Error setting {}: {e}", op.comp.name()));
    }
}

/// trurl's `scheme`: the protocol setter, and where the URL Standard's
/// setter refuses to swap a special scheme for another kind, the URL
/// written again with the new scheme and parsed.
fn set_scheme(url: &mut Url, scheme: &str) -> Result<(), SetterError> {
    match url.set_protocol(scheme) {
        Err(SetterError::SchemeChangeNotAllowed) => {
            let scheme = scheme.strip_suffix(':').unwrap_or(scheme);
            if scheme.is_empty() || scheme.contains([':', '/', '?', '#']) {
                return Err(SetterError::InvalidScheme);
            }
            let rest = &url.href()[url.scheme().len()..];
            let reparsed = Url::parse(&format!("{scheme}{rest}"))?;
            if !reparsed.scheme().eq_ignore_ascii_case(scheme) {
                return Err(SetterError::InvalidScheme);
            }
            *url = reparsed;
            Ok(())
        }
        other => other,
    }
}

/// The URL to start from when there is no input, only `--set`, as trurl
/// does: the `url` set, or `scheme://host/` (the record then applies every
/// set). `None` when there is not enough to make a URL.
pub fn start_from_sets(sets: &[SetOp]) -> Option<String> {
    let find = |slot: Part| sets.iter().find(|s| s.comp.slot() == Some(slot));
    if let Some(u) = find(Part::Url) {
        return Some(u.value.clone());
    }
    let (scheme, host) = (find(Part::Scheme)?, find(Part::Host)?);
    let scheme = scheme.value.strip_suffix(':').unwrap_or(&scheme.value);
    Some(format!("{scheme}://{}/", host.value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(url: &str, args: EditArgs<'_>) -> Vec<String> {
        let edits = Edits::new(&EditArgs { qsep: b'&', ..args }).unwrap();
        let url = Url::parse(url).unwrap();
        let mut out = Vec::new();
        edits
            .apply(&url, false, &mut |_| {}, &mut |u| {
                out.push(u.href().to_owned())
            })
            .unwrap();
        out
    }

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn set_syntax() {
        let op = parse_set("port?:=8").unwrap();
        assert_eq!(
            (op.comp, op.encode, op.only_if_absent),
            (Field::Trurl(Part::Port), false, true)
        );
        let op = parse_set("query:=a=b").unwrap();
        assert_eq!(
            (op.comp, op.value.as_str(), op.encode),
            (Field::Trurl(Part::Query), "a=b", false)
        );
        assert_eq!(parse_set("=x").unwrap_err().code, exit::SET);
        assert_eq!(parse_set("nope=x").unwrap_err().code, exit::SET);
    }

    #[test]
    fn sets_encode_unless_told_not_to() {
        let set = strings(&["query=user=me"]);
        let got = edit(
            "https://curl.se/hello",
            EditArgs {
                set: &set,
                ..Default::default()
            },
        );
        assert_eq!(got, ["https://curl.se/hello?user%3Dme"]);
        let set = strings(&["query:=user=me"]);
        let got = edit(
            "https://curl.se/hello",
            EditArgs {
                set: &set,
                ..Default::default()
            },
        );
        assert_eq!(got, ["https://curl.se/hello?user=me"]);
        let set = strings(&["path=a b/c"]);
        let got = edit(
            "https://x/",
            EditArgs {
                set: &set,
                ..Default::default()
            },
        );
        assert_eq!(got, ["https://x/a%20b/c"]);
    }

    #[test]
    fn scheme_swaps_by_reparsing() {
        let set = strings(&["scheme=imap"]);
        let got = edit(
            "https://curl.se/a",
            EditArgs {
                set: &set,
                ..Default::default()
            },
        );
        assert_eq!(got, ["imap://curl.se/a"]);
        let set = strings(&["protocol=imap"]);
        let got = edit(
            "https://curl.se/a",
            EditArgs {
                set: &set,
                ..Default::default()
            },
        );
        assert_eq!(got, ["https://curl.se/a"]);
    }

    #[test]
    fn iterate_is_an_odometer() {
        let it = strings(&["scheme=ws wss", "port=81 82"]);
        let got = edit(
            "https://curl.se",
            EditArgs {
                iterate: &it,
                ..Default::default()
            },
        );
        assert_eq!(
            got,
            [
                "ws://curl.se:81/",
                "ws://curl.se:82/",
                "wss://curl.se:81/",
                "wss://curl.se:82/"
            ]
        );
    }

    #[test]
    fn query_operations() {
        let t = strings(&["utm_*"]);
        let got = edit(
            "https://curl.se?search=hey&utm_source=tracker&UTM_x",
            EditArgs {
                qtrim: &t,
                ..Default::default()
            },
        );
        assert_eq!(got, ["https://curl.se/?search=hey"]);
        let r = strings(&["b=foo"]);
        let got = edit(
            "https://example.com?a=123&b=321&b=987",
            EditArgs {
                replace: &r,
                ..Default::default()
            },
        );
        assert_eq!(got, ["https://example.com/?a=123&b=foo"]);
        let got = edit(
            "https://example.com?b=1&a=2&&",
            EditArgs {
                sort_query: true,
                ..Default::default()
            },
        );
        assert_eq!(got, ["https://example.com/?a=2&b=1"]);
        let a = strings(&["query=q=a b", "path=c d"]);
        let got = edit(
            "https://e.com/x?y",
            EditArgs {
                append: &a,
                ..Default::default()
            },
        );
        assert_eq!(got, ["https://e.com/x/c%20d?y&q=a+b"]);
    }
}
