//! The host boundary both JavaScript faces share, the wasm module and the
//! Node-API addon: what an argument that is no call text is answered, how
//! call text still in the engine is weighed against its op's cap before it
//! is copied, and the words of every refusal. Each face only asks its
//! engine what a value is and how long a string is; what follows from the
//! answers is decided here once, so both faces refuse alike, word for word.

use super::{DocumentAnswer, DocumentOptions, MAX_CALL_BYTES, MAX_DOCUMENT_BYTES, OPS, call, max_call_bytes};
use crate::diagnostic::Code;
use crate::error::{CallError, INVALID_ARGUMENT, TOO_LARGE};

/// No op name is this long, in UTF-16 code units: a longer one is answered
/// as unknown, unread.
pub const MAX_OP_UNITS: usize = 64;

/// The name an op's longer name is read as: no op has it.
pub const UNREAD_OP: &str = "\u{2026}";

/// The failure answer, as text, for an argument that cannot be read.
pub fn refused(code: Code, message: String) -> String {
    let failure: super::Answer<()> = super::Answer::Failure { error: CallError::new(code, message) };
    serde_json::to_string(&failure).unwrap_or_default()
}

/// Which argument of a face's function is not a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Argument {
    /// `call`'s operation name.
    Op,
    /// A call's JSON text.
    Call,
    /// A chunk of ledger rows.
    Rows,
    /// A query asked of an open ledger.
    Query,
    /// The document entry's document.
    Document,
    /// The document entry's kind.
    Kind,
}

/// The answer for an argument that is a JavaScript `js_type` (`number`,
/// `object`, `null`, ...), not a string: nothing of it was read.
pub fn not_a_string(argument: Argument, js_type: &str) -> String {
    let message = match argument {
        Argument::Op => format!("the operation name is {js_type}, not a string; nothing was read"),
        Argument::Call => format!("the call is {js_type}, not a string of JSON text; nothing was read"),
        Argument::Rows => format!("the rows are {js_type}, not a string of JSON text; nothing was read"),
        Argument::Query => format!("the query is {js_type}, not a string of JSON text; nothing was read"),
        Argument::Document => format!(
            "the document is {js_type}, not a string of JSON text or its UTF-8 bytes (a Uint8Array); nothing was read"
        ),
        Argument::Kind => format!("the kind is {js_type}, not a string; nothing was read"),
    };
    refused(INVALID_ARGUMENT, message)
}

/// The answer for a string the engine would not hand over.
pub fn unreadable() -> String {
    refused(INVALID_ARGUMENT, "the call string cannot be read".to_owned())
}

/// The answer for a call object that `JSON.stringify` writes as nothing: a
/// JavaScript `js_type` of `function` or `symbol`, or an object whose
/// `toJSON` returns nothing.
pub fn written_as_nothing(js_type: &str) -> String {
    let what = match js_type {
        "function" => "a function",
        "symbol" => "a symbol",
        _ => "an object whose toJSON returns nothing",
    };
    refused(
        INVALID_ARGUMENT,
        format!("the call is {what}, which JSON.stringify writes as nothing; nothing was read"),
    )
}

/// Why `JSON.stringify` threw on a call object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unwritable {
    /// A `RangeError` about length: the text would pass the engine's
    /// longest string.
    TooLong,
    /// A `RangeError` about the stack: nested deeper than the engine goes.
    TooDeep,
    /// A `TypeError`: a cycle or a `BigInt`.
    CycleOrBigInt,
    /// Anything else: a `toJSON` method or a getter threw.
    Threw,
}

impl Unwritable {
    /// What `JSON.stringify` threw, from the error's class (`RangeError`,
    /// `TypeError`, anything else) and, for a `RangeError`, its message.
    pub fn of(range_error: Option<&str>, type_error: bool) -> Unwritable {
        match range_error {
            // Engines throw a RangeError for text longer than their longest
            // string, and for nesting deeper than their stack.
            Some(message) if message.contains("stack") => Unwritable::TooDeep,
            Some(_) => Unwritable::TooLong,
            None if type_error => Unwritable::CycleOrBigInt,
            None => Unwritable::Threw,
        }
    }

