//! Passwords and values with symbols: how a value that holds symbols is
//! read (a password, a Django key, or code, a format, a route, a public
//! key), and the places commands and netrc give a password without an
//! assignment's sign.

use super::assign::{Verdict, is_identifier, is_member_path, is_words, value_random, value_shape_ok};
use super::rules::Word;
use super::*;

/// The characters of a bare value as most secrets write it.
pub(super) fn is_bare_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"_.=+/~-".contains(&c)
}

/// A value's characters when symbols may be part of it: printable, no
/// blank, no quote, not a character that ends a value in code or markup.
pub(super) fn is_symbolic_char(c: u8) -> bool {
    c.is_ascii_graphic() && !b"'\"`;,<>\\".contains(&c)
}

/// `v` up to an `&` that starts the next parameter (`&next=…`), if any.
pub(super) fn before_next_parameter(v: &[u8]) -> &[u8] {
    let next = v.iter().enumerate().position(|(i, c)| {
        let name_end = take_while(v, i + 1, |c| is_word(c) || c == b'.' || c == b'-');
        *c == b'&' && name_end > i + 1 && v.get(name_end) == Some(&b'=')
    });
    slice(v, 0, next.unwrap_or(v.len()))
}

/// The quoted value at `k` (its quote `q` before it), with symbols and no
/// blank: up to the closing quote on the line.
pub(super) fn quoted_symbolic(b: &[u8], k: usize, q: u8) -> Option<&[u8]> {
    let end = take_upto(b, k, 151, |c| c != q && is_symbolic_char(c));
    (b.get(end) == Some(&q)).then(|| slice(b, k, end))
}

/// The bare value at `k` with symbols, up to a blank or the end of the
/// text (or the next parameter, `in_query`); a closing bracket that no bracket of the value opens ends it.
pub(super) fn bare_symbolic(b: &[u8], k: usize, in_query: bool) -> Option<&[u8]> {
    let end = take_upto(b, k, 101, is_symbolic_char);
    let next = b.get(end);
    if !next.is_none_or(|c| c.is_ascii_whitespace() || b"'\"`;,<\\".contains(c)) {
        return None;
    }
    // An environment variable's value runs to the blank; a parameter's to
    // the next parameter.
    let mut v = slice(b, k, end);
    if in_query {
        v = before_next_parameter(v);
    }
    // `os.environ.get('…')`: a call's opening, its argument quoted.
    if v.last() == Some(&b'(') && next.is_some_and(|c| b"'\"`".contains(c)) {
        return None;
    }
    while let Some((&last, rest)) = v.split_last() {
        let open = match last {
            b')' => b'(',
            b']' => b'[',
            b'}' => b'{',
            _ => break,
        };
        if v.contains(&open) {
            break;
        }
        v = rest;
    }
    Some(v)
}

