//! Validates the first N lines of a file of event creates (one a line), as
//! strict `event_create`, for counting instructions with callgrind
//! (`benches/instructions.sh` runs it): `cargo run --release --example
//! validate_lines -- EVENTS.ndjson N verdict|text|value|parse`. `verdict` is
//! `verdict_text`, `text` is `validate_text` (with the normalized document),
//! `value` is `validate_full_text` (the reference reading into a `Value`),
//! `parse` only `serde_json::from_str::<Value>` of each line, the baseline;
//! `entry` and `columns` are the document entry (`api::validate_document`)
//! asked for the verdict, and for the verdict with the row's columns;
//! `dropin` is the entry as `./upstream`'s `safeParse` asks it (`upstream`,
//! errors alone, the stored form only where it is not the keys as given).
//! `HAPI_PROFILE=upstream` decides under upstream's rules (an HTTP writer's).
//! Prints how many lines were valid (or parsed).

use std::hint::black_box;

use hapi_a2a_core::Mode;
use hapi_a2a_core::api::{DocumentAnswer, DocumentOptions, validate_document};
use hapi_a2a_core::validate::{self, DocumentKind, Options, Profile};

fn main() -> Result<(), String> {
    let usage = "usage: validate_lines EVENTS.ndjson N verdict|text|value|parse|entry|columns|dropin";
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(n), Some(mode)) = (args.next(), args.next(), args.next()) else {
        return Err(usage.to_owned());
    };
    let n: usize = n.parse().map_err(|e| format!("`{n}` is not a count: {e}"))?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).take(n).collect();
    let upstream = std::env::var("HAPI_PROFILE").as_deref() == Ok("upstream");
    let options = Options {
        profile: if upstream { Profile::Upstream } else { Profile::A2a },
        http_writer: upstream,
        ..Options::default()
    };
    let one: fn(&str, &Options) -> bool = match mode.as_str() {
        "verdict" => |t, o| validate::verdict_text(DocumentKind::EventCreate, Mode::Strict, t, o).valid,
        "text" => |t, o| validate::validate_text(DocumentKind::EventCreate, Mode::Strict, t, o).valid,
        "value" => |t, o| validate::validate_full_text(DocumentKind::EventCreate, Mode::Strict, t, o).valid,
        "parse" => |t, _| serde_json::from_str::<serde_json::Value>(t).is_ok(),
        "entry" => |t, o| entry(t, o, false),
        "columns" => |t, o| entry(t, o, true),
        "dropin" => |t, _| drop_in(t),
        _ => return Err(usage.to_owned()),
    };
    let ok = lines.iter().filter(|l| one(black_box(l), &options)).count();
    println!("{ok}");
    Ok(())
}

/// The document entry on `text` under `options`' profile: whether it is
/// valid (an answer naming `"valid":true`).
fn entry(text: &str, options: &Options, with_columns: bool) -> bool {
    let upstream = options.profile == Profile::Upstream;
    let entry = DocumentOptions {
        kind: "event_create",
        profile: Some(if upstream { "upstream" } else { "a2a" }),
        http_writer: options.http_writer,
        with_columns,
        ..DocumentOptions::default()
    };
    match validate_document(text, &entry) {
        DocumentAnswer::Clean => true,
        DocumentAnswer::Text(answer) => black_box(answer).contains(r#""valid":true"#),
    }
}

/// The document entry as `./upstream`'s `safeParse` asks it: whether the
/// document is valid.
fn drop_in(text: &str) -> bool {
    let entry = DocumentOptions {
        kind: "event_create",
        profile: Some("upstream"),
        with_normalized: true,
        errors_only: true,
        keys_as_given: true,
        ..DocumentOptions::default()
    };
    match validate_document(text, &entry) {
        DocumentAnswer::Clean => true,
        DocumentAnswer::Text(answer) => black_box(answer).contains(r#""valid":true"#),
    }
}
