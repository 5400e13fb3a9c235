//! Part lists to regular expressions (ECMAScript syntax, as the standard
//! writes them; `ecma` translates them for the matching engine).
//!
//! <https://urlpattern.spec.whatwg.org/#converting-part-lists-to-regular-expressions>

use crate::escape::escape_regexp_string;
use crate::parser::{
    segment_wildcard_regexp, Modifier, Options, Part, PartType, FULL_WILDCARD_REGEXP,
};

/// <https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list>
pub(crate) fn generate_regexp_and_names(
    parts: &[Part],
    options: &Options,
) -> (String, Vec<String>) {
    let mut result = String::from("^");
    let mut names = Vec::new();
    for part in parts {
        if part.ty == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_regexp_string(&mut result, &part.value);
            } else {
                result.push_str("(?:");
                escape_regexp_string(&mut result, &part.value);
                result.push(')');
                result.push_str(part.modifier.as_str());
            }
            continue;
        }
        names.push(part.name.clone());
        let segment;
        let regexp_value = match part.ty {
            PartType::SegmentWildcard => {
                segment = segment_wildcard_regexp(options);
                segment.as_str()
            }
            PartType::FullWildcard => FULL_WILDCARD_REGEXP,
            _ => part.value.as_str(),
        };
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if matches!(part.modifier, Modifier::None | Modifier::Optional) {
                result.push('(');
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(part.modifier.as_str());
            } else {
                result.push_str("((?:");
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(part.modifier.as_str());
                result.push(')');
            }
            continue;
        }
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            result.push_str("(?:");
            escape_regexp_string(&mut result, &part.prefix);
            result.push('(');
            result.push_str(regexp_value);
            result.push(')');
            escape_regexp_string(&mut result, &part.suffix);
            result.push(')');
            result.push_str(part.modifier.as_str());
            continue;
        }
        result.push_str("(?:");
        escape_regexp_string(&mut result, &part.prefix);
        result.push_str("((?:");
        result.push_str(regexp_value);
        result.push_str(")(?:");
        escape_regexp_string(&mut result, &part.suffix);
        escape_regexp_string(&mut result, &part.prefix);
        result.push_str("(?:");
        result.push_str(regexp_value);
        result.push_str("))*)");
        escape_regexp_string(&mut result, &part.suffix);
        result.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            result.push('?');
        }
    }
    result.push('$');
    (result, names)
}
