use serde_json::json;

use super::read::{CallText, read_call};
use super::*;
use crate::ledger::MAX_ROW_DEPTH;
use crate::ledger::generate::{self, generate_demo_ledger};

fn both_paths(text: &str) -> (Value, Value) {
    let generic = serde_json::from_str::<LedgerViewCall>(text)
        .map_err(|e| e.to_string())
        .and_then(|c| ledger_view(c).map_err(|e| e.to_string()));
    let fast = ledger_view_text(text).map(|r| r.map_err(|e| e.to_string()));
    (
        serde_json::to_value(generic.ok()).unwrap_or_default(),
        serde_json::to_value(fast.and_then(Result::ok)).unwrap_or_default(),
    )
}

#[test]
fn the_text_path_answers_exactly_as_the_value_path() {
    let g = generate_demo_ledger(400);
    for query in [
        json!({"by": "fleet"}),
        json!({"by": "session", "sessionId": g.session_id}),
        json!({"by": "project", "project": "alpha"}),
        json!({"by": "artifact", "ref": {"kind": "github_pr", "url": "https://github.com/acme/app/pull/7"}}),
    ] {
        let text = json!({"events": g.events, "links": g.links, "now": g.now, "query": query}).to_string();
        let (generic, fast) = both_paths(&text);
        assert!(!generic.is_null());
        assert_eq!(generic, fast);
    }
}

#[test]
fn the_text_path_reads_escaped_and_malformed_rows_like_the_value_path() {
    let text = r#"{"now":1,"query":{"by":"session","sessionId":"s\u0041"},
        "events":[{"id":"e\"1","ts":1,"namespace":"n","eventType":"work_ad","sourceRef":"sA",
                   "tags":["project:p\u00e9"],"payloadJson":{"status":"done","status":"failed"}},
                  {"id":"e2","ts":"x","namespace":"n","eventType":"work_ad","relatedSessionId":"sA","payloadJson":[1]},
                  17, {"id":"e3","id":"e4","ts":2,"namespace":"n","sourceRef":"sA"}],
        "links":[{"fromEventId":"e2","toEventId":"e\"1","relationType":"follows","namespace":"n"}, []]}"#;
    let (generic, fast) = both_paths(text);
    assert!(!fast.is_null());
    assert_eq!(generic, fast);
}

