//! One pass of the HTML tokenizer over a document, collecting the raw
//! values of URL attributes, the first `<base href>` and any `<meta>` that
//! changes the encoding.
//!
//! The tokenizer is lol_html's: its streaming rewriter runs over the page,
//! decoded to UTF-8, with one element handler for every start tag and an
//! output sink that drops what it is given. lol_html finds tags without
//! building tokens for text, comments or raw text, and hands each start tag
//! over with its attributes undecoded and the byte ranges of the tag and of
//! each attribute's name and value. The values asked for are sliced out of
//! the page by those ranges and decoded here, by the standard's rules for
//! attribute values, with the table of named character references
//! ([`crate::char_refs`]):
//! <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>.
//!
//! No tree builder runs. What it decides that matters here is simulated in
//! [`tree::Tree`], which this module drives with lol_html's start tags and
//! the end tags it sees; the rewriter's own state, and its restarts, are
//! here.
//!
//! lol_html simulates part of that itself, to switch its tokenizer's
//! states, and not quite the same way: it always reads `<noscript>` as raw
//! text; it opens `<svg/>` and `<math/>`; it leaves one namespace where the
//! tree builder pops a run of SVG and MathML elements, and an integration
//! point at the end tag of any integration point of its namespace; its
//! stack of open elements closes a `<form>` or `<template>` at an end tag
//! of an element it is in. Where the two part, the handler stops the
//! rewriter and a fresh one resumes right after the tag, fed first a
//! prefix of made-up start tags that takes lol_html where the simulation
//! is ([`State::prefix`]). What lol_html does is followed in
//! [`Namespaces`]. End tags are seen here only when they close an element
//! tracked on lol_html's stack of open elements ([`TRACKED`]); a `</br>`
//! or `</p>` that leaves foreign content shows in the namespace of the next
//! element, or, when that element or an end tag comes first, in that of a
//! made-up one ([`probe`]). On the vendored pages a fresh rewriter is
//! needed at each `<noscript>` (without scripting) and at a few misnested
//! forms. The `html5ever_agrees` tests (`tests/html5ever.rs`) drive the
//! same [`tree::Tree`] with html5ever's tokenizer on the vendored pages and
//! on generated markup and compare everything found, line numbers included.
//!
//! Line numbers are counted from the byte offset of the end of the tag as
//! html5ever's tokenizer counts them (see [`lines::Lines`]).
//!
//! Where tree order and token order differ (only for misnested markup the
//! tree builder repairs, such as a `<base>` foster-parented out of a
//! `<table>` ahead of an earlier one inside a cell), the first `<base href>`
//! in token order wins; see the crate docs.

use std::borrow::Cow;
use std::cell::RefCell;
use std::ops::Range;
use std::rc::Rc;

use lol_html::html_content::{Element, EndTag};
use lol_html::{element, HandlerResult, HtmlRewriter, Settings};
use weburl::encoding_rs::Encoding;

use crate::attributes::AttributeKind;
use crate::char_refs::decode_attribute;

mod lines;
mod namespaces;
pub(crate) mod tree;

use lines::Lines;
use namespaces::{Namespaces, Ns};
use tree::{Next, StartTag, Tree};

/// A URL-bearing attribute as found, before resolution.
#[derive(Debug, PartialEq)]
pub struct RawLink {
    pub element: &'static str,
    pub attribute: &'static str,
    pub kind: AttributeKind,
    pub value: String,
    pub line: u64,
}

/// What one pass found.
#[derive(Debug, Default, PartialEq)]
pub struct Scan {
    pub links: Vec<RawLink>,
    pub first_base_href: Option<String>,
}

/// How a pass ended.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    Done(Scan),
    /// A `<meta>` changed a tentative encoding: start over with this one.
    Restart(&'static Encoding),
}

