//! `event_create` in strict mode gives upstream's verdict: what
//! `WorkGraphEventCreateSchema` plus `isPrincipalAccountable` (and, for HTTP
//! writers, the reserved-provenance check of the route) accepts, we accept;
//! what it refuses, we refuse. The verdicts below are derived from the
//! upstream field rules (type, `null`, empty string, cap of each field), not
//! from this crate.
//!
//! Every principal here resolves to the hub owner `1`, so the route's
//! owner check (which needs the authenticated id) never decides.
//!
//! Documented deviations (this crate refuses or accepts on purpose, each
//! with its own code; see the `event` module docs):
//! - `Utf16`: string caps count code points; zod ≤ 4.4 counted UTF-16 units.
//! - `Depth`: nesting deeper than 64 is refused (`parse/too-deep`).
//! - `Infinity`: `1e400` is refused (`parse/number-out-of-range`); upstream
//!   reads `Infinity`, which `JSON.stringify` prints as `null` in a payload.
//! - `LoneSurrogate`: refused (`parse/lone-surrogate`).
//! - `DuplicateKey`: refused in strict mode (`parse/duplicate-key`).
//! - `TypedPayload`: `work_ad` / `handoff` / `handoff_receipt` payload and
//!   event-level rules upstream does not have.
//!
//! Under the `upstream` profile only `Utf16` stays: it follows zod 4.6.7,
//! which counts code points (`docs/profiles.md`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use hapi_a2a_core::Mode;
use hapi_a2a_core::validate::{DocumentKind, Options, Profile, validate_text};
use serde_json::{Value, json};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Deviation {
    Utf16,
    Depth,
    Infinity,
    LoneSurrogate,
    DuplicateKey,
    TypedPayload,
}

use Deviation::*;

struct Case {
    name: &'static str,
    text: String,
    http_writer: bool,
    upstream_accepts: bool,
    deviation: Option<Deviation>,
}

fn base() -> Value {
    json!({"source_kind":"session","source_ref":"s-1","event_type":"note","principal":{"kind":"human","id":"1"}})
}

fn with(pairs: &[(&str, Value)]) -> String {
    let mut v = base();
    for (k, val) in pairs {
        if val == &json!("__remove__") {
            v.as_object_mut().unwrap().remove(*k);
        } else {
            v[*k] = val.clone();
        }
    }
    v.to_string()
}

fn ok(name: &'static str, text: String) -> Case {
    Case { name, text, http_writer: false, upstream_accepts: true, deviation: None }
}

fn no(name: &'static str, text: String) -> Case {
    Case { name, text, http_writer: false, upstream_accepts: false, deviation: None }
}

fn dev(mut c: Case, d: Deviation) -> Case {
    c.deviation = Some(d);
    c
}

fn http(mut c: Case) -> Case {
    c.http_writer = true;
    c
}

