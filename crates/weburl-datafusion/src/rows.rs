//! Running a function over the rows of its arguments.
//!
//! When every argument is a constant, the function is computed once and
//! returned as a constant, which is how DataFusion folds `url_host('…')`.

use datafusion::arrow::array::ArrayRef;
use datafusion::common::{Result, ScalarValue};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs};

use weburl::{ParseError, Url};

use crate::strings::{StrArg, StrBuilder};

/// How many rows to compute, and whether the result is a constant.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shape {
    pub(crate) rows: usize,
    pub(crate) scalar: bool,
}

impl Shape {
    pub(crate) fn of(args: &ScalarFunctionArgs) -> Shape {
        let scalar = args
            .args
            .iter()
            .all(|a| matches!(a, ColumnarValue::Scalar(_)));
        Shape {
            rows: if scalar { 1 } else { args.number_rows },
            scalar,
        }
    }

    /// Wraps the computed column as the function's result.
    pub(crate) fn finish(self, array: ArrayRef) -> Result<ColumnarValue> {
        if self.scalar {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
                &array, 0,
            )?))
        } else {
            Ok(ColumnarValue::Array(array))
        }
    }
}

/// Computes a string column from the URL strings in argument 0: `f` appends
/// one value per non-null row to the builder (of the function's return
/// type); a null URL gives a null.
pub(crate) fn map_urls<'a>(
    args: &'a ScalarFunctionArgs,
    mut f: impl FnMut(usize, &'a str, &mut StrBuilder) -> Result<()>,
) -> Result<ColumnarValue> {
    let shape = Shape::of(args);
    let urls = StrArg::try_new(&args.args[0])?;
    // A guess at the text per row; the builders grow past it when needed.
    let mut out = StrBuilder::new(args.return_type(), shape.rows, shape.rows * 16)?;
    for i in 0..shape.rows {
        match urls.get(i) {
            Some(input) => f(i, input, &mut out)?,
            None => out.append(None),
        }
    }
    shape.finish(out.finish())
}

/// [`map_urls`] for the functions that parse the URL of each row with the
/// default options: `f` gets the parse's result. One URL buffer serves the
/// whole batch ([`weburl::ParseOptions::parse_reusing`]), so a row that
/// parses allocates nothing.
pub(crate) fn map_parsed_urls(
    args: &ScalarFunctionArgs,
    mut f: impl FnMut(usize, Result<&Url, ParseError>, &mut StrBuilder) -> Result<()>,
) -> Result<ColumnarValue> {
    let mut reused = None;
    map_urls(args, |i, input, out| {
        f(i, Url::options().parse_reusing(input, &mut reused), out)
    })
}