/// Tokenizes `bytes` (without their BOM) in `encoding`. With `tentative`,
/// the first `<meta>` declaring another encoding ends the pass.
///
/// The document is decoded whole; UTF-8 (and ASCII in any ASCII-compatible
/// encoding) is read in place, without a copy.
pub fn scan(
    bytes: &[u8],
    encoding: &'static Encoding,
    tentative: bool,
    scripting: bool,
) -> Outcome {
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    let state = Rc::new(RefCell::new(State {
        tree: Tree::new(encoding, tentative, scripting),
        unseen_end_tags: None,
        rewriter: Rewriter {
            namespaces: Namespaces::new(),
            open: [0; TRACKED.len()],
            last_end_tag: None,
            offset: 0,
            prefix_len: 0,
            checkpoint: 0,
            checkpoint_opener: "",
            resume: None,
        },
    }));
    let mut lines = Lines::new(text.as_bytes());
    let mut from = 0;
    let mut opener = "";
    while let Some(resume) = run(&text, from, opener, &state, &mut lines) {
        let mut st = state.borrow_mut();
        match resume {
            Resume::After(at, next) => (from, opener) = (at, next),
            Resume::Probe(at) => {
                let checkpoint = st.rewriter.checkpoint;
                let (mut prefix, mut namespaces) = st.prefix();
                prefix.push_str(st.rewriter.checkpoint_opener);
                let probed = probe(&text[checkpoint..at], &prefix);
                // End tags not seen there left namespaces.
                while namespaces.current() != probed {
                    match namespaces.leave() {
                        // `</br>` or `</p>`.
                        Some(Ns::Svg | Ns::MathMl) => st.tree.pop_foreign_content(),
                        // An end tag the tree builder ignores took
                        // lol_html out of an integration point: the
                        // fresh rewriter will not be.
                        Some(Ns::Html) => {}
                        None => break,
                    }
                }
                (from, opener) = (at, "");
            }
        }
        st.rewriter.checkpoint = from;
        st.rewriter.checkpoint_opener = opener;
    }
    let outcome = state.borrow_mut().tree.outcome();
    outcome
}

/// One rewriter over `text[from..]`, fed first the start tags that take it
/// where the tree builder is, `opener` last. Returns where to resume with a
/// fresh one and its opener, or `None` at the end of the document or when
/// the encoding changed.
fn run(
    text: &str,
    from: usize,
    opener: &str,
    state: &Rc<RefCell<State>>,
    lines: &mut Lines,
) -> Option<Resume> {
    let prefix = {
        let mut st = state.borrow_mut();
        let (mut prefix, namespaces) = st.prefix();
        st.rewriter.namespaces = namespaces;
        prefix.push_str(opener);
        st.rewriter.prefix_len = prefix.len();
        st.rewriter.offset = from;
        st.rewriter.open = [0; TRACKED.len()];
        st.rewriter.resume = None;
        prefix
    };
    let mut rewriter = HtmlRewriter::new(
        Settings::new()
            // Never give up on markup whose parse needs the tree builder:
            // what it decides is simulated.
            .with_strict(false)
            .append_element_content_handler(element!("*", |el| {
                start_tag(el, text, state, lines)
            })),
        |_: &[u8]| {},
    );
    let result = match rewriter.write(prefix.as_bytes()) {
        Ok(()) => match rewriter.write(&text.as_bytes()[from..]) {
            Ok(()) => rewriter.end(),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => None,
        // A handler stopped the pass.
        Err(_) => state.borrow().rewriter.resume,
    }
}

/// Why a handler stopped the rewriter; the state says what comes next.
#[derive(Debug)]
struct Stop;

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stopped")
    }
}

impl std::error::Error for Stop {}

/// Where an end tag that makes lol_html leave a namespace and that is not
/// seen here may be: before each `</p` and `</br` (in any case) not
/// followed by an ASCII letter or digit. A [`probe`] is needed only when
/// there is one since the last checkpoint.
fn unseen_end_tags(text: &str) -> Vec<usize> {
    let s = text.as_bytes();
    let mut found = Vec::new();
    for (at, _) in text.match_indices("</") {
        let name = &s[at + 2..];
        let len = if name.first().is_some_and(|b| b.eq_ignore_ascii_case(&b'p')) {
            1
        } else if name.len() >= 2 && name[..2].eq_ignore_ascii_case(b"br") {
            2
        } else {
            continue;
        };
        if !name.get(len).is_some_and(u8::is_ascii_alphanumeric) {
            found.push(at);
        }
    }
    found
}

