//! The places that give a password without an assignment's sign: command
//! flags, netrc entries and `.pgpass` lines. How a value with symbols is
//! read is `values`'.

use super::rules::Word;
use super::values::*;
use super::*;

/// Flag names that take a credential (after their dashes).
pub(super) const CREDENTIAL_FLAGS: &[&[u8]] = &[
    b"password",
    b"passwd",
    b"passphrase",
    b"token",
    b"secret",
    b"api-key",
    b"apikey",
    b"api_key",
    b"secret-key",
    b"access-key",
    b"auth-token",
    b"access-token",
    b"client-secret",
    b"api-token",
];

/// `name` is a flag (`--password`, `-token`) at `name_end`: `None` when it
/// takes no credential, else whether the value after it (`=` or blanks,
/// quoted or bare) is one.
pub(super) fn flag_at(b: &[u8], name: &[u8], name_end: usize, word: Word) -> Option<Option<Verdict>> {
    let flag = slice(name, name.iter().take(2).take_while(|c| **c == b'-').count(), name.len());
    // `--http-password`, `--proxy-passphrase`: a credential flag's words
    // after a prefix; `-storepass`, `-srckeypass`: keytool's and
    // jarsigner's.
    let last = flag.rsplit(|c| *c == b'-').next().unwrap_or(flag);
    let keystore = [&b"storepass"[..], b"keypass"].iter().any(|s| {
        flag.len() >= s.len() && slice(flag, flag.len() - s.len(), flag.len()).eq_ignore_ascii_case(s)
    });
    if !CREDENTIAL_FLAGS.iter().any(|f| flag.eq_ignore_ascii_case(f) || last.eq_ignore_ascii_case(f))
        && !keystore
    {
        return None;
    }
    let start = match b.get(name_end) {
        Some(b'=') => name_end + 1,
        Some(b' ' | b'\t') => take_upto(b, name_end, 4, |c| c == b' ' || c == b'\t'),
        _ => return Some(None),
    };
    let value = command_word(b, start);
    let ok = if word == Word::Password { password_ok(value) } else { command_token_ok(value) };
    Some(ok.then_some(Verdict::Code(COMMAND_CREDENTIALS)))
}

/// One word of a command line at `start`, without its quotes: quoted, or
/// bare up to a blank or a quote.
pub(super) fn command_word(b: &[u8], start: usize) -> &[u8] {
    match b.get(start) {
        Some(&q @ (b'"' | b'\'')) => {
            let end = take_upto(b, start + 1, 200, |c| c != q && c != b'\n');
            if b.get(end) == Some(&q) { slice(b, start + 1, end) } else { &[] }
        }
        _ => slice(b, start, take_upto(b, start, 200, |c| c.is_ascii_graphic() && c != b'"' && c != b'\'')),
    }
}

/// A password given on a command line or in a netrc entry: long enough,
/// with a digit or a symbol or letters that are no words, random enough,
/// no placeholder, no example password, no reference or code.
pub(super) fn password_ok(v: &[u8]) -> bool {
    let symbolic = !v.iter().all(|c| is_bare_char(*c));
    app_password(v)
        || !v.contains(&b' ')
            && value_shape_ok(v, Word::Password, symbolic)
            && value_random(v, Word::Password)
            && !(symbolic && (words_and_symbols(v) || is_code_like(v)))
            && !is_public_value(v)
            && !reference_or_label(v, Word::Password)
}

/// `kwvm vevs oizi trfe`: an app password as Google shows it (for a
/// mail client's SMTP login), four groups of four lower-case letters
/// between single blanks, one group at least with no vowel (as nine in
/// ten random ones have, and four words of prose, `must have been done`,
/// have not).
pub(super) fn app_password(v: &[u8]) -> bool {
    let groups = || v.split(|c| *c == b' ');
    v.len() == 19
        && groups().filter(|g| g.len() == 4 && g.iter().all(u8::is_ascii_lowercase)).count() == 4
        && groups().any(|g| !g.iter().any(|c| b"aeiou".contains(c)))
}

