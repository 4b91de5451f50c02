use super::*;

fn strict(text: &str) -> Lexer<'_> {
    Lexer::new(text, Policy::Strict)
}

fn js(text: &str) -> Lexer<'_> {
    Lexer::new(text, Policy::JsonParse)
}

/// A string's value read in one pass ([`Lexer::string_value`]), when it
/// ends the text; `None` for a fault or text after it.
fn value_of(quoted: &str, policy: Policy) -> Option<String> {
    let mut lx = Lexer::new(quoted, policy);
    let s = lx.string_value(true).ok()?;
    lx.at_end().then(|| s.into_owned())
}

/// A string's token read and then decoded ([`Lexer::string`],
/// [`Str::value`]); `None` as [`value_of`].
fn token_value_of(quoted: &str, policy: Policy) -> Option<String> {
    let mut lx = Lexer::new(quoted, policy);
    let s = lx.string().ok()?;
    lx.at_end().then(|| s.value().into_owned())
}

/// A plain run stops at the first `"`, `\` or control byte, whether it
/// stands in either half of sixteen bytes, in a word of eight or in the
/// bytes after the last whole word, and at the first of two.
#[test]
fn a_plain_run_ends_at_the_first_quote_backslash_or_control_byte() {
    for len in [12, 40] {
        for b in 0..=255u8 {
            let special = b == b'"' || b == b'\\' || b < 0x20;
            for at in 0..len {
                let mut text = vec![b'a'; len];
                if let Some(slot) = text.get_mut(at) {
                    *slot = b;
                }
                let want = if special { at } else { len };
                for from in [0, at.min(5), at] {
                    assert_eq!(plain_run(&text, from), want, "byte {b} at {at} of {len}, from {from}");
                }
                // A second special byte later does not move the first.
                if let Some(slot) = text.get_mut(at + 9) {
                    *slot = b'"';
                    let want = if special { at } else { at + 9 };
                    assert_eq!(plain_run(&text, 0), want, "byte {b} at {at} of {len}, a quote at {}", at + 9);
                }
            }
        }
    }
}

