//! Folding generated ledgers of 10k, 100k and 1M events with as many links.
//!
//! - `fold_text`: the events and links as JSON text → rows borrowed from the
//!   text → build + a fleet view + a session view (the path `ledger.view`
//!   takes). `max alloc` is the memory the fold adds on top of its input.
//! - `call_fleet`: the whole call text → `call("ledger.view")` with a fleet
//!   query: parse, fold, view, answer text (10k and 100k: a million of these
//!   rows is about 1 GB of call text, over the facade's 512 MiB cap).
//! - `fold_values`: rows already parsed (`serde_json::Value`) moved into the
//!   ledger → build + the same two views (10k and 100k: a million parsed rows
//!   take gigabytes before the fold starts).
//! - `call_one_id`: `n` rows sharing one id (half identical, half differing)
//!   and `n` work ads of one session and one `ts` → `call("ledger.view")`
//!   with a fleet query: the worst case for duplicates and current-ad ties.
//!   Time and `max alloc` should grow tenfold from 10k to 100k, no more.
//!
//! The input sizes are printed on stderr. Run: `cargo bench --bench ledger`.

use divan::{AllocProfiler, Bencher, black_box};
use hapi_a2a_core::ledger::generate::{generate_demo_ledger, generate_demo_ledger_text};
use hapi_a2a_core::ledger::{Ledger, Query};
use serde_json::value::RawValue;

#[global_allocator]
static ALLOC: AllocProfiler = AllocProfiler::system();

fn main() {
    divan::main();
}

#[divan::bench(args = [10_000, 100_000, 1_000_000], sample_count = 5, sample_size = 1)]
fn fold_text(bencher: Bencher, n: usize) {
    let g = generate_demo_ledger_text(n);
    eprintln!("fold_text n={n}: {} bytes of JSON rows", g.events.len() + g.links.len());
    let session = Query::Session { session_id: g.session_id.clone() };
    bencher.bench_local(|| {
        let events: Vec<&RawValue> = serde_json::from_str(&g.events).unwrap_or_default();
        let links: Vec<&RawValue> = serde_json::from_str(&g.links).unwrap_or_default();
        let mut ledger = Ledger::new(Some("ns-demo"));
        ledger.reserve(events.len(), links.len());
        for row in events {
            ledger.add_event_raw(row);
        }
        for row in links {
            ledger.add_link_raw(row);
        }
        let fleet = ledger.view(&Query::Fleet, g.now).map(|a| a.diagnostics.len());
        let history = ledger.view(&session, g.now).map(|a| a.diagnostics.len());
        black_box((fleet, history))
    });
}

#[divan::bench(args = [10_000, 100_000], sample_count = 3, sample_size = 1)]
fn call_fleet(bencher: Bencher, n: usize) {
    let g = generate_demo_ledger_text(n);
    let text =
        format!(r#"{{"events":{},"links":{},"now":{},"query":{{"by":"fleet"}}}}"#, g.events, g.links, g.now);
    drop(g);
    eprintln!("call_fleet n={n}: {} bytes of call text", text.len());
    bencher.bench_local(|| black_box(hapi_a2a_core::call("ledger.view", black_box(&text)).len()));
}

#[divan::bench(args = [10_000, 100_000], sample_count = 5, sample_size = 1)]
fn fold_values(bencher: Bencher, n: usize) {
    let g = generate_demo_ledger(n);
    let session = Query::Session { session_id: g.session_id.clone() };
    bencher.with_inputs(|| (g.events.clone(), g.links.clone())).bench_local_values(|(events, links)| {
        let mut ledger = Ledger::new(Some("ns-demo"));
        ledger.reserve(events.len(), links.len());
        for e in events {
            ledger.add_event(e);
        }
        for l in links {
            ledger.add_link(l);
        }
        let fleet = ledger.view(&Query::Fleet, g.now).map(|a| a.diagnostics.len());
        let history = ledger.view(&session, g.now).map(|a| a.diagnostics.len());
        black_box((fleet, history, ledger))
    });
}

#[divan::bench(args = [10_000, 100_000], sample_count = 3, sample_size = 1)]
fn call_one_id(bencher: Bencher, n: usize) {
    let row = |i: usize, id: &str, ts: usize| {
        format!(
            r#"{{"id":"{id}","ts":{ts},"namespace":"ns","eventType":"work_ad","relatedSessionId":"s{}","payloadJson":{{"status":"working","note":"n{}"}}}}"#,
            i % 2,
            if i.is_multiple_of(4) { i } else { 0 }
        )
    };
    let events: Vec<String> =
        (0..n).map(|i| if i % 2 == 0 { row(i, "same", 7) } else { row(i, &format!("ad-{i}"), 7) }).collect();
    let text = format!(r#"{{"events":[{}],"now":1,"query":{{"by":"fleet"}}}}"#, events.join(","));
    drop(events);
    eprintln!("call_one_id n={n}: {} bytes of call text", text.len());
    bencher.bench_local(|| black_box(hapi_a2a_core::call("ledger.view", black_box(&text)).len()));
}
