//! Failures: a call that could not be answered at all.
//!
//! Findings about a document are [`Diagnostic`](crate::diagnostic::Diagnostic)s
//! inside a success answer; a [`CallError`] means the call itself was bad (not
//! JSON (then the code is one of `parse/*`), an unknown operation, a field of the wrong shape, input over the hard
//! cap). It becomes `{"type":"failure","error":{code,message}}` on the wire.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::diagnostic::Code;

crate::define_codes! {
    UNKNOWN_OP = "call/unknown-op", "the operation name is not one the core knows";
    INVALID_CALL = "call/invalid-call", "the call is JSON but not of the shape the operation takes";
    DUPLICATE_KEY = "call/duplicate-key", "an object of the call outside `document` names a key twice";
    UNKNOWN_FIELD = "call/unknown-field", "the call names a field its operation does not take (a typo must not silently change a verdict)";
    INVALID_ARGUMENT = "call/invalid-argument", "(npm package, Node addon) an argument of `call` is not a JavaScript string; nothing was read";
    TOO_LARGE = "call/too-large", "the call text is over its operation's size cap";
    INVALID_UTF8 = "parse/invalid-utf8", "(CLI) the call's bytes, the op's name or a schema file's text or name are not UTF-8";
    UNREADABLE_FILE = "compat/unreadable-file", "(CLI `schema-check`) a `*.json` entry cannot be read (a directory, a broken link, permissions), or its name holds a character a reader would not see; the other files are still compared";
    DUPLICATE_FILE_KEY = "compat/duplicate-key", "(CLI `schema-check`) a schema file names a key twice in one object: readers differ on which value counts, so the file is not compared";
    FEATURE_UNAVAILABLE = "call/feature-unavailable", "the call asks for something this build leaves out (such as the JSON Schema engine)";
    UNKNOWN_KIND = "validate/unknown-kind", "`validate` was asked for a document kind it does not know";
    PROFILE_KIND = "validate/profile-kind", "the `upstream` profile was asked for a kind upstream has no rules for (it decides `event_create`, `link_create`, `principal` and `artifact_ref`)";
    UNKNOWN_PROFILE = "validate/unknown-profile", "`validate` was asked for a profile it does not know (`a2a`, the default, or `upstream`)";
    NO_COLUMNS = "validate/no-columns", "`validate` was asked for the stored columns (`withColumns`) of a kind that is no row of its own (only `event_create` and `link_create` are), or of a `jsValues` text";
    DOCUMENT_MISSING = "validate/document-missing", "`validate` got neither `document` nor `documentText`, or both";
}

/// Why a call could not be answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CallError {
    /// Stable code, `area/kebab-case`.
    pub code: String,
    /// One line, lowercase start, no trailing period.
    pub message: String,
}

impl CallError {
    /// A failure with the given code and message.
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        CallError { code: code.as_str().to_owned(), message: message.into() }
    }
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for CallError {}
