//! Upstream limits, byte-exact, and the two ways of measuring them.
//!
//! **String caps count Unicode code points** (what JSON Schema `maxLength`
//! and zod ≥ 4.5 count). zod ≤ 4.4 counted UTF-16 code units, so a string of
//! astral characters (emoji) between half the cap and the cap passes here
//! and was refused by such hubs: a documented deviation, chosen so that the
//! published JSON Schemas and the typed rules agree.
//!
//! **`payload_json` / `metadata_json`** are capped at 32,768 UTF-8 bytes of
//! their compact `JSON.stringify` form, counted the way JavaScript prints
//! numbers (as `Number.prototype.toString` does) and escapes strings, without
//! building the text ([`crate::doc::js_json_len`]).

crate::define_codes! {
    STRING_TOO_LONG = "limit/string-too-long", "a string is longer than its upstream cap (counted in code points)";
    STRING_TOO_SHORT = "limit/string-too-short", "a string is shorter than its upstream minimum (most fields refuse the empty string)";
    TOO_MANY_ITEMS = "limit/too-many-items", "an array has more items than its upstream cap";
    JSON_TOO_LARGE = "limit/json-too-large", "`payload_json` or `metadata_json` is over 32,768 UTF-8 bytes as compact `JSON.stringify` prints it";
}

/// `source_ref`, `sink_ref`, artifact `url` and `ref`.
pub const MAX_STRING: usize = 8192;
/// `summary`.
pub const MAX_SUMMARY: usize = 2048;
/// Number of `tags`.
pub const MAX_TAGS: usize = 32;
/// One tag.
pub const MAX_TAG: usize = 256;
/// Number of `artifact_refs`.
pub const MAX_ARTIFACT_REFS: usize = 32;
/// `source_kind`, `sink_kind`, `event_type`, artifact `kind` and `source`, `relation_type`.
pub const MAX_KIND: usize = 128;
/// Ids: `related_session_id`, `related_event_id`, principal `id` and `on_behalf_of`, link endpoints.
pub const MAX_ID: usize = 256;
/// Artifact `title`, `provenance`, `idempotency_key`, `dedupe_key`.
pub const MAX_TITLE: usize = 512;
/// `severity`.
pub const MAX_SEVERITY: usize = 64;
/// `payload_json` and `metadata_json`, in UTF-8 bytes of compact `JSON.stringify`.
pub const MAX_PAYLOAD_JSON_BYTES: usize = 32_768;
/// The HTTP body cap of the upstream routes (informational; the hub enforces it).
pub const MAX_BODY_BYTES: usize = 65_536;

/// The length of a string as the caps count it: Unicode code points.
pub fn str_len(s: &str) -> usize {
    // Counting non-continuation bytes is the code point count of valid UTF-8.
    s.bytes().filter(|b| (b & 0xC0) != 0x80).count()
}

/// The length of a string in UTF-16 code units (what zod ≤ 4.4 counted).
pub fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::js_json_len;
    use crate::js::stringify::js_stringify;
    use serde_json::json;

    #[test]
    fn length_matches_the_built_text() {
        let v = json!({"a": [1.0, -0.0, 1e21, "x\"\\\n\u{1}é😀", null, true, false], "b": {}});
        assert_eq!(js_json_len(&v), js_stringify(&v).len());
    }

    #[test]
    fn upstream_payload_boundary_is_byte_exact() {
        // `"x" * 32766` is 32,768 bytes of JSON: the largest accepted payload.
        assert_eq!(js_json_len(&json!("x".repeat(32_766))), MAX_PAYLOAD_JSON_BYTES);
        assert_eq!(js_json_len(&json!("x".repeat(32_767))), MAX_PAYLOAD_JSON_BYTES + 1);
    }

    #[test]
    fn string_length_counts_code_points() {
        assert_eq!(str_len("😀😀"), 2);
        assert_eq!(utf16_len("😀😀"), 4);
        assert_eq!(str_len("é"), 1);
    }
}
