//! The `srcset` and `imagesrcset` attributes: image candidate strings.
//!
//! <https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute>

use std::ops::Range;

use crate::attributes::is_ascii_whitespace;

/// An image candidate's descriptor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Descriptor {
    /// No descriptor (density 1, by the standard's later steps).
    None,
    /// `<n>w`: the image's width in pixels, with the obsolete `<n>h` height if given.
    Width {
        /// The width, at least 1.
        width: u64,
        /// The height, at least 1, if a `h` descriptor was given.
        height: Option<u64>,
    },
    /// `<x>x`: the pixel density, zero or more.
    Density(f64),
}

/// One image candidate of a srcset attribute.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Byte range of the URL in the attribute value.
    pub url: Range<usize>,
    /// The descriptor.
    pub descriptor: Descriptor,
}

/// Parses a srcset attribute value into its valid candidates; candidates
/// with invalid descriptors are dropped, as the standard says.
///
/// ```
/// use weburl_html::srcset::{parse, Descriptor};
/// let value = "a.png, b.png 2x,c.png 300w";
/// let c = parse(value);
/// assert_eq!(&value[c[1].url.clone()], "b.png");
/// assert_eq!(c[1].descriptor, Descriptor::Density(2.0));
/// assert_eq!(c[2].descriptor, Descriptor::Width { width: 300, height: None });
/// ```
///
/// <https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute>
pub fn parse(input: &str) -> Vec<Candidate> {
    let bytes = input.as_bytes();
    let mut pos = 0;
    let mut candidates = Vec::new();
    loop {
        // Splitting loop: skip whitespace and commas.
        while pos < bytes.len() && (is_space(bytes[pos]) || bytes[pos] == b',') {
            pos += 1;
        }
        if pos >= bytes.len() {
            return candidates;
        }
        let start = pos;
        while pos < bytes.len() && !is_space(bytes[pos]) {
            pos += 1;
        }
        let mut end = pos;
        let mut descriptors = Vec::new();
        if bytes[end - 1] == b',' {
            // A URL ending in commas has no descriptors.
            while end > start && bytes[end - 1] == b',' {
                end -= 1;
            }
        } else {
            tokenize_descriptors(input, &mut pos, &mut descriptors);
        }
        if let Some(descriptor) = parse_descriptors(&descriptors) {
            // `end > start` unless the URL was only commas, which the
            // splitting loop already consumed.
            candidates.push(Candidate {
                url: start..end,
                descriptor,
            });
        }
    }
}

/// The descriptor tokenizer: splits on whitespace outside parentheses and
/// stops after a comma outside parentheses.
fn tokenize_descriptors<'a>(input: &'a str, pos: &mut usize, out: &mut Vec<&'a str>) {
    #[derive(PartialEq)]
    enum State {
        InDescriptor,
        InParens,
        AfterDescriptor,
    }
    let bytes = input.as_bytes();
    while *pos < bytes.len() && is_space(bytes[*pos]) {
        *pos += 1;
    }
    let mut state = State::InDescriptor;
    let mut current = *pos;
    loop {
        let c = bytes.get(*pos).copied();
        match state {
            State::InDescriptor => match c {
                Some(b) if is_space(b) => {
                    if current < *pos {
                        out.push(&input[current..*pos]);
                    }
                    state = State::AfterDescriptor;
                }
                Some(b',') => {
                    if current < *pos {
                        out.push(&input[current..*pos]);
                    }
                    *pos += 1;
                    return;
                }
                Some(b'(') => state = State::InParens,
                None => {
                    if current < *pos {
                        out.push(&input[current..*pos]);
                    }
                    return;
                }
                Some(_) => {}
            },
            State::InParens => match c {
                Some(b')') => state = State::InDescriptor,
                None => {
                    out.push(&input[current..*pos]);
                    return;
                }
                Some(_) => {}
            },
            State::AfterDescriptor => match c {
                Some(b) if is_space(b) => {}
                None => return,
                Some(_) => {
                    state = State::InDescriptor;
                    current = *pos;
                    continue;
                }
            },
        }
        *pos += 1;
    }
}

/// The descriptor parser: `None` if the candidate is invalid.
fn parse_descriptors(descriptors: &[&str]) -> Option<Descriptor> {
    let mut width = None;
    let mut density = None;
    let mut height = None;
    for d in descriptors {
        let (number, unit) = d.split_at(d.len() - d.chars().next_back()?.len_utf8());
        match unit {
            "w" if width.is_none() && density.is_none() => {
                width = Some(parse_positive_integer(number)?);
            }
            "x" if width.is_none() && density.is_none() && height.is_none() => {
                let value = parse_float(number)?;
                if value < 0.0 {
                    return None;
                }
                density = Some(value);
            }
            "h" if height.is_none() && density.is_none() => {
                height = Some(parse_positive_integer(number)?);
            }
            _ => return None,
        }
    }
    match (width, density, height) {
        (None, None, None) => Some(Descriptor::None),
        (Some(width), None, height) => Some(Descriptor::Width { width, height }),
        (None, Some(density), None) => Some(Descriptor::Density(density)),
        // A height without a width.
        _ => None,
    }
}

