//! Conversions between file system paths and `file:` URLs.

use std::path::{Path, PathBuf};

use weburl::percent_encoding::{percent_decode, EncodeSet};

use crate::Url;

impl Url {
    /// The `file:` URL of an absolute path; `Err(())` for a relative path
    /// (or, on Windows, a path without a drive letter or server).
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use url::Url;
    /// let url = Url::from_file_path("/tmp/a b.txt").unwrap();
    /// assert_eq!(url.as_str(), "file:///tmp/a%20b.txt");
    /// # }
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn from_file_path<P: AsRef<Path>>(path: P) -> Result<Url, ()> {
        let serialization = file_url_string(path.as_ref())?;
        Url::parse(&serialization).map_err(|_| ())
    }

    /// As [`Url::from_file_path`], with a "/" at the end of the path so
    /// that references resolve inside the directory.
    #[allow(clippy::result_unit_err)]
    pub fn from_directory_path<P: AsRef<Path>>(path: P) -> Result<Url, ()> {
        let mut serialization = file_url_string(path.as_ref())?;
        if !serialization.ends_with('/') {
            serialization.push('/');
        }
        Url::parse(&serialization).map_err(|_| ())
    }

    /// The path of a `file:` URL; `Err(())` when the URL has a host other
    /// than `localhost` (on Windows, a host is a UNC server), an opaque
    /// path, or (on Windows) no drive letter.
    #[allow(clippy::result_unit_err)]
    pub fn to_file_path(&self) -> Result<PathBuf, ()> {
        let segments = self.path_segments().ok_or(())?;
        let host = match self.host_str() {
            None | Some("localhost") => None,
            Some(host) if cfg!(windows) && self.scheme() == "file" => Some(host),
            Some(_) => return Err(()),
        };
        to_path(host, segments)
    }
}

/// A path segment's bytes percent-encoded so that they stay one segment:
/// the path percent-encode set, "%", "/" and "\", and every non-ASCII byte.
fn push_segment(out: &mut String, bytes: &[u8]) {
    for &b in bytes {
        if b >= 0x80 || EncodeSet::PATH.contains(b) || matches!(b, b'%' | b'/' | b'\\') {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push(b as char);
        }
    }
}

#[cfg(not(windows))]
fn file_url_string(path: &Path) -> Result<String, ()> {
    use std::os::unix::ffi::OsStrExt;
    if !path.is_absolute() {
        return Err(());
    }
    let mut out = String::from("file://");
    let mut empty = true;
    // The first component is the root.
    for component in path.components().skip(1) {
        empty = false;
        out.push('/');
        push_segment(&mut out, component.as_os_str().as_bytes());
    }
    if empty {
        out.push('/');
    }
    Ok(out)
}

#[cfg(not(windows))]
fn to_path(host: Option<&str>, segments: std::str::Split<'_, char>) -> Result<PathBuf, ()> {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    if host.is_some() {
        return Err(());
    }
    let mut bytes = Vec::new();
    for segment in segments {
        bytes.push(b'/');
        bytes.extend_from_slice(&percent_decode(segment.as_bytes()));
    }
    ends_drive_letter_with_slash(&mut bytes);
    Ok(PathBuf::from(OsStr::from_bytes(&bytes)))
}

/// A path ending in a drive letter ("c:" or "c|") gets a "/", as rust-url
/// does, so it names the drive's root.
fn ends_drive_letter_with_slash(bytes: &mut Vec<u8>) {
    let n = bytes.len();
    if n > 2 && bytes[n - 2].is_ascii_alphabetic() && matches!(bytes[n - 1], b':' | b'|') {
        bytes.push(b'/');
    }
}

#[cfg(windows)]
fn file_url_string(path: &Path) -> Result<String, ()> {
    use std::path::{Component, Prefix};
    if !path.is_absolute() {
        return Err(());
    }
    let mut components = path.components();
    let mut out = String::from("file://");
    match components.next() {
        Some(Component::Prefix(p)) => match p.kind() {
            Prefix::Disk(letter) | Prefix::VerbatimDisk(letter) => {
                out.push('/');
                out.push(letter as char);
                out.push(':');
            }
            Prefix::UNC(server, share) | Prefix::VerbatimUNC(server, share) => {
                let host = crate::Host::parse(server.to_str().ok_or(())?).map_err(|_| ())?;
                out.push_str(&host.to_string());
                out.push('/');
                push_segment(&mut out, share.to_str().ok_or(())?.as_bytes());
            }
            _ => return Err(()),
        },
        _ => return Err(()),
    }
    let mut only_prefix = true;
    for component in components {
        if component == Component::RootDir {
            continue;
        }
        only_prefix = false;
        out.push('/');
        push_segment(
            &mut out,
            component.as_os_str().to_str().ok_or(())?.as_bytes(),
        );
    }
    if only_prefix {
        out.push('/');
    }
    Ok(out)
}

#[cfg(windows)]
fn to_path(host: Option<&str>, mut segments: std::str::Split<'_, char>) -> Result<PathBuf, ()> {
    let mut out = String::new();
    if let Some(host) = host {
        out.push_str(r"\\");
        out.push_str(host);
    } else {
        let first = segments.next().ok_or(())?;
        let b = first.as_bytes();
        match b {
            [l, b':'] if l.is_ascii_alphabetic() => out.push_str(first),
            [l, b'%', b'3', b'a' | b'A'] if l.is_ascii_alphabetic() => {
                out.push(*l as char);
                out.push(':');
            }
            _ => return Err(()),
        }
    }
    for segment in segments {
        out.push('\\');
        let decoded = percent_decode(segment.as_bytes());
        out.push_str(std::str::from_utf8(&decoded).map_err(|_| ())?);
    }
    Ok(PathBuf::from(out))
}