    /// The failure answer: never a throw.
    pub fn answer(self) -> String {
        let (code, message) = match self {
            Unwritable::TooLong => (
                TOO_LARGE,
                "the call object cannot be written as JSON: its text would be longer than the engine's longest string",
            ),
            Unwritable::TooDeep => (
                INVALID_ARGUMENT,
                "the call object cannot be written as JSON (it is nested too deeply for JSON.stringify)",
            ),
            Unwritable::CycleOrBigInt => {
                (INVALID_ARGUMENT, "the call object cannot be written as JSON (it holds a cycle or a BigInt)")
            }
            Unwritable::Threw => (
                INVALID_ARGUMENT,
                "the call object cannot be written as JSON (a toJSON method or a getter threw)",
            ),
        };
        refused(code, message.to_owned())
    }
}

/// What a face does with call text of `units` UTF-16 code units for `op`,
/// decided before the text is copied out of the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Before {
    /// Answer this, reading nothing.
    Answer(String),
    /// Read the text and answer [`call`].
    Read,
}

/// Weighs call text still in the engine: `units` is its length in UTF-16
/// code units, `ascii` says (when asked) whether every unit is ASCII.
///
/// A code unit is at least one UTF-8 byte, so a string with more units than
/// its op's cap has bytes is over it. An unknown op is answered by its name
/// alone unless the text is over the overall cap in bytes, which it cannot
/// be when each unit is at most six bytes as the core reads it (an escaped
/// lone surrogate), or when every unit is ASCII (as many bytes as units).
pub fn before_reading(op: &str, units: usize, ascii: impl FnOnce() -> bool) -> Before {
    let known = max_call_bytes(op);
    let cap = known.unwrap_or(MAX_CALL_BYTES);
    if units > cap {
        return Before::Answer(refused(
            TOO_LARGE,
            format!("the call is {units} UTF-16 code units, over the cap of {cap} bytes"),
        ));
    }
    if known.is_none() && (units <= MAX_CALL_BYTES / 6 || ascii()) {
        return Before::Answer(call(op, ""));
    }
    Before::Read
}

/// UTF-16 text as UTF-8, each lone surrogate written as the six characters
/// `JSON.stringify` writes for it (`\ud800`, lowercase hex), so that the
/// core reads what the typed export would hand it.
pub fn escape_lone_surrogates(units: &[u16]) -> String {
    let mut out = String::with_capacity(units.len());
    for c in char::decode_utf16(units.iter().copied()) {
        match c {
            Ok(c) => out.push(c),
            Err(lone) => out.push_str(&format!("\\u{:04x}", lone.unpaired_surrogate())),
        }
    }
    out
}

/// The name of `op`'s typed export, as the op table gives it
/// (`project.handoff` is `projectHandoff`).
pub fn js_name(op: &str) -> Option<&'static str> {
    OPS.iter().find(|o| o.name == op).map(|o| o.js_name)
}

/// The options of the document entry, by their JavaScript names, with
/// whether each is a flag (a boolean) or text (a string).
pub const DOCUMENT_OPTIONS: [(&str, bool); 9] = [
    ("mode", false),
    ("profile", false),
    ("owner", false),
    ("httpWriter", true),
    ("withNormalized", true),
    ("jsValues", true),
    ("withColumns", true),
    ("errorsOnly", true),
    ("keysAsGiven", true),
];

/// One option of the document entry as a face read it from its engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// Not given (`undefined` or `null`).
    Absent,
    /// A string.
    Text(String),
    /// A boolean.
    Flag(bool),
    /// Any other JavaScript type, as `typeof` names it.
    Other(&'static str),
}

/// The answer for an options argument that is a JavaScript `js_type`, not
/// an object.
pub fn options_not_an_object(js_type: &str) -> String {
    refused(INVALID_ARGUMENT, format!("the options are {js_type}, not an object; nothing was read"))
}

/// The answer for a document still in the engine, `units` UTF-16 code units
/// long, that is over the entry's cap before it is read (each unit is at
/// least one byte); `None` when it must be read to tell.
pub fn document_before_reading(units: usize) -> Option<String> {
    (units > MAX_DOCUMENT_BYTES).then(|| {
        refused(
            TOO_LARGE,
            format!("the document is {units} UTF-16 code units, over the cap of {MAX_DOCUMENT_BYTES} bytes"),
        )
    })
}