fn cases() -> Vec<Case> {
    let e = "😀";
    let gone = json!("__remove__");
    let agent = json!({"kind":"agent","id":"session:s-1","on_behalf_of":"1"});
    vec![
        ok("minimal body", with(&[])),
        no("source_kind missing", with(&[("source_kind", gone.clone())])),
        no("source_ref missing", with(&[("source_ref", gone.clone())])),
        no("event_type missing", with(&[("event_type", gone.clone())])),
        no("principal missing", with(&[("principal", gone.clone())])),
        no("source_kind empty", with(&[("source_kind", json!(""))])),
        ok("source_kind 128", with(&[("source_kind", json!("k".repeat(128)))])),
        no("source_kind 129", with(&[("source_kind", json!("k".repeat(129)))])),
        no("source_kind number", with(&[("source_kind", json!(1))])),
        no("source_ref empty", with(&[("source_ref", json!(""))])),
        ok("source_ref 8192", with(&[("source_ref", json!("r".repeat(8192)))])),
        no("source_ref 8193", with(&[("source_ref", json!("r".repeat(8193)))])),
        no("sink_kind empty", with(&[("sink_kind", json!(""))])),
        no("sink_kind null", with(&[("sink_kind", Value::Null)])),
        ok("sink_kind session", with(&[("sink_kind", json!("session"))])),
        no("sink_ref null", with(&[("sink_ref", Value::Null)])),
        no("sink_ref empty", with(&[("sink_ref", json!(""))])),
        ok("event_type open vocabulary", with(&[("event_type", json!("whatever"))])),
        no("event_type empty", with(&[("event_type", json!(""))])),
        no("event_type 129", with(&[("event_type", json!("t".repeat(129)))])),
        ok("summary empty", with(&[("summary", json!(""))])),
        no("summary null", with(&[("summary", Value::Null)])),
        ok("summary 2048", with(&[("summary", json!("s".repeat(2048)))])),
        no("summary 2049", with(&[("summary", json!("s".repeat(2049)))])),
        dev(no("summary 1500 emoji (3000 UTF-16 units)", with(&[("summary", json!(e.repeat(1500)))])), Utf16),
        no("summary 2049 emoji", with(&[("summary", json!(e.repeat(2049)))])),
        ok("summary 1024 emoji (2048 UTF-16 units)", with(&[("summary", json!(e.repeat(1024)))])),
        ok("payload null", with(&[("payload_json", Value::Null)])),
        ok("payload string", with(&[("payload_json", json!("text"))])),
        ok("payload array", with(&[("payload_json", json!([1, 2, 3]))])),
        ok("payload 32768 bytes", with(&[("payload_json", json!("x".repeat(32_766)))])),
        no("payload 32769 bytes", with(&[("payload_json", json!("x".repeat(32_767)))])),
        ok(
            "payload at cap with a whole float",
            format!(
                r#"{{"source_kind":"session","source_ref":"s-1","event_type":"note","principal":{{"kind":"human","id":"1"}},"payload_json":{{"n":1.0,"s":"{}"}}}}"#,
                "x".repeat(32_754)
            ),
        ),
        no("payload over cap by escapes", with(&[("payload_json", json!("\u{1}".repeat(5462)))])),
        ok("artifact refs 32", with(&[("artifact_refs", json!(vec![json!({"kind":"url"}); 32]))])),
        no("artifact refs 33", with(&[("artifact_refs", json!(vec![json!({"kind":"url"}); 33]))])),
        no("artifact ref url null", with(&[("artifact_refs", json!([{"kind":"url","url":null}]))])),
        ok("artifact ref ref null", with(&[("artifact_refs", json!([{"kind":"commit","ref":null}]))])),
        ok(
            "artifact ref passthrough keys",
            with(&[("artifact_refs", json!([{"kind":"file_path","locality":{"machine_id":"m"}}]))]),
        ),
        no("artifact ref kind empty", with(&[("artifact_refs", json!([{"kind":""}]))])),
        no(
            "artifact ref title 513",
            with(&[("artifact_refs", json!([{"kind":"url","title":"t".repeat(513)}]))]),
        ),
        no(
            "artifact ref source 129",
            with(&[("artifact_refs", json!([{"kind":"url","source":"s".repeat(129)}]))]),
        ),
        no(
            "artifact ref created_at string",
            with(&[("artifact_refs", json!([{"kind":"url","created_at":"x"}]))]),
        ),
        ok("artifact ref url empty", with(&[("artifact_refs", json!([{"kind":"url","url":""}]))])),
        ok("tags empty string", with(&[("tags", json!([""]))])),
        ok("tags 32", with(&[("tags", json!(vec!["t"; 32]))])),
        no("tags 33", with(&[("tags", json!(vec!["t"; 33]))])),
        no("tag 257", with(&[("tags", json!(["t".repeat(257)]))])),
        no("tag null", with(&[("tags", json!([null]))])),
        no("related_session_id empty", with(&[("related_session_id", json!(""))])),
        ok("related_session_id 256", with(&[("related_session_id", json!("s".repeat(256)))])),
        no("related_event_id 257", with(&[("related_event_id", json!("e".repeat(257)))])),
        ok("provenance empty", with(&[("provenance", json!(""))])),
        no("provenance 513", with(&[("provenance", json!("p".repeat(513)))])),
        ok("reserved provenance from the hub", with(&[("provenance", json!("AGENT_NOTIFY_SUMMARY"))])),
        http(no("reserved provenance over HTTP", with(&[("provenance", json!("AGENT_NOTIFY_SUMMARY"))]))),
        http(ok(
            "reserved provenance is case-sensitive",
            with(&[("provenance", json!("Agent_Notify_Summary"))]),
        )),
        no("idempotency_key empty", with(&[("idempotency_key", json!(""))])),
        ok("idempotency_key 512", with(&[("idempotency_key", json!("k".repeat(512)))])),
        no("dedupe_key 513", with(&[("dedupe_key", json!("d".repeat(513)))])),
        ok("confidence 5", with(&[("confidence", json!(5))])),
        ok("confidence negative", with(&[("confidence", json!(-0.5))])),
        no("confidence string", with(&[("confidence", json!("0.5"))])),
        no("confidence null", with(&[("confidence", Value::Null)])),
        no("confidence 1e400 (Infinity)", with(&[]).replacen('{', r#"{"confidence":1e400,"#, 1)),
        ok("severity empty", with(&[("severity", json!(""))])),
        no("severity 65", with(&[("severity", json!("s".repeat(65)))])),
        no("severity number", with(&[("severity", json!(3))])),
        ok("expires_at negative float", with(&[("expires_at", json!(-1.5))])),
        no("expires_at string", with(&[("expires_at", json!("2026-01-01"))])),
        ok("agent with owner", with(&[("principal", agent.clone())])),
        ok(
            "service with owner",
            with(&[("principal", json!({"kind":"service","id":"ci","on_behalf_of":"1"}))]),
        ),
        no("agent without owner", with(&[("principal", json!({"kind":"agent","id":"a"}))])),
        no(
            "agent with blank owner",
            with(&[("principal", json!({"kind":"agent","id":"a","on_behalf_of":"  "}))]),
        ),
        no(
            "agent with empty owner",
            with(&[("principal", json!({"kind":"agent","id":"a","on_behalf_of":""}))]),
        ),
        no("human with blank id", with(&[("principal", json!({"kind":"human","id":" "}))])),
        no("human with numeric id", with(&[("principal", json!({"kind":"human","id":1}))])),
        ok(
            "human with an owner (stripped)",
            with(&[("principal", json!({"kind":"human","id":"1","on_behalf_of":7}))]),
        ),
        no("unknown principal kind", with(&[("principal", json!({"kind":"robot","id":"1"}))])),
        no("principal id 257", with(&[("principal", json!({"kind":"human","id":"1".repeat(257)}))])),
        ok(
            "unknown top-level keys (stripped)",
            with(&[("colour", json!("blue")), ("id", json!("x")), ("ts", json!(1))]),
        ),
        no("body is an array", "[]".to_owned()),
        no("body is not JSON", "{".to_owned()),
        dev(
            ok(
                "payload nested 70 deep",
                with(&[]).replacen(
                    '{',
                    &format!(r#"{{"payload_json":{}{},"#, "[".repeat(70), "]".repeat(70)),
                    1,
                ),
            ),
            Depth,
        ),
        dev(
            ok("payload holding 1e400", with(&[]).replacen('{', r#"{"payload_json":{"x":1e400},"#, 1)),
            Infinity,
        ),
        dev(
            ok("summary with a lone surrogate", with(&[]).replacen('{', r#"{"summary":"\ud800","#, 1)),
            LoneSurrogate,
        ),
        dev(
            ok("duplicate key", with(&[]).replacen('{', r#"{"summary":"a","summary":"b","#, 1)),
            DuplicateKey,
        ),
        dev(
            ok(
                "work_ad self-reporting stale",
                with(&[("event_type", json!("work_ad")), ("payload_json", json!({"status":"stale"}))]),
            ),
            TypedPayload,
        ),
        dev(ok("work_ad without payload", with(&[("event_type", json!("work_ad"))])), TypedPayload),
        ok(
            "work_ad with a v1 status",
            with(&[("event_type", json!("work_ad")), ("payload_json", json!({"status":"done"}))]),
        ),
        dev(
            ok(
                "handoff without sink_ref",
                with(&[("event_type", json!("handoff")), ("payload_json", json!({}))]),
            ),
            TypedPayload,
        ),
        dev(
            ok(
                "receipt with inline stdout",
                with(&[
                    ("event_type", json!("handoff_receipt")),
                    ("related_event_id", json!("h")),
                    (
                        "payload_json",
                        json!({"status":"completed","checks":[{"command":"t","exit_code":0,"passed":true,"stdout":"ok"}]}),
                    ),
                ]),
            ),
            TypedPayload,
        ),
    ]
}

#[test]
fn strict_event_create_gives_upstream_verdicts_except_documented_deviations() {
    let cases = cases();
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    let mut wrong = Vec::new();
    for c in &cases {
        let options = Options { http_writer: c.http_writer, ..Options::default() };
        let ours = validate_text(DocumentKind::EventCreate, Mode::Strict, &c.text, &options).valid;
        let expected = if c.deviation.is_some() { !c.upstream_accepts } else { c.upstream_accepts };
        if ours != expected {
            wrong.push(format!(
                "{}: upstream accepts {}, we accept {ours} ({:?})",
                c.name, c.upstream_accepts, c.deviation
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn deviations_only_cover_the_documented_kinds() {
    let kinds: Vec<Deviation> = cases().iter().filter_map(|c| c.deviation).collect();
    for d in [Utf16, Depth, Infinity, LoneSurrogate, DuplicateKey, TypedPayload] {
        assert!(kinds.contains(&d), "no case for {d:?}");
    }
}

#[test]
fn the_upstream_profile_gives_upstream_verdicts_in_either_mode() {
    let mut wrong = Vec::new();
    for c in &cases() {
        let options = Options {
            http_writer: c.http_writer,
            owner: Some("1".to_owned()),
            profile: Profile::Upstream,
            ..Options::default()
        };
        // zod 4.6.7 counts code points: the one deviation the profile keeps.
        let expected = if c.deviation == Some(Utf16) { !c.upstream_accepts } else { c.upstream_accepts };
        for mode in [Mode::Strict, Mode::Lenient] {
            let ours = validate_text(DocumentKind::EventCreate, mode, &c.text, &options).valid;
            if ours != expected {
                wrong.push(format!(
                    "{} ({mode:?}): upstream accepts {}, we accept {ours}",
                    c.name, c.upstream_accepts
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
