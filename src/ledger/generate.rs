//! Deterministic synthetic ledgers for benchmarks (native and wasm): `n`
//! events and `n` links shaped like the hub's rows, with sessions,
//! projects, handoffs, receipts, retries and chained work ads. No
//! randomness: the same `n` always gives the same rows.

use serde_json::{Value, json};

/// A generated ledger.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// Event rows (camelCase top level).
    pub events: Vec<Value>,
    /// Link rows.
    pub links: Vec<Value>,
    /// A `now` at which about half the work ads are stale.
    pub now: f64,
    /// A session with history, for a session query.
    pub session_id: String,
}

const BASE_TS: u64 = 1_785_000_000_000;
const NAMESPACE: &str = "ns-demo";

fn uuid(kind: u64, i: u64) -> String {
    let mix = (i ^ (kind << 60)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    format!("{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}", mix >> 32, (mix >> 16) & 0xffff, kind, i & 0xfff, i)
}

/// `n` events and `n` links: per session, a rolling pattern of work ads
/// (chained by `follows`), handoffs to the next session and receipts
/// (`resolves`); every eighth handoff retries the previous one.
pub fn generate_demo_ledger(n: usize) -> Generated {
    let mut events = Vec::with_capacity(n);
    let mut links = Vec::with_capacity(n);
    let (now, session_id) = each_row(n, |e| events.push(e), |l| links.push(l));
    Generated { events, links, now, session_id }
}

/// The same ledger as [`generate_demo_ledger`], written straight to JSON
/// text (the events array and the links array) without holding the rows
/// as values: what a benchmark of the text path feeds in.
pub fn generate_demo_ledger_text(n: usize) -> GeneratedText {
    let mut events = String::from("[");
    let mut links = String::from("[");
    let push = |out: &mut String, row: Value| {
        if out.len() > 1 {
            out.push(',');
        }
        out.push_str(&row.to_string());
    };
    let (now, session_id) = each_row(n, |e| push(&mut events, e), |l| push(&mut links, l));
    events.push(']');
    links.push(']');
    GeneratedText { events, links, now, session_id }
}

/// A generated ledger as JSON text.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedText {
    /// The event rows, as one JSON array.
    pub events: String,
    /// The link rows, as one JSON array.
    pub links: String,
    /// As [`Generated::now`].
    pub now: f64,
    /// As [`Generated::session_id`].
    pub session_id: String,
}

fn each_row(n: usize, mut on_event: impl FnMut(Value), mut on_link: impl FnMut(Value)) -> (f64, String) {
    let sessions = (n / 100).max(4) as u64;
    let projects = ["alpha", "beta", "gamma", "delta"];
    let mut links_made = 0usize;
    let mut last_ad: Vec<Option<String>> = vec![None; sessions as usize];
    let mut last_handoff: Vec<Option<String>> = vec![None; sessions as usize];
    let mut handoffs = 0u64;
    let mut link_no = 0u64;
    let link = |from: &str, to: &str, rel: &str, no: u64, ts: u64| {
        json!({"id": uuid(9, no), "fromEventId": from, "toEventId": to, "relationType": rel,
               "createdAt": ts, "metadataJson": null, "namespace": NAMESPACE})
    };
    for i in 0..n as u64 {
        let s = i % sessions;
        let session = uuid(1, s);
        let sink = uuid(1, (s + 1) % sessions);
        let ts = BASE_TS + i * 1_000;
        let id = uuid(2, i);
        let project = projects.get((s % 4) as usize).copied().unwrap_or("alpha");
        let slot = s as usize;
        let principal = json!({"kind":"agent","id": format!("session:{session}"),"on_behalf_of":"4242"});
        let (event_type, sink_ref, payload, related_event) = match (i / sessions) % 4 {
            0 | 2 => {
                let status = ["in_progress", "blocked", "done", "needs_decision"]
                    .get(((i / sessions) % 4) as usize)
                    .copied()
                    .unwrap_or("unknown");
                let prev = last_ad.get_mut(slot).and_then(|p| p.replace(id.clone()));
                if let Some(prev) = &prev {
                    on_link(link(&id, prev, "follows", link_no, ts));
                    links_made += 1;
                    link_no += 1;
                }
                (
                    "work_ad",
                    Value::Null,
                    json!({"status": status, "project": project, "confidence": 0.8}),
                    prev,
                )
            }
            1 => {
                let prev = last_handoff.get_mut(slot).and_then(|p| p.replace(id.clone()));
                handoffs += 1;
                if handoffs.is_multiple_of(8)
                    && let Some(prev) = &prev
                {
                    on_link(link(&id, prev, "retries", link_no, ts));
                    links_made += 1;
                    link_no += 1;
                }
                let payload = json!({"intent":"review_and_test","instructions":"Run the suite and report.",
                    "constraints":["no_git_push"],"notify_source":true,"delivery_state":"delivered",
                    "project": project,
                    "confirmation":{"principal":{"kind":"human","id":"4242"},"source":"human_approved_peer_tool"}});
                ("handoff", Value::String(sink.clone()), payload, None)
            }
            _ => {
                let target = last_handoff.get(((s + sessions - 1) % sessions) as usize).cloned().flatten();
                if let Some(t) = &target {
                    on_link(link(&id, t, "resolves", link_no, ts));
                    links_made += 1;
                    link_no += 1;
                }
                let payload = json!({"status": if i % 3 == 0 { "incomplete" } else { "completed" },
                    "notes":"ok","checks":[{"command":"cargo test","exit_code":0,"passed":true,
                    "output_ref":{"kind":"log_url","url":"https://ci.example.com/log/1"}}]});
                ("handoff_receipt", Value::Null, payload, target)
            }
        };
        on_event(json!({
            "id": id, "ts": ts, "sourceKind": "session", "sourceRef": session,
            "sinkKind": if sink_ref.is_null() { Value::Null } else { json!("session") }, "sinkRef": sink_ref,
            "eventType": event_type, "summary": format!("{event_type} {i}"), "payloadJson": payload,
            "artifactRefs": [{"kind":"github_pr","url": format!("https://github.com/acme/app/pull/{}", i % 500)}],
            "tags": [format!("project:{project}")], "relatedSessionId": session, "relatedEventId": related_event,
            "provenance": null, "idempotencyKey": format!("gen:{i}"), "dedupeKey": null, "confidence": null,
            "severity": null, "expiresAt": ts + 3_600_000, "namespace": NAMESPACE, "principal": principal
        }));
    }
    let mut i = 0u64;
    while links_made < n && n > 1 {
        let from = uuid(2, (i % (n as u64 - 1)) + 1);
        let to = uuid(2, i % (n as u64 - 1));
        on_link(link(&from, &to, "follows", link_no, BASE_TS + i));
        links_made += 1;
        link_no += 1;
        i += 1;
    }
    ((BASE_TS + (n as u64) * 1_000 - 1_800_000) as f64, uuid(1, 0))
}

