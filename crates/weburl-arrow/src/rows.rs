//! The kernel: URLs parsed one at a time into one reused [`Url`], each
//! row's values appended to the columns, the struct assembled at the end.

use arrow_array::{ArrayRef, BooleanArray, StructArray};
use arrow_buffer::{NullBuffer, NullBufferBuilder};
use arrow_schema::{ArrowError, Fields};
use arrow_select::nullif::nullif;
use weburl::{Component, Url};

use crate::column::{Column, Derived};
use crate::sink::Sink;

/// The struct's columns as they are filled, a row at a time, in builders
/// of one string type `S`. A row that parses allocates nothing: every
/// getter but a few origins is a slice of the href.
pub(crate) struct Rows<'b, S> {
    fields: Fields,
    columns: Vec<Column>,
    /// The base URL of relative references.
    base: Option<&'b Url>,
    /// The URL the inputs are parsed into (its buffer reused: see
    /// [`weburl::ParseOptions::parse_reusing`]); `None` until one parses.
    url: Option<Url>,
    /// Where an origin or a derived value that is not a slice is written.
    scratch: String,
    /// The getters' columns, in the order of `columns`: `""` for a row
    /// that did not parse, made null by [`Rows::finish`].
    components: Vec<(Component, Run<S>)>,
    /// Which constant list `components` follows, if any.
    order: Order,
    /// The bytes of the hrefs appended: no slice of them is longer.
    slices_bound: usize,
    /// The derived columns, in the order of `columns`.
    derived: Vec<(Derived, S)>,
    /// The rows that did not parse, in order, with the failure's name: the
    /// `error` column, built at the end (most rows parse, and a row that
    /// parses then costs nothing here).
    failures: Vec<(usize, &'static str)>,
    /// The bytes of the failures' names.
    failure_bytes: usize,
    /// The rows appended.
    rows: usize,
    /// Which rows parsed: the getters' validity.
    parsed: NullBufferBuilder,
    /// Whether a row that does not parse is null as a whole
    /// ([`crate::UrlStruct::failed_rows_null`]).
    failed_rows_null: bool,
    /// Which inputs were not null: the struct's validity.
    present: NullBufferBuilder,
}

impl<'b, S: Sink> Rows<'b, S> {
    /// Room for `rows` URLs from `bytes` of input, sized once so that no
    /// column grows in the common case: growing copies a column into fresh
    /// memory, whose every page costs a fault. A getter's value is a slice
    /// of its href, and an href is about as long as its input (plus a "/"
    /// after a bare host, or the base's length for a relative reference;
    /// percent-encoding, rarer, lengthens it more), so the href, path and
    /// query are given all of that; the short values a generous share per
    /// row. Room that is never written costs address space only: pages are
    /// mapped as they are first written. A column that outgrows its room
    /// grows geometrically.
    pub(crate) fn new(
        fields: Fields,
        columns: &[Column],
        base: Option<&'b Url>,
        failed_rows_null: bool,
        rows: usize,
        bytes: usize,
    ) -> Self {
        let extra = 1 + base.map_or(0, |b| b.href().len());
        let href = bytes.saturating_add(rows.saturating_mul(extra));
        let per_row = |n: usize| rows.saturating_mul(n).min(href);
        let mut components = Vec::new();
        let mut derived = Vec::new();
        for &column in columns {
            match column {
                Column::Component(c) => {
                    let bytes = match c {
                        Component::Href | Component::Pathname | Component::Search => href,
                        Component::Host | Component::Hostname | Component::Origin => per_row(64),
                        Component::Protocol | Component::Hash => per_row(16),
                        _ => per_row(4),
                    };
                    components.push((c, Run::new(S::with_capacity(rows, bytes))));
                }
                Column::Derived(d) => derived.push((d, S::with_capacity(rows, per_row(32)))),
                Column::Error => {}
            }
        }
        let getters: Vec<Component> = components.iter().map(|(c, _)| *c).collect();
        let order = if getters == Component::ALL {
            Order::All
        } else if getters == Component::SLICES {
            Order::Slices
        } else {
            Order::Picked
        };
        Rows {
            fields,
            order,
            slices_bound: 0,
            columns: columns.to_vec(),
            base,
            url: None,
            scratch: String::new(),
            components,
            derived,
            failures: Vec::new(),
            failure_bytes: 0,
            rows: 0,
            parsed: NullBufferBuilder::new(rows),
            failed_rows_null,
            present: NullBufferBuilder::new(rows),
        }
    }

