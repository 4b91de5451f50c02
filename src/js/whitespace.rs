//! JavaScript's notion of whitespace, for rules that must agree with
//! upstream's `trim()`, `trimEnd()` and `/\s/` exactly.
//!
//! ECMA-262 WhiteSpace and LineTerminator: TAB, VT, FF, SP, NBSP, ZWNBSP
//! (U+FEFF), every `Zs` character, LF, CR, U+2028 and U+2029. Rust's
//! `char::is_whitespace` differs: it includes U+0085 and leaves out U+FEFF.

/// Whether JavaScript's `/\s/` matches `c`.
pub fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{0009}'
            | '\u{000A}'
            | '\u{000B}'
            | '\u{000C}'
            | '\u{000D}'
            | '\u{0020}'
            | '\u{00A0}'
            | '\u{1680}'
            | '\u{2000}'
            ..='\u{200A}' | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}' | '\u{3000}' | '\u{FEFF}'
    )
}

/// `s.trim()` as JavaScript does it.
pub fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_whitespace)
}

/// `s.trimEnd()` as JavaScript does it.
pub fn js_trim_end(s: &str) -> &str {
    s.trim_end_matches(is_js_whitespace)
}

/// Whether `s.trim()` is empty in JavaScript.
pub fn is_js_blank(s: &str) -> bool {
    js_trim(s).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order_mark_is_whitespace_and_next_line_is_not() {
        assert_eq!(js_trim("\u{FEFF} a \u{3000}"), "a");
        assert_eq!(js_trim("\u{0085}a"), "\u{0085}a");
        assert!(is_js_blank("\u{00A0}\u{2028}"));
        assert!(!is_js_blank("\u{200B}"));
    }
}
