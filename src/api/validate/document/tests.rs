use serde_json::{Value, json};

use super::*;

/// The entry's options from a golden call's fields, or `None` when the call
/// sets one the entry does not take (`sink`, `hubDerived`, `withSchema`,
/// `jsValues`) or sets one to what no entry option can say.
fn options_of(call: &Value) -> Option<DocumentOptions<'_>> {
    let call = call.as_object()?;
    let known = [
        "kind",
        "mode",
        "profile",
        "owner",
        "httpWriter",
        "withNormalized",
        "withColumns",
        "errorsOnly",
        "keysAsGiven",
        "document",
        "documentText",
    ];
    if call.keys().any(|k| !known.contains(&k.as_str())) {
        return None;
    }
    let text = |key: &str| match call.get(key) {
        None => Some(None),
        Some(Value::String(s)) => Some(Some(s.as_str())),
        Some(_) => None,
    };
    Some(DocumentOptions {
        kind: text("kind")??,
        mode: text("mode")?,
        profile: text("profile")?,
        owner: text("owner")?,
        http_writer: match call.get("httpWriter") {
            None => false,
            Some(v) => v.as_bool()?,
        },
        with_normalized: false,
        js_values: match call.get("jsValues") {
            None => false,
            Some(v) => v.as_bool()?,
        },
        with_columns: match call.get("withColumns") {
            None => false,
            Some(v) => v.as_bool()?,
        },
        errors_only: match call.get("errorsOnly") {
            None => false,
            Some(v) => v.as_bool()?,
        },
        keys_as_given: match call.get("keysAsGiven") {
            None => false,
            Some(v) => v.as_bool()?,
        },
    })
}

/// The `validate` call with `document` as its text and `options`.
fn call_text(document: &str, options: &DocumentOptions<'_>) -> String {
    as_call(document, options)
}

#[test]
fn every_golden_validate_case_answers_through_the_entry_as_through_call() {
    let (mut cases, mut clean, mut said) = (0, 0, 0);
    let kinds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/validate");
    let folders = std::fs::read_dir(kinds).into_iter().flatten().flatten();
    for entry in folders.flat_map(|k| std::fs::read_dir(k.path()).into_iter().flatten().flatten()) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".call.json") {
            continue;
        }
        let Ok(call) = serde_json::from_str::<Value>(&std::fs::read_to_string(entry.path()).unwrap()) else {
            continue;
        };
        let document = match (call.get("document"), call.get("documentText")) {
            (Some(d), None) => d.to_string(),
            (None, Some(Value::String(t))) => t.clone(),
            _ => continue,
        };
        let Some(options) = options_of(&call) else { continue };
        let rows = DocumentKind::from_name(options.kind).is_some_and(crate::columns::has_columns);
        let asks = [(false, options.with_columns), (true, options.with_columns), (false, rows), (true, rows)];
        let said_as = [(false, false), (true, false), (false, true), (true, true)];
        for ((with_normalized, with_columns), (errors_only, keys_as_given)) in
            asks.into_iter().flat_map(|a| said_as.map(|s| (a, s)))
        {
            let options =
                DocumentOptions { with_normalized, with_columns, errors_only, keys_as_given, ..options };
            let want = crate::api::call("validate", &call_text(&document, &options));
            let got = validate_document(&document, &options);
            match &got {
                DocumentAnswer::Clean => {
                    assert!(!with_columns && (!with_normalized || keys_as_given), "{name}");
                    clean += 1;
                }
                DocumentAnswer::Text(_) => said += 1,
            }
            if errors_only || keys_as_given {
                let full = DocumentOptions { errors_only: false, keys_as_given: false, ..options };
                let full = crate::api::call("validate", &call_text(&document, &full));
                said_as_the_full_answer(&name, &document, options.kind, &options, &want, &full);
            }
            assert_eq!(
                got.into_text(),
                want,
                "{name}, with the normalized document: {with_normalized}, with columns: {with_columns}"
            );
            assert_eq!(
                validate_document_bytes(document.as_bytes(), &options).into_text(),
                want,
                "{name} as bytes"
            );
        }
        cases += 1;
    }
    // Most golden cases take only the entry's options, and both answers
    // (nothing to say, and an answer to read) are among them.
    assert!(cases > 250 && clean > 40 && said > 300, "{cases} cases, {clean} clean, {said} answers");
}