/// The answer for a document of `bytes` UTF-8 bytes (a `Uint8Array`) over
/// the entry's cap, before it is read; `None` within the cap.
pub fn bytes_before_reading(bytes: usize) -> Option<String> {
    (bytes > MAX_DOCUMENT_BYTES).then(|| {
        refused(TOO_LARGE, format!("the document is {bytes} bytes, over the cap of {MAX_DOCUMENT_BYTES}"))
    })
}

/// The document entry, given what a face read: the document as text (a
/// lone surrogate escaped as `JSON.stringify` writes it), its kind, and
/// each of [`DOCUMENT_OPTIONS`] in order. An option of the wrong type is
/// refused (`call/invalid-argument`), naming it.
pub fn validate_document(
    document: &str,
    kind: &str,
    options: &[OptionValue; DOCUMENT_OPTIONS.len()],
) -> DocumentAnswer {
    match settle(kind, options) {
        Ok(options) => super::validate_document(document, &options),
        Err(refused) => refused,
    }
}

/// [`validate_document`] with the document as its UTF-8 bytes (a
/// `Uint8Array` or a `Buffer`, as a hub holds a request body): bytes that
/// are not UTF-8 are refused (`parse/invalid-utf8`).
pub fn validate_document_bytes(
    document: &[u8],
    kind: &str,
    options: &[OptionValue; DOCUMENT_OPTIONS.len()],
) -> DocumentAnswer {
    match settle(kind, options) {
        Ok(options) => super::validate_document_bytes(document, &options),
        Err(refused) => refused,
    }
}

/// The refusal of the first option of the wrong type among what a face
/// read (`call/invalid-argument`, naming it), or `None`.
pub fn options_refusal(options: &[OptionValue; DOCUMENT_OPTIONS.len()]) -> Option<String> {
    settle("", options).err().map(DocumentAnswer::into_text)
}

