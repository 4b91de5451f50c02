//! Tests of `notify`.

use super::*;

fn found(text: &str) -> Option<(NotifySummary, String)> {
    split(text).map(|s| (s.summary, s.visible_text.to_owned()))
}

fn summary(s: &str) -> NotifySummary {
    NotifySummary { summary: Some(s.to_owned()), ..NotifySummary::default() }
}

#[test]
fn footer_on_the_last_line_is_split_from_the_prose() {
    let got = found("Done.\n\nAGENT_NOTIFY_SUMMARY {\"summary\":\"x\"}\n\n");
    assert_eq!(got, Some((summary("x"), "Done.".to_owned())));
}

#[test]
fn prose_after_the_footer_means_no_footer() {
    assert_eq!(parse("AGENT_NOTIFY_SUMMARY {\"summary\":\"x\"}\nthanks"), None);
}

#[test]
fn glued_prose_is_kept_as_visible_text() {
    let got = found("a\nDone.AGENT_NOTIFY_SUMMARY {}");
    assert_eq!(got, Some((NotifySummary::default(), "a\nDone.".to_owned())));
}

#[test]
fn whitespace_delimited_mention_is_not_a_footer() {
    assert_eq!(parse("Example: AGENT_NOTIFY_SUMMARY {}"), None);
    assert_eq!(parse("Example:\u{00A0}AGENT_NOTIFY_SUMMARY {}"), None);
}

#[test]
fn indentation_and_byte_order_mark_are_allowed() {
    assert_eq!(parse("\t  AGENT_NOTIFY_SUMMARY {}"), Some(NotifySummary::default()));
    assert_eq!(found("\u{FEFF}AGENT_NOTIFY_SUMMARY {}"), Some((NotifySummary::default(), String::new())));
}

#[test]
fn token_needs_exactly_one_space_then_tolerates_more() {
    assert_eq!(parse("AGENT_NOTIFY_SUMMARY{}"), None);
    assert_eq!(parse("AGENT_NOTIFY_SUMMARY\t{}"), None);
    assert_eq!(parse("AGENT_NOTIFY_SUMMARY   {}"), Some(NotifySummary::default()));
}

#[test]
fn crlf_endings_work_and_lone_cr_does_not_split_lines() {
    assert_eq!(found("hi\r\nAGENT_NOTIFY_SUMMARY {}\r\n"), Some((NotifySummary::default(), "hi".to_owned())));
    assert_eq!(parse("hi\rAGENT_NOTIFY_SUMMARY {}"), None);
    assert_eq!(parse("hi\u{2028}AGENT_NOTIFY_SUMMARY {}"), None);
}

#[test]
fn first_valid_occurrence_wins_over_a_token_inside_a_value() {
    let line = r#"AGENT_NOTIFY_SUMMARY {"summary":"see AGENT_NOTIFY_SUMMARY {}"}"#;
    assert_eq!(parse(line), Some(summary("see AGENT_NOTIFY_SUMMARY {}")));
}

