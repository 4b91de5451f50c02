//! The borrowed reading of a document's text (`validate_text`,
//! `verdict_text`) and the reference reading into a `Value`
//! (`validate_full_text`) give the same answer, byte for byte, on every
//! golden case of the kinds read borrowed, in both modes, and on texts
//! written to stress the borrowed reader.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use hapi_a2a_core::Mode;
use hapi_a2a_core::api::ValidateCall;
use hapi_a2a_core::validate::{DocumentKind, Options, validate_full_text, validate_text, verdict_text};

#[path = "support/golden.rs"]
mod golden;

fn same_answer(text: &str, http_writer: bool) -> bool {
    same_answer_as(
        DocumentKind::EventCreate,
        Mode::Strict,
        text,
        &Options { http_writer, ..Options::default() },
    )
}

fn same_answer_as(kind: DocumentKind, mode: Mode, text: &str, options: &Options) -> bool {
    let borrowed = validate_text(kind, mode, text, options);
    let full = validate_full_text(kind, mode, text, options);
    let verdict = verdict_text(kind, mode, text, options);
    assert_eq!(borrowed, full, "{text:.200}");
    assert_eq!((verdict.valid, verdict.diagnostics), (full.valid, full.diagnostics.clone()), "{text:.200}");
    full.valid && full.diagnostics.is_empty()
}

#[test]
fn both_readings_agree_on_every_golden_case_read_borrowed() {
    let (mut compared, mut clean) = (0, 0);
    for (_, path) in golden::cases_of("validate") {
        let call: ValidateCall = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        if !["event_create", "event_row", "principal", "artifact_ref"].contains(&call.kind.as_str()) {
            continue;
        }
        let kind = DocumentKind::from_name(&call.kind).unwrap();
        // A call without a document is the call reader's to refuse.
        let Some(text) = call.document_text.clone().or_else(|| call.document.as_ref().map(|d| d.to_string()))
        else {
            continue;
        };
        for mode in [Mode::Strict, Mode::Lenient] {
            for owner in [None, Some("1".to_owned())] {
                let options =
                    Options { http_writer: call.http_writer == Some(true), owner, ..Options::default() };
                compared += 1;
                if same_answer_as(kind, mode, &text, &options) {
                    clean += 1;
                }
            }
        }
    }
    assert!(compared >= 400 && clean >= 100, "compared {compared}, clean {clean}");
}

#[test]
fn both_readings_agree_on_the_bench_shapes_of_every_kind() {
    // The same few documents, read as each kind the borrowed reader serves.
    let texts = [
        r#"{"kind":"human","id":"1"}"#,
        r#"{"kind":"agent","id":"a","on_behalf_of":"1","extra":[1,2,{"k":null}]}"#,
        r#"{"kind":"pr","url":"https://github.com/o/r/pull/1","title":"t","created_at":1.5e3}"#,
        r#"{"id":"e","sourceKind":"session","sourceRef":"s","eventType":"note","principal":{"kind":"human","id":"1"},"createdAt":1}"#,
        r#"{"kind":"log_url","url":"https://user:hunter2hunter2@example.com/x"}"#,
        r#"[]"#,
        r#""text""#,
        r#"{"kind":7}"#,
    ];
    for kind in ["event_create", "event_row", "principal", "artifact_ref"] {
        let kind = DocumentKind::from_name(kind).unwrap();
        for t in texts {
            for mode in [Mode::Strict, Mode::Lenient] {
                same_answer_as(kind, mode, t, &Options::default());
            }
        }
    }
}

