//! `weburl._weburl`: the Python extension module behind the `weburl`
//! package. Each submodule binds one part of the library; the package's
//! `__init__.py` re-exports them and `__init__.pyi` types them.

mod batch;
mod errors;
mod functions;
mod html;
mod pattern;
mod rfc3986;
mod search_params;
mod url;

use pyo3::prelude::*;

#[pymodule]
fn _weburl(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("URLError", py.get_type::<errors::URLError>())?;
    m.add_class::<url::PyUrl>()?;
    m.add_class::<search_params::PySearchParams>()?;
    m.add_class::<search_params::SearchParamsIter>()?;
    m.add_class::<pattern::PyUrlPattern>()?;
    functions::register(m)?;
    m.add_function(wrap_pyfunction!(html::links, m)?)?;
    m.add_function(wrap_pyfunction!(batch::parse_many, m)?)?;
    let rfc = PyModule::new(py, "rfc3986")?;
    rfc3986::register(&rfc)?;
    m.add_submodule(&rfc)?;
    Ok(())
}
