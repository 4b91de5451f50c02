//! Times `ledger.view` over the worst-case ledgers of
//! `hapi_a2a_core::ledger::generate::WORST_CASES` at `n` and `2n` rows:
//! `cargo run --release --example ledger_scale -- 4000 [CASE...]`. Each
//! line gives the case, `n`, the call's bytes, the time and the answer's
//! bytes; time and answer should about double with `n`.

use std::time::Instant;

use hapi_a2a_core::api::call;
use hapi_a2a_core::ledger::generate::{WORST_CASES, worst_case_call};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().unwrap_or_else(|| "4000".to_owned()).parse().map_err(|e| format!("n: {e}"))?;
    let only: Vec<String> = args.collect();
    for case in WORST_CASES.iter().filter(|c| only.is_empty() || only.iter().any(|o| o == *c)) {
        for size in [n, 2 * n] {
            let text = worst_case_call(case, size).ok_or("unknown case")?;
            let start = Instant::now();
            let answer = call("ledger.view", &text);
            let took = start.elapsed();
            println!(
                "{case:10} n={size:7} call {:>10} B  {:>9.3} s  answer {:>11} B",
                text.len(),
                took.as_secs_f64(),
                answer.len()
            );
        }
    }
    Ok(())
}
