//! Session citations in chat text: `[title](/sessions/<id>)`, bare
//! `/sessions/<id>`, absolute URLs, and the Copy-reference sentences,
//! extracted and normalised exactly as upstream does.
//!
//! # Extraction ([`extract`])
//!
//! Upstream scans the text with the global regular expression
//! `(?:^|[^A-Za-z0-9_-])(?:\.?\/)?(?:[\w.-]+\/)*sessions\/([^/?#\s)\]"']+)`.
//! This module does the same search by hand, with the same leftmost,
//! greedy-then-backtrack outcome and in linear time:
//!
//! - a citation starts at the start of the text or after a character that
//!   is not `[A-Za-z0-9_-]`, may begin with `./` or `/`, then crosses any
//!   number of `[\w.-]+/` segments (so `https://host/...`, `./`, BASE_URL
//!   prefixes and `sessions/` without a slash all match, `mysessions/` does
//!   not); when a chain of segments passes several `sessions/`, the last
//!   one that is followed by an id wins, as the greedy `*` does;
//! - the id runs to the first `/ ? #`, JavaScript whitespace, `)`, `]`, `"`
//!   or `'`: `>` and a backtick are part of the id (an upstream quirk);
//! - the id is `decodeURIComponent`-decoded (a malformed escape drops the
//!   citation), trailing `.,;:!?` are cut, and an id that is then empty or
//!   still holds a `.` is dropped (`chat.tsx`, `v1.2`);
//! - ids are unique, in first-seen order; case is kept; there is no UUID
//!   check (`/sessions/new` is `new`); `Sessions/` does not match.
//!
//! # Normalisation ([`normalize`])
//!
//! Upstream's `normalizeSessionIdPrefix`, used before a session prefix is
//! resolved: the input is `trim()`med; a canonical Copy-reference (the whole
//! sentence, optionally followed by `.` and the steer suffix) yields the
//! single id of its parenthesised path, ignoring ids in the title; text with
//! no `/sessions/` is returned as it is (a bare id or prefix); otherwise the
//! text must cite exactly one distinct id. Anything ambiguous (two different
//! ids) or empty fails closed to `""`; the same id twice is not ambiguous.
//!
//! Positions are counted in Unicode scalar values. Upstream's regular
//! expressions run over UTF-16 code units without the `u` flag, but every
//! character they test is in the Basic Multilingual Plane, so the two agree.

use crate::js::whitespace::{is_js_whitespace, js_trim};

/// What upstream appends to a Copy-reference so a cold paste steers agents.
pub const STEER_SUFFIX: &str = " HAPI hub peer - call inspect_peer with that session id; do not Grep/Glob/Read /sessions/ as a local file.";

const SESSIONS: [char; 9] = ['s', 'e', 's', 's', 'i', 'o', 'n', 's', '/'];

/// `[A-Za-z0-9_-]`: what may not come right before a citation.
fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// `[\w.-]`: what a path segment is made of.
fn is_segment(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')
}

/// `[^/?#\s)\]"']`: what an id is made of.
fn is_id(c: char) -> bool {
    !matches!(c, '/' | '?' | '#' | ')' | ']' | '"' | '\'') && !is_js_whitespace(c)
}

/// Every distinct session id cited in `text`, in first-seen order
/// (upstream's `extractSessionCitationIds`).
pub fn extract(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let at = |i: usize| chars.get(i).copied();
    let sessions_at = |q: usize| {
        chars.get(q..q + SESSIONS.len()) == Some(SESSIONS.as_slice())
            && at(q + SESSIONS.len()).is_some_and(is_id)
    };
    // furthest[q]: where the `sessions/` is that a chain of `[\w.-]+/`
    // segments starting at q ends on, preferring the deepest one.
    // Kept as `u32` (with `NONE`) to hold memory at 8 bytes a character;
    // a call is far below 4 Gi characters.
    const NONE: u32 = u32::MAX;
    let mut furthest: Vec<u32> = vec![NONE; n + 1];
    let get = |f: &[u32], i: usize| f.get(i).copied().filter(|&v| v != NONE).map(|v| v as usize);
    let mut run_end = n;
    for q in (0..n).rev() {
        if !at(q + 1).is_some_and(is_segment) {
            run_end = q + 1;
        }
        let next = (at(q).is_some_and(is_segment) && at(run_end) == Some('/')).then_some(run_end + 1);
        let deeper = next.and_then(|x| get(&furthest, x));
        if let Some(slot) = furthest.get_mut(q) {
            let found = deeper.or(sessions_at(q).then_some(q));
            *slot = found.and_then(|v| u32::try_from(v).ok()).unwrap_or(NONE);
        }
    }
    let from_boundary = |b: usize| {
        let q = match (at(b), at(b + 1)) {
            (Some('.'), Some('/')) => b + 2,
            (Some('/'), _) => b + 1,
            _ => b,
        };
        get(&furthest, q)
    };

    let mut ids: Vec<String> = Vec::new();
    let mut p = 0;
    while p < n {
        let mut hit = if p == 0 { from_boundary(0) } else { None };
        if hit.is_none() && at(p).is_some_and(|c| !is_word(c)) {
            hit = from_boundary(p + 1);
        }
        let Some(s) = hit else {
            p += 1;
            continue;
        };
        let start = s + SESSIONS.len();
        let mut end = start;
        while at(end).is_some_and(is_id) {
            end += 1;
        }
        let raw: String = chars.get(start..end).unwrap_or_default().iter().collect();
        if let Some(id) = plausible_id(&raw)
            && !ids.contains(&id)
        {
            ids.push(id);
        }
        p = end;
    }
    ids
}

