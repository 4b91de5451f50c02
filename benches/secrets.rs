//! Secret-scan throughput on realistic envelope text, against a plain
//! `serde_json::from_str::<Value>` of the same lines in the same run.
//!
//! The corpus: 5,000 generated event creates of about 1 KB (summaries and
//! notes in prose, session and event ids, GitHub and CI URLs, tags, commit
//! refs, checks), one in fifty carrying a credential the way agents paste
//! one (an `.env` line, a token in a URL, a header). With
//! `SECRETS_BENCH_CORPUS=<file.ndjson>` the lines of that file are used
//! instead. Throughput ratio = `parse_value` time / `scan_*` time.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::BytesCount;
use hapi_a2a_core::pointer::Pointer;
use hapi_a2a_core::secrets;
use serde_json::{Value, json};

fn main() {
    divan::main();
}

const DOCS: usize = 5_000;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

/// `min..=max` words of notes, some of them telling (`token`, `key`, ...).
fn words(r: &mut Rng, min: u64, max: u64) -> String {
    const WORDS: &[&str] = &[
        "review",
        "the",
        "diff",
        "and",
        "run",
        "tests",
        "before",
        "merging",
        "token",
        "budget",
        "key",
        "handoff",
        "receipt",
        "ledger",
        "session",
        "regression",
        "fix",
        "build",
        "deploy",
        "secret",
        "scanner",
        "password",
        "reset",
        "flow",
        "api",
        "access",
        "worker",
        "cache",
        "auth",
        "retry",
        "timeout",
        "webhook",
        "relay",
        "queue",
        "parser",
        "migrate",
        "wasm",
        "pending",
        "blocked",
        "is",
        "to",
        "of",
        "in",
        "on",
        "with",
        "for",
        "after",
        "CI",
        "green",
        "failing",
        "flaky",
    ];
    r.words_of(WORDS, min, max)
}

fn hex(r: &mut Rng, n: usize) -> String {
    (0..n).map(|_| char::from(b"0123456789abcdef"[r.below(16) as usize])).collect()
}
fn uuid(r: &mut Rng) -> String {
    format!("{}-{}-4{}-a{}-{}", hex(r, 8), hex(r, 4), hex(r, 3), hex(r, 3), hex(r, 12))
}
fn alnum(r: &mut Rng, n: usize) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    (0..n).map(|_| char::from(A[r.below(A.len() as u64) as usize])).collect()
}

/// A credential as agents paste one, assembled here so that no literal
/// token sits in the source.
fn leak(r: &mut Rng) -> String {
    match r.below(5) {
        0 => format!("set DATABASE_PASSWORD={}9 in .env and restart", alnum(r, 15)),
        1 => format!("git clone https://x-access-token:{}{}@github.com/acme/relay", "ghs_", alnum(r, 36)),
        2 => format!("curl -H 'Authorization: Bearer {}' https://api.example.com/v1", alnum(r, 32)),
        3 => format!("aws_secret_access_key = {}", alnum(r, 40)),
        _ => format!("export OPENAI_API_KEY={}{}", "sk-proj-", alnum(r, 48)),
    }
}

fn envelope(r: &mut Rng) -> Value {
    let session = format!("sess_{}", hex(r, 16));
    let repo = r.pick(&["acme/sync-engine", "tiann/hapi", "wasm-tools/web_app", "example-co/relay"]);
    let notes = if r.below(50) == 0 { format!("{} {}", words(r, 5, 30), leak(r)) } else { words(r, 10, 60) };
    json!({
        "source_kind": r.pick(&["github", "session", "telegram", "webapp"]),
        "source_ref": format!("https://github.com/{repo}/pull/{}", r.below(9_999)),
        "sink_kind": "agent",
        "sink_ref": format!("agent:{}", uuid(r)),
        "event_type": r.pick(&["handoff", "work_ad", "note", "handoff_receipt"]),
        "summary": words(r, 6, 24),
        "payload_json": {
            "intent": words(r, 3, 10),
            "instructions": words(r, 8, 40),
            "notes": notes,
            "branch": format!("feat/{}-{}", r.pick(&["relay", "cache", "auth", "parser"]), r.below(999)),
            "files": [format!("src/{}.rs", r.pick(&["relay", "ledger", "secrets", "api/notify"]))],
            "checks": [{
                "command": "cargo test --all-targets",
                "exit_code": 0,
                "output_ref": {"kind": "log_url", "url": format!("https://ci.example.com/runs/{}?page=2#L{}", r.below(99_999), r.below(400))}
            }]
        },
        "artifact_refs": [
            {"kind": "commit", "ref": hex(r, 40), "source": "worker"},
            {"kind": "url", "url": format!("https://docs.example.com/{}?q={}&lang=en", words(r, 1, 1), words(r, 1, 1)), "title": words(r, 1, 5)}
        ],
        "tags": ["priority:p1", format!("area:{}", r.pick(&["cli", "wasm", "ledger"])), "kind:feature"],
        "related_session_id": session,
        "related_event_id": uuid(r),
        "idempotency_key": format!("idem_{}", hex(r, 24)),
        "principal": {"kind": "agent", "id": format!("agent:claude-code/{}", hex(r, 8)), "on_behalf_of": "3254"}
    })
}

static LINES: LazyLock<Vec<String>> = LazyLock::new(|| {
    if let Ok(path) = std::env::var("SECRETS_BENCH_CORPUS") {
        let text = std::fs::read_to_string(&path).unwrap();
        return text.lines().filter(|l| !l.is_empty()).map(str::to_owned).collect();
    }
    let mut r = Rng(0x5EC2_E75C_A11E_D001);
    (0..DOCS).map(|_| envelope(&mut r).to_string()).collect()
});

static VALUES: LazyLock<Vec<Value>> =
    LazyLock::new(|| LINES.iter().map(|l| serde_json::from_str(l).unwrap()).collect());

/// Every string of every document (keys and values), as `scan_text` sees them.
static STRINGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    fn collect(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.clone()),
            Value::Array(a) => a.iter().for_each(|x| collect(x, out)),
            Value::Object(m) => m.iter().for_each(|(k, x)| {
                out.push(k.clone());
                collect(x, out);
            }),
            _ => {}
        }
    }
    let mut out = Vec::new();
    VALUES.iter().for_each(|v| collect(v, &mut out));
    out
});

fn line_bytes() -> BytesCount {
    BytesCount::new(LINES.iter().map(String::len).sum::<usize>())
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn parse_value(b: Bencher) {
    let lines = &*LINES;
    b.counter(line_bytes()).bench(|| {
        for t in lines {
            black_box(serde_json::from_str::<Value>(black_box(t)).is_ok());
        }
    });
}

/// `secrets::scan_strings` over each parsed document (`secrets.scan`
/// without the parse), bytes counted as the document's text.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn scan_strings(b: Bencher) {
    let values = &*VALUES;
    let root = Pointer::root();
    b.counter(line_bytes()).bench(|| {
        for v in values {
            black_box(secrets::scan_strings(black_box(v), &root).len());
        }
    });
}

/// `secrets::scan_text` over the strings alone, bytes counted as string bytes.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn scan_text(b: Bencher) {
    let strings = &*STRINGS;
    b.counter(BytesCount::new(strings.iter().map(String::len).sum::<usize>())).bench(|| {
        for s in strings {
            black_box(secrets::scan_text(black_box(s)).len());
        }
    });
}
