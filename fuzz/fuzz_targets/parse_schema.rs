//! The schema compatibility checker on two generated schemas (keywords of
//! JSON Schema, nested): a check answers or refuses, never panics, and a
//! schema compared with itself has no breaking change
//! (`cargo +nightly fuzz run parse_schema`).
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

use hapi_a2a_core::compat::{Direction, Options, Policy, check};
use hapi_a2a_core_fuzz::Gen;

const KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "prefixItems",
    "enum",
    "const",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "$ref",
    "$defs",
    "definitions",
    "$id",
    "$schema",
    "$anchor",
    "$dynamicRef",
    "dependentRequired",
    "dependencies",
    "patternProperties",
    "unevaluatedProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "default",
    "title",
];
const STRINGS: &[&str] = &[
    "string",
    "number",
    "integer",
    "object",
    "array",
    "boolean",
    "null",
    "#",
    "#/$defs/a",
    "#/definitions/a",
    "a",
    "b",
    "^a$",
    "date-time",
    "https://json-schema.org/draft/2020-12/schema",
    "http://json-schema.org/draft-07/schema#",
    "https://example.com/x.json",
];

fn schema(data: &[u8]) -> Result<(Value, Value, Options)> {
    let mut u = Unstructured::new(data);
    let keys: Vec<String> = KEYWORDS.iter().map(|s| (*s).to_owned()).collect();
    let strings: Vec<String> = STRINGS.iter().map(|s| (*s).to_owned()).collect();
    let mut g = Gen { u: &mut u, keys: &keys, strings: &strings };
    let old = g.value(6)?;
    let mut new = old.clone();
    for _ in 0..g.u.int_in_range(0..=4u8)? {
        g.edit(&mut new)?;
    }
    let policy = if g.u.arbitrary()? { Policy::Strict } else { Policy::Lenient };
    Ok((old, new, Options { policy, assert_format: g.u.arbitrary()? }))
}

fuzz_target!(|data: &[u8]| {
    let Ok((old, new, options)) = schema(data) else { return };
    let policy = if options.policy == Policy::Strict { "strict" } else { "lenient" };
    let call = serde_json::json!({"old": old, "new": new, "policy": policy, "assertFormat": options.assert_format});
    hapi_a2a_core_fuzz::record("schema.check", &call.to_string());
    let _ = check(&old, &new, options);
    if let Ok(same) = check(&old, &old, options) {
        let fails_closed = same.changes.iter().any(|c| {
            [
                "compat/remote-ref",
                "compat/dynamic-ref",
                "compat/unresolved-ref",
                "compat/too-deep",
                "compat/too-complex",
            ]
            .contains(&c.code.as_str())
        });
        assert!(fails_closed || !same.breaks(Direction::Full), "a schema breaks against itself: {old}");
    }
});