/// Where a fresh rewriter takes over.
#[derive(Clone, Copy)]
enum Resume {
    /// At this offset, fed this opener after the prefix.
    After(usize, &'static str),
    /// At this tag, once [`probe`] has told the namespace lol_html is in
    /// there, from the last checkpoint on.
    Probe(usize),
}

/// The namespace a rewriter fed `prefix` and then `span` (markup without
/// start tags) is in at its end: lol_html leaves a namespace at end tags
/// not seen here, `</br>` and `</p>`, and shows it only in the namespace of
/// the next element; this one is made up for it.
fn probe(span: &str, prefix: &str) -> Ns {
    const PROBE: &str = "<weburl-probe>";
    let at = prefix.len() + span.len();
    let mut found = Ns::Html;
    let mut rewriter = HtmlRewriter::new(
        Settings::new()
            .with_strict(false)
            .append_element_content_handler(element!("*", |el| {
                if el.source_location().bytes().start == at {
                    found = Ns::of(el.namespace_uri());
                }
                Ok(())
            })),
        |_: &[u8]| {},
    );
    let _ = rewriter
        .write(prefix.as_bytes())
        .and_then(|()| rewriter.write(span.as_bytes()))
        .and_then(|()| rewriter.write(PROBE.as_bytes()));
    drop(rewriter);
    found
}

/// A start tag as the tree builder sees it.
struct Tag<'a, 'r, 't> {
    el: &'a Element<'r, 't>,
    text: &'a str,
    /// Where the rewriter's input starts in `text`, less the prefix.
    offset: usize,
    prefix_len: usize,
}

impl<'a> Tag<'a, '_, '_> {
    /// `text`'s range of a range of the rewriter's input.
    fn range(&self, r: Range<usize>) -> Range<usize> {
        r.start - self.prefix_len + self.offset..r.end - self.prefix_len + self.offset
    }

    /// Whether an attribute named `name` (a lowercase ASCII name) has an
    /// undecoded value (`""` for none) that `f` accepts.
    fn any(&self, name: &str, mut f: impl FnMut(&'a str) -> bool) -> bool {
        let text: &'a str = self.text;
        for a in self.el.attributes() {
            let Some(loc) = a.name_source_location() else {
                continue;
            };
            if !text.as_bytes()[self.range(loc.bytes())].eq_ignore_ascii_case(name.as_bytes()) {
                continue;
            }
            let value = match a.value_source_location() {
                Some(loc) => &text[self.range(loc.bytes())],
                None => "",
            };
            if f(value) {
                return true;
            }
        }
        false
    }

    /// The first attribute named `name` (a lowercase ASCII name), decoded.
    /// The tokenizer drops later duplicates.
    fn get(&self, name: &str) -> Option<Cow<'a, str>> {
        let mut first = None;
        self.any(name, |value| {
            first = Some(value);
            true
        });
        first.map(decode_attribute)
    }
}

/// A start tag as the tree builder is handed it: the tag, and where to
/// count its line from.
struct Found<'a, 'b, 'c, 'r, 't> {
    tag: &'a Tag<'b, 'r, 't>,
    lines: &'a mut Lines<'c>,
    /// The end of the tag in the page.
    end: usize,
}

impl StartTag for Found<'_, '_, '_, '_, '_> {
    fn attribute(&self, name: &str) -> Option<Cow<'_, str>> {
        self.tag.get(name)
    }

    fn line(&mut self) -> u64 {
        self.lines.at(self.end)
    }
}

