//! The JSON Schema keywords the checker knows, in one place below every
//! module that reads schemas: which ones may constrain instances, which the
//! walk compares, which apply in place, which hold subschemas and how, and
//! how a keyword a dialect ignores is hidden from the comparison.

use serde_json::{Map, Value};

/// The prefix that marks a keyword its dialect ignores.
pub(super) const HIDDEN: char = '\u{1}';

/// Every keyword that may constrain instances in some dialect.
pub const KEYWORDS: &[&str] = &[
    "type",
    "enum",
    "const",
    "multipleOf",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
    "properties",
    "patternProperties",
    "additionalProperties",
    "unevaluatedProperties",
    "required",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependencies",
    "dependentRequired",
    "dependentSchemas",
    "items",
    "prefixItems",
    "additionalItems",
    "unevaluatedItems",
    "contains",
    "minContains",
    "maxContains",
    "minItems",
    "maxItems",
    "uniqueItems",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "$ref",
    "$dynamicRef",
    "$recursiveRef",
];

/// Every keyword the walk compares (anything else is an annotation).
pub(crate) fn is_known(key: &str) -> bool {
    matches!(
        key,
        "type"
            | "enum"
            | "const"
            | "minLength"
            | "maxLength"
            | "pattern"
            | "format"
            | "minimum"
            | "maximum"
            | "exclusiveMinimum"
            | "exclusiveMaximum"
            | "multipleOf"
            | "properties"
            | "patternProperties"
            | "additionalProperties"
            | "unevaluatedProperties"
            | "required"
            | "propertyNames"
            | "minProperties"
            | "maxProperties"
            | "dependentRequired"
            | "dependentSchemas"
            | "dependencies"
            | "items"
            | "prefixItems"
            | "additionalItems"
            | "unevaluatedItems"
            | "contains"
            | "minContains"
            | "maxContains"
            | "minItems"
            | "maxItems"
            | "uniqueItems"
            | "allOf"
            | "anyOf"
            | "oneOf"
            | "not"
            | "if"
            | "then"
            | "else"
            | "$ref"
            | "$dynamicRef"
            | "$recursiveRef"
    )
}

/// Whether a schema has applicators whose evaluation `unevaluated*` sees.
pub(super) fn has_in_place(m: &Map<String, Value>) -> bool {
    [
        "allOf",
        "anyOf",
        "oneOf",
        "if",
        "then",
        "else",
        "dependentSchemas",
        "$ref",
        "$dynamicRef",
        "$recursiveRef",
    ]
    .iter()
    .any(|k| m.contains_key(*k))
}

/// Keys whose values are maps of subschemas.
pub(super) const SCHEMA_MAPS: &[&str] =
    &["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
/// Keys whose values are lists of subschemas.
pub(super) const SCHEMA_LISTS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];
/// Keys whose values are one subschema.
pub(super) const SCHEMA_ONE: &[&str] = &[
    "additionalProperties",
    "unevaluatedProperties",
    "additionalItems",
    "unevaluatedItems",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
];

/// Whether a schema has any keyword that affects validation.
pub(super) fn has_assertions(v: &Value) -> bool {
    match v {
        Value::Object(m) => m.keys().any(|k| is_known(k)),
        Value::Bool(b) => !b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_compares_every_keyword_but_the_content_annotations() {
        let compared: Vec<&str> = KEYWORDS.iter().copied().filter(|k| is_known(k)).collect();
        let others: Vec<&str> = KEYWORDS.iter().copied().filter(|k| !is_known(k)).collect();
        assert_eq!(others, ["contentEncoding", "contentMediaType", "contentSchema"]);
        assert_eq!(compared.len(), KEYWORDS.len() - 3);
        for k in SCHEMA_MAPS.iter().chain(SCHEMA_LISTS).chain(SCHEMA_ONE) {
            assert!(
                is_known(k) || ["$defs", "definitions"].contains(k),
                "{k} holds schemas but is not compared"
            );
        }
        let in_place = Map::from_iter([("dependentSchemas".to_owned(), Value::Null)]);
        assert!(has_in_place(&in_place));
        assert!(!has_in_place(&Map::from_iter([("contains".to_owned(), Value::Null)])));
    }
}
