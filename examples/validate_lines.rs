//! Validates the first N lines of a file of event creates (one a line), as
//! strict `event_create`, for counting instructions with callgrind
//! (`benches/instructions.sh` runs it): `cargo run --release --example
//! validate_lines -- EVENTS.ndjson N verdict|text|value|parse`. `verdict` is
//! `verdict_text`, `text` is `validate_text` (with the normalized document),
//! `value` is `validate_full_text` (the reference reading into a `Value`),
//! `parse` only `serde_json::from_str::<Value>` of each line, the baseline.
//! Prints how many lines were valid (or parsed).

use std::hint::black_box;

use hapi_a2a_core::Mode;
use hapi_a2a_core::validate::{self, DocumentKind, Options};

fn main() -> Result<(), String> {
    let usage = "usage: validate_lines EVENTS.ndjson N verdict|text|value|parse";
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(n), Some(mode)) = (args.next(), args.next(), args.next()) else {
        return Err(usage.to_owned());
    };
    let n: usize = n.parse().map_err(|e| format!("`{n}` is not a count: {e}"))?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).take(n).collect();
    let options = Options::default();
    let one: fn(&str, &Options) -> bool = match mode.as_str() {
        "verdict" => |t, o| validate::verdict_text(DocumentKind::EventCreate, Mode::Strict, t, o).valid,
        "text" => |t, o| validate::validate_text(DocumentKind::EventCreate, Mode::Strict, t, o).valid,
        "value" => |t, o| validate::validate_full_text(DocumentKind::EventCreate, Mode::Strict, t, o).valid,
        "parse" => |t, _| serde_json::from_str::<serde_json::Value>(t).is_ok(),
        _ => return Err(usage.to_owned()),
    };
    let ok = lines.iter().filter(|l| one(black_box(l), &options)).count();
    println!("{ok}");
    Ok(())
}
