//! Helpers shared by the integration tests.

use std::sync::Arc;

use datafusion::arrow::array::{
    ArrayRef, Int64Array, LargeStringArray, RecordBatch, StringArray, StringViewArray,
};
use datafusion::arrow::util::display::array_value_to_string;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;

/// The string column names of [`url_table`], one per Arrow string type.
pub const STRING_COLUMNS: [&str; 3] = ["u8", "ul", "uv"];

/// A context with the URL functions and a table `t(id, u8, ul, uv)` holding
/// `urls` as `Utf8`, `LargeUtf8` and `Utf8View`.
pub fn context_with_urls(urls: &[Option<&str>]) -> SessionContext {
    let ctx = SessionContext::new();
    weburl_datafusion::register_url_functions(&ctx);
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(0..urls.len() as i64));
    let batch = RecordBatch::try_from_iter([
        ("id", ids),
        ("u8", Arc::new(StringArray::from(urls.to_vec())) as ArrayRef),
        (
            "ul",
            Arc::new(LargeStringArray::from(urls.to_vec())) as ArrayRef,
        ),
        (
            "uv",
            Arc::new(StringViewArray::from(urls.to_vec())) as ArrayRef,
        ),
    ])
    .unwrap();
    let table = MemTable::try_new(batch.schema(), vec![vec![batch]]).unwrap();
    ctx.register_table("t", Arc::new(table)).unwrap();
    ctx
}

/// The first column of `sql`'s result, each value displayed as text.
pub async fn column(ctx: &SessionContext, sql: &str) -> Vec<Option<String>> {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let mut values = Vec::new();
    for batch in batches {
        let array = batch.column(0);
        for i in 0..array.len() {
            values.push(
                array
                    .is_valid(i)
                    .then(|| array_value_to_string(array, i).unwrap()),
            );
        }
    }
    values
}

/// The single value of `sql`'s result, displayed as text.
pub async fn value(ctx: &SessionContext, sql: &str) -> Option<String> {
    let values = column(ctx, sql).await;
    assert_eq!(values.len(), 1, "{sql}");
    values.into_iter().next().unwrap()
}

/// `sql`'s result as a text table.
pub async fn table(ctx: &SessionContext, sql: &str) -> String {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    pretty_format_batches(&batches).unwrap().to_string()
}

/// Checks `call` (with `{}` for the URL column) on each string type of
/// table `t`: the values must be `expected` and the result type
/// `result_type` (`{}` for the column's own type).
pub async fn check_each_type(
    ctx: &SessionContext,
    call: &str,
    expected: &[Option<&str>],
    result_type: &str,
) {
    for (name, type_name) in STRING_COLUMNS.iter().zip(["Utf8", "LargeUtf8", "Utf8View"]) {
        let expr = call.replace("{}", name);
        let got = column(ctx, &format!("SELECT {expr} FROM t ORDER BY id")).await;
        let expected: Vec<Option<String>> = expected.iter().map(|v| v.map(str::to_owned)).collect();
        assert_eq!(got, expected, "{expr}");
        let types = column(ctx, &format!("SELECT arrow_typeof({expr}) FROM t LIMIT 1")).await;
        assert_eq!(
            types[0].as_deref(),
            Some(result_type.replace("{}", type_name).as_str()),
            "{expr}"
        );
    }
}
