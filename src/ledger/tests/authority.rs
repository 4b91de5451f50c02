//! Who may act for whom: a delegated action's chain must end at a human's
//! grant of that authority, to that delegate, before the act.

use serde_json::{Value, json};

use super::*;

/// `row` given to session `a`, the writer of the handoffs here.
fn to_a(mut row: Value) -> Value {
    row["sinkRef"] = json!("a");
    row
}

#[test]
fn a_delegated_chain_ending_at_a_human_is_accepted() {
    let conf = |g: &str| json!({"confirmation": {"source": "delegated_authority", "granting_event_id": g}});
    let mut grant = to_a(ev("g2", 1, "grant", json!({})));
    grant["principal"] = json!({"kind": "human", "id": "7"});
    let l =
        fold(vec![ev("h", 3, "handoff", conf("g1")), to_a(ev("g1", 2, "grant", conf("g2"))), grant], vec![]);
    let audit = thread_of(&l, "h").0.audit.unwrap();
    assert!(audit.ends_at_human);
    assert_eq!(audit.grants, vec!["g1", "g2"]);
}

#[test]
fn a_cyclic_delegated_chain_is_a_finding() {
    let conf = |g: &str| json!({"confirmation": {"source": "delegated_authority", "granting_event_id": g}});
    let l = fold(vec![ev("h", 3, "handoff", conf("g1")), to_a(ev("g1", 2, "grant", conf("h")))], vec![]);
    let (t, d) = thread_of(&l, "h");
    assert_eq!(t.audit.unwrap().code.as_deref(), Some(AUDIT_CYCLE.as_str()));
    assert!(codes(&d).contains(&AUDIT_CYCLE.as_str()));
}

#[test]
fn a_missing_grant_is_a_finding() {
    let l =
        fold(vec![ev("h", 3, "handoff", json!({"confirmation": {"source": "delegated_authority"}}))], vec![]);
    assert_eq!(thread_of(&l, "h").0.audit.unwrap().code.as_deref(), Some(AUDIT_MISSING.as_str()));
}

fn delegated(grant: &str) -> Value {
    let mut h = ev(
        "h",
        3,
        "handoff",
        json!({"intent": "review", "instructions": "Run the tests.",
        "constraints": ["no_git_push"],
        "confirmation": {"source": "delegated_authority", "granting_event_id": grant}}),
    );
    h["principal"] = json!({"kind": "agent", "id": "session:a", "on_behalf_of": "42"});
    h
}

fn written_by(mut row: Value, principal: Value) -> Value {
    row["principal"] = principal;
    row
}

fn audit_of(events: Vec<Value>) -> (AuditChain, Vec<String>) {
    let l = fold(events, vec![]);
    let (t, d) = thread_of(&l, "h");
    (t.audit.unwrap(), codes(&d).into_iter().map(str::to_owned).collect())
}

#[test]
fn an_agent_written_confirmation_block_is_never_a_human_grant() {
    let agent = json!({"kind": "agent", "id": "session:x", "on_behalf_of": "42"});
    let claimed = json!({"principal": {"kind": "human", "id": "42"}, "source": "human_approved_peer_tool"});
    for event_type in ["grant", "handoff_receipt", "work_ad", "handoff"] {
        let mut payload = json!({"status": "completed", "confirmation": claimed});
        if event_type == "handoff" {
            payload = delegated("")["payloadJson"].clone();
            payload["confirmation"] = claimed.clone();
        }
        let r1 = written_by(to_a(ev("r1", 2, event_type, payload)), agent.clone());
        let (audit, found) = audit_of(vec![delegated("r1"), r1]);
        assert!(!audit.ends_at_human, "{event_type}");
        assert_eq!(audit.human, None);
        assert_eq!(audit.grants, vec!["r1"]);
        let code = audit.code.unwrap();
        assert!(found.contains(&code), "{event_type}");
        let want = match event_type {
            "handoff_receipt" | "work_ad" => AUDIT_NOT_A_GRANT,
            _ => AUDIT_CLAIMED_APPROVAL,
        };
        assert_eq!(code, want, "{event_type}");
    }
}

#[test]
fn a_human_written_receipt_or_ad_is_not_a_grant() {
    let human = json!({"kind": "human", "id": "42"});
    for event_type in ["handoff_receipt", "work_ad"] {
        let r1 = written_by(ev("r1", 2, event_type, json!({"status": "completed"})), human.clone());
        let (audit, _) = audit_of(vec![delegated("r1"), r1]);
        assert_eq!(audit.code.as_deref(), Some(&*AUDIT_NOT_A_GRANT), "{event_type}");
        assert!(!audit.ends_at_human);
    }
    let g = written_by(to_a(ev("g", 2, "grant", json!({"scope": "review"}))), human);
    let (audit, found) = audit_of(vec![delegated("g"), g]);
    assert!(audit.ends_at_human && audit.code.is_none());
    assert!(!found.iter().any(|c| c.starts_with("ledger/audit")), "{found:?}");
}

#[test]
fn a_human_approved_handoff_grants_only_the_same_action() {
    let human = json!({"kind": "human", "id": "42"});
    let approved = |instructions: &str| {
        let mut p = delegated("")["payloadJson"].clone();
        p["instructions"] = json!(instructions);
        p["confirmation"] =
            json!({"principal": {"kind": "human", "id": "42"}, "source": "human_approved_peer_tool"});
        written_by(ev("h0", 1, "handoff", p), human.clone())
    };
    let (audit, found) = audit_of(vec![delegated("h0"), approved("Run the tests.")]);
    assert!(audit.ends_at_human && !found.iter().any(|c| c.starts_with("ledger/audit")));
    assert_eq!(audit.human, Some(human.clone()));
    let (audit, found) = audit_of(vec![delegated("h0"), approved("Push to main.")]);
    assert_eq!(audit.code.as_deref(), Some(&*AUDIT_OTHER_ACTION));
    assert!(!audit.ends_at_human && found.contains(&AUDIT_OTHER_ACTION.to_string()));
}

