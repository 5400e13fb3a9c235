//! The `differential` target's comparison with ada, the URL Standard
//! implementation in C++ (through the `ada-url` crate, in process).
//!
//! Both must agree on success, on every getter and on the origin, after the
//! parse and after each setter. `fuzz/allowed_divergences.md` lists the
//! differences that are allowed, all ada bugs, recognized by
//! `crate::divergences`.

use weburl::{Component, Url};

use crate::checks::{apply_setter, DiffCase};
use crate::divergences;

/// The ten getters of an ada URL, in the order of [`Component::SLICES`].
pub fn ada_getters(url: &ada_url::Url) -> [&str; 10] {
    [
        url.href(),
        url.protocol(),
        url.username(),
        url.password(),
        url.host(),
        url.hostname(),
        url.port(),
        url.pathname(),
        url.search(),
        url.hash(),
    ]
}

/// Calls setter `id` on an ada URL, like [`apply_setter`] on a weburl one.
pub fn ada_apply_setter(url: &mut ada_url::Url, id: usize, value: &str) {
    let _ = match id % 10 {
        0 => url.set_href(value),
        1 => url.set_protocol(value),
        2 => url.set_username(Some(value)),
        3 => url.set_password(Some(value)),
        4 => url.set_host(Some(value)),
        5 => url.set_hostname(Some(value)),
        6 => url.set_port(Some(value)),
        7 => url.set_pathname(Some(value)),
        8 => {
            url.set_search(Some(value));
            Ok(())
        }
        _ => {
            url.set_hash(Some(value));
            Ok(())
        }
    };
}

/// The differences between weburl's and ada's view of one URL, or of one
/// failure; empty when they agree.
pub fn differences(ours: Option<&Url>, theirs: Option<&ada_url::Url>) -> String {
    match (ours, theirs) {
        (None, None) => String::new(),
        (Some(url), None) => format!("weburl parses to {:?}, ada fails\n", url.href()),
        (None, Some(url)) => format!("weburl fails, ada parses to {:?}\n", url.href()),
        (Some(ours), Some(theirs)) => {
            let mut out = String::new();
            let mut scratch = String::new();
            for (name, b) in Component::SLICES.into_iter().zip(ada_getters(theirs)) {
                let a = name.get(ours, &mut scratch);
                if a != b {
                    out.push_str(&format!("{name}: weburl {a:?}, ada {b:?}\n"));
                }
            }
            let (a, b) = (ours.origin().ascii_serialization(), theirs.origin());
            if a != b && divergences::blob_origin(ours, &b).is_none() {
                out.push_str(&format!("origin: weburl {a:?}, ada {b:?}\n"));
            }
            out
        }
    }
}

fn report(case: &DiffCase, step: &str, ours: Option<&Url>, detail: &str) -> ! {
    let diagram = ours.map(Url::diagram).unwrap_or_default();
    panic!(
        "weburl and ada disagree ({step})\ninput: {:?}\nbase: {:?}\nsetters: {:?}\n{diagram}\n{detail}",
        case.input, case.base, case.setters
    );
}

/// Parses (and joins, and runs the setters of) `case` with both and
/// panics at the first disagreement.
pub fn compare(case: &DiffCase) {
    let base = case.base.as_deref();
    let ours = match base {
        None => Url::parse(&case.input).ok(),
        Some(base) => Url::parse(base).and_then(|b| b.join(&case.input)).ok(),
    };
    let theirs = ada_url::Url::parse(case.input.as_str(), base).ok();
    let detail = differences(ours.as_ref(), theirs.as_ref());
    if !detail.is_empty() {
        let error = match base {
            None => Url::parse(&case.input).err(),
            Some(base) => Url::parse(base).and_then(|b| b.join(&case.input)).err(),
        };
        if let (None, Some(error), Some(theirs)) = (&ours, error, &theirs) {
            if divergences::weburl_fails_ada_parses(&case.input, base, error, theirs.hostname())
                .is_some()
            {
                return;
            }
            // weburl may have refused the base itself, which ada accepted.
            if let Some(base) = base {
                if let (Err(error), Ok(ada_base)) =
                    (Url::parse(base), ada_url::Url::parse(base, None))
                {
                    if divergences::weburl_fails_ada_parses(base, None, error, ada_base.hostname())
                        .is_some()
                    {
                        return;
                    }
                }
            }
        }
        report(case, "parse", ours.as_ref(), &detail);
    }
    let (ours_can, theirs_can) = (
        Url::can_parse(&case.input, base),
        ada_url::Url::can_parse(&case.input, base),
    );
    if ours_can != theirs_can && ours.is_some() == theirs.is_some() {
        report(
            case,
            "can_parse",
            ours.as_ref(),
            &format!("can_parse: weburl {ours_can}, ada {theirs_can}"),
        );
    }
    let (Some(mut ours), Some(mut theirs)) = (ours, theirs) else {
        return;
    };
    for (index, (id, value)) in case.setters.iter().enumerate() {
        apply_setter(&mut ours, *id, value);
        ada_apply_setter(&mut theirs, *id, value);
        let detail = differences(Some(&ours), Some(&theirs));
        if !detail.is_empty() {
            if divergences::after_setter(&case.input, base, value, &ours, theirs.hostname())
                .is_some()
            {
                return;
            }
            let step = format!(
                "setter #{index}: {}({value:?})",
                Component::SLICES[*id % 10]
            );
            report(case, &step, Some(&ours), &detail);
        }
    }
}
