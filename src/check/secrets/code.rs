//! Values that are code or a manual's format, not a secret: a type's
//! name, a template's named holes, the first word of a camelCase name.

use super::slice;

/// `Uint8Array`, `CustomAuthResultV2`, `GetLogStreams200ResponseInner`: a
/// type's name, two words or more, each a capital, lower case letters and
/// digits after them, no more than one in four of them with fewer than two
/// lower case letters (`V2`, `Of3`). A random token of letters and digits
/// has short humps of case and digits inside them.
pub(super) fn type_name(v: &[u8]) -> bool {
    if !v.first().is_some_and(u8::is_ascii_uppercase) || !v.iter().all(u8::is_ascii_alphanumeric) {
        return false;
    }
    let (mut humps, mut short, mut lower, mut digits) = (0usize, 0usize, 0usize, false);
    for c in v {
        if c.is_ascii_uppercase() {
            humps += 1;
            short += usize::from(humps > 1 && lower < 2);
            (lower, digits) = (0, false);
        } else if c.is_ascii_digit() {
            digits = true;
        } else if digits {
            // Lower case after digits inside a word: random.
            return false;
        } else {
            lower += 1;
        }
    }
    short += usize::from(lower < 2);
    humps >= 2 && short * 4 <= humps
}

/// `projects/[PROJECT_ID]/keyRings/[KEYRING]`, `secrets/{secret\}`: a
/// template with named holes, a manual's format.
pub(super) fn templated(v: &[u8]) -> bool {
    v.iter().enumerate().any(|(at, c)| {
        let (close, name_ok): (u8, fn(&u8) -> bool) = match c {
            b'[' => (b']', |c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_'),
            b'{' => (b'}', |c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-'),
            _ => return false,
        };
        let rest = slice(v, at + 1, v.len());
        let name = rest.iter().take_while(|c| name_ok(c)).count();
        let after = slice(rest, name, rest.len());
        name >= 2 && (after.first() == Some(&close) || after.starts_with(&[b'\\', close]))
    })
}

/// `sign` of `signInWithPassword`: the first word of a camelCase name, in
/// lower case up to its first capital.
pub(super) fn first_camel_word(v: &[u8]) -> &[u8] {
    let word = first_word(v);
    let to = word.iter().skip(1).position(u8::is_ascii_uppercase).map_or(word.len(), |n| n + 1);
    if word.first().is_some_and(u8::is_ascii_lowercase) { slice(word, 0, to) } else { word }
}

/// `svptrue` of `svptrue_pat_b16`, `mm256` of `_mm256_sqrt_pd`.
pub(super) fn first_word(v: &[u8]) -> &[u8] {
    let from = v.iter().position(|c| *c != b'_').unwrap_or(v.len());
    let to = v.iter().skip(from).position(|c| !c.is_ascii_alphanumeric()).map_or(v.len(), |n| from + n);
    slice(v, from, to)
}

/// The quote `q` at `at` closes a literal that its line opened: the line
/// holds an odd number of them before it.
pub(super) fn closes_literal(b: &[u8], at: usize, q: u8) -> bool {
    let line = b.get(..at).and_then(|head| head.iter().rposition(|c| *c == b'\n')).map_or(0, |n| n + 1);
    slice(b, line, at).iter().filter(|c| **c == q).count() % 2 == 1
}

/// `(uint8_t *)pwd`, `(char*)key`: a cast of C, a type in brackets (a
/// pointer's star at most) before the expression it converts.
pub(super) fn c_cast(v: &[u8]) -> bool {
    let Some(rest) = v.strip_prefix(b"(") else { return false };
    let ty = rest.iter().take_while(|c| c.is_ascii_alphanumeric() || b"_ *".contains(c)).count();
    let ty_text = slice(rest, 0, ty);
    rest.get(ty) == Some(&b')')
        && ty_text.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        && ty_text.iter().filter(|c| **c == b' ').count() <= 2
        && rest.get(ty + 1).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_' || *c == b'(')
}
