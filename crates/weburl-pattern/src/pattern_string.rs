//! Part lists back to pattern strings: the normalized form each getter
//! returns.
//!
//! <https://urlpattern.spec.whatwg.org/#converting-part-lists-to-pattern-strings>

use crate::escape::escape_pattern_string;
use crate::parser::{
    segment_wildcard_regexp, Modifier, Options, Part, PartType, FULL_WILDCARD_REGEXP,
};
use crate::tokenizer::is_valid_name_code_point;

/// <https://urlpattern.spec.whatwg.org/#generate-a-pattern-string>
pub(crate) fn generate_pattern_string(parts: &[Part], options: &Options) -> String {
    let mut result = String::new();
    for (index, part) in parts.iter().enumerate() {
        let previous = index.checked_sub(1).and_then(|i| parts.get(i));
        let next = parts.get(index + 1);
        if part.ty == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_pattern_string(&mut result, &part.value);
                continue;
            }
            result.push('{');
            escape_pattern_string(&mut result, &part.value);
            result.push('}');
            result.push_str(part.modifier.as_str());
            continue;
        }
        let custom_name = !part.name.starts_with(|c: char| c.is_ascii_digit());
        let mut needs_grouping = !part.suffix.is_empty()
            || (!part.prefix.is_empty() && !options.prefix_is(&part.prefix));
        if !needs_grouping
            && custom_name
            && part.ty == PartType::SegmentWildcard
            && part.modifier == Modifier::None
        {
            if let Some(next) = next.filter(|n| n.prefix.is_empty() && n.suffix.is_empty()) {
                if next.ty == PartType::FixedText {
                    needs_grouping = next
                        .value
                        .chars()
                        .next()
                        .is_some_and(|c| is_valid_name_code_point(c, false));
                } else {
                    needs_grouping = next.name.starts_with(|c: char| c.is_ascii_digit());
                }
            }
        }
        if !needs_grouping && part.prefix.is_empty() {
            if let Some(previous) = previous {
                if previous.ty == PartType::FixedText
                    && previous
                        .value
                        .chars()
                        .last()
                        .is_some_and(|c| options.prefix == Some(c as u8) && c.is_ascii())
                {
                    needs_grouping = true;
                }
            }
        }
        if needs_grouping {
            result.push('{');
        }
        escape_pattern_string(&mut result, &part.prefix);
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        match part.ty {
            PartType::Regexp => {
                result.push('(');
                result.push_str(&part.value);
                result.push(')');
            }
            PartType::SegmentWildcard if !custom_name => {
                result.push('(');
                result.push_str(&segment_wildcard_regexp(options));
                result.push(')');
            }
            PartType::FullWildcard => {
                if !custom_name
                    && (previous.is_none_or(|p| {
                        p.ty == PartType::FixedText || p.modifier != Modifier::None
                    }) || needs_grouping
                        || !part.prefix.is_empty())
                {
                    result.push('*');
                } else {
                    result.push('(');
                    result.push_str(FULL_WILDCARD_REGEXP);
                    result.push(')');
                }
            }
            _ => {}
        }
        if part.ty == PartType::SegmentWildcard
            && custom_name
            && part
                .suffix
                .chars()
                .next()
                .is_some_and(|c| is_valid_name_code_point(c, false))
        {
            result.push('\\');
        }
        escape_pattern_string(&mut result, &part.suffix);
        if needs_grouping {
            result.push('}');
        }
        result.push_str(part.modifier.as_str());
    }
    result
}
