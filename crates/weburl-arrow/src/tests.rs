use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, Int32Array, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::DataType;
use weburl::{Component, Url};
use weburl_test_support::url_struct::{getters, URLS};

use crate::{fields, Column, Derived, UrlStruct, COLUMNS, GETTERS};

/// The failures of [`URLS`] by row.
fn error(row: usize) -> Option<&'static str> {
    match row {
        2 => Some("DomainInvalidCodePoint"),
        6 => Some("MissingSchemeNonRelativeUrl"),
        _ => None,
    }
}

/// [`URLS`] as an array of each string type.
fn arrays(urls: &[Option<&str>]) -> [ArrayRef; 3] {
    [
        Arc::new(StringArray::from(urls.to_vec())),
        Arc::new(LargeStringArray::from(urls.to_vec())),
        Arc::new(StringViewArray::from(urls.to_vec())),
    ]
}

/// A string column of any of the three types, read out.
fn strings(array: &dyn Array) -> Vec<Option<String>> {
    let own = |v: Option<&str>| v.map(str::to_owned);
    match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().iter().map(own).collect(),
        DataType::LargeUtf8 => array.as_string::<i64>().iter().map(own).collect(),
        DataType::Utf8View => array.as_string_view().iter().map(own).collect(),
        other => panic!("not a string column: {other}"),
    }
}

#[test]
fn every_getter_and_error_of_each_string_type() {
    for array in arrays(&URLS) {
        let string_type = array.data_type().clone();
        let kernel = UrlStruct::new(&COLUMNS).string_type(string_type.clone());
        let parsed = kernel.parse(&array).unwrap();
        assert_eq!(parsed.fields(), &fields(&COLUMNS, &string_type));
        assert_eq!(parsed.len(), URLS.len());
        for (index, component) in Component::ALL.into_iter().enumerate() {
            let column = parsed.column_by_name(component.name()).unwrap();
            assert_eq!(column.data_type(), &string_type);
            let expected: Vec<_> = (0..URLS.len())
                .map(|row| getters(row).map(|g| g[index].to_owned()))
                .collect();
            assert_eq!(strings(column), expected, "{component} as {string_type}");
        }
        let expected: Vec<_> = (0..URLS.len())
            .map(|r| error(r).map(String::from))
            .collect();
        assert_eq!(strings(parsed.column_by_name("error").unwrap()), expected);
        // A null input is a null row; a failure is a row with its error.
        let nulls: Vec<_> = (0..URLS.len()).map(|r| parsed.is_null(r)).collect();
        assert_eq!(nulls, [false, false, false, true, false, false, false]);
    }
}

#[test]
fn failed_rows_null_makes_a_failure_a_null_row() {
    for array in arrays(&URLS) {
        let string_type = array.data_type().clone();
        let kernel = UrlStruct::new(&GETTERS)
            .string_type(string_type.clone())
            .failed_rows_null();
        let parsed = kernel.parse(&array).unwrap();
        assert_eq!(parsed.fields(), &fields(&GETTERS, &string_type));
        // The null input and both failures are null rows.
        let nulls: Vec<_> = (0..URLS.len()).map(|r| parsed.is_null(r)).collect();
        assert_eq!(nulls, [false, false, true, true, false, false, true]);
        for (index, component) in Component::ALL.into_iter().enumerate() {
            let column = parsed.column_by_name(component.name()).unwrap();
            let expected: Vec<_> = (0..URLS.len())
                .map(|row| getters(row).map(|g| g[index].to_owned()))
                .collect();
            assert_eq!(strings(column), expected, "{component} as {string_type}");
        }
    }
    // Without failures the validity is the input's.
    let urls = [Some("https://a.example/"), None];
    let parsed = UrlStruct::new(&GETTERS)
        .failed_rows_null()
        .parse(&StringArray::from(urls.to_vec()))
        .unwrap();
    assert_eq!(parsed.null_count(), 1);
}

#[test]
fn the_getters_agree_with_the_library() {
    let urls = [
        Some("https://u@a.example/"),
        Some("HTTP://[::1]:80/x?y"),
        Some("ws://h:81"),
        Some("https://u:p@h.example:444/?#"),
        Some("mailto:a@b?subject=x"),
        Some("non-spec:/.//p"),
    ];
    // Every getter, the ten slices (each list has a path of its own in
    // the kernel), and the getters in another order.
    let slices: Vec<Column> = Component::SLICES.map(Column::Component).to_vec();
    let mut reversed: Vec<Column> = COLUMNS.to_vec();
    reversed.reverse();
    for columns in [&COLUMNS[..], &slices, &reversed] {
        let parsed = UrlStruct::new(columns)
            .parse(&StringArray::from(urls.to_vec()))
            .unwrap();
        assert_eq!(parsed.num_columns(), columns.len());
        let mut scratch = String::new();
        for (row, input) in urls.iter().enumerate() {
            let url = Url::parse(input.unwrap()).unwrap();
            for &column in columns {
                let Column::Component(c) = column else {
                    continue;
                };
                let values = parsed.column_by_name(c.name()).unwrap().as_string::<i32>();
                assert_eq!(
                    values.value(row),
                    c.get(&url, &mut scratch),
                    "{c} of {input:?}"
                );
            }
        }
    }
}

