//! The local-path grammar of artifact handles: POSIX, `~`, Windows drive
//! and UNC paths and `file:` URLs, normalised lexically, and who owns them
//! (`locality`).

use serde_json::Value;

use super::{
    Artifact, Locality, MALFORMED_PATH, MALFORMED_REF, PATH_TRAVERSAL, PathFlavor, RELATIVE_PATH, RefError,
};
use crate::limits::{MAX_ID, str_len};
use crate::url::{self, Host, Url, percent_decode};

/// Whether a handle is written as a local path rather than a URL.
pub fn looks_like_path(text: &str) -> bool {
    let b = text.as_bytes();
    text.starts_with('/')
        || text.starts_with('~')
        || text.starts_with('\\')
        || text.starts_with("./")
        || text.starts_with("../")
        || is_drive(text)
        || b.first() == Some(&b'.')
}

pub(super) fn local(kind: &str, text: &str, locality: Option<&Value>) -> Result<Artifact, RefError> {
    let locality = match locality {
        None | Some(Value::Null) => Locality::default(),
        Some(Value::Object(o)) => {
            let field = |name: &str| -> Result<Option<String>, RefError> {
                match o.get(name) {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::String(s)) if crate::js::whitespace::is_js_blank(s) => Ok(None),
                    Some(Value::String(s)) if str_len(s) <= MAX_ID => Ok(Some(s.clone())),
                    Some(_) => Err(RefError::new(
                        MALFORMED_REF,
                        format!("`locality.{name}` is not a string of at most {MAX_ID} characters"),
                    )),
                }
            };
            Locality { machine_id: field("machine_id")?, session_id: field("session_id")? }
        }
        Some(_) => return Err(RefError::new(MALFORMED_REF, "the artifact `locality` is not an object")),
    };
    let (path, flavor) = normalise_path(text)?;
    Ok(Artifact::Local { kind: kind.to_owned(), path, flavor, locality })
}

/// Normalises a local path lexically: separators, `.`, `..`, repeated and
/// trailing slashes. A `file:` URL on no host or `localhost` gives its path.
pub fn normalise_path(text: &str) -> Result<(String, PathFlavor), RefError> {
    let owned;
    let mut text = text;
    if url::scheme_of(text).as_deref() == Some("file") && !is_drive(text) {
        let u = Url::parse(text).map_err(|e| RefError::new(MALFORMED_PATH, e.describe()))?;
        if u.host.as_ref().is_some_and(|h| *h != Host::Domain("localhost".into())) {
            return Err(RefError::new(MALFORMED_PATH, "the `file:` URL names a remote host"));
        }
        owned = String::from_utf8_lossy(&percent_decode(&u.path)).into_owned();
        text = &owned;
        if let Some(rest) = text.strip_prefix('/').filter(|r| is_drive(r)) {
            return normalise_path(rest);
        }
    }
    if text.chars().any(char::is_control) {
        return Err(RefError::new(MALFORMED_PATH, "the path contains a control character"));
    }
    let (flavor, prefix, rest) = if is_drive(text) {
        let drive = text.get(..1).unwrap_or("").to_ascii_uppercase();
        let rest = text.get(2..).unwrap_or("").replace('\\', "/");
        if !rest.starts_with('/') {
            return Err(RefError::new(RELATIVE_PATH, "the path is relative to a drive's current directory"));
        }
        (PathFlavor::Windows, format!("{drive}:"), rest)
    } else if text.starts_with("\\\\") || (text.starts_with("//") && text.contains('\\')) {
        (PathFlavor::Unc, "/".to_owned(), text.replace('\\', "/"))
    } else if text.starts_with('/') {
        (PathFlavor::Posix, String::new(), text.to_owned())
    } else if let Some(after) = text.strip_prefix('~') {
        let (user, rest) = match after.find('/') {
            Some(at) => (after.get(..at).unwrap_or(""), after.get(at..).unwrap_or("")),
            None => (after, ""),
        };
        (PathFlavor::Home, format!("~{user}"), if rest.is_empty() { "/".to_owned() } else { rest.to_owned() })
    } else {
        return Err(RefError::new(
            RELATIVE_PATH,
            "the path is relative, so it names nothing outside its writer",
        ));
    };
    let mut out: Vec<&str> = Vec::new();
    for seg in rest.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if out.pop().is_none() {
                    return Err(RefError::new(PATH_TRAVERSAL, "the path climbs above its root with `..`"));
                }
            }
            s => out.push(s),
        }
    }
    if flavor == PathFlavor::Unc && out.len() < 2 {
        return Err(RefError::new(MALFORMED_PATH, "the UNC path names no server and share"));
    }
    Ok((format!("{prefix}/{}", out.join("/")), flavor))
}

fn is_drive(text: &str) -> bool {
    let b = text.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.get(1) == Some(&b':')
        && matches!(b.get(2), None | Some(b'\\') | Some(b'/'))
}