#[test]
fn a_delegated_chain_through_an_agent_still_needs_a_human_at_its_end() {
    let agent = json!({"kind": "agent", "id": "session:x", "on_behalf_of": "42"});
    let pass = json!({"confirmation": {"source": "delegated_authority", "granting_event_id": "g2"}});
    let g1 = written_by(to_a(ev("g1", 2, "grant", pass)), agent.clone());
    let g2 = written_by(to_a(ev("g2", 1, "grant", json!({}))), agent);
    let (audit, _) = audit_of(vec![delegated("g1"), g1.clone(), g2]);
    assert_eq!(audit.code.as_deref(), Some(&*AUDIT_NOT_HUMAN));
    let g2 = written_by(to_a(ev("g2", 1, "grant", json!({}))), json!({"kind": "human", "id": "42"}));
    let (audit, _) = audit_of(vec![delegated("g1"), g1, g2]);
    assert!(audit.ends_at_human);
    assert_eq!(audit.grants, vec!["g1", "g2"]);
}

#[test]
fn a_human_row_grants_only_to_the_one_it_names_and_only_before_the_act() {
    let human = json!({"kind": "human", "id": "42"});
    let granted = |audit: &AuditChain, found: &[String]| {
        audit.ends_at_human && audit.code.is_none() && !found.iter().any(|c| c.starts_with("ledger/audit"))
    };
    // An operator's note is a human row, but it grants nothing to anyone.
    let mut note = written_by(ev("g", 2, "note", json!({"text": "deploy window opens at 5"})), human.clone());
    if let Some(o) = note.as_object_mut() {
        o.remove("sinkRef");
    }
    let (audit, found) = audit_of(vec![delegated("g"), note]);
    assert_eq!(audit.code.as_deref(), Some(&*AUDIT_OTHER_GRANTEE));
    assert!(!audit.ends_at_human && audit.human.is_none());
    assert!(found.contains(&AUDIT_OTHER_GRANTEE.to_string()));
    // A grant given to another session.
    let elsewhere = written_by(ev("g", 2, "grant", json!({})), human.clone());
    let (audit, _) = audit_of(vec![delegated("g"), elsewhere]);
    assert_eq!(audit.code.as_deref(), Some(&*AUDIT_OTHER_GRANTEE));
    // A grant recorded after the act, even to the right session.
    let late = written_by(to_a(ev("g", 4, "grant", json!({}))), human.clone());
    let (audit, found) = audit_of(vec![delegated("g"), late]);
    assert_eq!(audit.code.as_deref(), Some(&*AUDIT_LATE_GRANT));
    assert!(!audit.ends_at_human && found.contains(&AUDIT_LATE_GRANT.to_string()));
    // Given to the delegate by its sink, by `granted_to`, or by the agent's
    // principal id, before the act (the same moment too): a grant.
    let by_sink = written_by(to_a(ev("g", 3, "grant", json!({}))), human.clone());
    let (audit, found) = audit_of(vec![delegated("g"), by_sink]);
    assert!(granted(&audit, &found), "{found:?}");
    for grantee in [json!("a"), json!("session:a"), json!(["z", "a"])] {
        let named = written_by(ev("g", 2, "grant", json!({"granted_to": grantee})), human.clone());
        let (audit, found) = audit_of(vec![delegated("g"), named]);
        assert!(granted(&audit, &found), "{grantee}: {found:?}");
    }
    // A grantee that only looks like the delegate is someone else.
    for grantee in [json!("a\u{200b}"), json!("\u{0430}"), json!("A"), json!({"id": "a"})] {
        let named = written_by(ev("g", 2, "grant", json!({"granted_to": grantee})), human.clone());
        let (audit, _) = audit_of(vec![delegated("g"), named]);
        assert_eq!(audit.code.as_deref(), Some(&*AUDIT_OTHER_GRANTEE), "{grantee}");
    }
    // Each link of a chain is held to the rule: an agent's pass-on must be
    // given to the act's writer and come before it, its own grant to it.
    let pass = json!({"confirmation": {"source": "delegated_authority", "granting_event_id": "g2"}, "granted_to": "a"});
    let agent = json!({"kind": "agent", "id": "session:x", "on_behalf_of": "42"});
    let mut g1 = written_by(ev("g1", 2, "grant", pass), agent);
    g1["sourceRef"] = json!("x");
    let g2_to = |to: &str, ts: u64| {
        let mut g2 = written_by(ev("g2", ts, "grant", json!({})), human.clone());
        g2["sinkRef"] = json!(to);
        g2
    };
    let (audit, _) = audit_of(vec![delegated("g1"), g1.clone(), g2_to("x", 1)]);
    assert!(audit.ends_at_human && audit.code.is_none());
    let (audit, _) = audit_of(vec![delegated("g1"), g1.clone(), g2_to("a", 1)]);
    assert_eq!(audit.code.as_deref(), Some(&*AUDIT_OTHER_GRANTEE));
    let (audit, _) = audit_of(vec![delegated("g1"), g1, g2_to("x", 3)]);
    assert_eq!(audit.code.as_deref(), Some(&*AUDIT_LATE_GRANT));
}
