//! Wire types and typed functions of the rendering ops: `project.handoff`,
//! `notice.receipt`, `peer.meta`, `peer.annotate` and `peer.badge`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::error::CallError;
use crate::locality::Endpoint;
use crate::notice::{self, NoticeKind};
use crate::peer::{self, Placement};
use crate::project;

// ---------------------------------------------------------------- peer.meta

/// `peer.meta`: what the hub authenticated, and the request body.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerMetaCall {
    /// The source session id the hub authenticated (the peer-messages
    /// route's path id); absent for an unattributed peer delivery.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub authenticated_source_session_id: Option<String>,
    /// The hub's snapshot of the source session's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_name: Option<String>,
    /// The request body as the client sent it (never authoritative for the source).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub body: Value,
}

/// The meta the hub stores on the delivered user message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerMetaAnswer {
    /// `{sentFrom:"peer", deliveryMode?, peer?:{sourceSessionId, sourceName?}}`.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub meta: Value,
    /// A `peer/body-field-ignored` warning for each source claim in the body.
    pub diagnostics: Vec<Diagnostic>,
}

/// `peer.meta`: derives the stored meta from the authenticated source only.
pub fn peer_meta(call: &PeerMetaCall) -> Result<PeerMetaAnswer, CallError> {
    let derived = peer::derive_meta(
        call.authenticated_source_session_id.as_deref(),
        call.source_name.as_deref(),
        &call.body,
    )?;
    Ok(PeerMetaAnswer { meta: derived.meta, diagnostics: derived.diagnostics })
}

// ---------------------------------------------------------------- peer.annotate

/// `peer.annotate`: a stored message meta and the message text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerAnnotateCall {
    /// The message's `meta` (any JSON; only `sentFrom:"peer"` annotates).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub meta: Value,
    /// The message text, kept literal.
    pub text: String,
    /// `prefix` (the default) or `suffix`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub placement: Option<Placement>,
}

/// The text the receiving agent sees.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerAnnotateAnswer {
    /// The text with upstream's `From:` provenance line(s).
    pub text: String,
}

/// `peer.annotate`: upstream's provenance lines for the receiving agent.
pub fn peer_annotate(call: &PeerAnnotateCall) -> PeerAnnotateAnswer {
    PeerAnnotateAnswer { text: peer::annotate(&call.meta, &call.text, call.placement.unwrap_or_default()) }
}

// ---------------------------------------------------------------- peer.badge

/// `peer.badge`: a stored message meta and what the webapp knows of the source.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerBadgeCall {
    /// The message's `meta`.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub meta: Value,
    /// The source session's title in the live session list, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_title: Option<String>,
    /// Whether the source session is in the live session list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_listed: Option<bool>,
}

/// The sender chip, exactly as the webapp renders it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerBadgeAnswer {
    /// `@<title>`, `@<first 8 of id>` or `@peer`.
    pub label: String,
    /// The hover text (lines joined with `\n`).
    pub tooltip: String,
    /// Whether the hub named the source session.
    pub attributed: bool,
    /// Whether the chip links to the source session.
    pub navigable: bool,
    /// The link, when navigable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub href: Option<String>,
}

/// `peer.badge`: the webapp's sender chip for a peer message.
pub fn peer_badge(call: &PeerBadgeCall) -> Result<PeerBadgeAnswer, CallError> {
    let b = peer::badge(&call.meta, call.source_title.as_deref(), call.source_listed)?;
    Ok(PeerBadgeAnswer {
        label: b.label,
        tooltip: b.tooltip,
        attributed: b.attributed,
        navigable: b.navigable,
        href: b.href,
    })
}

// ---------------------------------------------------------------- notice.receipt

/// `notice.receipt`: the handoff and, when there is one, its receipt.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NoticeReceiptCall {
    /// The handoff's event row (`eventType` `handoff`).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub handoff: Value,
    /// The receipt's event row (`eventType` `handoff_receipt`, `relatedEventId`
    /// naming the handoff); absent for a timeout notice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub receipt: Option<Value>,
    /// A timeout notice for this handoff already went out (the receipt is late).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub timeout_notice_sent: Option<bool>,
    /// The time of a timeout notice, in ms since the epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub now: Option<f64>,
}

