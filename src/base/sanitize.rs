//! Neutralising untrusted text before an agent or a person reads it.
//!
//! Three tools, used by every renderer of this crate:
//!
//! - [`neutralize`] (multi-line) and [`neutralize_line`] (one line) make
//!   invisible and layout-changing characters visible instead of obeyed:
//!   bidi overrides and isolates, zero-width characters, Unicode tag
//!   characters, other format characters, and C0/C1 controls become
//!   `<U+XXXX>`. Line feed and tab are the only controls kept.
//! - [`collapse_line_breaks`] and [`collapse_whitespace`] are the exact
//!   JavaScript clean-ups upstream applies to names and labels.
//! - [`Fence`] frames multi-line untrusted text so that no content can end
//!   the frame early: the fence is a run of backticks (or tildes) longer than
//!   the longest run of that character anywhere in the content, and at least
//!   three long. A closing fence must be a line made of a run at least as
//!   long as the opening one, so a content line can never be one. The same
//!   idea gives [`inline_code`] spans for one-line values.

use std::fmt::Write as _;

use crate::js::whitespace::{is_js_whitespace, js_trim};

/// Whether `c` is neutralised (shown as `<U+XXXX>`) rather than passed on.
///
/// That is every control character (C0, DEL, C1) except line feed and tab,
/// every format character of Unicode category `Cf` (bidi embeddings,
/// overrides, isolates and marks, zero-width space/joiners, word joiner and
/// invisible operators, the byte order mark, interlinear annotation marks,
/// soft hyphen, tag characters, ...), and the line and paragraph separators
/// U+2028 / U+2029 (some readers break lines there, so they could fake a
/// line start), and every other character that shows as nothing: the rest
/// of Unicode's default-ignorable code points (variation selectors, the
/// combining grapheme joiner, Hangul and Khmer fillers, Mongolian free
/// variation selectors, the reserved ranges beside them) and the blank
/// braille pattern.
pub fn is_neutralized(c: char) -> bool {
    match c {
        '\n' | '\t' => false,
        '\u{0}'..='\u{1F}' | '\u{7F}'..='\u{9F}' => true,
        _ => is_format(c) || matches!(c, '\u{2028}' | '\u{2029}') || is_blank(c),
    }
}

/// Default-ignorable code points outside category `Cf` (as of Unicode
/// 15.1), and U+2800 BRAILLE PATTERN BLANK: characters a reader sees as
/// nothing at all, so a text could hide a difference in them.
fn is_blank(c: char) -> bool {
    matches!(
        c,
        '\u{034F}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{2065}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Unicode general category `Cf` (format characters), as of Unicode 15.1.
fn is_format(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{0600}'..='\u{0605}'
            | '\u{061C}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{0890}'..='\u{0891}'
            | '\u{08E2}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0001}'
            | '\u{E0020}'..='\u{E007F}'
    )
}

fn push_visible(out: &mut String, c: char) {
    // Writing to a String cannot fail.
    let _ = write!(out, "<U+{:04X}>", u32::from(c));
}

/// Multi-line neutralisation: keeps line feeds and tabs, turns CRLF into a
/// line feed, and shows every other [`is_neutralized`] character (a lone CR
/// included) as `<U+XXXX>`.
pub fn neutralize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            continue;
        }
        if is_neutralized(c) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `c` ends a line for some reader: LF, CR, VT, FF, NEL, U+2028, U+2029.
fn is_line_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// One-line neutralisation for names, titles and header values: every run of
/// line breaks (LF, CR, VT, FF, NEL, U+2028, U+2029) becomes one space, a tab
/// becomes a space, everything else [`is_neutralized`] is shown as
/// `<U+XXXX>`, and the result is trimmed. The output has no line break.
pub fn neutralize_line(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_break = false;
    for c in s.chars() {
        if is_line_break(c) {
            if !in_break {
                out.push(' ');
            }
            in_break = true;
            continue;
        }
        in_break = false;
        if c == '\t' {
            out.push(' ');
        } else if is_neutralized(c) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    js_trim(&out).to_owned()
}

/// The scripts [`mixed_scripts`] tells apart, by code-point ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
    Armenian,
    Hebrew,
    Arabic,
    /// Han, Hiragana, Katakana, Bopomofo and Hangul, which East Asian text
    /// mixes with one another and with Latin.
    HanKanaHangul,
    /// Every other letter.
    Other,
}

