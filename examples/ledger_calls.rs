//! Writes `ledger.view` calls over generated ledgers for the wasm benchmark
//! (`benches/node/ledger.mjs`): `cargo run --release --example ledger_calls
//! -- DIR 10000 100000` writes `DIR/ledger-<n>-fleet.call.json` and
//! `DIR/ledger-<n>-session.call.json`.

use std::io::Write;

use hapi_a2a_core::ledger::generate::generate_demo_ledger_text;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().ok_or("usage: ledger_calls DIR N...")?;
    for n in args {
        let n: usize = n.parse().map_err(|e| format!("`{n}` is not a count: {e}"))?;
        let g = generate_demo_ledger_text(n);
        let session = serde_json::to_string(&g.session_id).map_err(|e| e.to_string())?;
        for (name, query) in [
            ("fleet", r#"{"by":"fleet"}"#.to_owned()),
            ("session", format!(r#"{{"by":"session","sessionId":{session}}}"#)),
        ] {
            let path = format!("{dir}/ledger-{n}-{name}.call.json");
            let mut f = std::fs::File::create(&path).map_err(|e| format!("{path}: {e}"))?;
            write!(f, r#"{{"events":{},"links":{},"now":{},"query":{query}}}"#, g.events, g.links, g.now)
                .map_err(|e| format!("{path}: {e}"))?;
        }
    }
    Ok(())
}
