//! The document entry beside `call`: one document's verdict, with the
//! document handed over as its own text (never escaped inside call JSON),
//! the few options a hub or a webapp sets fixed, and an answer that costs
//! nothing to read when there is nothing to say. Its answers are `call`'s
//! for the same document and options, byte for byte (a test replays every
//! golden `validate` case through both doors).

use super::text::{Answered, CLEAN, Wanted, answer_document};
use crate::error::{self, CallError};
use crate::fields::Mode;
use crate::validate::{DocumentKind, Options};

/// The document entry's options: the few a hub or a webapp sets, each as
/// `validate`'s call names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DocumentOptions<'a> {
    /// The document's kind (`event_create`, `principal`, ...): `kind`.
    pub kind: &'a str,
    /// `strict` (when `None`) or `lenient`: `mode`.
    pub mode: Option<&'a str>,
    /// `a2a` (when `None`) or `upstream`: `profile`.
    pub profile: Option<&'a str>,
    /// The session that owns the document: `owner`.
    pub owner: Option<&'a str>,
    /// The document comes through the hub's HTTP route: `httpWriter`.
    pub http_writer: bool,
    /// Hand back the normalized document too: `withNormalized` (the
    /// verdict alone when `false`, unlike a call, which hands it back
    /// unless asked not to).
    pub with_normalized: bool,
    /// The text may spell JavaScript values JSON has none for: `jsValues`
    /// (see `docs/profiles.md`).
    pub js_values: bool,
    /// Hand back the row a store writes for a valid `event_create` or
    /// `link_create` too: `withColumns`.
    pub with_columns: bool,
    /// Hand back errors alone, and do not look for what only warns:
    /// `errorsOnly`.
    pub errors_only: bool,
    /// With `with_normalized`, leave the normalized document out where it
    /// is the document's own keys in its order: `keysAsGiven` (an
    /// `upstream` drop-in that holds the document as a value copies it).
    pub keys_as_given: bool,
}

/// What the document entry answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocumentAnswer {
    /// The document is valid with nothing to say and nothing to hand back
    /// (the verdict alone was asked for, or with `keys_as_given` its stored
    /// form is as given): `call` would answer [`DocumentAnswer::CLEAN`].
    Clean,
    /// `call`'s answer for the same document and options, as its JSON text.
    Text(String),
}

impl DocumentAnswer {
    /// `call`'s answer to a valid document with nothing to say, asked for
    /// its verdict.
    pub const CLEAN: &'static str = CLEAN;

    /// The answer as `call` writes it.
    pub fn into_text(self) -> String {
        match self {
            DocumentAnswer::Clean => CLEAN.to_owned(),
            DocumentAnswer::Text(text) => text,
        }
    }
}

/// The largest document the entry reads, in bytes: the cap of a `validate`
/// call's text.
pub const MAX_DOCUMENT_BYTES: usize = crate::api::MAX_DOCUMENT_CALL_BYTES;

/// The document entry: the verdict on `document` (JSON text) under
/// `options`, as `call("validate", …)` answers the call with the same
/// document as `documentText` and the same options. A document over
/// [`MAX_DOCUMENT_BYTES`] is refused (`call/too-large`) unread; options a
/// call would refuse (an unknown kind, mode or profile) get that call's
/// failure answer.
pub fn validate_document(document: &str, options: &DocumentOptions<'_>) -> DocumentAnswer {
    if let Some(refused) = too_large(document.len()) {
        return refused;
    }
    let Some((kind, mode, settled)) = settle(options) else {
        return DocumentAnswer::Text(crate::api::call("validate", &as_call(document, options)));
    };
    let wanted = Wanted {
        normalized: options.with_normalized,
        columns: options.with_columns,
        unless_as_given: options.keys_as_given,
    };
    match answer_document(kind, mode, document, &settled, wanted) {
        Answered::Clean => DocumentAnswer::Clean,
        Answered::Text(text) => DocumentAnswer::Text(text),
    }
}

/// [`validate_document`] on the document's bytes, read as a server reads a
/// request body's text: one leading byte-order mark is dropped, as
/// `Request.text()` and `TextDecoder` drop it. Bytes over the cap are
/// refused unread, and bytes that are not UTF-8 are refused
/// (`parse/invalid-utf8`, at the offset in the bytes given), where a
/// decoder would put U+FFFD in their place.
pub fn validate_document_bytes(document: &[u8], options: &DocumentOptions<'_>) -> DocumentAnswer {
    if let Some(refused) = too_large(document.len()) {
        return refused;
    }
    let marked = document.starts_with(b"\xEF\xBB\xBF");
    let (mark, text) = document.split_at(if marked { 3 } else { 0 });
    match std::str::from_utf8(text) {
        Ok(text) => validate_document(text, options),
        Err(e) => DocumentAnswer::Text(crate::api::respond::<()>(Err(CallError::new(
            error::INVALID_UTF8,
            format!(
                "the document is not UTF-8 text: an invalid byte at offset {}",
                mark.len() + e.valid_up_to()
            ),
        )))),
    }
}

/// The refusal of a document of `bytes` over the cap, unread.
fn too_large(bytes: usize) -> Option<DocumentAnswer> {
    (bytes > MAX_DOCUMENT_BYTES).then(|| {
        let message = format!("the document is {bytes} bytes, over the cap of {MAX_DOCUMENT_BYTES}");
        DocumentAnswer::Text(crate::api::respond::<()>(Err(CallError::new(error::TOO_LARGE, message))))
    })
}

/// The options as the rules take them, or `None` where a call would be
/// refused (its failure answer is the generic path's).
fn settle(options: &DocumentOptions<'_>) -> Option<(DocumentKind, Mode, Options)> {
    let kind = DocumentKind::from_name(options.kind)?;
    let mode = match options.mode {
        None | Some("strict") => Mode::Strict,
        Some("lenient") => Mode::Lenient,
        Some(_) => return None,
    };
    let profile = super::profile(options.profile, kind).ok()?;
    if options.with_columns {
        super::columns_of(kind, options.js_values).ok()?;
    }
    let settled = Options {
        http_writer: options.http_writer,
        owner: options.owner.map(str::to_owned),
        profile,
        js_values: options.js_values,
        errors_only: options.errors_only,
        ..Options::default()
    };
    Some((kind, mode, settled))
}

/// The `validate` call with the same document and options.
fn as_call(document: &str, options: &DocumentOptions<'_>) -> String {
    let mut call = serde_json::Map::new();
    call.insert("kind".into(), options.kind.into());
    call.insert("documentText".into(), document.into());
    for (key, value) in [("mode", options.mode), ("profile", options.profile), ("owner", options.owner)] {
        if let Some(value) = value {
            call.insert(key.into(), value.into());
        }
    }
    if options.http_writer {
        call.insert("httpWriter".into(), true.into());
    }
    if !options.with_normalized {
        call.insert("withNormalized".into(), false.into());
    }
    if options.js_values {
        call.insert("jsValues".into(), true.into());
    }
    if options.with_columns {
        call.insert("withColumns".into(), true.into());
    }
    if options.errors_only {
        call.insert("errorsOnly".into(), true.into());
    }
    if options.keys_as_given {
        call.insert("keysAsGiven".into(), true.into());
    }
    serde_json::Value::Object(call).to_string()
}

#[cfg(test)]
pub(in crate::api::validate) mod tests;
