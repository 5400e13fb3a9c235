//! What the rewriter believes: lol_html simulates the tree builder's
//! namespaces itself to switch its tokenizer's states, not quite as the
//! tree builder does. The driver follows that simulation here to see where
//! it parts from [`super::tree::Tree`] and a fresh rewriter is needed.

use super::tree::breaks_out_of_foreign_content;
use super::Tag;

/// A namespace of elements.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Ns {
    Html,
    Svg,
    MathMl,
}

impl Ns {
    /// The namespace of an element by its namespace URI.
    pub(super) fn of(uri: &str) -> Ns {
        match uri {
            "http://www.w3.org/2000/svg" => Ns::Svg,
            "http://www.w3.org/1998/Math/MathML" => Ns::MathMl,
            _ => Ns::Html,
        }
    }
}

/// lol_html's own simulation of the tree builder's namespaces
/// (`TreeBuilderSimulator`), followed here. It sees every start tag, and
/// the end tags of tracked elements; an end tag not seen that left a
/// namespace shows in the namespace of the next element.
#[derive(Clone)]
pub(super) struct Namespaces {
    pub(super) stack: Vec<Ns>,
}

impl Namespaces {
    pub(super) fn new() -> Self {
        Namespaces {
            stack: vec![Ns::Html],
        }
    }

    pub(super) fn current(&self) -> Ns {
        self.stack.last().copied().unwrap_or(Ns::Html)
    }

    pub(super) fn leave(&mut self) -> Option<Ns> {
        if self.stack.len() > 1 {
            self.stack.pop()
        } else {
            None
        }
    }

    /// A start tag whose element lol_html put in `ns`. Returns the
    /// namespace before it, and the namespaces left before it by end tags
    /// not seen here.
    pub(super) fn start_tag(
        &mut self,
        name: &str,
        self_closing: bool,
        tag: &Tag,
        ns: Ns,
    ) -> (Ns, Vec<Ns>) {
        if self.stack.len() == 1 {
            let before = self.current();
            self.start_tag_here(name, self_closing, tag);
            return (before, Vec::new());
        }
        let mut before = self.clone();
        let mut left = Vec::new();
        loop {
            *self = before.clone();
            self.start_tag_here(name, self_closing, tag);
            if self.current() == ns {
                return (before.current(), left);
            }
            match before.leave() {
                Some(level) => left.push(level),
                None => return (before.current(), left),
            }
        }
    }

    /// `TreeBuilderSimulator::get_feedback_for_start_tag`.
    fn start_tag_here(&mut self, name: &str, self_closing: bool, tag: &Tag) {
        let current = self.current();
        match name {
            "svg" => self.stack.push(Ns::Svg),
            "math" => self.stack.push(Ns::MathMl),
            _ if current == Ns::Html => {}
            _ if breaks_out_of_foreign_content(name) => {
                self.leave();
            }
            // An integration point of the namespace, not self-closing.
            "foreignobject" | "desc" | "title" if current == Ns::Svg && !self_closing => {
                self.stack.push(Ns::Html);
            }
            "mi" | "mo" | "mn" | "ms" | "mtext" if current == Ns::MathMl && !self_closing => {
                self.stack.push(Ns::Html);
            }
            "font"
                if ["color", "size", "face"]
                    .iter()
                    .any(|a| tag.any(a, |_| true)) =>
            {
                self.leave();
            }
            // lol_html compares the value undecoded.
            "annotation-xml"
                if current == Ns::MathMl
                    && !self_closing
                    && tag.any("encoding", |e| {
                        e.eq_ignore_ascii_case("text/html")
                            || e.eq_ignore_ascii_case("application/xhtml+xml")
                    }) =>
            {
                self.stack.push(Ns::Html);
            }
            _ => {}
        }
    }

    /// `TreeBuilderSimulator::get_feedback_for_end_tag`.
    pub(super) fn end_tag(&mut self, name: &str) {
        let len = self.stack.len();
        let leave = match self.current() {
            Ns::Html if len >= 2 => match self.stack[len - 2] {
                Ns::Svg => matches!(name, "foreignobject" | "desc" | "title"),
                Ns::MathMl => {
                    matches!(name, "mi" | "mo" | "mn" | "ms" | "mtext" | "annotation-xml")
                }
                Ns::Html => false,
            },
            Ns::Html => false,
            current => matches!(
                (current, name),
                (Ns::Svg, "svg") | (Ns::MathMl, "math") | (_, "p" | "br")
            ),
        };
        if leave {
            self.leave();
        }
    }
}