/// The notice the source session gets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NoticeReceiptAnswer {
    /// `receipt`, `late_receipt` or `timeout`.
    pub kind: NoticeKind,
    /// The handoff's `notify_source` (only an explicit `false` turns it off).
    pub notify_source: bool,
    /// The notice text; `null` when `notifySource` is false (nothing is sent).
    pub text: Option<String>,
}

/// `notice.receipt`: renders the notice for a resolved, late or timed-out handoff.
pub fn notice_receipt(call: &NoticeReceiptCall) -> Result<NoticeReceiptAnswer, CallError> {
    let n = notice::render(
        &call.handoff,
        call.receipt.as_ref(),
        call.timeout_notice_sent == Some(true),
        call.now,
    )?;
    Ok(NoticeReceiptAnswer { kind: n.kind, notify_source: n.notify_source, text: n.text })
}

// ---------------------------------------------------------------- project.handoff

/// `project.handoff`: a stored handoff row and where the worker runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProjectHandoffCall {
    /// The handoff's event row (camelCase top level, `payloadJson` verbatim).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub event: Value,
    /// The hub handle to print (default `/api/work-graph/events/<id>`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub handle: Option<String>,
    /// Where the worker (the sink) runs; without it refs are not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sink: Option<Endpoint>,
    /// Where the requester (the source) runs, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source: Option<Endpoint>,
}

/// The message the worker reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProjectHandoffAnswer {
    /// The rendered projection.
    pub text: String,
    /// The projection's own format version (independent of storage).
    pub format_version: String,
}

/// `project.handoff`: the worker-facing projection of a handoff.
pub fn project_handoff(call: &ProjectHandoffCall) -> Result<ProjectHandoffAnswer, CallError> {
    let text =
        project::render(&call.event, call.handle.as_deref(), call.sink.as_ref(), call.source.as_ref())?;
    Ok(ProjectHandoffAnswer { text, format_version: project::FORMAT_VERSION.to_owned() })
}

/// Trojan Source: bidi, invisible and control characters put into every
/// string a renderer reads come out shown (`<U+XXXX>`), never obeyed.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod trojan_source {
    use serde_json::Value;

    use crate::sanitize::is_neutralized;

    /// Bidi embeddings, overrides, isolates and marks; zero-width and other
    /// invisible characters; tag characters; line separators; C0 and C1
    /// controls.
    const SAMPLES: &[&str] = &[
        "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}",
        "\u{2066}\u{2067}\u{2068}\u{2069}",
        "\u{200E}\u{200F}\u{061C}",
        "\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}\u{00AD}\u{180E}",
        "\u{E0001}\u{E0041}\u{E007F}",
        "\u{2028}\u{2029}",
        "\u{0}\u{1B}[31m\u{7F}\u{85}\u{9B}\r",
    ];

    /// Where each renderer writes text a person or an agent reads.
    const RENDERED: &[(&str, &[&str])] = &[
        ("project.handoff", &["text"]),
        ("notice.receipt", &["text"]),
        ("peer.badge", &["label", "tooltip", "href"]),
        ("peer.annotate", &["text"]),
        ("artifact.locality", &["reason", "identity"]),
    ];

    /// Every string leaf of `v`, as a path of keys and indexes.
    fn string_paths(v: &Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        match v {
            Value::String(_) => out.push(at.clone()),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    at.push(i.to_string());
                    string_paths(item, at, out);
                    at.pop();
                }
            }
            Value::Object(map) => {
                for (k, item) in map {
                    at.push(k.clone());
                    string_paths(item, at, out);
                    at.pop();
                }
            }
            _ => {}
        }
    }

    fn leaf<'v>(v: &'v mut Value, path: &[String]) -> Option<&'v mut Value> {
        path.iter().try_fold(v, |v, k| match v {
            Value::Array(items) => items.get_mut(k.parse::<usize>().ok()?),
            Value::Object(map) => map.get_mut(k),
            _ => None,
        })
    }

    #[test]
    fn every_rendered_string_shows_what_it_would_obey() {
        let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
        let mut rendered = 0;
        for (op, fields) in RENDERED {
            let mut entries: Vec<_> = std::fs::read_dir(golden.join(op)).unwrap().flatten().collect();
            entries.sort_by_key(|e| e.file_name());
            for entry in entries {
                let name = entry.file_name().to_string_lossy().into_owned();
                if !name.ends_with(".call.json") {
                    continue;
                }
                let Ok(call) = serde_json::from_str::<Value>(&std::fs::read_to_string(entry.path()).unwrap())
                else {
                    continue;
                };
                let mut paths = Vec::new();
                string_paths(&call, &mut Vec::new(), &mut paths);
                for path in &paths {
                    // The message text of `peer.annotate` is the message
                    // itself, kept literal by design; its provenance line
                    // is what this crate renders.
                    if *op == "peer.annotate" && path == &["text"] {
                        continue;
                    }
                    {
                        let sample = &SAMPLES.concat();
                        let mut poisoned = call.clone();
                        let Some(Value::String(s)) = leaf(&mut poisoned, path) else { continue };
                        let middle = s.char_indices().nth(s.chars().count() / 2).map_or(s.len(), |(i, _)| i);
                        s.insert_str(middle, sample);
                        s.push_str(sample);
                        if *op == "peer.annotate" {
                            poisoned["text"] = Value::from("");
                        }
                        let answer: Value =
                            serde_json::from_str(&crate::api::call(op, &poisoned.to_string())).unwrap();
                        for field in *fields {
                            let Some(text) = answer.get(field).and_then(Value::as_str) else { continue };
                            rendered += 1;
                            let obeyed: Vec<String> = text
                                .chars()
                                .filter(|c| is_neutralized(*c))
                                .map(|c| format!("U+{:04X}", c as u32))
                                .collect();
                            assert!(
                                obeyed.is_empty(),
                                "{op}/{name} with {sample:?} at /{}: `{field}` passes {obeyed:?} on:\n{text}",
                                path.join("/")
                            );
                        }
                    }
                }
            }
        }
        assert!(rendered > 1000, "only {rendered} rendered strings were checked");
    }
}