#[test]
fn every_escape_stands_for_its_character_and_a_pair_for_one() {
    for (text, want, len) in [
        (r#"\""#, Escaped::Char('"'), 2),
        (r"\\", Escaped::Char('\\'), 2),
        (r"\/", Escaped::Char('/'), 2),
        (r"\b", Escaped::Char('\u{8}'), 2),
        (r"\f", Escaped::Char('\u{c}'), 2),
        (r"\n", Escaped::Char('\n'), 2),
        (r"\r", Escaped::Char('\r'), 2),
        (r"\t", Escaped::Char('\t'), 2),
        (r"\u00E9", Escaped::Char('\u{e9}'), 6),
        (r"\ud83d\udce6", Escaped::Char('\u{1f4e6}'), 12),
        (r"\uD83D\uDCE6", Escaped::Char('\u{1f4e6}'), 12),
        (r"\ud83d", Escaped::Lone(0xd83d), 6),
        (r"\ud83dx", Escaped::Lone(0xd83d), 6),
        (r"\ud83d\u0041", Escaped::Lone(0xd83d), 6),
        (r"\ud83d\ud83d", Escaped::Lone(0xd83d), 6),
        (r"\udce6", Escaped::Lone(0xdce6), 6),
    ] {
        assert_eq!(escape(text.as_bytes(), 0), Some((want, len)), "{text}");
    }
    for bad in [r"\", r"\x", r"\u", r"\u12", r"\u12g4", r"\U0041", r"\'", "\\\n"] {
        assert_eq!(escape(bad.as_bytes(), 0), None, "{bad}");
    }
}

/// A fault names what was expected and stands where the text went wrong,
/// where a reader reports it.
#[test]
fn a_fault_stands_where_the_text_went_wrong() {
    for (text, at, expected) in [
        (r#""ab\x""#, 3, Fault::Escape),
        (r#""ab\u12""#, 3, Fault::Escape),
        ("\"a\u{1}b\"", 2, Fault::Character),
        ("\"abc", 4, Fault::Quote),
        ("abc", 0, Fault::Quote),
        (r#""a\ud800b""#, 2, Fault::Pair),
        (r#""a\udc00""#, 2, Fault::Pair),
    ] {
        for read in [0, 1] {
            let mut lx = strict(text);
            let fault = if read == 0 { lx.string().map(drop) } else { lx.string_value(false).map(drop) };
            assert_eq!(fault, Err(expected), "{text}");
            assert_eq!(lx.at(), at, "{text}");
        }
    }
    for (text, at) in
        [("-", 1), ("-a", 1), ("01", 1), ("1.", 2), ("1.e5", 2), ("1e", 2), ("1e+", 3), ("x", 0)]
    {
        let mut lx = strict(text);
        let read = lx.number().map(|n| n.text);
        // `01` reads as `0`, and what follows is the reader's to refuse.
        if text == "01" {
            assert_eq!(read, Ok("0"));
            assert_eq!(lx.at(), at);
            continue;
        }
        assert_eq!(read, Err(Fault::Digit), "{text}");
        assert_eq!(lx.at(), at, "{text}");
    }
}

/// Under `JSON.parse`'s policy a lone surrogate is a unit of its string,
/// and the token says so; strict refuses it.
#[test]
fn a_lone_surrogate_is_a_unit_or_a_fault_by_policy() {
    let text = r#""a\ud800b\udc00\ud83d\udce6""#;
    let s = js(text).string();
    let Ok(s) = s else { panic!("{s:?}") };
    assert!(s.escaped && s.lone);
    assert_eq!(units(s.raw), [0x61, 0xd800, 0x62, 0xdc00, 0xd83d, 0xdce6]);
    assert_eq!(s.value(), "a\u{fffd}b\u{fffd}\u{1f4e6}");
    assert_eq!(value_of(text, Policy::JsonParse).as_deref(), Some("a\u{fffd}b\u{fffd}\u{1f4e6}"));
    assert!(strict(text).string().is_err());
    assert_eq!(value_of(text, Policy::Strict), None);
    let plain = js(r#""ab""#).string();
    assert_eq!(plain, Ok(Str { raw: "ab", escaped: false, lone: false }));
}

#[test]
fn a_number_beyond_a_double_is_infinite_or_a_fault_by_policy() {
    for (text, value) in [("1e400", f64::INFINITY), ("-1e400", f64::NEG_INFINITY)] {
        let n = js(text).number();
        assert_eq!(n.map(|n| (n.value(), n.is_finite())), Ok((value, false)), "{text}");
        assert_eq!(strict(text).number(), Err(Fault::Finite), "{text}");
    }
    let long = "9".repeat(310);
    assert!(strict(&long).number().is_err());
    assert!(js(&long).number().is_ok_and(|n| n.value().is_infinite()));
    let long_fraction = format!("0.{}", "9".repeat(400));
    assert_eq!(strict(&long_fraction).number().map(|n| n.value()), Ok(1.0));
    for (text, value) in [("0", 0.0), ("-0", -0.0), ("12.5e-1", 1.25), ("1E2", 100.0), ("1e-400", 0.0)] {
        let n = strict(text).number();
        assert_eq!(n.map(|n| n.value().to_bits()), Ok(f64::to_bits(value)), "{text}");
    }
}

#[test]
fn words_and_white_space_are_stepped_over_only_when_they_are_next() {
    let mut lx = strict(" \t\r\n true fals");
    lx.blank();
    assert!(!lx.word(b"false") && lx.word(b"true"));
    lx.blank();
    assert!(!lx.word(b"false") && !lx.eat(b'x') && lx.eat(b'f'));
    assert_eq!(lx.rest(), "als");
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// Both ways of reading a string (the token, then its value; the value
    /// in one pass) read what `serde_json` reads, and refuse what it
    /// refuses, wherever the string stands in the text.
    #[test]
    fn a_string_is_unescaped_as_serde_json_unescapes_it(
        body in "([a-z\u{e9} \\\\\"/]|\\\\[\"\\\\/bfnrtux]|\\\\u[0-9a-fA-F]{4}|\\\\ud[89ab][0-9a-f]{2}\\\\ud[c-f][0-9a-f]{2}|\\\\ud[89ab][0-9a-f]{2}|\u{1}){0,12}",
        around in "|\"| |x",
    ) {
        for quoted in [format!("\"{body}\""), format!("\"{body}\"{around}"), format!("{around}\"{body}\"")] {
            let want = serde_json::from_str::<String>(&quoted).ok().filter(|_| !quoted.ends_with(' ') && !quoted.starts_with(' '));
            proptest::prop_assert_eq!(value_of(&quoted, Policy::Strict), want.clone(), "{}", quoted);
            proptest::prop_assert_eq!(token_value_of(&quoted, Policy::Strict), want, "{}", quoted);
        }
    }

    /// Long runs between escapes, with characters of two to four bytes
    /// that a word of eight can split.
    #[test]
    fn a_long_string_is_unescaped_as_serde_json_unescapes_it(
        body in "([a-z\u{e9}\u{65e5}\u{1f4e6} ]{0,20}|\\\\[\"\\\\n]|\\\\u00e9|\u{1}){0,12}",
    ) {
        let quoted = format!("\"{body}\"");
        let want = serde_json::from_str::<String>(&quoted).ok();
        proptest::prop_assert_eq!(value_of(&quoted, Policy::Strict), want.clone(), "{}", quoted);
        proptest::prop_assert_eq!(token_value_of(&quoted, Policy::Strict), want, "{}", quoted);
    }

    /// Any string JavaScript can hold, lone surrogates too, escaped as
    /// `JSON.stringify` escapes it, reads back to its units.
    #[test]
    fn any_utf16_string_reads_back_to_its_units(held in proptest::collection::vec(proptest::num::u16::ANY, 0..24)) {
        let mut quoted = String::from("\"");
        for c in char::decode_utf16(held.iter().copied()) {
            match c {
                Ok('"') => quoted.push_str("\\\""),
                Ok('\\') => quoted.push_str("\\\\"),
                Ok(c) if u32::from(c) < 0x20 => quoted.push_str(&format!("\\u{:04x}", u32::from(c))),
                Ok(c) => quoted.push(c),
                Err(e) => quoted.push_str(&format!("\\u{:04x}", e.unpaired_surrogate())),
            }
        }
        quoted.push('"');
        let s = js(&quoted).string();
        proptest::prop_assert!(s.is_ok(), "{}", quoted);
        let s = s.unwrap_or(Str { raw: "", escaped: false, lone: false });
        proptest::prop_assert_eq!(units(s.raw), held.clone());
        let lossy = String::from_utf16_lossy(&held);
        proptest::prop_assert_eq!(s.value().into_owned(), lossy.clone());
        proptest::prop_assert_eq!(value_of(&quoted, Policy::JsonParse), Some(lossy));
        proptest::prop_assert_eq!(s.lone, String::from_utf16(&held).is_err());
    }

    /// A number reads as `serde_json` reads it; what it refuses the lexer
    /// refuses, or reads as a shorter number that the text goes on after.
    #[test]
    fn a_number_is_read_as_serde_json_reads_it(text in "-?(0|[1-9][0-9]{0,20}|0[0-9])(\\.[0-9]{0,4})?([eE][+-]?[0-9]{0,3})?") {
        let serde = serde_json::from_str::<f64>(&text).ok();
        let mut lx = js(&text);
        match lx.number() {
            Ok(n) if lx.at_end() => {
                let serde = serde.unwrap_or(if text.starts_with('-') { f64::NEG_INFINITY } else { f64::INFINITY });
                proptest::prop_assert_eq!(n.value().to_bits(), serde.to_bits(), "{}", text);
                proptest::prop_assert_eq!(n.is_finite(), serde.is_finite(), "{}", text);
            }
            _ => proptest::prop_assert!(serde.is_none(), "{}", text),
        }
    }
}
