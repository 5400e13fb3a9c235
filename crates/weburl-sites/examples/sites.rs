//! Prints the registrable domain of each URL given (with the `psl`
//! feature; the hostname without it). BENCHMARKS.md compares the size of
//! this binary built with and without the feature: what the compiled
//! Public Suffix List adds.

#[cfg(feature = "psl")]
use weburl_sites::Sites;

fn main() {
    for arg in std::env::args().skip(1) {
        match weburl::Url::parse(&arg) {
            #[cfg(feature = "psl")]
            Ok(url) => println!("{}", url.registrable_domain().unwrap_or("")),
            #[cfg(not(feature = "psl"))]
            Ok(url) => println!("{}", url.hostname()),
            Err(e) => eprintln!("{arg}: {e}"),
        }
    }
}
