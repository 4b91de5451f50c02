//! Folding generated ledgers of 10k, 100k and 1M events with as many links.
//!
//! - `fold`: rows already in memory (moved into the ledger) → build + a fleet
//!   view + a session view.
//! - `call`: the JSON call text → `call("ledger.view")` with a fleet query
//!   (parse, fold, answer); its `max alloc` against `text bytes` is the peak
//!   memory per byte of JSON input.
//!
//! Run: `cargo bench --bench ledger` (add `-- fold` or `-- call` to pick one).

use divan::{AllocProfiler, Bencher, black_box};
use hapi_a2a_core::ledger::{Ledger, Query, generate::generate_demo_ledger};
use serde_json::json;

#[global_allocator]
static ALLOC: AllocProfiler = AllocProfiler::system();

const SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];

fn main() {
    divan::main();
}

#[divan::bench(args = SIZES, sample_count = 5, sample_size = 1)]
fn fold(bencher: Bencher, n: usize) {
    let g = generate_demo_ledger(n);
    let session = Query::Session { session_id: g.session_id.clone() };
    bencher.with_inputs(|| (g.events.clone(), g.links.clone())).bench_local_values(|(events, links)| {
        let mut ledger = Ledger::new(Some("ns-demo"));
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

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn call(bencher: Bencher, n: usize) {
    let g = generate_demo_ledger(n);
    let text =
        json!({"events": g.events, "links": g.links, "now": g.now, "query": {"by": "fleet"}}).to_string();
    eprintln!("ledger.view call of {n} events + {n} links: {} text bytes", text.len());
    bencher.bench_local(|| black_box(hapi_a2a_core::call("ledger.view", black_box(&text)).len()));
}