#[test]
fn glued_second_footer_wins_when_the_first_is_not_json_to_the_end() {
    let got = found(r#"AGENT_NOTIFY_SUMMARY {"summary":"a"}AGENT_NOTIFY_SUMMARY {"summary":"b"}"#);
    assert_eq!(got, Some((summary("b"), r#"AGENT_NOTIFY_SUMMARY {"summary":"a"}"#.to_owned())));
}

#[test]
fn fields_are_type_filtered() {
    let got = parse(r#"AGENT_NOTIFY_SUMMARY {"version":"1","agent":1,"status":null,"summary":"s","x":1}"#);
    assert_eq!(got, Some(summary("s")));
    let got = parse(r#"AGENT_NOTIFY_SUMMARY {"version":1.5}"#);
    assert_eq!(got.and_then(|s| s.version), Some(1.5));
}

#[test]
fn duplicate_keys_keep_the_last_value_even_of_the_wrong_type() {
    assert_eq!(parse(r#"AGENT_NOTIFY_SUMMARY {"summary":"a","summary":"b"}"#), Some(summary("b")));
    assert_eq!(parse(r#"AGENT_NOTIFY_SUMMARY {"summary":"a","summary":1}"#), Some(NotifySummary::default()));
}

#[test]
fn proto_key_is_an_ordinary_ignored_key() {
    let got = parse(r#"AGENT_NOTIFY_SUMMARY {"__proto__":{"summary":"x"}}"#);
    assert_eq!(got, Some(NotifySummary::default()));
}

#[test]
fn json_parse_verdicts_hold_for_depth_range_and_surrogates() {
    let deep = format!("AGENT_NOTIFY_SUMMARY {{\"a\":{}1{}}}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(parse(&deep), Some(NotifySummary::default()));
    let big = parse(r#"AGENT_NOTIFY_SUMMARY {"version":1e400}"#);
    assert_eq!(big.and_then(|s| s.version), Some(f64::INFINITY));
    let lone = parse(r#"AGENT_NOTIFY_SUMMARY {"summary":"a\ud800b\ud83d\ude00"}"#);
    assert_eq!(lone, Some(summary("a\u{FFFD}b😀")));
}

#[test]
fn invalid_json_shapes_are_not_footers() {
    for json in ["{", "{}}", "[]", "null", "{\"a\":1,}", "{'a':1}", "{\"a\":01}", "{\"a\":\"\t\"}", "{}x"] {
        assert_eq!(parse(&format!("AGENT_NOTIFY_SUMMARY {json}")), None, "{json}");
    }
}

#[test]
fn strip_returns_the_original_text_without_a_footer() {
    assert_eq!(strip("plain  "), "plain  ");
    assert_eq!(strip("a \nAGENT_NOTIFY_SUMMARY {}"), "a");
}

#[test]
fn clamps_never_split_a_code_point() {
    assert_eq!(clamp_utf8("aé", 2), "a");
    assert_eq!(clamp_json_utf8("a\"b", 2), "a");
    assert_eq!(clamp_json_utf8("\u{1}x", 6), "\u{1}");
    assert_eq!(clamp_json_utf8(&"\\".repeat(5000), 8192).len(), 4096);
}

#[test]
fn summary_falls_back_through_action_and_status() {
    let n = NotifySummary { action: Some("  act ".into()), ..NotifySummary::default() };
    assert_eq!(summary_line(&n), "act");
    let n = NotifySummary { status: Some(" done ".into()), summary: Some(" ".into()), ..Default::default() };
    assert_eq!(summary_line(&n), "Agent status: done");
    assert_eq!(summary_line(&NotifySummary::default()), "Agent turn summary");
}

fn elevation<'a>(notify: &'a NotifySummary, owner: &'a OwnerId) -> Elevation<'a> {
    Elevation {
        session_id: "s1",
        message_id: "m1",
        notify,
        owner_user_id: owner,
        ts: 1000.0,
        flavor: None,
        cause: None,
        related_event_id: None,
        expires_at: None,
    }
}

#[test]
fn empty_footer_elevates_to_an_unknown_turn_summary() {
    let (n, owner) = (NotifySummary::default(), OwnerId::Number(42.0));
    let got = elevate(&elevation(&n, &owner)).unwrap();
    assert_eq!(got.summary, "Agent turn summary");
    assert_eq!(got.payload_json.status, "unknown");
    assert_eq!(got.tags, vec!["notify_summary"]);
    assert_eq!(got.expires_at, 86_401_000.0);
    assert_eq!(got.principal.on_behalf_of.as_deref(), Some("42"));
    assert_eq!(got.idempotency_key, "session:s1:message:m1:notify");
}

#[test]
fn an_expiry_the_hub_gives_replaces_the_default() {
    let (n, owner) = (NotifySummary::default(), OwnerId::Number(42.0));
    let got = elevate(&Elevation { expires_at: Some(5.0), ..elevation(&n, &owner) }).unwrap();
    assert_eq!(got.expires_at, 5.0);
}

#[test]
fn cause_with_an_empty_message_id_writes_no_cause_keys() {
    let (n, owner) = (NotifySummary::default(), OwnerId::Text("1".into()));
    let cause = Cause { message_id: String::new(), seq: Some(3.0), ..Cause::default() };
    let got = elevate(&Elevation { cause: Some(&cause), ..elevation(&n, &owner) }).unwrap();
    assert_eq!(got.payload_json.cause_seq, None);
    assert_eq!(got.payload_json.cause_message_id, None);
}

#[test]
fn unwritable_ids_are_refused_with_codes() {
    let n = NotifySummary::default();
    let blank = OwnerId::Text(" ".into());
    assert_eq!(elevate(&elevation(&n, &blank)).unwrap_err().code, UNACCOUNTABLE_OWNER);
    let owner = OwnerId::Number(1.0);
    let e = Elevation { session_id: "", ..elevation(&n, &owner) };
    assert_eq!(elevate(&e).unwrap_err().code, EMPTY_SESSION_ID);
    let sid = "x".repeat(249);
    let e = Elevation { session_id: &sid, ..elevation(&n, &owner) };
    assert_eq!(elevate(&e).unwrap_err().code, ID_TOO_LONG);
    let sid = "x".repeat(248);
    assert!(elevate(&Elevation { session_id: &sid, ..elevation(&n, &owner) }).is_ok());
}

#[test]
fn payload_of_the_largest_elevation_fits_the_payload_cap() {
    let big = "\u{1}".repeat(20_000);
    let n = NotifySummary {
        action: Some(big.clone()),
        project: Some(big.clone()),
        agent: Some(big.clone()),
        ..Default::default()
    };
    let cause = Cause {
        message_id: big.clone(),
        text: Some(big.clone()),
        kind: Some(big.clone()),
        seq: Some(-1.7976931348623157e308),
        cursor_message_id: Some(big),
    };
    let (owner, sid, mid) = (OwnerId::Number(1.0), "s".repeat(248), "m".repeat(488 - 248));
    let e = Elevation { session_id: &sid, message_id: &mid, cause: Some(&cause), ..elevation(&n, &owner) };
    let create = elevate(&e).unwrap();
    let payload = serde_json::to_value(&create.payload_json).unwrap();
    assert!(crate::doc::js_json_len(&payload) <= limits::MAX_PAYLOAD_JSON_BYTES);
}

#[test]
fn numbers_are_written_as_javascript_writes_them() {
    let v = serde_json::to_string(&NotifySummary { version: Some(1.0), ..Default::default() }).unwrap();
    assert_eq!(v, r#"{"version":1}"#);
    let v = serde_json::to_string(&NotifySummary { version: Some(f64::INFINITY), ..Default::default() });
    assert_eq!(v.unwrap(), r#"{"version":null}"#);
    let v = serde_json::to_string(&NotifySummary { version: Some(-0.0), ..Default::default() }).unwrap();
    assert_eq!(v, r#"{"version":0}"#);
}

#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::*;
    use proptest::prelude::*;

    fn footer_object() -> impl Strategy<Value = serde_json::Value> {
        let text = || proptest::option::of(any::<String>());
        (proptest::option::of(-1e6f64..1e6), text(), text(), text(), text(), text()).prop_map(
            |(version, agent, project, status, action, summary)| {
                let mut map = serde_json::Map::new();
                let mut put = |k: &str, v: Option<serde_json::Value>| {
                    if let Some(v) = v {
                        map.insert(k.to_owned(), v);
                    }
                };
                put("version", version.map(serde_json::Value::from));
                put("agent", agent.map(Into::into));
                put("project", project.map(Into::into));
                put("status", status.map(Into::into));
                put("action", action.map(Into::into));
                put("summary", summary.map(Into::into));
                serde_json::Value::Object(map)
            },
        )
    }

    proptest! {
        #[test]
        fn parse_never_panics_and_visible_text_is_a_prefix(text in any::<String>()) {
            if let Some(s) = split(&text) {
                prop_assert!(text.starts_with(s.visible_text));
                prop_assert_eq!(js_trim_end(s.visible_text), s.visible_text);
            }
        }

        #[test]
        fn parse_never_panics_near_the_token(
            parts in proptest::collection::vec(
                prop_oneof![
                    Just("AGENT_NOTIFY_SUMMARY ".to_owned()),
                    Just("{".to_owned()), Just("}".to_owned()), Just("\"".to_owned()),
                    Just("\\u".to_owned()), Just("\n".to_owned()), Just("\r\n".to_owned()),
                    "[ -~]{0,8}", "\\PC{0,4}",
                ],
                0..40,
            )
        ) {
            let text = parts.concat();
            let _ = split(&text);
        }

        #[test]
        fn appending_a_footer_line_round_trips(prose in any::<String>(), obj in footer_object()) {
            let line = format!("AGENT_NOTIFY_SUMMARY {}", serde_json::to_string(&obj).unwrap());
            let text = format!("{prose}\n{line}");
            let got = split(&text).unwrap();
            let want: NotifySummary = serde_json::from_value(obj).unwrap();
            prop_assert_eq!(got.visible_text, js_trim_end(&prose));
            prop_assert_eq!(got.summary, want);
            // Stripping is stable: a new footer on the stripped text strips back to it.
            let again = format!("{}\n{line}", got.visible_text);
            prop_assert_eq!(strip(&again), got.visible_text);
        }

        #[test]
        fn huge_lines_do_not_panic(c in any::<char>(), n in 0usize..200_000) {
            let text = format!("x{}AGENT_NOTIFY_SUMMARY {{\"summary\":\"{}\"}}", c, c.to_string().repeat(n / 4));
            let _ = split(&text);
        }

        #[test]
        fn clamps_are_prefixes_within_budget(s in any::<String>(), max in 0usize..64) {
            let u = clamp_utf8(&s, max);
            prop_assert!(s.starts_with(u) && u.len() <= max);
            let j = clamp_json_utf8(&s, max);
            prop_assert!(s.starts_with(j));
            prop_assert!(crate::js::stringify::js_string_len(j) - 2 <= max);
        }

        #[test]
        fn elevation_always_yields_bounded_fields(
            notify in footer_object(), flavor in proptest::option::of(any::<String>()),
        ) {
            let notify: NotifySummary = serde_json::from_value(notify).unwrap();
            let owner = OwnerId::Number(7.0);
            let e = Elevation {
                session_id: "s", message_id: "m", notify: &notify, owner_user_id: &owner, ts: 0.0,
                flavor: flavor.as_deref(), cause: None, related_event_id: None, expires_at: None,
            };
            let create = elevate(&e).unwrap();
            prop_assert!(create.summary.len() <= MAX_SUMMARY_BYTES);
            for tag in &create.tags {
                prop_assert!(crate::js::stringify::js_string_len(tag) - 2 <= MAX_TAG_BYTES);
            }
            let payload = serde_json::to_value(&create.payload_json).unwrap();
            prop_assert!(crate::doc::js_json_len(&payload) <= limits::MAX_PAYLOAD_JSON_BYTES);
        }
    }
}