    /// Parses each input and appends its row.
    pub(crate) fn extend<'a>(
        &mut self,
        inputs: impl IntoIterator<Item = Option<&'a str>>,
    ) -> Result<(), ArrowError> {
        inputs.into_iter().try_for_each(|input| self.push(input))
    }

    /// Parses `input` (against the base) and appends its row; a null input
    /// is a null row.
    #[inline]
    pub(crate) fn push(&mut self, input: Option<&str>) -> Result<(), ArrowError> {
        let Some(input) = input else {
            self.present.append_null();
            self.unparsed_row();
            return Ok(());
        };
        self.present.append_non_null();
        match Url::options()
            .base_url(self.base)
            .parse_reusing(input, &mut self.url)
        {
            Ok(url) => {
                self.parsed.append_non_null();
                let scratch = &mut self.scratch;
                // Each of the ten slices is no longer than the href, so
                // while the hrefs fit in a column, so do they: the check is
                // one a row rather than one a value.
                let href = Component::Href.get(url, scratch).len();
                self.slices_bound = self.slices_bound.saturating_add(href);
                if self.slices_bound > S::MAX_BYTES {
                    for (c, run) in &mut self.components {
                        run.try_push(c.get(url, scratch))?;
                    }
                } else {
                    match self.order {
                        Order::Picked => {
                            for (c, run) in &mut self.components {
                                match c {
                                    Component::Origin => run.try_push(c.get(url, scratch))?,
                                    _ => run.push(c.get(url, scratch)),
                                }
                            }
                        }
                        // The struct's getters, each called with a constant,
                        // so that it is inlined as that getter alone rather
                        // than called and matched once a value (a tenth of
                        // the time).
                        Order::Slices | Order::All => {
                            let (slices, origin) = self.components.split_at_mut(10);
                            let runs: &mut [(Component, Run<S>); 10] =
                                slices.try_into().expect("the ten slices");
                            macro_rules! push {
                                ($($i:literal: $c:ident),*) => {
                                    $(runs[$i].1.push(Component::$c.get(url, scratch));)*
                                };
                            }
                            push!(0: Href, 1: Protocol, 2: Username, 3: Password, 4: Host,
                                  5: Hostname, 6: Port, 7: Pathname, 8: Search, 9: Hash);
                            // Not always a slice: it is checked.
                            if let [(_, run)] = origin {
                                run.try_push(Component::Origin.get(url, scratch))?;
                            }
                        }
                    }
                }
                for (derived, sink) in &mut self.derived {
                    match (derived.value)(url, &mut self.scratch) {
                        Some(value) => sink.try_append(value)?,
                        None => sink.append_nulls(1),
                    }
                }
                self.rows += 1;
            }
            Err(e) => {
                let name = e.name();
                self.failure_bytes = self
                    .failure_bytes
                    .checked_add(name.len())
                    .ok_or_else(overflow)?;
                self.failures.push((self.rows, name));
                self.unparsed_row();
            }
        }
        Ok(())
    }

    /// Appends a row whose getters and derived values are null.
    fn unparsed_row(&mut self) {
        self.parsed.append_null();
        self.components
            .iter_mut()
            .for_each(|(_, run)| run.empty += 1);
        self.derived.iter_mut().for_each(|(_, s)| s.append_nulls(1));
        self.rows += 1;
    }

    pub(crate) fn finish(mut self) -> Result<StructArray, ArrowError> {
        // The rows that did not parse, as the `true`s of a mask for nullif,
        // which sets the getters' validity without checking their bytes
        // again (each column shares this one bitmap's meaning).
        let parsed = self.parsed.finish();
        let unparsed = parsed
            .as_ref()
            .map(|parsed| BooleanArray::new(!parsed.inner(), None));
        let mut components = self.components.iter_mut().map(|(_, run)| {
            let array = run.finish();
            match &unparsed {
                Some(mask) => nullif(&array, mask),
                None => Ok(array),
            }
        });
        let mut derived = self.derived.iter_mut().map(|(_, sink)| sink.finish());
        let mut arrays: Vec<ArrayRef> = Vec::with_capacity(self.columns.len());
        for column in &self.columns {
            let next = match column {
                Column::Component(_) => components.next().transpose()?,
                Column::Derived(_) => derived.next(),
                Column::Error => Some(error_column::<S>(
                    &self.failures,
                    self.failure_bytes,
                    self.rows,
                )?),
            };
            arrays.push(next.expect("a builder for each column"));
        }
        drop((components, derived));
        let present = self.present.finish();
        let validity = if self.failed_rows_null {
            NullBuffer::union(present.as_ref(), parsed.as_ref())
        } else {
            present
        };
        StructArray::try_new_with_length(self.fields.clone(), arrays, validity, self.rows)
    }
}