#[test]
fn a_base_resolves_relative_references() {
    let base = Url::parse("https://example.com/dir/page").unwrap();
    let refs = [
        Some("a"),
        Some("../b?c"),
        Some("//other.example/"),
        Some("#f"),
        None,
    ];
    for array in arrays(&refs) {
        let string_type = array.data_type().clone();
        let parsed = UrlStruct::new(&COLUMNS)
            .string_type(string_type)
            .base(Some(&base))
            .parse(&array)
            .unwrap();
        let hrefs = strings(parsed.column_by_name("href").unwrap());
        let expected = [
            Some("https://example.com/dir/a"),
            Some("https://example.com/b?c"),
            Some("https://other.example/"),
            Some("https://example.com/dir/page#f"),
            None,
        ];
        assert_eq!(hrefs, expected.map(|h| h.map(String::from)));
        assert_eq!(parsed.column_by_name("error").unwrap().null_count(), 5);
    }
}

fn first_letter<'a>(url: &'a Url, scratch: &'a mut String) -> Option<&'a str> {
    let host = url.hostname();
    let first = host.chars().next()?;
    scratch.clear();
    scratch.push(first.to_ascii_uppercase());
    Some(scratch)
}

#[test]
fn picked_and_derived_columns_in_their_order() {
    let columns = [
        Column::Error,
        Column::Derived(Derived {
            name: "initial",
            value: first_letter,
        }),
        Column::Component(Component::Origin),
        Column::Component(Component::Hostname),
    ];
    let urls = [
        Some("https://www.example/"),
        Some("x"),
        None,
        Some("data:,"),
    ];
    for array in arrays(&urls) {
        let string_type = array.data_type().clone();
        let parsed = UrlStruct::new(&columns)
            .string_type(string_type.clone())
            .parse(&array)
            .unwrap();
        let names: Vec<_> = parsed.fields().iter().map(|f| f.name().as_str()).collect();
        assert_eq!(names, ["error", "initial", "origin", "hostname"]);
        let own = |v: [Option<&str>; 4]| v.map(|v| v.map(String::from)).to_vec();
        let column = |i: usize| strings(parsed.column(i));
        assert_eq!(
            column(0),
            own([None, Some("MissingSchemeNonRelativeUrl"), None, None])
        );
        // The derived value is null where the function says so, and where
        // the URL does not parse.
        assert_eq!(column(1), own([Some("W"), None, None, None]));
        assert_eq!(
            column(2),
            own([Some("https://www.example"), None, None, Some("null")])
        );
        assert_eq!(column(3), own([Some("www.example"), None, None, Some("")]));
    }
}

#[test]
fn runs_of_empty_components_and_failures() {
    // Failures and runs of empty values at the start, in the middle and at
    // the end: the runs are appended at once, the errors at the end.
    let lists: [&[Option<&str>]; 4] = [
        &[Some("nope"), None, Some("x:"), Some("also nope")],
        &[None, None],
        &[
            Some("https://a.example/"),
            Some("https://u:p@b.example:81/?q#f"),
            Some("https://c.example/"),
        ],
        &[
            Some("https://u@a.example/"),
            Some("https://b.example/"),
            Some("bad"),
        ],
    ];
    for urls in lists {
        for array in arrays(urls) {
            let parsed = UrlStruct::new(&COLUMNS)
                .string_type(array.data_type().clone())
                .parse(&array)
                .unwrap();
            let mut scratch = String::new();
            for c in Component::ALL {
                let expected: Vec<_> = urls
                    .iter()
                    .map(|u| {
                        let url = Url::parse((*u)?).ok()?;
                        Some(c.get(&url, &mut scratch).to_owned())
                    })
                    .collect();
                assert_eq!(strings(parsed.column_by_name(c.name()).unwrap()), expected);
            }
            let errors: Vec<_> = urls
                .iter()
                .map(|u| Some(Url::parse((*u)?).err()?.name().to_owned()))
                .collect();
            assert_eq!(strings(parsed.column_by_name("error").unwrap()), errors);
        }
    }
}

#[test]
fn a_slice_an_empty_array_and_no_columns() {
    let urls = [
        Some("https://a.example/"),
        Some("x"),
        Some("https://b.example/"),
    ];
    for array in arrays(&urls) {
        let sliced = array.slice(1, 2);
        let parsed = UrlStruct::new(&COLUMNS)
            .string_type(array.data_type().clone())
            .parse(&sliced)
            .unwrap();
        let hrefs = strings(parsed.column_by_name("href").unwrap());
        assert_eq!(hrefs, [None, Some("https://b.example/".to_owned())]);
        let empty = UrlStruct::new(&COLUMNS)
            .string_type(array.data_type().clone())
            .parse(&array.slice(0, 0))
            .unwrap();
        assert_eq!(empty.len(), 0);
        let none = UrlStruct::new(&[]).parse(&array).unwrap();
        assert_eq!((none.len(), none.num_columns()), (3, 0));
    }
}

#[test]
fn a_row_at_a_time() {
    let kernel = UrlStruct::new(&COLUMNS).string_type(DataType::Utf8View);
    let mut builder = kernel.builder(1, 0).unwrap();
    builder.push(Some("https://a.example/x")).unwrap();
    builder.push(None).unwrap();
    let parsed = builder.finish().unwrap();
    assert_eq!(parsed.fields(), &kernel.fields());
    let hrefs = strings(parsed.column_by_name("href").unwrap());
    assert_eq!(hrefs, [Some("https://a.example/x".to_owned()), None]);
}

#[test]
fn other_types_are_refused() {
    let ints = Int32Array::from(vec![1, 2]);
    assert!(UrlStruct::new(&COLUMNS).parse(&ints).is_err());
    let kernel = UrlStruct::new(&COLUMNS).string_type(DataType::Binary);
    assert!(kernel.builder(0, 0).is_err());
}