/// The element handler: every start tag, in token order.
fn start_tag(
    el: &mut Element<'_, '_>,
    text: &str,
    state: &Rc<RefCell<State>>,
    lines: &mut Lines,
) -> HandlerResult {
    let mut st = state.borrow_mut();
    let loc = el.source_location().bytes();
    let name = el.tag_name();
    let tracked = tracked(&name);
    if loc.start < st.rewriter.prefix_len {
        // Where the prefix takes the rewriter is set already.
        if let Some(i) = tracked {
            st.track(el, i, state)?;
        }
        return Ok(());
    }
    if matches!(&*name, "svg" | "math") && st.unseen_end_tags.is_none() {
        st.unseen_end_tags = Some(unseen_end_tags(text));
    }
    if st.tree.in_foreign_content() && TRACKED[2..].contains(&&*name) {
        // Its namespace is lol_html's whatever end tags came before (an
        // integration point's is HTML in HTML content too): find out
        // first.
        let at = loc.start + st.rewriter.offset - st.rewriter.prefix_len;
        if st.end_tag_unseen_before(at) {
            st.rewriter.resume = Some(Resume::Probe(at));
            return Err(Box::new(Stop));
        }
    }
    let self_closing = el.is_self_closing();
    let tag = Tag {
        el,
        text,
        offset: st.rewriter.offset,
        prefix_len: st.rewriter.prefix_len,
    };
    let span = tag.range(loc);
    if text.as_bytes()[span.clone()]
        .iter()
        .any(|&b| b == b'\n' || b == b'\r')
    {
        for attr in el.attributes() {
            if let Some(name) = attr.name_source_location() {
                lines.skip_before_value(tag.range(name.bytes()).end);
            }
        }
    }
    let end = span.end;

    // lol_html's view: end tags not seen here may have left namespaces.
    let mut resync = false;
    let ns = Ns::of(el.namespace_uri());
    let (before, left) = st
        .rewriter
        .namespaces
        .start_tag(&name, self_closing, &tag, ns);
    for level in left {
        if level == Ns::Html {
            // An end tag the tree builder ignores took lol_html out of an
            // integration point.
            resync = true;
        } else {
            // `</br>` or `</p>`.
            st.tree.pop_foreign_content();
        }
    }
    let theirs = if matches!(&*name, "svg" | "math") || before != Ns::Html {
        Next::Data
    } else {
        match &*name {
            "script" => Next::ScriptData,
            "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => Next::Rawtext,
            "textarea" | "title" => Next::Rcdata,
            "plaintext" => Next::Plaintext,
            _ => Next::Data,
        }
    };

    // The tree builder's.
    let ours = st.tree.start_tag(
        &name,
        self_closing,
        &mut Found {
            tag: &tag,
            lines,
            end,
        },
    );
    if let Some(i) = tracked {
        if el.can_have_content() {
            st.track(el, i, state)?;
        }
    }
    st.rewriter.checkpoint = end;
    st.rewriter.checkpoint_opener = match ours {
        Next::Data | Next::Stop => "",
        _ => opener_for(&name),
    };
    let opener = match ours {
        Next::Stop => {
            st.rewriter.resume = None;
            return Err(Box::new(Stop));
        }
        // <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>:
        // lol_html opens `<svg/>` and `<math/>`, the tree builder pops them
        // at once.
        _ if matches!(&*name, "svg" | "math") && self_closing => "",
        _ if ours != theirs || resync || !st.in_step() => match ours {
            Next::Data | Next::Stop => "",
            _ => opener_for(&name),
        },
        _ => return Ok(()),
    };
    st.rewriter.resume = Some(Resume::After(end, opener));
    Err(Box::new(Stop))
}

/// A start tag that switches a fresh rewriter to the text state `name`
/// switches the tokenizer to, ending at the same end tag.
fn opener_for(name: &str) -> &'static str {
    match name {
        "script" => "<script>",
        "style" => "<style>",
        "xmp" => "<xmp>",
        "iframe" => "<iframe>",
        "noembed" => "<noembed>",
        "noframes" => "<noframes>",
        "noscript" => "<noscript>",
        "textarea" => "<textarea>",
        "title" => "<title>",
        _ => "<plaintext>",
    }
}

/// The elements whose end tags change the tree builder's state: the form
/// element pointer, the template contents, the SVG and MathML elements
/// and their integration points. Their end tags are seen here when they
/// close one on lol_html's stack of open elements.
const TRACKED: [&str; 13] = [
    "form",
    "template",
    "svg",
    "math",
    "foreignobject",
    "desc",
    "title",
    "mi",
    "mo",
    "mn",
    "ms",
    "mtext",
    "annotation-xml",
];