/// The id a raw path segment names, or `None` when upstream drops it.
fn plausible_id(raw: &str) -> Option<String> {
    let decoded = decode_uri_component(raw)?;
    let id = decoded.trim_end_matches(['.', ',', ';', ':', '!', '?']);
    (!id.is_empty() && !id.contains('.')).then(|| id.to_owned())
}

/// JavaScript's `decodeURIComponent`; `None` where it throws `URIError`
/// (a `%` without two hex digits, or escapes that are not one UTF-8
/// encoded code point each).
pub fn decode_uri_component(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let hex = |i: usize| -> Option<u8> {
        let pair = bytes.get(i..i + 2)?;
        let text = std::str::from_utf8(pair).ok()?;
        if !pair.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        u8::from_str_radix(text, 16).ok()
    };
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b != b'%' {
            out.push(b);
            i += 1;
            continue;
        }
        let lead = hex(i + 1)?;
        i += 3;
        let len = match lead {
            0x00..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => return None,
        };
        let mut seq = vec![lead];
        for _ in 1..len {
            if bytes.get(i) != Some(&b'%') {
                return None;
            }
            let cont = hex(i + 1)?;
            if cont & 0xC0 != 0x80 {
                return None;
            }
            seq.push(cont);
            i += 3;
        }
        std::str::from_utf8(&seq).ok()?;
        out.extend_from_slice(&seq);
    }
    String::from_utf8(out).ok()
}

/// The one session id a pasted citation names, the trimmed input when it
/// names no `/sessions/` path, or `""` when it is ambiguous or cites nothing
/// usable (upstream's `normalizeSessionIdPrefix`).
pub fn normalize(raw: &str) -> String {
    let trimmed = js_trim(raw);
    let copy = titled_copy(trimmed).or_else(|| untitled_copy(trimmed));
    if let Some((path, tail)) = copy
        && is_canonical_tail(tail)
    {
        return single(extract(path));
    }
    if !trimmed.contains("/sessions/") {
        return trimmed.to_owned();
    }
    single(extract(trimmed))
}

fn single(ids: Vec<String>) -> String {
    match <[String; 1]>::try_from(ids) {
        Ok([id]) => id,
        Err(_) => String::new(),
    }
}

fn is_canonical_tail(tail: &str) -> bool {
    tail.is_empty() || tail.strip_prefix('.') == Some(STEER_SUFFIX)
}

/// `^See session "(?:\\.|[^"\\])*" \(([^)]+)\) for context`: the path and
/// what follows the match. A backslash escapes any character but a line
/// terminator (`.` without the `s` flag).
fn titled_copy(s: &str) -> Option<(&str, &str)> {
    let rest = s.strip_prefix("See session \"")?;
    let mut chars = rest.char_indices();
    let close = loop {
        match chars.next()? {
            (i, '"') => break i,
            (_, '\\') => {
                if let (_, '\n' | '\r' | '\u{2028}' | '\u{2029}') = chars.next()? {
                    return None;
                }
            }
            _ => {}
        }
    };
    let after = rest.get(close + 1..)?.strip_prefix(" (")?;
    let end = after.find(')')?;
    let path = after.get(..end).filter(|p| !p.is_empty())?;
    let tail = after.get(end..)?.strip_prefix(") for context")?;
    Some((path, tail))
}

/// `^See HAPI session (\S+) for context`: the path and what follows.
fn untitled_copy(s: &str) -> Option<(&str, &str)> {
    let rest = s.strip_prefix("See HAPI session ")?;
    let end = rest.find(is_js_whitespace).unwrap_or(rest.len());
    let path = rest.get(..end).filter(|p| !p.is_empty())?;
    let tail = rest.get(end..)?.strip_prefix(" for context")?;
    Some((path, tail))
}

#[cfg(test)]
mod tests {
    use super::*;

    const UUID: &str = "7ee03698-0fe7-4f76-b8a8-d84f4eddbf5c";
    const OTHER: &str = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee";

    #[test]
    fn markdown_bare_and_copy_reference_forms_are_extracted() {
        assert_eq!(extract(&format!("[Coding](/sessions/{UUID})")), vec![UUID]);
        assert_eq!(extract(&format!("please read /sessions/{UUID}")), vec![UUID]);
        assert_eq!(extract(&format!("See session \"Coding\" (/sessions/{UUID}) for context")), vec![UUID]);
    }

