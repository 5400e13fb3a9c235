//! `url_pattern_match(url, pattern)` and `url_pattern_groups(url, pattern)`:
//! URL patterns (the URL Pattern Standard, crate weburl-pattern) in SQL.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use datafusion::arrow::array::BooleanBuilder;
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_datafusion_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::Url;
use weburl_pattern::UrlPattern;

use crate::rows::{map_parsed_urls, Shape};
use crate::strings::{string_type_like, StrArg};

/// At most this many compiled patterns are kept; the cache starts over
/// when it is full, so no stream of distinct patterns grows it without
/// bound.
const MAX_CACHED: usize = 256;

/// The patterns a function has compiled, by pattern string: each distinct
/// pattern of a query is compiled once and serves every later batch (and
/// later queries of the session that registered the function).
#[derive(Debug, Default)]
struct PatternCache(Mutex<HashMap<String, Arc<UrlPattern>>>);

// The cache is not part of the function's identity.
impl PartialEq for PatternCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for PatternCache {}

impl Hash for PatternCache {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl PatternCache {
    /// The compiled `pattern` (a constructor string); an error that says why
    /// when it does not build.
    fn get(&self, function: &str, pattern: &str) -> Result<Arc<UrlPattern>> {
        let mut map = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(compiled) = map.get(pattern) {
            return Ok(Arc::clone(compiled));
        }
        let compiled = UrlPattern::parse(pattern)
            .map_err(|e| exec_datafusion_err!("{function}: pattern {pattern:?}: {e}"))?;
        if map.len() >= MAX_CACHED {
            map.clear();
        }
        let compiled = Arc::new(compiled);
        map.insert(pattern.to_owned(), Arc::clone(&compiled));
        Ok(compiled)
    }

    /// The pattern of row `i`, reusing `current` while the pattern string
    /// stays the same (always, for a constant pattern).
    fn for_row<'a>(
        &self,
        function: &str,
        patterns: &StrArg<'a>,
        i: usize,
        current: &mut Option<(&'a str, Arc<UrlPattern>)>,
    ) -> Result<Option<Arc<UrlPattern>>> {
        let Some(pattern) = patterns.get(i) else {
            return Ok(None);
        };
        if let Some((text, compiled)) = current {
            if *text == pattern {
                return Ok(Some(Arc::clone(compiled)));
            }
        }
        let compiled = self.get(function, pattern)?;
        *current = Some((pattern, Arc::clone(&compiled)));
        Ok(Some(compiled))
    }
}

/// `url_pattern_match(url, pattern)`: `true` when the URL pattern `pattern`
/// (a constructor string such as `'https://*.example.com/users/:id'`)
/// matches `url`, `false` when it does not or `url` is not a URL; `NULL`
/// for a `NULL` argument. A pattern that does not build is an error that
/// says why. Each distinct pattern is compiled once.
///
/// ```sql
/// SELECT url_pattern_match(url, 'https://*.example.com/users/:id') FROM links;
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlPatternMatch {
    signature: Signature,
    cache: PatternCache,
}

impl UrlPatternMatch {
    /// The function.
    pub fn new() -> UrlPatternMatch {
        UrlPatternMatch {
            signature: Signature::string(2, Volatility::Immutable),
            cache: PatternCache::default(),
        }
    }
}

impl Default for UrlPatternMatch {
    fn default() -> Self {
        UrlPatternMatch::new()
    }
}

impl ScalarUDFImpl for UrlPatternMatch {
    fn name(&self) -> &str {
        "url_pattern_match"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Boolean)
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let shape = Shape::of(&args);
        let urls = StrArg::try_new(&args.args[0])?;
        let patterns = StrArg::try_new(&args.args[1])?;
        let mut current = None;
        let mut out = BooleanBuilder::with_capacity(shape.rows);
        let mut reused = None;
        for i in 0..shape.rows {
            let Some(input) = urls.get(i) else {
                out.append_null();
                continue;
            };
            let Some(pattern) = self
                .cache
                .for_row(self.name(), &patterns, i, &mut current)?
            else {
                out.append_null();
                continue;
            };
            out.append_value(
                Url::options()
                    .parse_reusing(input, &mut reused)
                    .is_ok_and(|url| pattern.test_url(url)),
            );
        }
        shape.finish(Arc::new(out.finish()))
    }
}

/// `url_pattern_groups(url, pattern)`: the groups `pattern` captured in
/// `url` as a JSON object, one member per component whose pattern is not
/// `*`: `{"hostname":{"0":"api"},"pathname":{"id":"42"}}`. `NULL` when it
/// does not match, `url` is not a URL or an argument is `NULL`; a pattern
/// that does not build is an error.
///
/// ```sql
/// SELECT url_pattern_groups(url, 'https://example.com/users/:id') FROM links;
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlPatternGroups {
    signature: Signature,
    cache: PatternCache,
}

impl UrlPatternGroups {
    /// The function.
    pub fn new() -> UrlPatternGroups {
        UrlPatternGroups {
            signature: Signature::string(2, Volatility::Immutable),
            cache: PatternCache::default(),
        }
    }
}

impl Default for UrlPatternGroups {
    fn default() -> Self {
        UrlPatternGroups::new()
    }
}

impl ScalarUDFImpl for UrlPatternGroups {
    fn name(&self) -> &str {
        "url_pattern_groups"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(string_type_like(&arg_types[0]))
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let patterns = StrArg::try_new(&args.args[1])?;
        let mut current = None;
        map_parsed_urls(&args, |i, url, out| {
            let Some(pattern) = self
                .cache
                .for_row(self.name(), &patterns, i, &mut current)?
            else {
                out.append(None);
                return Ok(());
            };
            let groups = url.ok().and_then(|url| pattern.exec_groups_json(url));
            out.append(groups.as_deref());
            Ok(())
        })
    }
}
