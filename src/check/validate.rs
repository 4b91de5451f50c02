//! `validate`: a document kind and a mode in, a report of diagnostics out.
//!
//! The typed rules decide; they run everywhere (native, wasm, CLI). With the
//! `schema` feature the embedded JSON Schemas can be run beside them on
//! request, and a test holds both to the same verdict on every golden case.
//!
//! Kinds: `event_create`, `event_row` ([`crate::event`], with typed payloads
//! for `work_ad`, `handoff`, `handoff_receipt`), `link_create`, `link_row`
//! ([`crate::link`]), `principal`, `artifact_ref` (upstream's generic rules,
//! [`crate::artifact::check_ref`]), `spawn_request`
//! ([`crate::spawn`]) and `notify_summary` ([`crate::work_ad`]).
//!
//! Modes:
//! - **strict** (a writer): values outside closed vocabularies are errors;
//!   unknown top-level fields of create bodies are warnings with their
//!   pointer (upstream strips them); `normalized` is what upstream would
//!   store (stripped, defaults such as `notify_source: true` filled), and is
//!   absent when the document is refused.
//! - **lenient** (a reader): unknown fields and unknown vocabulary values
//!   are kept verbatim and noted as `info`; an unknown status is never
//!   terminal; `normalized` is the document unchanged.
//!
//! Profiles ([`Profile`]): the modes above are the `a2a` profile's, the
//! RFC's rules and the default; under `upstream` the four kinds upstream has
//! schemas for are decided by [`crate::upstream`], upstream's P1 rules
//! exactly.
//!
//! Text input (`documentText`) is parsed by [`crate::json`]: invalid JSON,
//! nesting beyond [`json::MAX_DEPTH`], numbers beyond f64, lone surrogates
//! and (strict) duplicate keys each get their own code. The rules of
//! `event_create`, `event_row`, `principal` and `artifact_ref` read a text
//! as a borrowed document ([`crate::doc`]) when it is plain JSON, and build
//! a `Value` only for the `normalized` answer; [`validate_full_text`] reads
//! every text into a `Value` first, the reference the borrowed reading is
//! held to. The wasm build has those rules only for the borrowed document:
//! a document given as a `Value` is read as one too.

use std::borrow::Cow;

use serde_json::Value;

use crate::columns;
use crate::diagnostic::{self, Diagnostic, Severity};
use crate::doc::{self, Json};
use crate::fields::{Mode, Report};
use crate::json::{self, MAX_DEPTH};
use crate::locality::{self, Endpoint};
use crate::peer::{self, MetaOrigin};
use crate::pointer::Pointer;
pub use crate::request::{DocumentKind, Options, Outcome, Profile, Verdict};
use crate::{event, link, principal, secrets, spawn, work_ad};

crate::define_codes! {
    SCHEMA_VIOLATION = "schema/violation", "the document breaks its published JSON Schema (reported only when the schema engine is asked for)";
    OWNER_IGNORED = "validate/owner-ignored", "`owner` was given with a kind it does not apply to (it applies to `event_create` and `principal`): nothing was checked against it";
}

/// Validates raw JSON text like [`validate_text`] but without building the
/// normalized document.
pub fn verdict_text(kind: DocumentKind, mode: Mode, text: &str, options: &Options) -> Verdict {
    let (o, _) = decide(kind, mode, Input::Text(text), options, Normalize::No);
    Verdict { valid: o.valid, diagnostics: o.diagnostics }
}

/// Validates raw JSON text: parse-level problems become diagnostics.
pub fn validate_text(kind: DocumentKind, mode: Mode, text: &str, options: &Options) -> Outcome {
    decide(kind, mode, Input::Text(text), options, Normalize::Yes).0
}

/// [`validate_text`] through the reporting parser and the rules on a
/// `Value` only, without the borrowed reading: the reference that reading
/// is tested against (the same answers, slower).
pub fn validate_full_text(kind: DocumentKind, mode: Mode, text: &str, options: &Options) -> Outcome {
    decide(kind, mode, Input::ReportedText(text), options, Normalize::Yes).0
}

/// Whether an outcome carries the normalized document.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Normalize {
    Yes,
    /// Left out (`normalized: None`): a verdict does not show it.
    No,
    /// Written as JSON text (the outcome's own `normalized` is `None`).
    AsText,
    /// As [`Normalize::Yes`], but left out where it holds the document's
    /// own keys in the document's order (`upstream` only; see
    /// [`validate_text_unless_as_given`]).
    YesUnlessAsGiven,
    /// As [`Normalize::AsText`], left out as [`Normalize::YesUnlessAsGiven`] is.
    AsTextUnlessAsGiven,
}