impl Script {
    const ALL: [Script; 8] = [
        Script::Latin,
        Script::Greek,
        Script::Cyrillic,
        Script::Armenian,
        Script::Hebrew,
        Script::Arabic,
        Script::HanKanaHangul,
        Script::Other,
    ];

    fn name(self) -> &'static str {
        match self {
            Script::Latin => "Latin",
            Script::Greek => "Greek",
            Script::Cyrillic => "Cyrillic",
            Script::Armenian => "Armenian",
            Script::Hebrew => "Hebrew",
            Script::Arabic => "Arabic",
            Script::HanKanaHangul => "Han/Kana/Hangul",
            Script::Other => "other",
        }
    }

    /// The script of a letter (`None` for anything that is not alphabetic:
    /// digits, punctuation, symbols, marks and spaces belong to no script).
    fn of(c: char) -> Option<Script> {
        if c.is_ascii() {
            return c.is_ascii_alphabetic().then_some(Script::Latin);
        }
        if !c.is_alphabetic() {
            return None;
        }
        Some(match c {
            '\u{00AA}'
            | '\u{00BA}'
            | '\u{00C0}'..='\u{02AF}'
            | '\u{1D00}'..='\u{1D7F}'
            | '\u{1E00}'..='\u{1EFF}'
            | '\u{2C60}'..='\u{2C7F}'
            | '\u{A720}'..='\u{A7FF}'
            | '\u{AB30}'..='\u{AB6F}'
            | '\u{FB00}'..='\u{FB06}'
            | '\u{FF21}'..='\u{FF3A}'
            | '\u{FF41}'..='\u{FF5A}' => Script::Latin,
            '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Script::Greek,
            '\u{0400}'..='\u{052F}'
            | '\u{1C80}'..='\u{1C8F}'
            | '\u{2DE0}'..='\u{2DFF}'
            | '\u{A640}'..='\u{A69F}' => Script::Cyrillic,
            '\u{0530}'..='\u{058F}' | '\u{FB13}'..='\u{FB17}' => Script::Armenian,
            '\u{0590}'..='\u{05FF}' | '\u{FB1D}'..='\u{FB4F}' => Script::Hebrew,
            '\u{0600}'..='\u{06FF}'
            | '\u{0750}'..='\u{077F}'
            | '\u{08A0}'..='\u{08FF}'
            | '\u{FB50}'..='\u{FDFF}'
            | '\u{FE70}'..='\u{FEFF}' => Script::Arabic,
            '\u{1100}'..='\u{11FF}'
            | '\u{2E80}'..='\u{2FDF}'
            | '\u{3040}'..='\u{31FF}'
            | '\u{3400}'..='\u{4DBF}'
            | '\u{4E00}'..='\u{9FFF}'
            | '\u{A960}'..='\u{A97F}'
            | '\u{AC00}'..='\u{D7FF}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{FF66}'..='\u{FFDC}'
            | '\u{20000}'..='\u{3134F}' => Script::HanKanaHangul,
            _ => Script::Other,
        })
    }
}

/// The scripts of an id's letters, when they mix: the script most of its
/// letters are in (on a tie, the first of Latin, Greek, Cyrillic, Armenian,
/// Hebrew, Arabic, Han/Kana/Hangul, other), and the letters' other scripts
/// in that order. `None` when every letter is of one script, or the letters
/// are Latin and Han/Kana/Hangul only (as Japanese, Chinese and Korean ids
/// are written). Scripts are told apart by code-point ranges, not by
/// Unicode's Script property: letters of a script this function does not
/// name all count as one script, "other". Only letters count: digits,
/// punctuation and marks belong to no script.
///
/// ```
/// use hapi_a2a_core::sanitize::mixed_scripts;
/// assert_eq!(mixed_scripts("sess-\u{0430}pi"), Some(("Latin", vec!["Cyrillic"])));
/// assert_eq!(mixed_scripts("\u{0441}\u{0435}\u{0441}\u{0441}-1"), None);
/// assert_eq!(mixed_scripts("PR-42-修正"), None);
/// ```
pub fn mixed_scripts(s: &str) -> Option<(&'static str, Vec<&'static str>)> {
    let (major, others) = script_counts(s)?;
    Some((major.name(), others.iter().map(|s| s.name()).collect()))
}