/// The integration points of SVG and of MathML, by their names.
const SVG_INTEGRATION_POINTS: [&str; 3] = ["foreignobject", "desc", "title"];
const MATHML_INTEGRATION_POINTS: [&str; 6] = ["mi", "mo", "mn", "ms", "mtext", "annotation-xml"];

/// lol_html leaves an integration point at the end tag of any integration
/// point of its namespace, the tree builder only at its own. A rewriter
/// inside one starts with an element of each such name open, in the other
/// namespace, where it is not one (and so leaves no namespace open), for
/// that end tag to be seen here.
const SVG_SENTINELS: &str = "<math><foreignobject><desc><title></br>";
const MATHML_SENTINELS: &str = "<svg><mi><mo><mn><ms><mtext><annotation-xml></br>";

/// The index of `name` in [`TRACKED`].
fn tracked(name: &str) -> Option<usize> {
    Some(match name {
        "form" => 0,
        "template" => 1,
        "svg" => 2,
        "math" => 3,
        "foreignobject" => 4,
        "desc" => 5,
        "title" => 6,
        "mi" => 7,
        "mo" => 8,
        "mn" => 9,
        "ms" => 10,
        "mtext" => 11,
        "annotation-xml" => 12,
        _ => return None,
    })
}

/// The rewriter running, and what it has open.
struct Rewriter {
    namespaces: Namespaces,
    /// Tracked elements on its stack of open elements, by [`TRACKED`]
    /// index.
    open: [u32; TRACKED.len()],
    /// The offset of the last end tag seen, which can close several
    /// elements.
    last_end_tag: Option<usize>,
    /// Where its input starts in the page, and how much of it is the
    /// prefix.
    offset: usize,
    prefix_len: usize,
    /// The end of the last tag seen, where the frames are known to be the
    /// tree builder's, and what the tokenizer reads there.
    checkpoint: usize,
    checkpoint_opener: &'static str,
    /// Where a fresh rewriter takes over.
    resume: Option<Resume>,
}

/// The tree builder's state and the rewriter's, which can part.
struct State {
    tree: Tree,
    /// See [`unseen_end_tags`]: found at the first `<svg>` or `<math>`.
    unseen_end_tags: Option<Vec<usize>>,
    rewriter: Rewriter,
}

impl State {
    /// Whether the rewriter's namespaces are the frames' (each run of SVG
    /// and MathML elements one namespace, so that lol_html, which leaves
    /// one namespace where the tree builder pops the run, does the same),
    /// and every frame's end tag will be seen.
    fn in_step(&self) -> bool {
        let r = &self.rewriter;
        let open = |name: &str| tracked(name).map_or(0, |i| r.open[i]);
        if (self.tree.form_open && open("form") == 0) || open("template") < self.tree.template_depth
        {
            return false;
        }
        let mut levels = r.namespaces.stack[1..].iter();
        let mut previous = Ns::Html;
        for frame in &self.tree.frames {
            if open(&frame.name) == 0 {
                return false;
            }
            if frame.foreign && previous != Ns::Html {
                continue;
            }
            match levels.next() {
                Some(&Ns::Html) if !frame.foreign => {
                    let sentinels: &[&str] = match previous {
                        Ns::Svg => &SVG_INTEGRATION_POINTS,
                        _ => &MATHML_INTEGRATION_POINTS,
                    };
                    if sentinels.iter().any(|&name| open(name) == 0) {
                        return false;
                    }
                    previous = Ns::Html;
                }
                Some(&ns @ (Ns::Svg | Ns::MathMl)) if frame.foreign => previous = ns,
                _ => return false,
            }
        }
        levels.next().is_none()
    }

