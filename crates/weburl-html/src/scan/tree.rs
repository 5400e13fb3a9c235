//! The decisions of the tree builder that matter for links, made from
//! start and end tags alone, whichever tokenizer hands them over: raw text
//! in `<script>`, `<style>`, `<textarea>`, … (and in `<noscript>` with
//! scripting); CDATA and no HTML elements inside `<svg>` and `<math>`
//! except at integration points and after breakout tags; `<template>`
//! contents not being in the document; a `<form>` inside a form being
//! dropped; `<image>` being `<img>`; a `<meta>` changing a tentative
//! encoding:
//! <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>.
//!
//! The scan drives it with lol_html's tokenizer; the tests drive the same
//! state with html5ever's, as the reference.

use std::borrow::Cow;

use weburl::encoding_rs::Encoding;

use super::{Outcome, RawLink, Scan};
use crate::attributes::{svg_url_attribute, url_attributes, XLINK_HREF};
use crate::encoding;

/// A start tag as a tokenizer hands it to [`Tree::start_tag`].
pub trait StartTag {
    /// The first attribute named `name` (a lowercase ASCII name), its
    /// value decoded as the tokenizer decodes it. The tokenizer drops
    /// later duplicates.
    fn attribute(&self, name: &str) -> Option<Cow<'_, str>>;

    /// The line of the tag, asked for only when it has a link.
    fn line(&mut self) -> u64;
}

/// Where the tokenizer goes after a start tag (the tree builder's say).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Next {
    Data,
    Rcdata,
    Rawtext,
    ScriptData,
    Plaintext,
    /// The encoding changed: stop.
    Stop,
}

/// An open `<svg>` or `<math>` element (`foreign`) or an HTML integration
/// point in one, by its lowercase name.
#[derive(Debug)]
pub(crate) struct Frame {
    pub name: String,
    pub foreign: bool,
}

/// The tree builder's state, and what it found so far.
#[derive(Debug)]
pub struct Tree {
    encoding: &'static Encoding,
    tentative: bool,
    scripting: bool,
    restart: Option<&'static Encoding>,
    /// Open `<template>` elements: their contents are not in the document.
    pub(crate) template_depth: u32,
    /// The tree builder's form element pointer: a `<form>` inside another
    /// is dropped.
    pub(crate) form_open: bool,
    /// Open `<svg>`/`<math>` elements and the HTML integration points in
    /// them; the top one says whether the tokenizer is in foreign content.
    pub(crate) frames: Vec<Frame>,
    scan: Scan,
}

impl Tree {
    /// A document in `encoding`; with `tentative`, the first `<meta>`
    /// declaring another encoding stops the pass.
    pub fn new(encoding: &'static Encoding, tentative: bool, scripting: bool) -> Self {
        Tree {
            encoding,
            tentative,
            scripting,
            restart: None,
            template_depth: 0,
            form_open: false,
            frames: Vec::new(),
            scan: Scan::default(),
        }
    }

