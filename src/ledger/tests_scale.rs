//! Growth of `ledger.view` over the worst-case ledgers of
//! [`generate::WORST_CASES`]: the answer at `4n` rows is at most about four
//! times the answer at `n` (a quadratic view would be sixteen), and a
//! thread lists at most [`MAX_CHAIN`] attempts and grants. No timings.

use serde_json::Value;

use super::generate::{WORST_CASES, worst_case_call};
use super::*;

/// A worst case folded through [`Ledger`], and its view's JSON text.
fn fold_case(case: &str, n: usize) -> (Ledger<'static>, Query) {
    let call: Value = serde_json::from_str(&worst_case_call(case, n).unwrap()).unwrap();
    let mut l = Ledger::new(Some("ns"));
    for e in call["events"].as_array().unwrap() {
        l.add_event(e.clone());
    }
    for k in call["links"].as_array().unwrap() {
        l.add_link(k.clone());
    }
    (l, serde_json::from_value(call["query"].clone()).unwrap())
}

fn answer(case: &str, n: usize) -> String {
    let (l, query) = fold_case(case, n);
    serde_json::to_string(&l.view(&query, 2000.0).unwrap()).unwrap()
}

fn grows_linearly(case: &str, n: usize) {
    let (small, large) = (answer(case, n).len(), answer(case, 4 * n).len());
    assert!(large * 2 <= small * 9, "{case}: {small} bytes at n={n}, {large} bytes at 4n");
}

#[test]
fn every_worst_case_is_a_view() {
    for case in WORST_CASES {
        let (l, query) = fold_case(case, 8);
        assert!(l.view(&query, 2000.0).is_ok(), "{case}");
    }
    assert!(worst_case_call("no-such-case", 8).is_none());
}

#[test]
fn a_retries_chain_answers_in_linear_size() {
    grows_linearly("retries", 100);
}

#[test]
fn a_supersedes_chain_answers_in_linear_size() {
    grows_linearly("supersedes", 100);
}

#[test]
fn a_delegated_authority_chain_answers_in_linear_size() {
    grows_linearly("delegated", 100);
}

#[test]
fn many_receipts_of_one_handoff_answer_in_linear_size() {
    grows_linearly("receipts", 250);
}

#[test]
fn one_receipt_of_many_handoffs_answers_in_linear_size() {
    grows_linearly("resolves", 250);
}

#[test]
fn many_ads_of_one_session_and_ts_answer_in_linear_size() {
    grows_linearly("ads", 250);
}

#[test]
fn many_events_of_one_artifact_answer_in_linear_size() {
    grows_linearly("artifact", 250);
}

#[test]
fn many_links_of_one_id_answer_in_linear_size() {
    grows_linearly("link-ids", 250);
}

/// The session view of a worst case, folded through [`Ledger`].
fn session_threads(case: &str, n: usize) -> (Vec<Thread>, Vec<Diagnostic>) {
    let (l, _) = fold_case(case, n);
    let a = l.view(&Query::Session { session_id: "S".into() }, 2000.0).unwrap();
    match a.view {
        View::Session(s) => (s.threads, a.diagnostics),
        other => panic!("not a session view: {other:?}"),
    }
}

#[test]
fn a_long_lineage_lists_the_attempts_nearest_each_handoff_and_counts_them_all() {
    let (threads, _) = session_threads("retries", 100);
    assert_eq!(threads.len(), 100);
    for t in &threads {
        let lineage = &t.lineage;
        assert_eq!(lineage.attempts.len(), MAX_CHAIN);
        assert_eq!(lineage.attempt_count, Some(100));
        assert_eq!(lineage.latest, "h99");
        assert!(lineage.attempts.contains(&t.handoff_id), "{}: {:?}", t.handoff_id, lineage.attempts);
    }
    let middle = threads.iter().find(|t| t.handoff_id == "h50").unwrap();
    assert_eq!(middle.lineage.attempts.first().map(String::as_str), Some("h34"));
    assert_eq!(middle.lineage.retries, ["h49"]);
    assert_eq!(middle.lineage.retried_by, ["h51"]);
}

#[test]
fn a_lineage_within_the_cap_lists_every_attempt_and_no_count() {
    let (threads, _) = session_threads("supersedes", MAX_CHAIN);
    for t in &threads {
        assert_eq!(t.lineage.attempts.len(), MAX_CHAIN);
        assert_eq!(t.lineage.attempt_count, None);
    }
}

#[test]
fn a_grant_chain_longer_than_the_cap_stops_with_a_finding() {
    let (threads, diagnostics) = session_threads("delegated", 2 * MAX_CHAIN);
    let far = threads.iter().find(|t| t.handoff_id == "h63").unwrap();
    let audit = far.audit.as_ref().unwrap();
    assert_eq!(audit.grants.len(), MAX_CHAIN);
    assert_eq!(audit.grants.first().map(String::as_str), Some("h62"));
    assert!(!audit.ends_at_human);
    assert_eq!(audit.code.as_deref(), Some(AUDIT_TOO_LONG.as_str()));
    // h0 is no grant (no human wrote it): chains that reach it end there.
    let near = threads.iter().find(|t| t.handoff_id == "h31").unwrap();
    assert_eq!(near.audit.as_ref().unwrap().code.as_deref(), Some(AUDIT_NOT_HUMAN.as_str()));
    let too_long = diagnostics.iter().filter(|d| d.code == AUDIT_TOO_LONG.as_str()).count();
    assert_eq!(too_long, MAX_CHAIN - 1, "h33 to h63");
}