    /// What a fresh rewriter is fed first, and the namespaces it leaves it
    /// in: the sentinels its integration points need, the `<form>` and
    /// `<template>` elements still open, then the frames, a run of SVG and
    /// MathML elements as one namespace.
    fn prefix(&self) -> (String, Namespaces) {
        let mut prefix = String::new();
        let mut namespaces = Namespaces::new();
        let (mut svg_sentinels, mut mathml_sentinels) = (false, false);
        for frame in &self.tree.frames {
            let name = frame.name.as_str();
            let current = namespaces.current();
            if frame.foreign {
                prefix.push('<');
                prefix.push_str(name);
                prefix.push('>');
                if current == Ns::Html {
                    namespaces
                        .stack
                        .push(if name == "svg" { Ns::Svg } else { Ns::MathMl });
                } else {
                    // Open, but in the namespace already open.
                    prefix.push_str("</br>");
                }
                continue;
            }
            let enters = match current {
                Ns::Svg => matches!(name, "foreignobject" | "desc" | "title"),
                _ => matches!(name, "mi" | "mo" | "mn" | "ms" | "mtext"),
            };
            if enters {
                prefix.push('<');
                prefix.push_str(name);
                prefix.push('>');
            } else {
                // Open, then an element that enters HTML content in this
                // namespace.
                prefix.push('<');
                prefix.push_str(name);
                prefix.push('>');
                prefix.push_str(if current == Ns::Svg {
                    "<foreignobject>"
                } else {
                    "<mi>"
                });
            }
            svg_sentinels |= current == Ns::Svg;
            mathml_sentinels |= current == Ns::MathMl;
            namespaces.stack.push(Ns::Html);
        }
        let mut start = String::new();
        if svg_sentinels {
            start.push_str(SVG_SENTINELS);
        }
        if mathml_sentinels {
            start.push_str(MATHML_SENTINELS);
        }
        if self.tree.form_open {
            start.push_str("<form>");
        }
        for _ in 0..self.tree.template_depth {
            start.push_str("<template>");
        }
        prefix.insert_str(0, &start);
        (prefix, namespaces)
    }

    /// Calls [`State::closed`] for the end tag that closes `el`, the
    /// tracked element `TRACKED[i]`.
    fn track(
        &mut self,
        el: &mut Element<'_, '_>,
        i: usize,
        state: &Rc<RefCell<State>>,
    ) -> HandlerResult {
        self.rewriter.open[i] += 1;
        let state = Rc::clone(state);
        el.on_end_tag(Box::new(move |end: &mut EndTag<'_>| {
            state.borrow_mut().closed(i, end)
        }))
    }

    /// An end tag closed a tracked element, maybe one above the element it
    /// names.
    fn closed(&mut self, i: usize, end: &mut EndTag<'_>) -> HandlerResult {
        let foreign = self.tree.in_foreign_content();
        self.rewriter.open[i] -= 1;
        let loc = end.source_location().bytes();
        let r = &self.rewriter;
        let (start, after) = (
            loc.start + r.offset - r.prefix_len,
            loc.end + r.offset - r.prefix_len,
        );
        if r.last_end_tag != Some(start) {
            if foreign && self.end_tag_unseen_before(start) {
                // End tags not seen since the checkpoint may have ended
                // foreign content: find out first, then see this one again.
                self.rewriter.resume = Some(Resume::Probe(start));
                return Err(Box::new(Stop));
            }
            let r = &mut self.rewriter;
            r.last_end_tag = Some(start);
            r.checkpoint = after;
            r.checkpoint_opener = "";
            let name = end.name();
            r.namespaces.end_tag(&name);
            self.tree.end_tag(&name);
        }
        if !self.in_step() {
            self.rewriter.resume = Some(Resume::After(after, ""));
            return Err(Box::new(Stop));
        }
        Ok(())
    }

    /// Whether an end tag not seen here may be between the checkpoint and
    /// `at`.
    fn end_tag_unseen_before(&self, at: usize) -> bool {
        let from = self.rewriter.checkpoint;
        let Some(unseen) = &self.unseen_end_tags else {
            return false;
        };
        let i = unseen.partition_point(|&e| e < from);
        unseen.get(i).is_some_and(|&e| e < at)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn tracked_names_have_their_index() {
        for (i, name) in super::TRACKED.iter().enumerate() {
            assert_eq!(super::tracked(name), Some(i));
        }
    }
}