/// A value with symbols that is code, a format or a pattern, not a
/// secret: a call (`getpass()`, `os.environ.get(…)`), an index
/// (`args[0]`), a format (`%s`, `{}`), a regular expression, an
/// operator, or no letter and no digit at all (`!#%^*()+`).
#[inline(never)]
pub(super) fn is_code_like(v: &[u8]) -> bool {
    // A long random value holds such pairs by chance (a Django key): then
    // only an escape or a template says code.
    let random = v.len() >= 30 && entropy(v) >= 4.5;
    let (mut escapes, mut alnum) = (0, false);
    for (i, &c) in v.iter().enumerate() {
        let next = v.get(i + 1).copied().unwrap_or(0);
        alnum |= c.is_ascii_alphanumeric();
        match (c, next) {
            (b'\\', _) | (b'$', b'{') | (b'{', b'{') => return true,
            _ if random => {}
            // `super$ecret` in a shell or a `.env` is `super` and a variable.
            (b'$', n) if n.is_ascii_alphabetic() || n == b'(' || n == b'_' => return true,
            // `options?.token`, `a ?? b`: optional chaining, coalescing.
            (b'?', b'.' | b'?')
            | (b'(', b'?')
            | (b'%', b'(')
            | (b'{', b'}' | b'0')
            | (b'#', b'{')
            | (b'[' | b']', _)
            | (b'-', b'>')
            | (b':', b':')
            | (b'=', b'>' | b'=')
            | (b'!', b'=')
            | (b'&', b'&')
            | (b'|', b'|')
            | (b'/', b'/' | b'*') => return true,
            // A template's field (`users/{userKey}/tokens`, `{policy_id}`).
            (b'{', n) if n.is_ascii_alphabetic() || n == b'_' => {
                let end = take_while(v, i + 1, is_word);
                if end >= i + 3 && v.get(end) == Some(&b'}') {
                    return true;
                }
            }
            // `%s`, `%d` as a format has them: not before a letter or a digit.
            (b'%', b's' | b'd') if !v.get(i + 2).is_some_and(u8::is_ascii_alphanumeric) => return true,
            // Percent-encoded text (`%c3%89t%C3%A9`): a URL's part, a fixture.
            (b'%', _) if escape_at(v, i) => {
                escapes += 1;
                if escapes >= 2 {
                    return true;
                }
            }
            _ => {}
        }
    }
    // A call of a member (`util.MAP.get(base.Track.GA)`) is code however
    // many letters it mixes.
    (!random && (!alnum || is_call(v) || opens_or_joins(v))) || (random && v.contains(&b'.') && is_call(v))
}

/// `getpass()`, `os.environ.get(…).strip()`: a name, then a call that ends
/// the value or goes on with a member.
fn is_call(v: &[u8]) -> bool {
    v.iter().position(|c| *c == b'(').is_some_and(|open| {
        let callee = slice(v, 0, open);
        let close = slice(v, open, v.len()).iter().position(|c| *c == b')').map(|n| open + n);
        // The first argument as far as the value goes: a name, a
        // reference, a literal's opening, or nothing.
        let arg_end = close.unwrap_or(v.len());
        let arg = slice(v, open + 1, arg_end);
        let arg = arg.strip_prefix(b"&").or_else(|| arg.strip_prefix(b"*")).unwrap_or(arg);
        // A call as the argument (`getpwuid(os.getuid())`).
        let arg = arg.split(|c| *c == b'(').next().unwrap_or(arg);
        // A keyword argument (`required=True`, `hashfunc=hashlib.sha224`).
        let keyword_arg = callee.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
            && arg
                .iter()
                .position(|c| *c == b'=')
                .is_some_and(|eq| eq > 0 && is_identifier(slice(arg, 0, eq)));
        let name_arg = arg.is_empty()
            || keyword_arg
            || is_identifier(arg)
            || is_member_path(arg)
            || arg.iter().all(u8::is_ascii_digit)
            || arg.first().is_some_and(|c| b"'\"`{[(".contains(c));
        // `Summer2024(`: a word with digits and an opening bracket at the
        // end is a password; a function name with digits (`sha256(`) has
        // its arguments on the line.
        let password_end = arg.is_empty() && close.is_none() && callee.iter().any(u8::is_ascii_digit);
        let callee_named = is_words(callee)
            || callee.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'_')
            || is_member_path(callee)
            || (callee.contains(&b':')
                && callee.split(|c| *c == b':').filter(|p| !p.is_empty()).all(is_identifier));
        callee.len() >= 2
            && callee_named
            && name_arg
            && !password_end
            && close.is_none_or(|close| v.get(close + 1).is_none_or(|c| b".;),".contains(c)))
    })
}

/// A call opened (`new Buffer(`, `getpass(`) or a concatenation
/// (`+new Buffer(…)`, `+name`).
fn opens_or_joins(v: &[u8]) -> bool {
    let named = |w: &[u8]| {
        w.contains(&b' ') || (is_words(w) && !w.iter().any(u8::is_ascii_digit)) || is_member_path(w)
    };
    v.strip_suffix(b"(").is_some_and(named) || v.strip_prefix(b"+").is_some_and(named)
}