/// The shapes of ledger that once made `ledger.view` grow faster than its
/// input, for [`worst_case_call`]: chains of `retries` / `supersedes`
/// handoffs, a `delegated_authority` chain, many receipts of one handoff,
/// one receipt of many handoffs, many work ads of one session and one `ts`,
/// many events of one artifact, many links sharing one id.
pub const WORST_CASES: [&str; 8] =
    ["retries", "supersedes", "delegated", "receipts", "resolves", "ads", "artifact", "link-ids"];

/// A whole `ledger.view` call of `n` rows shaped as `case` (one of
/// [`WORST_CASES`]), or `None` for another name.
pub fn worst_case_call(case: &str, n: usize) -> Option<String> {
    let ev = |id: String, event_type: &str, extra: Value, payload: Value| -> Value {
        let mut row = json!({"id": id, "ts": 1000, "sourceKind": "session", "sourceRef": "S",
            "sinkKind": "session", "sinkRef": "T", "eventType": event_type, "summary": "x",
            "payloadJson": payload, "artifactRefs": [], "tags": [], "relatedSessionId": "S",
            "namespace": "ns", "principal": {"kind": "human", "id": "1"}});
        if let (Some(row), Some(extra)) = (row.as_object_mut(), extra.as_object()) {
            row.extend(extra.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        row
    };
    let ln = |i: usize, from: String, to: String, rel: &str| -> Value {
        json!({"id": format!("l{i}"), "fromEventId": from, "toEventId": to, "relationType": rel,
               "createdAt": 1, "namespace": "ns"})
    };
    let h = |i: usize| format!("h{i}");
    let none = || json!({});
    let mut query = json!({"by": "session", "sessionId": "S"});
    let (events, links): (Vec<Value>, Vec<Value>) = match case {
        "retries" | "supersedes" => (
            (0..n).map(|i| ev(h(i), "handoff", json!({"ts": 1000 + i}), none())).collect(),
            (1..n).map(|i| ln(i, h(i), h(i - 1), case)).collect(),
        ),
        "delegated" => (
            (0..n)
                .map(|i| {
                    let grant = if i == 0 {
                        json!({"source": "human"})
                    } else {
                        json!({"source": "delegated_authority", "granting_event_id": h(i - 1)})
                    };
                    let principal = json!({"principal": {"kind": "agent", "id": "a"}});
                    ev(
                        h(i),
                        "handoff",
                        principal,
                        json!({"intent": "x", "instructions": "y", "constraints": [], "confirmation": grant}),
                    )
                })
                .collect(),
            Vec::new(),
        ),
        "receipts" => {
            query = json!({"by": "handoff", "eventId": "h0"});
            let status = |i: usize| if i.is_multiple_of(2) { "completed" } else { "failed" };
            (
                std::iter::once(ev(h(0), "handoff", none(), none()))
                    .chain((0..n).map(|i| {
                        ev(format!("r{i}"), "handoff_receipt", none(), json!({"status": status(i)}))
                    }))
                    .collect(),
                (0..n).map(|i| ln(i, format!("r{i}"), h(0), "resolves")).collect(),
            )
        }
        "resolves" => (
            (0..n)
                .map(|i| ev(h(i), "handoff", none(), none()))
                .chain(std::iter::once(ev(
                    "r".to_owned(),
                    "handoff_receipt",
                    none(),
                    json!({"status": "completed"}),
                )))
                .collect(),
            (0..n).map(|i| ln(i, "r".to_owned(), h(i), "resolves")).collect(),
        ),
        "ads" => {
            query = json!({"by": "project", "project": "p"});
            (
                (0..n)
                    .map(|i| {
                        ev(format!("a{i}"), "work_ad", none(), json!({"status": "idle", "project": "p"}))
                    })
                    .collect(),
                Vec::new(),
            )
        }
        "artifact" => {
            let pr = json!({"kind": "github_pr", "ref": "o/r#1"});
            query = json!({"by": "artifact", "ref": pr});
            (
                (0..n).map(|i| ev(format!("e{i}"), "note", json!({"artifactRefs": [pr]}), none())).collect(),
                Vec::new(),
            )
        }
        "link-ids" => (
            (0..n).map(|i| ev(h(i), "handoff", none(), none())).collect(),
            (1..n).map(|i| ln(0, h(i - 1), h(i), "follows")).collect(),
        ),
        _ => return None,
    };
    let call = json!({"now": 2000, "query": query, "events": events, "links": links});
    Some(call.to_string())
}