/// A valid non-negative integer that is not zero.
///
/// <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-non-negative-integer>
fn parse_positive_integer(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Saturate: an absurd width is still a width.
    let value = s.parse::<u64>().unwrap_or(u64::MAX);
    (value != 0).then_some(value)
}

/// A valid floating-point number: `-`? digits? (`.` digits)? (`e` sign? digits)?,
/// with at least one digit before the exponent.
///
/// <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-floating-point-number>
fn parse_float(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let frac_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == frac_start {
            return None;
        }
        digits += i - frac_start;
    }
    if digits == 0 {
        return None;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exp_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    // The grammar above is a subset of what Rust's float parser accepts.
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

fn is_space(b: u8) -> bool {
    is_ascii_whitespace(char::from(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(value: &str) -> Vec<(&str, Descriptor)> {
        parse(value)
            .into_iter()
            .map(|c| (&value[c.url], c.descriptor))
            .collect()
    }

    use Descriptor::{Density, None as NoDescriptor, Width};

    #[test]
    fn simple_lists() {
        assert_eq!(urls(""), vec![]);
        assert_eq!(urls(" , ,, "), vec![]);
        assert_eq!(urls("a.png"), vec![("a.png", NoDescriptor)]);
        assert_eq!(
            urls("a.png 1x, b.png 2x"),
            vec![("a.png", Density(1.0)), ("b.png", Density(2.0))]
        );
        assert_eq!(
            urls("\ta.png 100w,\n b.png  200w "),
            vec![
                (
                    "a.png",
                    Width {
                        width: 100,
                        height: None
                    }
                ),
                (
                    "b.png",
                    Width {
                        width: 200,
                        height: None
                    }
                )
            ]
        );
    }

    #[test]
    fn commas_in_urls() {
        // A comma inside a URL is part of it unless it ends the URL.
        assert_eq!(urls("a,b.png 1x"), vec![("a,b.png", Density(1.0))]);
        assert_eq!(urls("a.png,b.png"), vec![("a.png,b.png", NoDescriptor)]);
        assert_eq!(
            urls("a.png,, b.png"),
            vec![("a.png", NoDescriptor), ("b.png", NoDescriptor)]
        );
        assert_eq!(
            urls("data:image/png;base64,iVBO 2x, x.png"),
            vec![
                ("data:image/png;base64,iVBO", Density(2.0)),
                ("x.png", NoDescriptor)
            ]
        );
    }

    #[test]
    fn descriptors_in_parentheses() {
        // Future-compatible syntax: the parenthesized part is one unknown
        // descriptor, so the candidate is dropped, and the comma inside
        // does not split.
        assert_eq!(
            urls("a.png (x, y) 1x, b.png"),
            vec![("b.png", NoDescriptor)]
        );
        assert_eq!(urls("a.png 1x (unclosed"), vec![]);
    }

    #[test]
    fn invalid_descriptors_drop_the_candidate() {
        for bad in [
            "a 0w",
            "a -1w",
            "a 1.5w",
            "a 1x 2x",
            "a 1w 1x",
            "a 1x 1h",
            "a 10h",
            "a 1h 1w 1h",
            "a -1x",
            "a 1e",
            "a .x",
            "a 1.x",
            "a x",
            "a 2q",
            "a +1x",
            "a 1w 2w",
        ] {
            assert_eq!(urls(bad), vec![], "{bad}");
        }
    }

    #[test]
    fn valid_descriptor_forms() {
        assert_eq!(urls("a 0x"), vec![("a", Density(0.0))]);
        assert_eq!(urls("a 1.5x"), vec![("a", Density(1.5))]);
        assert_eq!(urls("a .5x"), vec![("a", Density(0.5))]);
        assert_eq!(urls("a 1e1x"), vec![("a", Density(10.0))]);
        assert_eq!(urls("a 1E-1x"), vec![("a", Density(0.1))]);
        assert_eq!(urls("a -0x"), vec![("a", Density(-0.0))]);
        assert_eq!(
            urls("a 10w 20h"),
            vec![(
                "a",
                Width {
                    width: 10,
                    height: Some(20)
                }
            )]
        );
        assert_eq!(
            urls("a 20h 10w"),
            vec![(
                "a",
                Width {
                    width: 10,
                    height: Some(20)
                }
            )]
        );
    }

    #[test]
    fn a_bad_candidate_does_not_spoil_the_next() {
        assert_eq!(urls("a 1q, b 2x, c 3"), vec![("b", Density(2.0))]);
    }
}