/// The getters' columns: [`Component::ALL`], [`Component::SLICES`] (each
/// in its order, whatever the other columns between them; the constant
/// list of the hot loop in [`Rows::push`] must be theirs), or others.
#[derive(Clone, Copy)]
enum Order {
    All,
    Slices,
    Picked,
}

/// The `error` column: the failures' names, null between them.
fn error_column<S: Sink>(
    failures: &[(usize, &'static str)],
    bytes: usize,
    rows: usize,
) -> Result<ArrayRef, ArrowError> {
    let mut error = S::with_capacity(rows, bytes);
    // The failures' rows increase and are below `rows`, so `next` never
    // passes the row it is subtracted from.
    let mut next = 0;
    for &(row, name) in failures {
        error.append_nulls(row - next);
        error.try_append(name)?;
        next = row + 1;
    }
    error.append_nulls(rows - next);
    Ok(error.finish())
}

#[cold]
fn overflow() -> ArrowError {
    ArrowError::InvalidArgumentError("too many failures' bytes for one array".to_owned())
}

/// A string column that appends runs of `""` at once: most components of
/// most URLs are empty (a username, password, port, fragment), and a
/// builder's append is a call of its own (not inlined) each time.
struct Run<S> {
    sink: S,
    /// The `""`s appended since the last value that was not.
    empty: usize,
}

impl<S: Sink> Run<S> {
    fn new(sink: S) -> Self {
        Run { sink, empty: 0 }
    }

    /// Appends `value`, which the caller knows the column has room for.
    #[inline]
    fn push(&mut self, value: &str) {
        if value.is_empty() {
            self.empty += 1;
            return;
        }
        if self.empty > 0 {
            self.flush();
        }
        self.sink.append(value);
    }

    /// Appends `value`, or an error when the column cannot hold it.
    #[inline]
    fn try_push(&mut self, value: &str) -> Result<(), ArrowError> {
        if self.empty > 0 && !value.is_empty() {
            self.flush();
        }
        match value.is_empty() {
            true => self.empty += 1,
            false => self.sink.try_append(value)?,
        }
        Ok(())
    }

    /// Appends the pending `""`s.
    #[cold]
    fn flush(&mut self) {
        self.sink.append_empty(self.empty);
        self.empty = 0;
    }

    fn finish(&mut self) -> ArrayRef {
        if self.empty > 0 {
            self.flush();
        }
        self.sink.finish()
    }
}