#[cfg(test)]
mod caps {
    use serde_json::{Value, json};

    fn answer(op: &str, call: &Value) -> Value {
        serde_json::from_str(&crate::api::call(op, &call.to_string())).unwrap_or(Value::Null)
    }

    fn chars(v: &Value) -> usize {
        v.as_str().map_or(0, |s| s.chars().count())
    }

    #[test]
    fn badge_strings_are_capped_whatever_the_meta_holds() {
        // The worst case: every character neutralised to nine (a tag
        // character's `<U+E0041>`), the documented caps reached exactly.
        let worst = "\u{E0041}".repeat(100_000);
        let call = json!({"meta": {"sentFrom": "peer", "peer": {"sourceSessionId": worst, "sourceName": worst}},
            "sourceListed": true});
        let a = answer("peer.badge", &call);
        assert_eq!(a["type"], "success");
        assert_eq!(chars(&a["label"]), 2297);
        assert_eq!(chars(&a["tooltip"]), 3512);
        assert!(a["label"].as_str().is_some_and(|l| l.ends_with('…')));
        // An id no hub could store names no session: no link.
        assert_eq!(a["navigable"], false);
        assert_eq!(a.get("href"), None);
        let listed = json!({"meta": {"sentFrom": "peer", "peer": {"sourceSessionId": "\u{1F600}".repeat(128)}},
            "sourceListed": true});
        let a = answer("peer.badge", &listed);
        assert!(a["href"].as_str().is_some_and(|h| h.len() <= 1546));
        let long = "x".repeat(100_000);
        let a = answer(
            "peer.badge",
            &json!({"meta": {"sentFrom": "peer", "peer": {"sourceSessionId": "s"}},
            "sourceTitle": long}),
        );
        assert_eq!(chars(&a["label"]), 1 + 255 + 1);
    }

    #[test]
    fn the_provenance_line_is_capped_too() {
        let call = json!({"meta": {"sentFrom": "peer", "peer": {"sourceSessionId": "s".repeat(1000),
            "sourceName": "n".repeat(100_000)}}, "text": ""});
        let a = answer("peer.annotate", &call);
        let text = a["text"].as_str().unwrap_or_default();
        assert_eq!(text, format!("From: /sessions/{}…\nName: {}…", "s".repeat(128), "n".repeat(255)));
        // Every character neutralised to nine: the documented cap, exactly.
        let worst = "\u{E0041}".repeat(1000);
        let call = json!({"meta": {"sentFrom": "peer", "peer": {"sourceSessionId": worst, "sourceName": worst}},
            "text": ""});
        assert_eq!(chars(&answer("peer.annotate", &call)["text"]), 3472);
    }
}