/// A token given on a command line: 16 or more characters mixing letters
/// and digits, random enough, no placeholder.
pub(super) fn command_token_ok(v: &[u8]) -> bool {
    v.len() >= 16
        && v.len() <= 400
        && !matches!(v.first(), Some(b'$' | b'-' | b'<' | b'{' | b'[' | b'%' | b'(' | b'/' | b'.' | b'~'))
        && token_like(v)
        && entropy(v) >= 3.0
        && !is_placeholder(v)
        && !is_code_like(v)
}

/// A netrc entry stands before the name at `start`: `login` and, before
/// it, `machine` or `default`, within the 300 bytes before.
pub(super) fn netrc_before(b: &[u8], start: usize) -> bool {
    let before = slice(b, start.saturating_sub(300), start);
    let word_at = |w: &[u8]| {
        (0..before.len()).rev().find(|&i| {
            has_ci(before, i, w)
                && before.get(i + w.len()).is_some_and(u8::is_ascii_whitespace)
                && (i == 0 || before.get(i - 1).is_some_and(u8::is_ascii_whitespace))
        })
    };
    let Some(login) = word_at(b"login") else { return false };
    let head = slice(before, 0, login);
    [&b"machine"[..], b"default"].iter().any(|w| {
        (0..head.len()).any(|i| {
            has_ci(head, i, w)
                && head.get(i + w.len()).is_some_and(u8::is_ascii_whitespace)
                && (i == 0 || head.get(i - 1).is_some_and(u8::is_ascii_whitespace))
        })
    })
}

/// netrc's `password VALUE` after `name` (`password`, `passwd`).
pub(super) fn netrc_password(b: &[u8], name: &[u8], name_end: usize) -> Option<Verdict> {
    if !(name.eq_ignore_ascii_case(b"password") || name.eq_ignore_ascii_case(b"passwd")) {
        return None;
    }
    let start = take_upto(b, name_end, 8, |c| c == b' ' || c == b'\t');
    password_ok(command_word(b, start)).then_some(Verdict::Generic)
}

/// `at` is inside a line of a `.pgpass` file: `host:port:database:user:password`,
/// the line's five fields and nothing else (a `\:` is a colon of a field),
/// the port digits or `*`, the other fields but the password names or `*`.
/// A double quote ends a line as a line break does: in a JSON text the
/// line is a string's, and a quote is never part of a value.
pub(super) fn pgpass_at(b: &[u8], at: usize) -> bool {
    let ends_line = |c: &u8| matches!(c, b'\n' | b'\r' | b'"');
    let start = slice(b, 0, at).iter().rposition(ends_line).map_or(0, |n| n + 1);
    let end = slice(b, at, b.len()).iter().position(ends_line).map_or(b.len(), |n| at + n);
    let line = slice(b, start, end);
    if line.len() > 300 {
        return false;
    }
    let mut fields: [&[u8]; 5] = [&[]; 5];
    let (mut n, mut from, mut i) = (0, 0, 0);
    while i < line.len() {
        match line.get(i) {
            Some(b'\\') => i += 1,
            Some(b':') if n < 4 => {
                if let Some(f) = fields.get_mut(n) {
                    *f = slice(line, from, i);
                }
                n += 1;
                from = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if n != 4 {
        return false;
    }
    fields[4] = slice(line, from, line.len());
    let [host, port, database, user, password] = fields;
    let name = |f: &[u8]| {
        f == b"*" || (!f.is_empty() && f.iter().all(|c| c.is_ascii_alphanumeric() || b"_.-".contains(c)))
    };
    name(host)
        && (port == b"*" || (!port.is_empty() && port.len() <= 5 && port.iter().all(u8::is_ascii_digit)))
        && name(database)
        && name(user)
        && !password.contains(&b' ')
        // A `:` in a password is escaped (`\:`); a sixth field makes the
        // line something else (an ARN: `arn:*:elasticloadbalancing:*:*:…`).
        && !password.iter().enumerate().any(|(i, c)| *c == b':' && password.get(i.wrapping_sub(1)) != Some(&b'\\'))
        && password_ok(password)
}