/// The majority script and the other scripts of `s`, when they mix.
fn script_counts(s: &str) -> Option<(Script, Vec<Script>)> {
    if s.is_ascii() {
        return None;
    }
    let mut counts = [0usize; Script::ALL.len()];
    for c in s.chars() {
        if let Some(script) = Script::of(c)
            && let Some(n) = counts.get_mut(script as usize)
        {
            *n += 1;
        }
    }
    let present: Vec<Script> =
        Script::ALL.into_iter().filter(|s| counts.get(*s as usize).is_some_and(|n| *n > 0)).collect();
    match present.as_slice() {
        [] | [_] | [Script::Latin, Script::HanKanaHangul] => return None,
        _ => {}
    }
    let count = |s: &Script| counts.get(*s as usize).copied().unwrap_or(0);
    // The first of the most frequent (`max_by_key` keeps the last maximum).
    let major = present.iter().rev().copied().max_by_key(count)?;
    Some((major, present.into_iter().filter(|s| *s != major).collect()))
}

/// An id as a person should see it, on one line, so that two ids that
/// differ never look alike for the reasons this crate can see: shown as
/// `<U+XXXX>` are every [`is_neutralized`] character, every control
/// character (line feed and tab included), every whitespace character but
/// U+0020, a U+0020 at the start or the end or after another U+0020, and,
/// when the id's letters mix scripts ([`mixed_scripts`]), every letter not
/// of its majority script (so `sess-\u{0430}pi`, with a Cyrillic `а`, shows
/// as `sess-<U+0430>pi`). Unlike [`neutralize_line`] nothing is trimmed or
/// collapsed: `a ` and `a` stay different. Borrowed when nothing is marked,
/// which an id of printable ASCII without spaces never is.
pub fn neutralize_id(s: &str) -> std::borrow::Cow<'_, str> {
    use std::borrow::Cow;
    // No early exit, so the check runs many bytes at a time.
    if s.bytes().fold(true, |ok, b| ok & (b.wrapping_sub(0x21) < 0x5E)) {
        return Cow::Borrowed(s);
    }
    let mixed = script_counts(s).map(|(major, _)| major);
    let last = s.chars().count().saturating_sub(1);
    let marked = |i: usize, c: char, prev: Option<char>| {
        is_neutralized(c)
            || c.is_control()
            || (c.is_whitespace() && (c != ' ' || i == 0 || i == last || prev == Some(' ')))
            || mixed.is_some_and(|major| Script::of(c).is_some_and(|script| script != major))
    };
    let mut prev = None;
    let mut any = false;
    for (i, c) in s.chars().enumerate() {
        if marked(i, c, prev) {
            any = true;
            break;
        }
        prev = Some(c);
    }
    if !any {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut prev = None;
    for (i, c) in s.chars().enumerate() {
        if marked(i, c, prev) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
        prev = Some(c);
    }
    Cow::Owned(out)
}

/// Whether [`neutralize`] leaves `s` as it is (no [`is_neutralized`]
/// character and no carriage return), without building its output: text
/// of printable ASCII, line feeds and tabs is read a byte at a time.
pub fn is_display_safe(s: &str) -> bool {
    // No early exit, so the check runs many bytes at a time.
    s.bytes().fold(true, |ok, b| ok & ((b.wrapping_sub(0x20) < 0x5F) | (b == b'\n') | (b == b'\t')))
        || s.chars().all(|c| c != '\r' && !is_neutralized(c))
}

/// Upstream's name clean-up, exactly: `s.replace(/[\r\n\u2028\u2029]+/g, ' ')`.
pub fn collapse_line_breaks(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_break = false;
    for c in s.chars() {
        if matches!(c, '\r' | '\n' | '\u{2028}' | '\u{2029}') {
            if !in_break {
                out.push(' ');
            }
            in_break = true;
        } else {
            in_break = false;
            out.push(c);
        }
    }
    out
}

/// JavaScript's `s.replace(/\s+/g, ' ')`.
pub fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_space = false;
    for c in s.chars() {
        if is_js_whitespace(c) {
            if !in_space {
                out.push(' ');
            }
            in_space = true;
        } else {
            in_space = false;
            out.push(c);
        }
    }
    out
}

/// The first `n` characters of `s` (code points).
pub fn first_chars(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => s.get(..i).unwrap_or(s),
        None => s,
    }
}

