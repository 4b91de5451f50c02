//! `JSON.stringify` as JavaScript writes it, compact: its escapes, its
//! numbers, and the length of a string it writes without writing it.

#[cfg(test)]
use serde_json::Value;

#[cfg(test)]
use super::number::js_number;

/// UTF-8 bytes of a string as `JSON.stringify` writes it, quotes included.
pub fn js_string_len(s: &str) -> usize {
    let escaped = |b: u8| b < 0x20 || b == b'"' || b == b'\\';
    // Most strings escape nothing: a count the compiler can do many bytes
    // at a time says so, and only the others are spelled out byte by byte.
    if !s.bytes().fold(false, |any, b| any | escaped(b)) {
        return 2 + s.len();
    }
    2 + s
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' | 0x08 | 0x0C | b'\n' | b'\r' | b'\t' => 2,
            0x00..=0x1F => 6,
            _ => 1,
        })
        .sum::<usize>()
}
/// Compact `JSON.stringify(value)`: JavaScript's number spelling and string
/// escapes. The crate counts what it would write without writing it
/// ([`js_string_len`], `doc::js_json_len`); the tests hold those counts to
/// this.
#[cfg(test)]
pub(crate) fn js_stringify(value: &Value) -> String {
    let mut out = String::new();
    write_js(value, &mut out);
    out
}

#[cfg(test)]
fn write_js(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&js_number(n.as_f64().unwrap_or(0.0))),
        Value::String(s) => write_js_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_js(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_js_string(k, out);
                out.push(':');
                write_js(v, out);
            }
            out.push('}');
        }
    }
}

/// `s` as a JSON string, escaped as `serde_json` writes it.
#[cfg_attr(
    not(feature = "compat"),
    allow(dead_code, reason = "outside the tests, the schema checker alone writes JSON text")
)]
pub(crate) fn write_js_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0C}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn string_lengths_are_the_lengths_of_the_spelling() {
        for s in [
            "",
            "plain",
            "q\"uote",
            "back\\slash",
            "tab\t",
            "nul\u{0}",
            "bell\u{7}",
            "\u{e9}t\u{e9}",
            "\u{1f600}",
        ] {
            assert_eq!(js_string_len(s), serde_json::to_string(s).map(|t| t.len()).unwrap_or(0), "{s:?}");
        }
    }

    #[test]
    fn the_spelling_is_javascripts() {
        let v = json!({"a": [1.0, -0.0, 1e21, "x\"\\\n\u{1}é😀", null, true, false], "b": {}});
        assert_eq!(
            js_stringify(&v),
            "{\"a\":[1,0,1e+21,\"x\\\"\\\\\\n\\u0001é😀\",null,true,false],\"b\":{}}"
        );
    }
}