/// The entry's options from what a face read, or the refusal of the first
/// of the wrong type.
fn settle<'a>(
    kind: &'a str,
    options: &'a [OptionValue; DOCUMENT_OPTIONS.len()],
) -> Result<DocumentOptions<'a>, DocumentAnswer> {
    let mut text: [Option<&str>; 3] = [None; 3];
    let mut flags = [false; 6];
    for (i, ((name, flag), value)) in DOCUMENT_OPTIONS.iter().zip(options).enumerate() {
        let wrong = |js_type: &str| {
            let want = if *flag { "a boolean" } else { "a string" };
            DocumentAnswer::Text(refused(
                INVALID_ARGUMENT,
                format!("the option `{name}` is {js_type}, not {want}; nothing was read"),
            ))
        };
        match (value, *flag) {
            (OptionValue::Absent, _) => {}
            (OptionValue::Text(s), false) => {
                if let Some(slot) = text.get_mut(i) {
                    *slot = Some(s);
                }
            }
            (OptionValue::Flag(b), true) => {
                if let Some(slot) = flags.get_mut(i - text.len()) {
                    *slot = *b;
                }
            }
            (OptionValue::Text(_), true) => return Err(wrong("string")),
            (OptionValue::Flag(_), false) => return Err(wrong("boolean")),
            (OptionValue::Other(js_type), _) => return Err(wrong(js_type)),
        }
    }
    let [mode, profile, owner] = text;
    let [http_writer, with_normalized, js_values, with_columns, errors_only, keys_as_given] = flags;
    Ok(DocumentOptions {
        kind,
        mode,
        profile,
        owner,
        http_writer,
        with_normalized,
        js_values,
        with_columns,
        errors_only,
        keys_as_given,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_is_named_by_the_table_as_javascript_spells_a_name() {
        for op in super::super::ops() {
            let mut spelled = String::new();
            let mut upper = false;
            for c in op.chars() {
                if matches!(c, '.' | '_' | '-') {
                    upper = true;
                } else {
                    spelled.extend(if upper { c.to_uppercase().collect::<Vec<_>>() } else { vec![c] });
                    upper = false;
                }
            }
            assert_eq!(js_name(op), Some(spelled.as_str()), "{op}");
        }
        assert_eq!(js_name("no.such.op"), None);
    }

    #[test]
    fn text_over_its_ops_cap_is_refused_unread_and_an_unknown_op_answered_by_name() {
        let cap = max_call_bytes("peer.badge").unwrap_or(0);
        let Before::Answer(over) = before_reading("peer.badge", cap + 1, || unreachable!()) else {
            panic!("over the cap and read")
        };
        assert!(over.contains("call/too-large") && over.contains("UTF-16 code units"), "{over}");
        assert_eq!(before_reading("peer.badge", cap, || unreachable!()), Before::Read);
        assert_eq!(
            before_reading("no.such.op", 10, || unreachable!()),
            Before::Answer(call("no.such.op", ""))
        );
        // Long enough that escapes might pass the overall cap: only ASCII
        // text is answered unread.
        let long = MAX_CALL_BYTES / 6 + 1;
        assert_eq!(before_reading("no.such.op", long, || false), Before::Read);
        assert_eq!(before_reading("no.such.op", long, || true), Before::Answer(call("no.such.op", "")));
    }

    #[test]
    fn refusals_name_what_was_given() {
        assert!(not_a_string(Argument::Op, "number").contains("the operation name is number, not a string"));
        assert!(not_a_string(Argument::Rows, "object").contains("the rows are object"));
        assert!(written_as_nothing("symbol").contains("the call is a symbol, which JSON.stringify"));
        assert_eq!(Unwritable::of(Some("Maximum call stack size exceeded"), false), Unwritable::TooDeep);
        assert_eq!(Unwritable::of(Some("Invalid string length"), false), Unwritable::TooLong);
        assert_eq!(Unwritable::of(None, true), Unwritable::CycleOrBigInt);
        assert!(Unwritable::TooLong.answer().contains("call/too-large"));
        assert!(Unwritable::Threw.answer().contains("call/invalid-argument"));
        assert_eq!(escape_lone_surrogates(&[0x61, 0xd800, 0x62]), "a\\ud800b");
    }

    #[test]
    fn the_document_entry_takes_its_options_by_type_and_names_a_wrong_one() {
        use OptionValue::{Absent, Flag, Other, Text};
        let doc = r#"{"kind":"agent","id":"a"}"#;
        let none = [Absent, Absent, Absent, Absent, Absent, Absent, Absent, Absent, Absent];
        let answer = validate_document(doc, "principal", &none).into_text();
        assert!(answer.contains("principal/unaccountable"), "{answer}");
        let lenient =
            [Text("lenient".into()), Absent, Absent, Absent, Flag(true), Absent, Absent, Absent, Absent];
        let want = crate::api::call(
            "validate",
            &format!(r#"{{"kind":"principal","mode":"lenient","documentText":{}}}"#, serde_json::json!(doc)),
        );
        assert_eq!(validate_document(doc, "principal", &lenient).into_text(), want);
        for (options, named) in [
            (
                [Flag(true), Absent, Absent, Absent, Absent, Absent, Absent, Absent, Absent],
                "the option `mode` is boolean, not a string",
            ),
            (
                [Absent, Absent, Absent, Text("yes".into()), Absent, Absent, Absent, Absent, Absent],
                "the option `httpWriter` is string, not a boolean",
            ),
            (
                [Absent, Absent, Other("number"), Absent, Absent, Absent, Absent, Absent, Absent],
                "the option `owner` is number, not a string",
            ),
            (
                [Absent, Absent, Absent, Absent, Absent, Absent, Text("all".into()), Absent, Absent],
                "the option `withColumns` is string, not a boolean",
            ),
            (
                [Absent, Absent, Absent, Absent, Absent, Absent, Absent, Other("number"), Absent],
                "the option `errorsOnly` is number, not a boolean",
            ),
            (
                [Absent, Absent, Absent, Absent, Absent, Absent, Absent, Absent, Text("yes".into())],
                "the option `keysAsGiven` is string, not a boolean",
            ),
        ] {
            let answer = validate_document(doc, "principal", &options).into_text();
            assert!(answer.contains("call/invalid-argument") && answer.contains(named), "{answer}");
        }
        assert!(document_before_reading(MAX_DOCUMENT_BYTES).is_none());
        assert!(
            document_before_reading(MAX_DOCUMENT_BYTES + 1).is_some_and(|a| a.contains("call/too-large"))
        );
    }
}