#[test]
fn both_readings_agree_on_tricky_texts() {
    let head = r#"{"source_kind":"session","source_ref":"s","event_type":"note","principal":{"kind":"human","id":"1"}"#;
    let with = |rest: &str| format!("{head},{rest}}}");
    let texts = [
        with(r#""summary":"tab\there \u00e9 \"q\"""#),
        with(r#""payload_json":{"a":1.0,"b":-0,"c":1e21,"d":"\u0001\u001f\/"}"#),
        with(&format!(r#""payload_json":"{}""#, "\\u00e9".repeat(16_383))),
        with(&format!(r#""payload_json":"{}""#, "\\u00e9".repeat(16_384))),
        with(r#""payload_json":{"k":1,"k":2}"#),
        with(r#""payload_json":{"\u006b":1,"k":2}"#),
        with(r#""payload_json":{"x":"\ud83d\ude00"}"#),
        with(r#""payload_json":{"a":[{"b":{}},{"b":{}}]}"#),
        with(&format!(r#""payload_json":{}{}"#, "[".repeat(63), "]".repeat(63))),
        with(&format!(r#""payload_json":{}{}"#, "[".repeat(64), "]".repeat(64))),
        with(r#""tags":["a","\u00e9"], "confidence": 1E2"#),
        with(r#""payload_json":{"lone":"\ud800"}"#),
        with(r#""payload_json":{"big":1e400,"small":1e-400,"int":123456789012345678901234567890}"#),
        with(r#""payload_json":{"neg":-0,"neg2":-0.0,"exp":-1.5E-3}"#),
        with("\"summary\":\"raw\u{1}control\""),
        with(
            r#""payload_json":{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k3":0}"#,
        ),
        with(r#""summary":"token=ghp_0123456789abcdefghijABCDEFGHIJ012345 \u0041""#),
        // A line's value with symbols, cut short in the text by the string's
        // closing quote, runs to the end of the string alone.
        with(r#""summary":"telegram0aAAA0AA:%a0AAaAaaa0ABBCD""#),
        with(r#""payload_json":{"telegram0aAAA0AA:%a0AAaAaaa0ABBCD":"password"}"#),
        format!("{} x", with("")),
        with(r#""principal":{"kind":"human","id":"2"}"#),
        format!("  {}  ", with(r#""summary":"" "#)),
        with(r#""event_type":"work_ad","payload_json":{"status":"done","status":"stale"}"#),
        with(r#""event_type":"work_ad","payload_json":{"status":"d\u006fne"}"#),
        with(r#""event_type":"work_ad","payload_json":{"status":7}"#),
        with(r#""event_type":"work_ad","payload_json":{"status":"done","project":7}"#),
        with(r#""event_type":"work_ad","payload_json":{"status":"done","confidence":"high"}"#),
        with(r#""event_type":"work_ad","payload_json":{"status":"done","confidence":-0.5,"agent":null}"#),
        with(r#""event_type":"work_ad","payload_json":{"x":{"status":"done"}}"#),
        with(r#""event_type":"work_ad","payload_json":[{"status":"done"}]"#),
        with(r#""event_type":"work_ad","payload_json":{ "status" : "stale" }"#),
        with(
            r#""event_type":"work_ad","payload_json":{"status":"done"},"provenance":"AGENT_NOTIFY_SUMMARY""#,
        ),
        with(
            r#""event_type":"handoff_receipt","related_event_id":"h","payload_json":{"status":"completed","checks":[{"command":"t","exit_code":0,"passed":true,"output_ref":{"kind":"log_url","locality":{}}}]}"#,
        ),
    ];
    for t in &texts {
        same_answer(t, false);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    /// A value for a field: mostly plausible, sometimes wrong in a way a
    /// rule notices.
    fn field_value() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(json!("session")),
            Just(json!("")),
            Just(json!(null)),
            Just(json!(1.5)),
            Just(json!("x".repeat(300))),
            Just(json!(["a", ""])),
            Just(json!({"status": "done", "project": null})),
            Just(json!({"status": "stale"})),
            Just(json!({"intent": "i", "instructions": "do", "constraints": [],
                        "confirmation": {"principal": {"kind": "human", "id": "1"}, "source": "human_approved_peer_tool"}})),
            Just(
                json!({"status": "completed", "checks": [{"command": "t", "exit_code": 0, "passed": true}]})
            ),
            Just(json!([{"kind": "url", "url": "https://e.com"}])),
            Just(json!({"kind": "agent", "id": "a", "on_behalf_of": "1"})),
            "\\PC{0,8}".prop_map(Value::String),
        ]
    }

    const KEYS: &[&str] = &[
        "sink_kind",
        "sink_ref",
        "event_type",
        "summary",
        "payload_json",
        "artifact_refs",
        "tags",
        "related_session_id",
        "related_event_id",
        "provenance",
        "idempotency_key",
        "confidence",
        "severity",
        "expires_at",
        "principal",
        "colour",
    ];

    proptest! {
        #[test]
        fn both_readings_agree_on_generated_creates(
            fields in prop::collection::vec((0..KEYS.len(), field_value()), 0..8),
            event_type in prop::sample::select(vec!["note", "work_ad", "handoff", "handoff_receipt"]),
            http in any::<bool>(),
        ) {
            let mut doc = json!({"source_kind": "session", "source_ref": "s", "event_type": event_type,
                                 "principal": {"kind": "human", "id": "1"}});
            for (k, v) in fields {
                doc[KEYS[k]] = v;
            }
            super::same_answer(&doc.to_string(), http);
        }
    }

    /// A piece of a string: the makings of secrets, assignments, URLs and
    /// escapes, and plain or random words.
    fn fragment() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec![
                "password",
                "passwd",
                "api_key",
                "public_key",
                "token",
                "secret",
                "auth",
                "pat",
                "key",
                "AWS_SECRET_ACCESS_KEY",
                "x-api-key",
                "Authorization",
                "Bearer ",
                "curl -u ",
                "-----BEGIN",
                "https://",
                "://",
                "@",
                "?",
                "&",
                "#",
                "=",
                ":",
                ": ",
                " = ",
                "'",
                ",",
                " ",
                "-",
                "_",
                ".",
                "/",
                "%",
                "%3D",
                "%253A",
                "%40",
                "sk-",
                "sk-ant-",
                "ghp_",
                "xoxb-",
                "AKIA",
                "eyJ",
                "SG.",
                "hooks.slack.com/services/",
                "discord.com/api/webhooks/",
                "telegram",
                "private_key",
                "private_key_id",
                ":AA",
                "q~",
                "${X}",
                "changeme",
                "\u{e9}",
                "\u{202e}",
            ])
            .prop_map(str::to_owned),
            "[A-Za-z0-9]{8,48}",
            "[a-f0-9]{16,40}",
            "[A-Za-z0-9+/_-]{20,64}",
            "\\PC{0,6}".prop_map(|s| s.replace(['"', '\\'], "")),
        ]
    }

    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(fragment(), 1..5).prop_map(|parts| parts.concat())
    }

    fn document() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            text().prop_map(Value::String),
            prop::collection::vec(text().prop_map(Value::String), 0..3).prop_map(Value::Array),
            Just(json!(1)),
        ];
        let inner = prop::collection::vec((text(), leaf.clone()), 0..3)
            .prop_map(|kv| Value::Object(kv.into_iter().collect()));
        prop::collection::vec((text(), prop_oneof![leaf, inner]), 1..5)
            .prop_map(|kv| Value::Object(kv.into_iter().collect()))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        /// The premise both paths build on: where the scan of a document's
        /// whole text (with no escape) finds nothing, the scan of each
        /// string and key finds nothing either.
        #[test]
        fn a_clean_text_has_only_clean_strings(doc in document()) {
            let text = doc.to_string();
            if hapi_a2a_core::secrets::none_in_json_text(&text, text.contains('\\')) {
                let found = hapi_a2a_core::secrets::scan_strings(&doc, &hapi_a2a_core::Pointer::root());
                prop_assert!(found.is_empty(), "{text} hides {found:?}");
            }
        }
    }
}