    /// The encoding a `<meta>` changed the document's to, if one did.
    pub fn restart(&self) -> Option<&'static Encoding> {
        self.restart
    }

    /// What the pass found, taken out of the state.
    pub fn outcome(&mut self) -> Outcome {
        match self.restart {
            Some(new) => Outcome::Restart(new),
            None => Outcome::Done(std::mem::take(&mut self.scan)),
        }
    }

    /// Whether the adjusted current node is not an HTML element: then
    /// `<![CDATA[` opens a CDATA section; elsewhere it is a bogus comment.
    pub fn in_foreign_content(&self) -> bool {
        self.frames.last().is_some_and(|f| f.foreign)
    }

    /// Pops the SVG and MathML elements up to the nearest integration point.
    pub(crate) fn pop_foreign_content(&mut self) {
        while self.in_foreign_content() {
            self.frames.pop();
        }
    }

    /// A start tag named `name` (lowercase).
    ///
    /// <https://html.spec.whatwg.org/multipage/parsing.html#tree-construction-dispatcher>
    pub fn start_tag(&mut self, name: &str, self_closing: bool, tag: &mut impl StartTag) -> Next {
        if self.in_foreign_content() {
            if breaks_out_of_foreign_content(name)
                || (name == "font"
                    && ["color", "face", "size"]
                        .iter()
                        .any(|a| tag.attribute(a).is_some()))
            {
                // The tree builder pops to the nearest HTML element and
                // handles the tag as HTML.
                self.pop_foreign_content();
            } else {
                if self.in_svg() {
                    self.svg_element(name, tag);
                }
                if !self_closing && is_html_integration_point(name, tag) {
                    self.frames.push(Frame {
                        name: name.to_owned(),
                        foreign: false,
                    });
                } else if !self_closing && matches!(name, "svg" | "math") {
                    self.frames.push(Frame {
                        name: name.to_owned(),
                        foreign: true,
                    });
                }
                return Next::Data;
            }
        }
        if matches!(name, "svg" | "math") {
            if !self_closing {
                self.frames.push(Frame {
                    name: name.to_owned(),
                    foreign: true,
                });
            }
            return Next::Data;
        }
        // <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>:
        // "image" is read as "img".
        let name = if name == "image" { "img" } else { name };
        if self.template_depth == 0 {
            // <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody> ("form")
            if name == "form" {
                if self.form_open {
                    return Next::Data;
                }
                self.form_open = true;
            }
            self.element(name, tag);
        }
        // A `<meta>` in template contents still changes the encoding.
        if name == "meta" && self.tentative && self.meta_encoding(tag) {
            return Next::Stop;
        }
        if name == "template" {
            self.template_depth += 1;
        }
        match name {
            "script" => Next::ScriptData,
            "style" | "xmp" | "iframe" | "noembed" | "noframes" => Next::Rawtext,
            "noscript" if self.scripting => Next::Rawtext,
            "textarea" | "title" => Next::Rcdata,
            "plaintext" => Next::Plaintext,
            _ => Next::Data,
        }
    }

    /// An end tag named `name` (lowercase).
    ///
    /// <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>
    pub fn end_tag(&mut self, name: &str) {
        if self.in_foreign_content() && matches!(name, "br" | "p") {
            self.pop_foreign_content();
            return;
        }
        if let Some(i) = self.frames.iter().rposition(|f| f.name == name) {
            self.frames.truncate(i);
            return;
        }
        if self.in_foreign_content() {
            return;
        }
        match name {
            "template" => self.template_depth = self.template_depth.saturating_sub(1),
            "form" if self.template_depth == 0 => self.form_open = false,
            _ => {}
        }
    }

    /// An HTML element in the document: records its URL attributes and the
    /// first `<base href>`.
    fn element(&mut self, name: &str, tag: &mut impl StartTag) {
        for spec in url_attributes(name) {
            let Some(value) = tag.attribute(spec.attribute) else {
                continue;
            };
            if let Some((name, required)) = spec.condition() {
                if !tag
                    .attribute(name)
                    .is_some_and(|v| v.eq_ignore_ascii_case(required))
                {
                    continue;
                }
            }
            let value = value.into_owned();
            self.scan.links.push(RawLink {
                element: spec.element,
                attribute: spec.attribute,
                kind: spec.kind,
                value,
                line: tag.line(),
            });
        }
        if name == "base" && self.scan.first_base_href.is_none() {
            self.scan.first_base_href = tag.attribute("href").map(Cow::into_owned);
        }
    }

    /// Whether the open foreign content is SVG (a `<svg>` frame, not
    /// `<math>`): the namespace of the elements started in it.
    fn in_svg(&self) -> bool {
        self.frames
            .last()
            .is_some_and(|f| f.foreign && f.name == "svg")
    }

    /// An SVG element in the document: records its URL attribute.
    fn svg_element(&mut self, name: &str, tag: &mut impl StartTag) {
        if self.template_depth > 0 {
            return;
        }
        let Some(spec) = svg_url_attribute(name) else {
            return;
        };
        let found = match tag.attribute(spec.attribute) {
            Some(value) => Some((spec.attribute, value.into_owned())),
            None => tag
                .attribute(XLINK_HREF)
                .map(|value| (XLINK_HREF, value.into_owned())),
        };
        if let Some((attribute, value)) = found {
            self.scan.links.push(RawLink {
                element: spec.element,
                attribute,
                kind: spec.kind,
                value,
                line: tag.line(),
            });
        }
    }

    /// The `<meta>` rule of the "in head" insertion mode.
    ///
    /// <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead> ("meta")
    fn meta_encoding(&mut self, tag: &impl StartTag) -> bool {
        let declared = tag
            .attribute("charset")
            .and_then(|label| Encoding::for_label(label.as_bytes()))
            .or_else(|| {
                let pragma = tag.attribute("http-equiv")?;
                if !pragma.eq_ignore_ascii_case("content-type") {
                    return None;
                }
                encoding::extract_from_meta_content(tag.attribute("content")?.as_bytes())
            });
        let Some(declared) = declared else {
            return false;
        };
        match encoding::change_the_encoding(self.encoding, declared) {
            Some(new) => {
                self.restart = Some(new);
                true
            }
            None => {
                // Same encoding: it is now certain.
                self.tentative = false;
                false
            }
        }
    }
}

/// Start tags that end foreign content (`<font>` too, with `color`,
/// `face` or `size`).
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>
pub(super) fn breaks_out_of_foreign_content(name: &str) -> bool {
    matches!(
        name,
        "b" | "big"
            | "blockquote"
            | "body"
            | "br"
            | "center"
            | "code"
            | "dd"
            | "div"
            | "dl"
            | "dt"
            | "em"
            | "embed"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "head"
            | "hr"
            | "i"
            | "img"
            | "li"
            | "listing"
            | "menu"
            | "meta"
            | "nobr"
            | "ol"
            | "p"
            | "pre"
            | "ruby"
            | "s"
            | "small"
            | "span"
            | "strong"
            | "strike"
            | "sub"
            | "sup"
            | "table"
            | "tt"
            | "u"
            | "ul"
            | "var"
    )
}

/// SVG and MathML elements whose content is parsed as HTML.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point>,
/// <https://html.spec.whatwg.org/multipage/parsing.html#mathml-text-integration-point>
fn is_html_integration_point(name: &str, tag: &impl StartTag) -> bool {
    match name {
        // The tokenizer lowercases `foreignObject`.
        "foreignobject" | "desc" | "title" | "mi" | "mo" | "mn" | "ms" | "mtext" => true,
        "annotation-xml" => tag.attribute("encoding").is_some_and(|e| {
            e.eq_ignore_ascii_case("text/html") || e.eq_ignore_ascii_case("application/xhtml+xml")
        }),
        _ => false,
    }
}
