use super::*;

/// Whatever `parse` reads, the reporting parser reads to the same value
/// with nothing to say; whatever it refuses is left to that parser.
fn agrees(text: &str) {
    let reported = crate::json::parse(text, MAX_DEPTH);
    match parse(text) {
        Some(doc) => {
            let reported = reported.unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
            assert!(reported.duplicate_keys.is_empty(), "{text:?}");
            assert_eq!(doc.to_value(), reported.value, "{text:?}");
            let bytes = |v: &Value| serde_json::to_string(v).unwrap_or_default();
            assert_eq!(bytes(&doc.to_value()), bytes(&reported.value), "{text:?}");
            // The count from the text's spelling is the count from the value.
            assert_eq!(doc.js_json_len(), crate::doc::js_json_len(&reported.value), "{text:?}");
        }
        None => {
            let clean = reported.is_ok_and(|p| p.duplicate_keys.is_empty());
            let plain = serde_json::from_str::<Value>(text).is_ok();
            // Refused: the reporting parser refuses it or remarks on it.
            assert!(!clean || !plain, "{text:?} was refused");
        }
    }
}

#[test]
fn escapes_are_noted_wherever_they_stand() {
    for (text, escaped) in [
        (r#"{"a":"b","c":[1,"d"]}"#, false),
        (r#"{"a":"b\"c"}"#, true),
        (r#"{"a\u0062":1}"#, true),
        (r#"[["x",{"y":"\n"}]]"#, true),
        (r#""\/""#, true),
        (r#""plain / text""#, false),
    ] {
        assert_eq!(parse_noting_escapes(text).map(|(_, e)| e), Some(escaped), "{text}");
        assert_eq!(escaped, text.contains('\\'), "{text}");
    }
}

#[test]
fn reads_what_the_reporting_parser_reads() {
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    let texts = [
        "null",
        " true ",
        "false",
        "0",
        "-0",
        "-0.0",
        "1e400",
        "-1e400",
        "1e-400",
        "12345678901234567890",
        "123456789012345678901234567890",
        "9007199254740993",
        "-9223372036854775809",
        "1.5e+3",
        "1E2",
        "01",
        "1.",
        ".5",
        "-",
        "+1",
        "\"\"",
        "\"plain\"",
        "\"esc \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\ud83d\\ude00\"",
        "\"lone \\ud800\"",
        "\"lone \\udc00 x\"",
        "\"pair broken \\ud800\\u0041\"",
        "\"bad \\x\"",
        "\"raw \u{1} control\"",
        "\"unterminated",
        "[]",
        "[1,2,[3,{}]]",
        "[1,]",
        "[,1]",
        "{}",
        "{\"a\":1,\"b\":[true,null]}",
        "{\"a\":1,\"a\":2}",
        "{\"a\" : 1 , \"b\" : 2 }",
        "{\"a\":1,}",
        "{a:1}",
        "{\"a\":1} x",
        "{\"a\":1}\n",
        "\u{feff}{}",
        "",
        "   ",
        &deep(MAX_DEPTH),
        &deep(MAX_DEPTH + 1),
    ];
    for t in texts {
        agrees(t);
    }
    // A large object, with and without a key named twice.
    let keys: Vec<String> = (0..40).map(|i| format!("\"k{i}\":{i}")).collect();
    agrees(&format!("{{{}}}", keys.join(",")));
    agrees(&format!("{{{},\"k7\":0}}", keys.join(",")));
}

#[test]
fn unescaped_strings_borrow_the_text() {
    let doc = parse("{\"a\":\"plain\",\"b\":\"e\\u0301\"}");
    let Some(Doc::Object(o)) = doc else { panic!("not read") };
    assert!(matches!(o.get("a"), Some(Doc::String(Cow::Borrowed("plain")))));
    assert!(matches!(o.get("b"), Some(Doc::String(Cow::Owned(s))) if s == "e\u{301}"));
}

/// In a document, an escaped string is written into room for a few bytes
/// more than it held before its first escape; a longer one grows it.
#[test]
fn an_escaped_string_longer_than_its_first_room_is_read_whole() {
    for long in [
        format!("\\n{}\\u00e9{}\\\"", "x".repeat(100), "\u{1f4e6}".repeat(40)),
        format!("{}\\t{}", "\u{65e5}".repeat(3), "\\u00e9\\/".repeat(60)),
    ] {
        let text = format!("{{\"a\":\"{long}\",\"b\":[\"{long}\",\"{long}\"]}}");
        assert!(parse(&text).is_some(), "{text}");
        agrees(&text);
    }
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #[test]
    fn any_text_is_read_alike(text in "[\\[\\]{}\",:0-9.eE+\\-a-z\\\\ ]{0,40}") {
        agrees(&text);
    }

    #[test]
    fn a_number_is_counted_as_javascript_spells_it(
        sign in "-?",
        int in "0|[1-9][0-9]{0,17}",
        zeros in "0{0,7}",
        digits in "[0-9]{0,17}",
        exponent in "([eE][+-]?[0-9]{1,2})?",
    ) {
        let frac = format!("{zeros}{digits}");
        let text = if frac.is_empty() { format!("{sign}{int}{exponent}") } else { format!("{sign}{int}.{frac}{exponent}") };
        let n: f64 = text.parse().unwrap_or(f64::NAN);
        proptest::prop_assume!(n.is_finite());
        proptest::prop_assert_eq!(js_number_text_len(n, &text), crate::js::number::js_number(n).len(), "{}", text);
    }

    #[test]
    fn any_value_is_read_alike(v in crate::doc::tests::values()) {
        agrees(&serde_json::to_string(&v).unwrap_or_default());
        agrees(&serde_json::to_string_pretty(&v).unwrap_or_default());
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn values() -> impl proptest::strategy::Strategy<Value = Value> {
    use proptest::prelude::*;
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(Value::from),
        any::<String>().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((any::<String>(), inner), 0..20)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}