/// What is validated.
#[derive(Clone, Copy)]
enum Input<'a> {
    /// JSON text, read by the borrowed reading where the rules allow it.
    Text(&'a str),
    /// JSON text, read by the reporting parser only.
    ReportedText(&'a str),
    /// A parsed document, with the keys its parser found twice.
    Value(&'a Value, &'a [Pointer]),
}

/// Every entry point comes here: the one place the profile is decided.
/// The `upstream` profile decides as upstream does and adds the word on an
/// `owner` it does not apply to; the `a2a` profile runs the RFC's rules.
fn decide(
    kind: DocumentKind,
    mode: Mode,
    input: Input<'_>,
    options: &Options,
    normalize: Normalize,
) -> (Outcome, Option<String>) {
    let (mut outcome, written) = match options.profile {
        Profile::Upstream => {
            let (mut outcome, written) = upstream_outcome(kind, mode, input, options, normalize);
            if let Some(d) = owner_ignored(kind, options) {
                outcome.diagnostics.push(d);
            }
            (outcome, written)
        }
        Profile::A2a => {
            // The RFC's rules keep no document as given: its stored form is
            // always handed back.
            let normalize = match normalize {
                Normalize::YesUnlessAsGiven => Normalize::Yes,
                Normalize::AsTextUnlessAsGiven => Normalize::AsText,
                other => other,
            };
            let mut outcome = match input {
                Input::Text(text) => read_text(kind, mode, text, options, normalize),
                Input::ReportedText(text) => value_text(kind, mode, text, options, normalize),
                Input::Value(document, duplicate_keys) => {
                    value_outcome(kind, mode, document, duplicate_keys, options, normalize)
                }
            };
            let written = match normalize {
                Normalize::AsText | Normalize::AsTextUnlessAsGiven => {
                    outcome.normalized.take().map(|v| v.to_string())
                }
                Normalize::Yes | Normalize::No | Normalize::YesUnlessAsGiven => None,
            };
            (outcome, written)
        }
    };
    if options.errors_only {
        outcome.diagnostics.retain(|d| d.severity == Severity::Error);
    }
    (outcome, written)
}

/// The `upstream` profile's reading of any input.
fn upstream_outcome(
    kind: DocumentKind,
    mode: Mode,
    input: Input<'_>,
    options: &Options,
    normalize: Normalize,
) -> (Outcome, Option<String>) {
    let text = match input {
        Input::Text(text) | Input::ReportedText(text) => Cow::Borrowed(text),
        // A `Value` holds no lone surrogate and no Infinity: its text says
        // all it says, but for the keys its parser found twice, noted below
        // as the text's reader notes them.
        Input::Value(document, _) => Cow::Owned(document.to_string()),
    };
    let unless_as_given = matches!(normalize, Normalize::YesUnlessAsGiven | Normalize::AsTextUnlessAsGiven);
    let (mut outcome, written) = match normalize {
        Normalize::AsText | Normalize::AsTextUnlessAsGiven => {
            crate::upstream::validate_text_writing(kind, mode, &text, options, unless_as_given)
        }
        Normalize::Yes | Normalize::No | Normalize::YesUnlessAsGiven => {
            let form = normalize != Normalize::No;
            (crate::upstream::validate_text(kind, mode, &text, options, form, unless_as_given), None)
        }
    };
    if let Input::Value(_, duplicate_keys) = input
        && !duplicate_keys.is_empty()
    {
        let errors = outcome.diagnostics.iter().take_while(|d| d.severity == Severity::Error).count();
        let mut notes = outcome.diagnostics.split_off(errors);
        notes.extend(duplicate_keys.iter().map(crate::upstream::duplicate_note));
        diagnostic::sort(&mut notes);
        outcome.diagnostics.append(&mut notes);
    }
    (outcome, written)
}

/// The `a2a` profile's reading of a text.
fn read_text(kind: DocumentKind, mode: Mode, text: &str, options: &Options, normalize: Normalize) -> Outcome {
    // A sink's locality rules read a `Value`; every other rule of these
    // kinds reads the text's borrowed document when it has one.
    if reads_any_json(kind)
        && options.sink.is_none()
        && let Some((document, escaped)) = doc::parse_noting_escapes(text)
    {
        let secrets = Secrets::of_text(text, escaped);
        let mut report = Report::new(mode);
        check_any(kind, &document, options, secrets, &mut report);
        return conclude(kind, mode, report, || Cow::Owned(document.to_value()), options, normalize);
    }
    value_text(kind, mode, text, options, normalize)
}

/// A text read by the reporting parser, whose `Value` the rules then read:
/// every parse problem becomes its diagnostic.
fn value_text(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
    normalize: Normalize,
) -> Outcome {
    match json::parse(text, MAX_DEPTH) {
        Ok(parsed) => {
            let mut pre = Vec::new();
            duplicate_key_diagnostics(&parsed.duplicate_keys, mode, &mut pre);
            let secrets = Secrets::of_text(text, text.contains('\\'));
            finish(kind, mode, Cow::Owned(parsed.value), options, pre, secrets, normalize)
        }
        Err(e) => Outcome {
            valid: false,
            diagnostics: vec![Diagnostic::error(e.code, &Pointer::root(), e.message)],
            normalized: None,
        },
    }
}

/// [`validate_value_with_duplicates`] without building the normalized
/// document.
pub fn verdict_value_with_duplicates(
    kind: DocumentKind,
    mode: Mode,
    document: &Value,
    duplicate_keys: &[Pointer],
    options: &Options,
) -> Verdict {
    let (o, _) = decide(kind, mode, Input::Value(document, duplicate_keys), options, Normalize::No);
    Verdict { valid: o.valid, diagnostics: o.diagnostics }
}

/// Validates a parsed document.
pub fn validate_value(kind: DocumentKind, mode: Mode, document: &Value, options: &Options) -> Outcome {
    validate_value_with_duplicates(kind, mode, document, &[], options)
}

/// Validates a parsed document whose parser noticed duplicate keys (pointers
/// relative to the document).
pub fn validate_value_with_duplicates(
    kind: DocumentKind,
    mode: Mode,
    document: &Value,
    duplicate_keys: &[Pointer],
    options: &Options,
) -> Outcome {
    decide(kind, mode, Input::Value(document, duplicate_keys), options, Normalize::Yes).0
}

fn value_outcome(
    kind: DocumentKind,
    mode: Mode,
    document: &Value,
    duplicate_keys: &[Pointer],
    options: &Options,
    normalize: Normalize,
) -> Outcome {
    if json::depth(document) > MAX_DEPTH {
        return Outcome {
            valid: false,
            diagnostics: vec![Diagnostic::error(
                json::TOO_DEEP,
                &Pointer::root(),
                format!("arrays and objects nest deeper than {MAX_DEPTH} levels"),
            )],
            normalized: None,
        };
    }
    let mut pre = Vec::new();
    duplicate_key_diagnostics(duplicate_keys, mode, &mut pre);
    finish(kind, mode, Cow::Borrowed(document), options, pre, Secrets::Scan, normalize)
}

/// [`validate_text`] with `normalized` as the JSON text `serde_json` writes
/// for it rather than a `Value` (the outcome's own is `None`): what a
/// call's answer writes. Under `upstream` the stored form is written
/// straight from the text where no rule reads it as a `Value`.
pub(crate) fn validate_text_writing(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
) -> (Outcome, Option<String>) {
    decide(kind, mode, Input::Text(text), options, Normalize::AsText)
}

/// [`validate_text`] with `normalized` left out where the stored form holds
/// the document's own keys in the document's order, in every object it
/// rebuilds (the root, an event's principal, each artifact ref): a caller
/// holding the document as a value then has that data by copying those
/// objects, and need not read it back. Only `upstream` keeps a document as
/// given; under `a2a` this is [`validate_text`].
pub fn validate_text_unless_as_given(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
) -> Outcome {
    decide(kind, mode, Input::Text(text), options, Normalize::YesUnlessAsGiven).0
}

/// [`validate_text_writing`], leaving the stored form out as
/// [`validate_text_unless_as_given`] does.
pub(crate) fn validate_text_writing_unless_as_given(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
) -> (Outcome, Option<String>) {
    decide(kind, mode, Input::Text(text), options, Normalize::AsTextUnlessAsGiven)
}

/// [`validate_text_writing`] with the row a store writes for the document
/// too ((`check::columns`)): its columns as a JSON object's text,
/// present when the document is valid and its kind is a row (an event or a
/// link create).
pub(crate) fn validate_text_with_columns(
    kind: DocumentKind,
    mode: Mode,
    text: &str,
    options: &Options,
) -> (Outcome, Option<String>, Option<String>) {
    with_columns(kind, mode, Input::Text(text), options)
}

/// [`validate_text_with_columns`] for a parsed document.
pub(crate) fn validate_value_with_columns(
    kind: DocumentKind,
    mode: Mode,
    document: &Value,
    duplicate_keys: &[Pointer],
    options: &Options,
) -> (Outcome, Option<String>, Option<String>) {
    with_columns(kind, mode, Input::Value(document, duplicate_keys), options)
}

fn with_columns(
    kind: DocumentKind,
    mode: Mode,
    input: Input<'_>,
    options: &Options,
) -> (Outcome, Option<String>, Option<String>) {
    match options.profile {
        // The stored form's text lists keys as `JSON.parse` does, and is
        // there even where no `Value` holds it.
        Profile::Upstream => {
            let (outcome, written) = decide(kind, mode, input, options, Normalize::AsText);
            let columns = if outcome.valid {
                written.as_deref().and_then(|t| columns::from_stored_text(kind, t))
            } else {
                None
            };
            (outcome, written, columns)
        }
        Profile::A2a => {
            let (mut outcome, _) = decide(kind, mode, input, options, Normalize::Yes);
            let columns = match (&outcome.normalized, outcome.valid) {
                (Some(stored), true) => columns::from_value(kind, stored),
                _ => None,
            };
            let written = outcome.normalized.take().map(|v| v.to_string());
            (outcome, written, columns)
        }
    }
}

/// A warning when `owner` was given with a kind it does not apply to.
fn owner_ignored(kind: DocumentKind, options: &Options) -> Option<Diagnostic> {
    (options.owner.is_some() && !matches!(kind, DocumentKind::EventCreate | DocumentKind::Principal)).then(
        || {
            Diagnostic::warning(
                OWNER_IGNORED,
                &Pointer::root(),
                format!("`owner` does not apply to a `{}`: nothing was checked against it", kind.name()),
            )
            .with_help("`owner` holds an event_create's or a principal's writer to the authenticated owner")
        },
    )
}

/// Whether the document's strings still need the secret scan.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Secrets {
    /// Scan every string (and key) and report each finding at its place.
    Scan,
    /// The scan of the document's whole text stands for the scan of each
    /// string and found nothing ([`secrets::none_in_json_text`]).
    NoneInText,
}

