//! The published JSON Schemas (`schemas/*.schema.json`, 2020-12), embedded.
//!
//! The texts are always embedded (they are the contract, and the CLI and the
//! compatibility gate read them); compiling and running them needs the
//! `schema` feature. Each schema is compiled once, on first use, with every
//! other embedded schema registered as a resource so `$ref`s between them
//! resolve without IO.

use serde_json::Value;

/// One embedded schema: its file name, `$id` and text.
#[derive(Clone, Copy, Debug)]
pub struct Embedded {
    /// The document kind it describes (`principal`, `event_create`, ...).
    pub kind: &'static str,
    /// The file name under `schemas/`.
    pub file: &'static str,
    /// The schema text.
    pub text: &'static str,
}

macro_rules! embed {
    ($($kind:literal => $file:literal),* $(,)?) => {
        /// Every embedded schema.
        pub const SCHEMAS: &[Embedded] = &[
            $( Embedded { kind: $kind, file: $file, text: include_str!(concat!("../../schemas/", $file)) }, )*
        ];
    };
}

embed! {
    "event_create" => "event_create.schema.json",
    "event_row" => "event_row.schema.json",
    "link_create" => "link_create.schema.json",
    "link_row" => "link_row.schema.json",
    "principal" => "principal.schema.json",
    "peer_message" => "peer_message.schema.json",
    "artifact_ref" => "artifact_ref.schema.json",
    "spawn_request" => "spawn_request.schema.json",
    "notify_summary" => "notify_summary.schema.json",
    "work_ad" => "work_ad.schema.json",
    "handoff" => "handoff.schema.json",
    "handoff_receipt" => "handoff_receipt.schema.json",
}

/// The embedded schema for a document kind.
pub fn for_kind(kind: &str) -> Option<&'static Embedded> {
    SCHEMAS.iter().find(|s| s.kind == kind)
}

/// The `$id` of a schema text, if it has one.
pub fn id_of(text: &str) -> Option<String> {
    let v: Value = serde_json::from_str(text).ok()?;
    v.get("$id")?.as_str().map(str::to_owned)
}

#[cfg(feature = "schema")]
mod engine {
    use std::collections::HashMap;
    use std::sync::OnceLock;

    use jsonschema::{Draft, Registry, Validator};
    use serde_json::Value;

    use super::SCHEMAS;
    use crate::diagnostic::Diagnostic;
    use crate::pointer::Pointer;
    use crate::validate::SCHEMA_VIOLATION;

    type Compiled = HashMap<&'static str, Result<Validator, String>>;

    fn parsed() -> &'static Vec<(&'static str, Result<Value, String>)> {
        static CELL: OnceLock<Vec<(&'static str, Result<Value, String>)>> = OnceLock::new();
        CELL.get_or_init(|| {
            SCHEMAS
                .iter()
                .map(|s| (s.kind, serde_json::from_str::<Value>(s.text).map_err(|e| e.to_string())))
                .collect()
        })
    }

    /// Every embedded schema, registered under its `$id`, so references
    /// between them resolve without IO.
    fn registry() -> &'static Result<Registry<'static>, String> {
        static CELL: OnceLock<Result<Registry<'static>, String>> = OnceLock::new();
        CELL.get_or_init(|| {
            let mut builder = Registry::new();
            for (_, doc) in parsed() {
                if let Ok(doc) = doc
                    && let Some(id) = doc.get("$id").and_then(Value::as_str)
                {
                    builder = builder.add(id, doc.clone()).map_err(|e| e.to_string())?;
                }
            }
            builder.prepare().map_err(|e| e.to_string())
        })
    }

    fn compiled() -> &'static Compiled {
        static CELL: OnceLock<Compiled> = OnceLock::new();
        CELL.get_or_init(|| {
            parsed()
                .iter()
                .map(|(kind, doc)| {
                    let built = doc.clone().and_then(|schema| {
                        let registry = registry().as_ref().map_err(Clone::clone)?;
                        jsonschema::options()
                            .with_draft(Draft::Draft202012)
                            .with_registry(registry)
                            .build(&schema)
                            .map_err(|e| e.to_string())
                    });
                    (*kind, built)
                })
                .collect()
        })
    }

    /// Runs the embedded schema of `kind` over `document`. `None` when there
    /// is no schema for the kind; `Err` when the schema does not compile.
    pub fn run(kind: &str, document: &Value) -> Option<Result<Vec<Diagnostic>, String>> {
        let validator = compiled().get(kind)?;
        Some(match validator {
            Err(e) => Err(e.clone()),
            Ok(v) => {
                let mut out: Vec<Diagnostic> = v
                    .iter_errors(document)
                    .map(|e| {
                        let at = Pointer::parse(&e.instance_path().to_string())
                            .map(|tokens| tokens.iter().fold(Pointer::root(), |p, t| p.key(t)))
                            .unwrap_or_default();
                        Diagnostic::error(SCHEMA_VIOLATION, &at, first_line(&e.to_string()))
                            .with_schema_path(e.schema_path().to_string())
                    })
                    .collect();
                crate::diagnostic::sort(&mut out);
                Ok(out)
            }
        })
    }

    fn first_line(s: &str) -> String {
        let line = s.lines().next().unwrap_or("");
        let mut out: String = line.chars().take(200).collect();
        if let Some(first) = out.get(..1) {
            let lower = first.to_lowercase();
            out.replace_range(..1, &lower);
        }
        out
    }
}

#[cfg(feature = "schema")]
pub use engine::run;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schema_is_2020_12_with_an_id() {
        for s in SCHEMAS {
            let v: Value = serde_json::from_str(s.text).unwrap_or_default();
            assert_eq!(
                v.get("$schema").and_then(Value::as_str),
                Some("https://json-schema.org/draft/2020-12/schema"),
                "{}",
                s.file
            );
            assert!(id_of(s.text).is_some(), "{} has no $id", s.file);
        }
    }

    #[cfg(feature = "schema")]
    #[test]
    fn every_schema_compiles() {
        for s in SCHEMAS {
            let r = run(s.kind, &Value::Null);
            assert!(matches!(r, Some(Ok(_))), "{}: {r:?}", s.file);
        }
    }
}