/// Words joined by the symbols of paths, routes, selectors and labels,
/// with digits apart (`cms/sites/passwords#edit`, `#add-password`,
/// `Password:`, `busybox@`, `true|false`, `ch09-00-error-handling.html#x`),
/// not a password: each run of letters is lower case, capitalised or a
/// short acronym.
pub(super) fn words_and_symbols(v: &[u8]) -> bool {
    let plain = |w: &[u8]| {
        let rest = slice(w, 1, w.len());
        rest.iter().all(u8::is_ascii_lowercase) || (w.len() <= 4 && w.iter().all(u8::is_ascii_uppercase))
    };
    let mut words = v.split(|c| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty());
    // With digits, a path of several words (`ch09-00-error-handling.html`),
    // not a word and a number (`Summer2024@`).
    let enough = !v.iter().any(u8::is_ascii_digit) || words.clone().count() >= 3;
    v.iter().all(|c| c.is_ascii_alphanumeric() || b"/#:@.-_| ".contains(c)) && enough && words.all(plain)
}

/// Letters only, in a mix of cases no name has: a quarter to three
/// quarters capitals, switching case at least four times and more often
/// than camel case does (`HvjAlkKSSKBKXvxWYnu`, not `XmlHttpRequest`).
pub(super) fn random_letters(v: &[u8]) -> bool {
    let upper = v.iter().filter(|c| c.is_ascii_uppercase()).count();
    let switches = v
        .windows(2)
        .filter(|w| matches!(w, [a, b] if a.is_ascii_uppercase() != b.is_ascii_uppercase()))
        .count();
    // Camel case: each capital opens a word of two letters or more.
    let camel = v.iter().enumerate().all(|(i, c)| {
        !c.is_ascii_uppercase()
            || (v.get(i + 1).is_some_and(u8::is_ascii_lowercase)
                && v.get(i + 2).is_some_and(u8::is_ascii_lowercase))
    });
    // Few vowels: no words at all (`WsvTufpytQdgbbOpza`).
    let vowels = v.iter().filter(|c| b"aeiouAEIOU".contains(c)).count();
    (v.len() >= 10
        && !camel
        && upper * 5 >= v.len()
        && upper * 5 <= v.len() * 4
        && switches >= 4
        && switches * 5 >= v.len())
        || (v.len() >= 15 && vowels * 5 < v.len())
}

/// One symbol, then a name: a reference (`@password`, `*default_pw`,
/// `&buf`, `%PASSWORD`, `~user`, `!vault`), not a password.
pub(super) fn symbol_then_name(v: &[u8]) -> bool {
    match v.split_first() {
        Some((b'@' | b'*' | b'&' | b'%' | b'~' | b'$' | b':' | b'?' | b'#', rest)) => {
            is_words(rest) || (is_member_path(rest) && rest.split(|c| *c == b'.').all(is_words))
        }
        Some((b'!', rest)) => rest.iter().all(|c| c.is_ascii_alphabetic() || *c == b'_'),
        _ => false,
    }
}

/// Keys that are public by design: Stripe's publishable keys, Supabase's
/// publishable keys.
pub(super) fn is_public_value(v: &[u8]) -> bool {
    [&b"pk_live_"[..], b"pk_test_", b"sb_publishable_"].iter().any(|p| v.starts_with(p))
}

/// Letters and digits mixed as a generated token mixes them, not a name.
pub(super) fn token_like(v: &[u8]) -> bool {
    v.iter().any(u8::is_ascii_digit) && v.iter().any(u8::is_ascii_alphabetic) && !is_words(v)
}

/// Flag names that take a credential (after their dashes).
pub(super) const CREDENTIAL_FLAGS: &[&[u8]] = &[
    b"password",
    b"passwd",
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
    if !CREDENTIAL_FLAGS.iter().any(|f| flag.eq_ignore_ascii_case(f)) {
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
    !v.contains(&b' ')
        && value_shape_ok(v, Word::Password, symbolic)
        && value_random(v, Word::Password)
        && !(symbolic && (words_and_symbols(v) || is_code_like(v)))
        && !is_public_value(v)
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
        && password_ok(password)
}