impl Secrets {
    /// `escaped` says whether the text has an escape.
    fn of_text(text: &str, escaped: bool) -> Self {
        if secrets::none_in_json_text(text, escaped) { Self::NoneInText } else { Self::Scan }
    }
}

fn duplicate_key_diagnostics(at: &[Pointer], mode: Mode, out: &mut Vec<Diagnostic>) {
    for p in at {
        let d = match mode {
            Mode::Strict => {
                Diagnostic::error(json::DUPLICATE_KEY, p, "this key is named twice in its object")
                    .with_help("JSON.parse keeps the last value silently; write each key once")
            }
            Mode::Lenient => {
                Diagnostic::info(json::DUPLICATE_KEY, p, "this key is named twice; the last value is kept")
            }
        };
        out.push(d);
    }
}

/// Checks `document` and, where the answer keeps it, normalizes it (moving
/// an owned document's fields rather than copying them).
fn finish(
    kind: DocumentKind,
    mode: Mode,
    document: Cow<'_, Value>,
    options: &Options,
    pre: Vec<Diagnostic>,
    secrets: Secrets,
    normalize_it: Normalize,
) -> Outcome {
    let mut report = Report::new(mode);
    report.diagnostics = pre;
    check(kind, &document, options, secrets, &mut report);
    conclude(kind, mode, report, || document, options, normalize_it)
}