#[test]
fn a_call_the_text_path_cannot_read_falls_back() {
    assert!(ledger_view_text(r#"{"events":[],"now":1,"query":{"by":"fleet"},"now":2}"#).is_none());
    assert!(ledger_view_text(r#"{"events":[],"now":1,"query":{"by":"nope"}}"#).is_none());
}

/// `ledger.view` through the call text (the path the facade takes).
fn view_text(call: &str) -> Value {
    let CallText { ledger, query, now, .. } = read_call(call).unwrap();
    serde_json::to_value(ledger.view(&query, now).unwrap()).unwrap()
}

fn call_text(events: &[&str], links: &[&str], query: &str) -> String {
    format!(
        r#"{{"events":[{}],"links":[{}],"now":5,"query":{query},"namespace":"ns"}}"#,
        events.join(","),
        links.join(",")
    )
}

const GOOD_HANDOFF: &str = r#"{"id":"h","ts":1,"namespace":"ns","eventType":"handoff","sourceRef":"a","sinkRef":"b","payloadJson":{"delivery_state":"delivered"}}"#;

#[test]
fn a_row_no_parser_keeps_is_reported_at_its_field_and_left_out() {
    let deep = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
    let cases = [
        (r#""a\ud800b""#, "lone UTF-16 surrogate"),
        ("1e400", "beyond the range of a double"),
        (deep.as_str(), "deeper than a row may (126 levels)"),
    ];
    for (bad, what) in cases {
        let row = format!(
            r#"{{"id":"h2","ts":2,"namespace":"ns","eventType":"handoff","sourceRef":"a","payloadJson":{{"note":{bad}}}}}"#
        );
        let a = view_text(&call_text(&[GOOD_HANDOFF, &row], &[], r#"{"by":"handoff","eventId":"h2"}"#));
        assert_eq!(a["view"]["found"], false, "{what}");
        let d = a["diagnostics"].as_array().unwrap();
        let bad_row = d.iter().find(|d| d["code"] == "ledger/malformed-event").unwrap();
        assert_eq!(bad_row["instancePath"], "/events/1/payloadJson", "{what}");
        assert_eq!(bad_row["severity"], "error");
        assert!(bad_row["message"].as_str().unwrap().contains(what), "{bad_row}");
        // The good row beside it is read as ever.
        let a = view_text(&call_text(&[GOOD_HANDOFF, &row], &[], r#"{"by":"handoff","eventId":"h"}"#));
        assert_eq!(a["view"]["thread"]["handoff"]["id"], "h");
    }
}

#[test]
fn a_bad_row_alone_in_its_namespace_is_still_reported() {
    // The call names no namespace: the rows decide it.
    let call_text = |events: &[&str], links: &[&str], query: &str| {
        call_text(events, links, query).replace(r#","namespace":"ns"}"#, "}")
    };
    let bad = r#"{"id":"h1","ts":1,"namespace":"ns-1","eventType":"handoff","sourceRef":"a","payloadJson":{"n":1e400}}"#;
    let bad_link =
        r#"{"id":"l\ud800","namespace":"ns-1","fromEventId":"a","toEventId":"b","relationType":"resolves"}"#;
    for query in [
        r#"{"by":"handoff","eventId":"h1"}"#,
        r#"{"by":"fleet"}"#,
        r#"{"by":"session","sessionId":"a"}"#,
        r#"{"by":"project","project":"p"}"#,
        r#"{"by":"artifact","ref":"repo:x"}"#,
    ] {
        for (events, links, code) in [
            (&[bad][..], &[][..], "ledger/malformed-event"),
            (&[][..], &[bad_link][..], "ledger/malformed-link"),
        ] {
            let a = view_text(&call_text(events, links, query));
            assert_eq!(a["namespace"], "ns-1", "{query}: {a}");
            let d = a["diagnostics"].as_array().unwrap();
            assert!(d.iter().any(|d| d["code"] == code), "{query}: {a}");
        }
    }
    // Beside a good row of another namespace the rows span two: the view
    // asks for one rather than show one and drop the other's finding.
    let good = GOOD_HANDOFF.replace(r#""ns""#, r#""ns-2""#);
    let call = call_text(&[&good, bad], &[], r#"{"by":"handoff","eventId":"h1"}"#);
    let a: Value = serde_json::from_str(&crate::call("ledger.view", &call)).unwrap();
    assert_eq!(a["error"]["code"], "ledger/namespace-ambiguous", "{a}");
}

#[test]
fn a_row_given_as_a_value_is_held_to_the_depth_of_a_row_read_from_text() {
    // Around the limit, and far past it (where a recursive walk of the
    // handoff view would overflow the stack).
    for depth in [MAX_ROW_DEPTH - 3, MAX_ROW_DEPTH - 2, MAX_ROW_DEPTH - 1, 100_000] {
        let nested = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        let row = format!(
            r#"{{"id":"h2","ts":2,"namespace":"ns","eventType":"handoff","sourceRef":"a","payloadJson":{{"note":{nested}}}}}"#
        );
        let query = r#"{"by":"handoff","eventId":"h2"}"#;
        let from_text = (depth < 1_000).then(|| view_text(&call_text(&[GOOD_HANDOFF, &row], &[], query)));
        // serde_json's own reader stops at 128 levels: build the value.
        let mut note = serde_json::json!(1);
        for _ in 0..depth {
            note = Value::Array(vec![note]);
        }
        let mut value: Value = serde_json::from_str(&row.replace(&nested, "0")).unwrap();
        value["payloadJson"]["note"] = note;
        let mut l = Ledger::new(Some("ns"));
        l.add_event(serde_json::from_str(GOOD_HANDOFF).unwrap());
        l.add_event(value);
        let a =
            serde_json::to_value(l.view(&Query::Handoff { event_id: "h2".into() }, 5.0).unwrap()).unwrap();
        let kept = depth + 2 <= MAX_ROW_DEPTH;
        assert_eq!(a["view"]["found"], kept, "{depth}");
        let reported =
            a["diagnostics"].as_array().unwrap().iter().any(|d| {
                d["code"] == "ledger/malformed-event" && d["instancePath"] == "/events/1/payloadJson"
            });
        assert_eq!(reported, !kept, "{depth}: {a}");
        if let Some(t) = from_text {
            assert_eq!(t, a, "{depth}: the text and the value are read alike");
        }
    }
}

#[test]
fn a_link_no_parser_keeps_is_reported_and_not_followed() {
    let receipt = r#"{"id":"r","ts":2,"namespace":"ns","eventType":"handoff_receipt","payloadJson":{"status":"completed"}}"#;
    let link =
        r#"{"id":"l\udc00","namespace":"ns","fromEventId":"r","toEventId":"h","relationType":"resolves"}"#;
    let a = view_text(&call_text(&[GOOD_HANDOFF, receipt], &[link], r#"{"by":"handoff","eventId":"h"}"#));
    assert_eq!(a["view"]["thread"]["outcome"], "open");
    let d = a["diagnostics"].as_array().unwrap();
    assert!(
        d.iter().any(|d| d["code"] == "ledger/malformed-link" && d["instancePath"] == "/links/0/id"),
        "{d:?}"
    );
}

#[test]
fn a_call_that_is_not_well_formed_is_left_to_the_generic_path() {
    for bad in [
        r#"{"events":[],"now":1,"query":{"by":"fleet"},"now":2}"#,
        r#"{"events":[],"now":1,"query":{"by":"nope"}}"#,
        r#"{"events":[],"now":1,"query":{"by":"fleet"},"mode":1}"#,
        r#"{"events":{},"now":1,"query":{"by":"fleet"}}"#,
        r#"{"events":[],"now":1e400,"query":{"by":"fleet"}}"#,
        r#"{"events":[],"now":1,"query":{"by":"session","sessionId":"\ud800"}}"#,
        r#"{"events":[{"id":"x",}],"now":1,"query":{"by":"fleet"}}"#,
        r#"{"events":[],"now":1,"query":{"by":"fleet"}} x"#,
        r#"{"now":1,"query":{"by":"fleet"}}"#,
        r#"[]"#,
    ] {
        assert!(read_call(bad).is_none(), "{bad}");
    }
    assert!(read_call(r#" {"events":[],"now":1,"query":{"by":"fleet"},"namespace":null} "#).is_some());
}

#[test]
fn eight_threads_fold_view_and_validate_at_once_with_one_answer() {
    let g = generate::generate_demo_ledger_text(2_000);
    let call =
        |q: &str| format!(r#"{{"events":{},"links":{},"now":{},"query":{q}}}"#, g.events, g.links, g.now);
    let session =
        format!(r#"{{"by":"session","sessionId":{}}}"#, serde_json::to_string(&g.session_id).unwrap());
    let calls = [call(r#"{"by":"fleet"}"#), call(&session)];
    let want: Vec<Value> = calls.iter().map(|c| view_text(c)).collect();
    // One ledger shared by every thread (its indexes built by whichever
    // thread comes first), and a fold of its own in each thread.
    let CallText { ledger: shared, now, .. } = read_call(&calls[0]).unwrap();
    let queries = [Query::Fleet, Query::Session { session_id: g.session_id.clone() }];
    // Validation beside the folds: the demo's rows as strict event rows,
    // with and without the published schema, and a refused principal.
    let rows: Vec<Value> = serde_json::from_str(&g.events).unwrap();
    let mut validations: Vec<String> = rows
        .iter()
        .take(40)
        .flat_map(|row| {
            [false, true].map(|with_schema| {
                serde_json::json!({"kind": "event_row", "document": row, "withSchema": with_schema})
                    .to_string()
            })
        })
        .collect();
    validations.push(r#"{"kind":"principal","document":{"kind":"agent","id":"a"}}"#.to_owned());
    let validated: Vec<String> = validations.iter().map(|c| crate::call("validate", c)).collect();
    assert!(validated.iter().all(|a| a.starts_with(r#"{"type":"success""#)), "{validated:?}");
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|t| {
                let (shared, calls, queries, want) = (&shared, &calls, &queries, &want);
                let (validations, validated) = (&validations, &validated);
                s.spawn(move || {
                    for round in 0..3 {
                        let k = (t + round) % 2;
                        let theirs = serde_json::to_value(shared.view(&queries[k], now).unwrap()).unwrap();
                        let mine = view_text(&calls[k]);
                        assert_eq!(theirs, want[k]);
                        assert_eq!(mine, want[k]);
                        for (i, call) in validations.iter().enumerate().skip(t % 3) {
                            assert_eq!(&crate::call("validate", call), &validated[i]);
                        }
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
    });
}