    #[test]
    fn absolute_urls_and_relative_forms_match_but_glued_words_do_not() {
        assert_eq!(extract("https://hub.example/hapi/sessions/abc?x=1#f"), vec!["abc"]);
        assert_eq!(extract("./sessions/abc and sessions/def"), vec!["abc", "def"]);
        assert!(extract("mysessions/abc /Sessions/abc").is_empty());
    }

    #[test]
    fn trailing_punctuation_is_cut_and_dotted_ids_are_dropped() {
        assert_eq!(extract("see /sessions/abc!?."), vec!["abc"]);
        assert!(extract("web/src/routes/sessions/chat.tsx /sessions/v1.2").is_empty());
    }

    #[test]
    fn angle_bracket_and_backtick_stay_in_the_id() {
        assert_eq!(extract("</sessions/abc> `/sessions/def`"), vec!["abc>", "def`"]);
    }

    #[test]
    fn percent_escapes_are_decoded_and_malformed_ones_dropped() {
        assert_eq!(extract("/sessions/a%20b /sessions/%E2%82%AC"), vec!["a b", "€"]);
        assert!(extract("/sessions/a%2 /sessions/%C0%80 /sessions/%ED%A0%80").is_empty());
    }

    #[test]
    fn deepest_sessions_segment_of_a_chain_wins() {
        assert_eq!(extract("/sessions/sessions/x"), vec!["x"]);
        assert_eq!(extract("a/sessions/sessions/"), vec!["sessions"]);
    }

    #[test]
    fn ids_are_unique_in_first_seen_order() {
        let text = format!("[A](/sessions/{UUID}) and (/sessions/{OTHER}) then /sessions/{UUID}");
        assert_eq!(extract(&text), vec![UUID, OTHER]);
    }

    #[test]
    fn normalize_passes_bare_prefixes_through_trimmed() {
        assert_eq!(normalize("  7ee03698 \u{FEFF}"), "7ee03698");
        assert_eq!(normalize("sessions/abc"), "sessions/abc");
    }

    #[test]
    fn normalize_prefers_the_copy_reference_path_over_the_title() {
        let text =
            format!("See session \"Review /sessions/{OTHER}\" (/sessions/{UUID}) for context.{STEER_SUFFIX}");
        assert_eq!(normalize(&text), UUID);
        assert_eq!(normalize(&format!("See HAPI session /sessions/{UUID} for context")), UUID);
    }

    #[test]
    fn normalize_fails_closed_on_two_ids_but_not_on_one_id_twice() {
        let two = format!("See session \"A\" (/sessions/{UUID}) for context and [B](/sessions/{OTHER})");
        assert_eq!(normalize(&two), "");
        assert_eq!(normalize(&format!("/sessions/{UUID} /sessions/{UUID}")), UUID);
        assert_eq!(normalize("/sessions/chat.tsx"), "");
    }

    #[test]
    fn escaped_line_break_in_a_title_is_not_a_copy_reference() {
        assert_eq!(titled_copy("See session \"a\\\nb\" (/sessions/x) for context"), None);
        assert!(titled_copy("See session \"a\\\"b\" (/sessions/x) for context").is_some());
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use proptest::prelude::*;

    fn citationish() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("/sessions/".to_owned()),
                Just("sessions/".to_owned()),
                Just("See session \"".to_owned()),
                Just("See HAPI session ".to_owned()),
                Just(") for context".to_owned()),
                Just(format!(".{STEER_SUFFIX}")),
                Just(" (".to_owned()),
                Just("%".to_owned()),
                "[a-c0-9./%\\\\\"() \n-]{0,6}",
                "\\PC{0,3}",
            ],
            0..16,
        )
        .prop_map(|parts| parts.concat())
    }

    fn check_normalize(raw: &str) -> Result<(), TestCaseError> {
        let out = normalize(raw);
        let trimmed = js_trim(raw);
        let ok = out.is_empty()
            || extract(trimmed).contains(&out)
            || (out == trimmed && !trimmed.contains("/sessions/"));
        prop_assert!(ok, "normalize({:?}) = {:?}", raw, out);
        Ok(())
    }

    proptest! {
        #[test]
        fn extract_never_panics_and_ids_are_plausible(text in any::<String>()) {
            for id in extract(&text) {
                prop_assert!(!id.is_empty() && !id.contains('.'));
            }
        }

        #[test]
        fn extracted_ids_are_distinct(text in citationish()) {
            let ids = extract(&text);
            let mut sorted = ids.clone();
            sorted.sort();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), ids.len());
        }

        #[test]
        fn normalize_is_empty_a_cited_id_or_the_bare_input(raw in citationish()) {
            check_normalize(&raw)?;
        }

        #[test]
        fn normalize_never_panics_on_any_text(raw in any::<String>()) {
            check_normalize(&raw)?;
        }

        #[test]
        fn long_runs_of_path_characters_never_panic(seg in "[a-z./]{1,4}", n in 0usize..100_000) {
            let text = format!("{}sessions/x", seg.repeat(n / seg.len().max(1)));
            let _ = extract(&text);
            let _ = normalize(&text);
        }
    }
}