/// The outcome of a finished report: sorted diagnostics, the verdict, and
/// the normalized document where the answer keeps one (`document` is only
/// asked for then).
fn conclude<'d>(
    kind: DocumentKind,
    mode: Mode,
    report: Report,
    document: impl FnOnce() -> Cow<'d, Value>,
    options: &Options,
    normalize_it: Normalize,
) -> Outcome {
    let mut diagnostics = report.diagnostics;
    diagnostics.extend(owner_ignored(kind, options));
    diagnostic::sort(&mut diagnostics);
    let valid = !diagnostics.iter().any(|d| d.severity == Severity::Error);
    let normalized = match mode {
        _ if normalize_it == Normalize::No => None,
        Mode::Strict if !valid => None,
        _ => Some(normalize(kind, mode, document(), options)),
    };
    Outcome { valid, diagnostics, normalized }
}

/// The kinds whose rules read any [`Json`] (a `Value` or a borrowed
/// [`doc::Doc`]), all but a sink's locality rules.
fn reads_any_json(kind: DocumentKind) -> bool {
    matches!(
        kind,
        DocumentKind::EventCreate
            | DocumentKind::EventRow
            | DocumentKind::Principal
            | DocumentKind::ArtifactRef
    )
}

/// The rules of a kind that [`reads_any_json`], with the owner's and the
/// secret scan (everything [`check`] runs for it but a sink's locality).
fn check_any<J: Json>(
    kind: DocumentKind,
    document: &J,
    options: &Options,
    secrets: Secrets,
    report: &mut Report,
) {
    let root = Pointer::root();
    match kind {
        DocumentKind::EventCreate => {
            event::check(document, event::Shape::Create, options.http_writer, &root, report)
        }
        DocumentKind::EventRow => event::check(document, event::Shape::Row, false, &root, report),
        DocumentKind::Principal => {
            principal::check(document, &root, report);
        }
        DocumentKind::ArtifactRef => crate::artifact::check_ref(document, &root, report),
        // The others read a `Value` ([`check`]).
        _ => {}
    }
    if let Some(owner) = &options.owner {
        match kind {
            DocumentKind::EventCreate => principal::check_owner(document, &root, owner, report),
            DocumentKind::Principal => principal::check_lone_owner(document, &root, owner, report),
            _ => {}
        }
    }
    if secrets == Secrets::Scan {
        check_secrets(document, report);
    }
}