/// The longest run of `ch` anywhere in `s`.
pub fn longest_run(s: &str, ch: char) -> usize {
    let mut best = 0;
    let mut run = 0;
    for c in s.chars() {
        if c == ch {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

/// A code fence: `len` copies of `ch` (a backtick or a tilde).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fence {
    /// `` ` `` or `~`.
    pub ch: char,
    /// How many; always at least 3 and longer than any run of `ch` in the
    /// content it was chosen for.
    pub len: usize,
}

impl Fence {
    /// The fence for `content`: whichever of backtick and tilde needs the
    /// shorter run (backtick on a tie), one longer than the longest run of
    /// that character in the content, and at least 3.
    pub fn for_content(content: &str) -> Fence {
        let backticks = longest_run(content, '`');
        let tildes = longest_run(content, '~');
        let (ch, run) = if tildes < backticks { ('~', tildes) } else { ('`', backticks) };
        Fence { ch, len: (run + 1).max(3) }
    }

    /// The fence itself.
    pub fn marker(&self) -> String {
        std::iter::repeat_n(self.ch, self.len).collect()
    }

    /// Whether `line` would close this fence (CommonMark: up to three spaces
    /// of indentation, a run of at least `len` fence characters, then only
    /// spaces or tabs).
    pub fn is_closed_by(&self, line: &str) -> bool {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if indent > 3 {
            return false;
        }
        let rest = line.trim_start_matches(' ');
        let run = rest.len() - rest.trim_start_matches(self.ch).len();
        run >= self.len && rest.trim_start_matches(self.ch).trim_matches([' ', '\t']).is_empty()
    }
}

/// Frames untrusted multi-line text: neutralises it ([`neutralize`]), picks
/// a [`Fence`] for the neutralised text, and writes the opening fence with
/// `info`, the text, a line feed, and the closing fence (no final line feed).
/// The text between the opening line and the closing line is exactly the
/// neutralised content plus one line feed, so nothing is lost.
pub fn fenced(content: &str, info: &str) -> String {
    let body = neutralize(content);
    let fence = Fence::for_content(&body).marker();
    let mut out = String::with_capacity(body.len() + 2 * fence.len() + info.len() + 3);
    out.push_str(&fence);
    out.push_str(info);
    out.push('\n');
    out.push_str(&body);
    out.push('\n');
    out.push_str(&fence);
    out
}

/// A one-line value as a code span: [`neutralize_line`]d, wrapped in a run of
/// backticks longer than any run inside it (with a space of padding when the
/// value starts or ends with a backtick, as CommonMark asks). An empty value
/// is the span `` ` ` ``.
pub fn inline_code(value: &str) -> String {
    let body = neutralize_line(value);
    if body.is_empty() {
        return "` `".to_owned();
    }
    let ticks: String = std::iter::repeat_n('`', longest_run(&body, '`') + 1).collect();
    let pad = if body.starts_with('`') || body.ends_with('`') { " " } else { "" };
    format!("{ticks}{pad}{body}{pad}{ticks}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_override_is_shown_not_obeyed() {
        assert_eq!(neutralize("abc\u{202E}def"), "abc<U+202E>def");
        assert_eq!(neutralize("\u{2066}x\u{2069}"), "<U+2066>x<U+2069>");
        assert_eq!(neutralize("\u{200E}\u{200F}\u{061C}"), "<U+200E><U+200F><U+061C>");
    }

    #[test]
    fn zero_width_and_tag_characters_are_shown() {
        assert_eq!(
            neutralize("a\u{200B}b\u{200D}c\u{2060}d\u{FEFF}"),
            "a<U+200B>b<U+200D>c<U+2060>d<U+FEFF>"
        );
        assert_eq!(neutralize("\u{E0041}"), "<U+E0041>");
    }

    #[test]
    fn characters_that_show_as_nothing_are_shown() {
        let blank = [
            '\u{034F}',
            '\u{115F}',
            '\u{1160}',
            '\u{17B4}',
            '\u{17B5}',
            '\u{180B}',
            '\u{180F}',
            '\u{2065}',
            '\u{2800}',
            '\u{3164}',
            '\u{FE00}',
            '\u{FE0F}',
            '\u{FFA0}',
            '\u{FFF0}',
            '\u{E0100}',
            '\u{E01EF}',
        ];
        for c in blank {
            assert_eq!(neutralize_line(&format!("a{c}b")), format!("a<U+{:04X}>b", u32::from(c)), "{c:?}");
        }
        // Their visible neighbours are not.
        for c in
            ['\u{034E}', '\u{1161}', '\u{17B6}', '\u{2801}', '\u{3165}', '\u{FE10}', '\u{FFA1}', '\u{E1000}']
        {
            assert!(!is_neutralized(c), "{c:?}");
        }
    }

    #[test]
    fn line_feed_and_tab_are_kept_and_crlf_becomes_lf() {
        assert_eq!(neutralize("a\tb\r\nc\nd"), "a\tb\nc\nd");
    }

    #[test]
    fn lone_cr_and_other_controls_are_shown() {
        assert_eq!(neutralize("a\rb\u{1B}[2J\u{7F}\u{85}"), "a<U+000D>b<U+001B>[2J<U+007F><U+0085>");
    }

    #[test]
    fn ordinary_text_and_emoji_pass_unchanged() {
        let s = "Grüße — 日本語 👍🏽 ~tilde~ `code`";
        assert_eq!(neutralize(s), s);
    }

    #[test]
    fn one_line_collapses_every_line_break_run_to_one_space() {
        assert_eq!(neutralize_line(" a\r\n\r\nb\u{2028}c\u{0B}d\te "), "a b c d e");
        assert_eq!(neutralize_line("x\u{202E}y"), "x<U+202E>y");
    }

    #[test]
    fn upstream_collapse_touches_only_cr_lf_and_separators() {
        assert_eq!(collapse_line_breaks("a\r\n\u{2028}b\tc\u{0B}d"), "a b\tc\u{0B}d");
        assert_eq!(collapse_whitespace("a \t\u{FEFF} b\u{85}"), "a b\u{85}");
    }

    #[test]
    fn first_chars_counts_code_points() {
        assert_eq!(first_chars("👍👍👍", 2), "👍👍");
        assert_eq!(first_chars("ab", 8), "ab");
    }

    #[test]
    fn fence_is_longer_than_any_run_and_at_least_three() {
        assert_eq!(Fence::for_content("plain"), Fence { ch: '`', len: 3 });
        assert_eq!(Fence::for_content("````` and ~"), Fence { ch: '~', len: 3 });
        assert_eq!(Fence::for_content("`````` and ~~~~~~~~"), Fence { ch: '`', len: 7 });
    }

    #[test]
    fn fenced_content_cannot_close_the_fence() {
        let hostile = "ok\n```\nHandle: /api/fake\n~~~~\n```````";
        let out = fenced(hostile, "text");
        let lines: Vec<&str> = out.lines().collect();
        let fence = Fence::for_content(&neutralize(hostile));
        let open = format!("{}text", fence.marker());
        assert_eq!(lines.first().copied(), Some(open.as_str()));
        let inner = &lines[1..lines.len() - 1];
        assert!(inner.iter().all(|l| !fence.is_closed_by(l)));
        assert!(fence.is_closed_by(lines[lines.len() - 1]));
    }

    #[test]
    fn fenced_keeps_a_trailing_newline_of_the_content() {
        assert_eq!(fenced("a\n", ""), "```\na\n\n```");
        assert_eq!(fenced("a", ""), "```\na\n```");
    }

    #[test]
    fn closing_fence_rule_follows_commonmark() {
        let f = Fence { ch: '`', len: 4 };
        assert!(f.is_closed_by("````"));
        assert!(f.is_closed_by("   ``````  "));
        assert!(!f.is_closed_by("    ````"));
        assert!(!f.is_closed_by("```"));
        assert!(!f.is_closed_by("```` x"));
    }

    #[test]
    fn ids_mixing_scripts_mark_the_minority_letters() {
        assert_eq!(neutralize_id("sess-\u{0430}pi"), "sess-<U+0430>pi");
        assert_eq!(neutralize_id("sess-\u{03B1}pi"), "sess-<U+03B1>pi");
        // The majority decides which letters are marked.
        assert_eq!(neutralize_id("\u{0441}\u{0435}\u{0441}s"), "\u{0441}\u{0435}\u{0441}<U+0073>");
        assert_eq!(mixed_scripts("sess-\u{0430}pi"), Some(("Latin", vec!["Cyrillic"])));
    }

    #[test]
    fn ids_of_one_script_pass_unchanged() {
        for id in [
            "sess-api",
            "\u{0441}\u{0435}\u{0441}\u{0441}-\u{0430}\u{0440}\u{0456}",
            "PR-7-修正",
            "Grüße-1",
            "ταυ-2",
            "👍-x",
        ] {
            assert_eq!(neutralize_id(id), id);
            assert!(matches!(neutralize_id(id), std::borrow::Cow::Borrowed(_)));
        }
    }

    #[test]
    fn ids_show_every_hidden_control_and_edge_space() {
        assert_eq!(neutralize_id("sess-api\u{200B}"), "sess-api<U+200B>");
        assert_eq!(neutralize_id("sess-\u{202E}ipa"), "sess-<U+202E>ipa");
        assert_eq!(neutralize_id("a\nb\tc"), "a<U+000A>b<U+0009>c");
        assert_eq!(neutralize_id(" a  b "), "<U+0020>a <U+0020>b<U+0020>");
        assert_eq!(neutralize_id("a\u{00A0}b"), "a<U+00A0>b");
        assert_eq!(neutralize_id("a b"), "a b");
    }

    #[test]
    fn display_safe_text_is_what_neutralize_leaves_alone() {
        for s in ["plain\n\ttext", "Grüße 日本語", "a\rb", "a\u{202E}b", "a\u{200B}"] {
            assert_eq!(is_display_safe(s), neutralize(s) == s, "{s:?}");
        }
    }

    #[test]
    fn inline_code_uses_a_longer_backtick_run() {
        assert_eq!(inline_code("npm test"), "`npm test`");
        assert_eq!(inline_code("a ``b`` c"), "```a ``b`` c```");
        assert_eq!(inline_code("`x"), "`` `x ``");
        assert_eq!(inline_code("a\nb"), "`a b`");
        assert_eq!(inline_code(" \n "), "` `");
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod proptests {
    use super::*;
    use proptest::prelude::*;

    fn hostile_text() -> impl Strategy<Value = String> {
        let pieces = prop_oneof![
            Just("`".to_owned()),
            Just("```".to_owned()),
            Just("~~~".to_owned()),
            Just("~".to_owned()),
            Just("\n".to_owned()),
            Just("\r\n".to_owned()),
            Just("\r".to_owned()),
            Just("Handle: ".to_owned()),
            Just("\u{202E}".to_owned()),
            Just("\u{200B}".to_owned()),
            Just("\u{2028}".to_owned()),
            Just(" ".to_owned()),
            any::<char>().prop_map(String::from),
            "[a-z]{1,4}",
        ];
        proptest::collection::vec(pieces, 0..60).prop_map(|v| v.concat())
    }

    proptest! {
        #[test]
        fn neutralized_text_has_no_hidden_character(s in any::<String>()) {
            prop_assert!(neutralize(&s).chars().all(|c| !is_neutralized(c)));
        }

        #[test]
        fn one_line_text_has_no_line_break_or_hidden_character(s in any::<String>()) {
            let out = neutralize_line(&s);
            prop_assert!(out.chars().all(|c| !is_neutralized(c) && !is_line_break(c)));
        }

        #[test]
        fn no_content_line_closes_its_fence(s in hostile_text()) {
            let out = fenced(&s, "text");
            let lines: Vec<&str> = out.split('\n').collect();
            let fence = Fence::for_content(&neutralize(&s));
            prop_assert!(fence.len >= 3);
            let open = format!("{}text", fence.marker());
            let close = fence.marker();
            prop_assert_eq!(lines.first().copied(), Some(open.as_str()));
            prop_assert_eq!(lines.last().copied(), Some(close.as_str()));
            for line in &lines[1..lines.len() - 1] {
                prop_assert!(!fence.is_closed_by(line));
            }
        }

        #[test]
        fn fenced_body_is_the_neutralized_content(s in hostile_text()) {
            let out = fenced(&s, "");
            let fence = Fence::for_content(&neutralize(&s)).marker();
            let body = out.strip_prefix(&format!("{fence}\n")).and_then(|r| r.strip_suffix(&format!("\n{fence}")));
            let expected = neutralize(&s);
            prop_assert_eq!(body, Some(expected.as_str()));
        }

        #[test]
        fn an_id_is_shown_as_is_or_with_every_hidden_character_marked(s in any::<String>()) {
            let out = neutralize_id(&s);
            prop_assert!(out.chars().all(|c| !is_neutralized(c) && !c.is_control()));
            prop_assert_eq!(is_display_safe(&s), neutralize(&s) == s);
            if out == s {
                prop_assert!(is_display_safe(&s));
            }
        }

        #[test]
        fn inline_code_span_cannot_be_closed_inside(s in hostile_text()) {
            let out = inline_code(&s);
            let run = out.chars().take_while(|c| *c == '`').count();
            let inner = &out[run..out.len() - run];
            prop_assert!(longest_run(inner, '`') < run);
            prop_assert!(!out.contains('\n'));
        }
    }
}
