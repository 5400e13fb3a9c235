//! Exit codes and the error that carries one: trurl's numbering, each code
//! defined here once. Every module may use this one; it uses none of theirs.

/// A problem with --url-file (cannot open or read it), or with the output.
pub const FILE: u8 = 1;
/// A problem with --append.
pub const APPEND: u8 = 2;
/// An option misses its argument.
pub const ARG: u8 = 3;
/// An option mistake or an illegal combination of options.
pub const FLAG: u8 = 4;
/// A problem with --set.
pub const SET: u8 = 5;
/// Not enough input to make a URL.
pub const URL: u8 = 7;
/// A problem with --qtrim.
pub const TRIM: u8 = 8;
/// A URL did not parse.
pub const BADURL: u8 = 9;
/// A problem with --get (bad format, or must:/strict: failed).
pub const GET: u8 = 10;
/// A problem with --iterate.
pub const ITER: u8 = 11;
/// A problem with --replace or --replace-append.
pub const REPLACE: u8 = 12;

// The subcommands' own codes, where trurl's numbering has nothing that fits.

/// `weburl lint`: a URL with findings, a linter's 1 ("found something"):
/// trurl's 9 (a URL did not parse) would be wrong for a URL that parses
/// with validation errors.
pub const LINT_FINDINGS: u8 = 1;
/// `weburl match`: nothing was selected (grep's 1).
pub const MATCH_NONE_SELECTED: u8 = 1;
/// `weburl match`: reading or writing failed (grep's 2).
pub const MATCH_IO: u8 = 2;
/// `weburl match`: the pattern does not build.
pub const MATCH_PATTERN: u8 = 4;

/// A reason to stop before or during a run (a mistake in the options, an
/// input or output that fails), with trurl's exit code. An empty message
/// ends quietly: a closed pipe.
#[derive(Debug)]
pub struct Fatal {
    pub code: u8,
    pub msg: String,
}

pub fn fatal(code: u8, msg: impl Into<String>) -> Fatal {
    Fatal {
        code,
        msg: msg.into(),
    }
}