/// Runs the typed rules of `kind`.
fn check(kind: DocumentKind, document: &Value, options: &Options, secrets: Secrets, report: &mut Report) {
    let root = Pointer::root();
    match kind {
        DocumentKind::EventCreate
        | DocumentKind::EventRow
        | DocumentKind::Principal
        | DocumentKind::ArtifactRef => {
            // The wasm build has these rules once, for the borrowed document
            // every text is read into: it reads a `Value` as one too.
            #[cfg(target_arch = "wasm32")]
            check_any(kind, &doc::Doc::of_value(document), options, secrets, report);
            #[cfg(not(target_arch = "wasm32"))]
            check_any(kind, document, options, secrets, report);
        }
        DocumentKind::LinkCreate => link::check_create(document, &root, report),
        DocumentKind::LinkRow => link::check_row(document, &root, report),
        DocumentKind::PeerMessage => {
            let origin =
                if options.hub_derived { MetaOrigin::Hub } else { MetaOrigin::for_mode(report.mode) };
            peer::check_message_meta_from(document, &root, origin, report);
        }
        DocumentKind::SpawnRequest => spawn::check(document, &root, report),
        DocumentKind::NotifySummary => work_ad::check_notify_summary(document, &root, report),
    }
    if secrets == Secrets::Scan && !reads_any_json(kind) {
        check_secrets(document, report);
    }
    if let Some(sink) = &options.sink
        && matches!(kind, DocumentKind::EventCreate | DocumentKind::EventRow)
    {
        check_locality(document, sink, report);
    }
}

/// Secrets are refused wherever they stand: artifact refs, receipt
/// `output_ref`s, instructions, constraints, notes, summaries and every other
/// string (and key). The diagnostic names the rule and the place, never the
/// value.
fn check_secrets<J: Json>(document: &J, report: &mut Report) {
    for finding in secrets::scan_strings(document, &Pointer::root()) {
        report.refuse_or_warn(
            finding.code,
            &finding.instance_path,
            "this value embeds a credential; refer to where it is kept instead",
        );
        if let Some(d) = report.diagnostics.last_mut() {
            d.help = Some(
                "artifact refs are handles, never secrets: remove the credential from the text".to_owned(),
            );
        }
    }
}

/// A handoff's refs that its sink cannot resolve (a local path on another
/// machine, a URL with credentials, a session in another namespace, ...).
fn check_locality(document: &Value, sink: &Endpoint, report: &mut Report) {
    let event_type = document.get("event_type").or_else(|| document.get("eventType")).and_then(Value::as_str);
    if event_type != Some("handoff") {
        return;
    }
    for (at, verdict) in locality::unresolvable_refs(document, sink) {
        report.refuse_or_warn(
            verdict.code,
            &at,
            format!("the sink cannot resolve this ref: {}", verdict.reason),
        );
        if let Some(d) = report.diagnostics.last_mut() {
            d.help = Some(
                "hand over something the sink can fetch (a PR, a pushed commit or branch, an https URL) \
                 or hand off to a session on the same machine"
                    .to_owned(),
            );
        }
    }
}