/// `answer`, given with `errorsOnly` or `keysAsGiven`, is `full` (the
/// answer without them) less what they leave out: the warnings and notes,
/// and a normalized document that holds the document's own keys in its
/// order.
fn said_as_the_full_answer(
    name: &str,
    document: &str,
    kind: &str,
    options: &DocumentOptions<'_>,
    answer: &str,
    full: &str,
) {
    // An answer nested deeper than serde's reader goes (a deep payload
    // handed back) is held to `call`'s bytes alone.
    let (Ok(mut answer), Ok(mut full)) =
        (serde_json::from_str::<Value>(answer), serde_json::from_str::<Value>(full))
    else {
        return;
    };
    if options.errors_only
        && let Some(Value::Array(all)) = full.get_mut("diagnostics")
    {
        all.retain(|d| d["severity"] == "error");
    }
    let given = options.keys_as_given && options.profile == Some("upstream") && options.with_normalized;
    if given
        && !options.with_columns
        && answer.get("normalized").is_none()
        && let Some(normalized) = full.as_object_mut().and_then(|f| f.remove("normalized"))
    {
        // A document serde cannot read (a number beyond the double range)
        // is held to the rest of the answer alone.
        if let Ok(document) = serde_json::from_str::<Value>(document) {
            assert!(
                keys_as_given(kind, &normalized, &document),
                "{name}: {normalized} is not {document} as given"
            );
        }
    }
    assert_eq!(
        answer.as_object_mut().map(std::mem::take),
        full.as_object_mut().map(std::mem::take),
        "{name}"
    );
}

/// Whether `stored` has the keys of `document` in their order, in every
/// object zod builds anew for `kind` (the root, an event's principal and
/// each of its artifact refs).
pub(in crate::api::validate) fn keys_as_given(kind: &str, stored: &Value, document: &Value) -> bool {
    let (Some(s), Some(d)) = (stored.as_object(), document.as_object()) else { return stored == document };
    if !s.keys().eq(d.keys()) {
        return false;
    }
    kind != "event_create"
        || (s.get("principal").zip(d.get("principal")).is_none_or(|(s, d)| keys_as_given("principal", s, d))
            && match (s.get("artifact_refs"), d.get("artifact_refs")) {
                (Some(Value::Array(s)), Some(Value::Array(d))) => {
                    s.len() == d.len() && s.iter().zip(d).all(|(s, d)| keys_as_given("artifact_ref", s, d))
                }
                (s, d) => s.is_none() == d.is_none(),
            })
}

#[test]
fn options_a_call_refuses_get_that_calls_failure() {
    let doc = r#"{"kind":"human","id":"1"}"#;
    let base = DocumentOptions { kind: "principal", ..DocumentOptions::default() };
    for options in [
        DocumentOptions { kind: "nope", ..base },
        DocumentOptions { mode: Some("loose"), ..base },
        DocumentOptions { profile: Some("nope"), ..base },
        DocumentOptions { profile: Some("upstream"), kind: "notify_summary", ..base },
        DocumentOptions { with_columns: true, ..base },
        DocumentOptions { kind: "event_create", with_columns: true, js_values: true, ..base },
    ] {
        let got = validate_document(doc, &options).into_text();
        assert!(got.starts_with(r#"{"type":"failure""#), "{options:?}: {got}");
        assert_eq!(got, crate::api::call("validate", &call_text(doc, &options)), "{options:?}");
    }
    assert_eq!(validate_document(doc, &base), DocumentAnswer::Clean);
    assert_eq!(DocumentAnswer::Clean.into_text(), crate::api::call("validate", &call_text(doc, &base)));
}

#[test]
fn a_document_over_the_cap_or_not_utf8_is_refused_unread() {
    let options = DocumentOptions { kind: "principal", ..DocumentOptions::default() };
    let big = format!(r#"{{"kind":"human","id":"{}"}}"#, "x".repeat(MAX_DOCUMENT_BYTES));
    let answer: Value = serde_json::from_str(&validate_document(&big, &options).into_text()).unwrap();
    assert_eq!(answer["error"]["code"], "call/too-large");
    let answer: Value = serde_json::from_str(
        &validate_document_bytes(b"{\"kind\":\"human\",\"id\":\"\xff\"}", &options).into_text(),
    )
    .unwrap();
    assert_eq!(answer["error"]["code"], "parse/invalid-utf8");
    assert_eq!(
        answer["error"]["message"],
        json!("the document is not UTF-8 text: an invalid byte at offset 22")
    );
}

#[test]
fn bytes_are_read_as_a_body_is_one_byte_order_mark_dropped() {
    let options = DocumentOptions { kind: "principal", ..DocumentOptions::default() };
    let doc = r#"{"kind":"human","id":"1"}"#;
    let marked = [b"\xEF\xBB\xBF".as_slice(), doc.as_bytes()].concat();
    assert_eq!(validate_document_bytes(&marked, &options), DocumentAnswer::Clean);
    // The text itself is JSON text: a mark in it is refused, as JSON.parse refuses it.
    let text = format!("\u{FEFF}{doc}");
    assert!(validate_document(&text, &options).into_text().contains("parse/invalid-json"));
    // An offset is the caller's, mark included.
    let bad = [b"\xEF\xBB\xBF{\xff".as_slice()].concat();
    assert!(validate_document_bytes(&bad, &options).into_text().contains("an invalid byte at offset 4"));
    // Only one mark is the decoder's.
    let twice = [b"\xEF\xBB\xBF".as_slice(), marked.as_slice()].concat();
    assert!(validate_document_bytes(&twice, &options).into_text().contains("parse/invalid-json"));
}
