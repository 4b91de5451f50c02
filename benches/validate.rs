//! Strict `event_create` validation from text against plain
//! `serde_json::from_str::<Value>` on the same corpus, in the same run.
//!
//! The corpus: 10,000 generated event creates of realistic size (notify
//! work ads, handoffs, receipts with checks, notes with artifact refs),
//! about one in ten broken in a way a writer gets wrong. Throughput ratio =
//! `parse_value` time / `validate_*` time.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::BytesCount;
use hapi_a2a_core::Mode;
use hapi_a2a_core::validate::{self, DocumentKind, Options};
use serde_json::{Value, json};

fn main() {
    divan::main();
}

const DOCS: usize = 10_000;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

/// `min..=max` words of notes, in three scripts.
fn words(r: &mut Rng, min: u64, max: u64) -> String {
    const WORDS: &[&str] = &[
        "review",
        "the",
        "diff",
        "and",
        "run",
        "tests",
        "peer",
        "messaging",
        "handoff",
        "receipt",
        "ledger",
        "session",
        "regression",
        "fix",
        "build",
        "deploy",
        "notify",
        "summary",
        "blocked",
        "waiting",
        "on",
        "decision",
        "für",
        "résumé",
        "测试",
        "完成",
    ];
    r.words_of(WORDS, min, max)
}

/// A UUID-shaped id.
fn id(r: &mut Rng) -> String {
    format!(
        "{:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}",
        r.next() as u32,
        r.below(1 << 16),
        r.below(4096),
        r.below(4096),
        r.next() >> 16
    )
}

fn notify_work_ad(r: &mut Rng) -> Value {
    let sid = id(r);
    let mid = id(r);
    let status =
        ["in_progress", "blocked", "needs_decision", "done", "failed", "unknown"][r.below(6) as usize];
    json!({
        "source_kind": "session", "source_ref": sid, "event_type": "work_ad",
        "summary": words(r, 4, 30),
        "payload_json": {"status": status, "action": words(r, 2, 12), "project": "hapi", "agent": "claude",
                         "messageId": mid, "causeMessageId": id(r), "causeText": words(r, 3, 40), "causeKind": "webapp",
                         "causeSeq": r.below(500)},
        "tags": ["notify_summary", "project:hapi", "agent:claude", "flavor:claude"],
        "related_session_id": sid, "related_event_id": id(r),
        "provenance": "AGENT_NOTIFY_SUMMARY",
        "idempotency_key": format!("session:{sid}:message:{mid}:notify"),
        "expires_at": 1_785_320_200_000_u64 + r.below(86_400_000),
        "principal": {"kind": "agent", "id": format!("session:{sid}"), "on_behalf_of": "184467440737"}
    })
}

fn handoff(r: &mut Rng) -> Value {
    json!({
        "source_kind": "session", "source_ref": id(r), "sink_kind": "session", "sink_ref": id(r),
        "event_type": "handoff", "summary": words(r, 4, 20),
        "payload_json": {
            "intent": "review_and_test", "instructions": words(r, 30, 250),
            "constraints": ["no_git_push", "read_repo_ok"], "notify_source": true, "delivery_state": "queued",
            "confirmation": {"principal": {"kind": "human", "id": "184467440737"}, "source": "human_approved_peer_tool"}
        },
        "artifact_refs": [{"kind": "github_pr", "url": "https://github.com/tiann/hapi/pull/1228", "title": words(r, 2, 8),
                           "ref": null, "source": "worker", "created_at": 1_785_320_200_000_u64}],
        "principal": {"kind": "human", "id": "184467440737"}
    })
}

fn receipt(r: &mut Rng) -> Value {
    let checks: Vec<Value> = (0..1 + r.below(3))
        .map(|i| {
            let code = if r.below(5) == 0 { 1 } else { 0 };
            json!({"command": format!("npm test -- part{i}"), "exit_code": code, "passed": code == 0,
                   "started_at": 1_785_320_300_000_u64 + i * 1000, "completed_at": 1_785_320_480_000_u64 + i * 1000,
                   "output_ref": {"kind": "log_url", "url": format!("https://ci.example.com/runs/{}", r.below(99_999))}})
        })
        .collect();
    json!({
        "source_kind": "session", "source_ref": id(r), "event_type": "handoff_receipt", "related_event_id": id(r),
        "summary": words(r, 3, 15),
        "payload_json": {"status": "completed", "notes": words(r, 5, 60), "checks": checks},
        "principal": {"kind": "agent", "id": format!("session:{}", id(r)), "on_behalf_of": "184467440737"}
    })
}

fn note(r: &mut Rng) -> Value {
    json!({
        "source_kind": "session", "source_ref": id(r), "event_type": "note", "summary": words(r, 3, 40),
        "payload_json": {"text": words(r, 10, 120), "n": 1.5},
        "artifact_refs": [{"kind": "commit", "ref": "a1b2c3d", "source": "worker"},
                          {"kind": "url", "url": "https://example.com/docs", "title": words(r, 1, 5)}],
        "tags": ["a", "b"], "confidence": 0.8, "severity": "info",
        "principal": {"kind": "human", "id": "184467440737"}
    })
}

fn broken(r: &mut Rng) -> Value {
    let mut v = notify_work_ad(r);
    match r.below(6) {
        0 => v["principal"] = json!({"kind": "agent", "id": "session:x"}),
        1 => v["summary"] = json!("x".repeat(2100)),
        2 => v["payload_json"]["status"] = json!("stale"),
        3 => v["sink_kind"] = json!(""),
        4 => v["colour"] = json!("blue"),
        _ => v["confidence"] = json!("high"),
    }
    v
}

static CORPUS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    (0..DOCS)
        .map(|_| {
            let v = match r.below(20) {
                0..=9 => notify_work_ad(&mut r),
                10..=12 => handoff(&mut r),
                13..=15 => receipt(&mut r),
                16..=17 => note(&mut r),
                _ => broken(&mut r),
            };
            v.to_string()
        })
        .collect()
});

fn bytes() -> BytesCount {
    BytesCount::new(CORPUS.iter().map(String::len).sum::<usize>())
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn parse_value(b: Bencher) {
    let corpus = &*CORPUS;
    b.counter(bytes()).bench(|| {
        for t in corpus {
            black_box(serde_json::from_str::<Value>(black_box(t)).is_ok());
        }
    });
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn validate_text_with_normalized(b: Bencher) {
    let corpus = &*CORPUS;
    let options = Options::default();
    b.counter(bytes()).bench(|| {
        for t in corpus {
            black_box(
                validate::validate_text(DocumentKind::EventCreate, Mode::Strict, black_box(t), &options)
                    .valid,
            );
        }
    });
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn validate_verdict(b: Bencher) {
    let corpus = &*CORPUS;
    let options = Options::default();
    b.counter(bytes()).bench(|| {
        for t in corpus {
            black_box(
                validate::verdict_text(DocumentKind::EventCreate, Mode::Strict, black_box(t), &options).valid,
            );
        }
    });
}

/// The reference reading: every text into a `Value` first.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn validate_value_reading(b: Bencher) {
    let corpus = &*CORPUS;
    let options = Options::default();
    b.counter(bytes()).bench(|| {
        for t in corpus {
            black_box(
                validate::validate_full_text(DocumentKind::EventCreate, Mode::Strict, black_box(t), &options)
                    .valid,
            );
        }
    });
}