/// The normalized document: in strict mode what upstream would store
/// (unknown top-level fields stripped, defaults filled), in lenient mode the
/// document unchanged.
fn normalize(kind: DocumentKind, mode: Mode, document: Cow<'_, Value>, options: &Options) -> Value {
    if kind == DocumentKind::PeerMessage {
        // An empty `peer: {}` goes in both modes; a client's claimed `peer`
        // is dropped from what a strict writer would store.
        let origin = if options.hub_derived { MetaOrigin::Hub } else { MetaOrigin::for_mode(mode) };
        return peer::normalize(&document, origin, mode);
    }
    if mode == Mode::Lenient {
        return document.into_owned();
    }
    match kind {
        DocumentKind::EventCreate => event::normalize_owned(document.into_owned(), event::Shape::Create),
        DocumentKind::EventRow => event::normalize_owned(document.into_owned(), event::Shape::Row),
        DocumentKind::LinkCreate => link::normalize_create(&document),
        DocumentKind::LinkRow => link::normalize_row(&document),
        DocumentKind::Principal => principal::normalize_owned(document.into_owned()),
        DocumentKind::ArtifactRef | DocumentKind::PeerMessage => document.into_owned(),
        DocumentKind::SpawnRequest => spawn::normalize(&document),
        DocumentKind::NotifySummary => work_ad::normalize_notify_summary(&document),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use serde_json::{Map, json};

    use super::*;

    /// The rules give one report on a `Value` and on the borrowed document
    /// made of it ([`doc::Doc::of_value`]: how the wasm build reads a
    /// `Value`), in both modes, with and without an owner.
    fn same_report(kind: DocumentKind, document: &Value) {
        for mode in [Mode::Strict, Mode::Lenient] {
            for owner in [None, Some("u1".to_owned())] {
                let options = Options { owner, ..Options::default() };
                let mut by_value = Report::new(mode);
                check_any(kind, document, &options, Secrets::Scan, &mut by_value);
                let mut by_doc = Report::new(mode);
                check_any(kind, &doc::Doc::of_value(document), &options, Secrets::Scan, &mut by_doc);
                assert_eq!(by_value.diagnostics, by_doc.diagnostics, "{kind:?} {mode:?} {document}");
            }
        }
    }

    #[test]
    fn a_value_and_its_borrowed_document_get_one_report() {
        let mut compared = 0;
        // `tests/golden/validate/<kind>/<case>.call.json`.
        let kinds = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/validate");
        let folders = std::fs::read_dir(kinds).into_iter().flatten().flatten();
        for entry in folders.flat_map(|k| std::fs::read_dir(k.path()).into_iter().flatten().flatten()) {
            let path = entry.path();
            if !path.to_string_lossy().ends_with(".call.json") {
                continue;
            }
            let Ok(call) = std::fs::read_to_string(&path) else { continue };
            let Ok(call) = serde_json::from_str::<Value>(&call) else { continue };
            let kind = call.get("kind").and_then(Value::as_str).and_then(DocumentKind::from_name);
            let document = call.get("document").cloned().or_else(|| {
                call.get("documentText").and_then(Value::as_str).and_then(|t| serde_json::from_str(t).ok())
            });
            if let (Some(kind), Some(document)) = (kind, document)
                && reads_any_json(kind)
            {
                same_report(kind, &document);
                compared += 1;
            }
        }
        assert!(compared > 100, "only {compared} golden documents compared");
        // Strings JSON text escapes (counted in the payload's length),
        // numbers whose spelling JavaScript changes, a wide object.
        let payload = json!({
            "q": "a \"quoted\" \\ path\n\u{1}",
            "n": [0, -0.0, 1e21, 1e-7, 0.1, 18_446_744_073_709_551_615_u64, -9_223_372_036_854_775_808_i64, 5e-324],
            "wide": (0..40).map(|i| (format!("k{i}"), json!(i))).collect::<Map<String, Value>>(),
            "token": "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
        });
        for payload in [payload, json!({ "x": "y".repeat(32_750), "q": "\"\"\"" })] {
            let event = json!({
                "event_type": "note",
                "source_session_id": "s1",
                "principal": { "kind": "human", "id": "u\"2" },
                "payload_json": payload,
            });
            same_report(DocumentKind::EventCreate, &event);
        }
    }
}
