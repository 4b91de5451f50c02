//! What a value given to a secret-sounding name looks like: long enough and
//! of the right characters for the name's word, random enough, not a word,
//! a path, an identifier or a member path; how a value that holds symbols
//! is read (a password, a Django key, or code, a format, a route, a public
//! key); and the verdict on an assignment. The keyword assignments and the
//! password rules both read values through these.

use super::rules::Word;
use super::*;

/// What an assignment is.
pub(super) enum Verdict {
    /// A specific kind (AWS secret key, connection string, service account).
    Code(crate::diagnostic::Code),
    /// Some other secret-sounding name with a random-looking value.
    Generic,
    /// No secret here, because of a quote around the assignment: before a
    /// service account's key name whose value is not such a key, or right
    /// after a value with symbols that would otherwise run to the end of
    /// its line. Out of its quotes the same name and value may be an
    /// assignment, so a text with this in it cannot stand for the scan of
    /// its strings.
    QuoteDecides,
}

/// A value of the length and the characters a secret has for the name's
/// word; [`value_random`] is the costlier rest.
pub(super) fn value_shape_ok(v: &[u8], word: Word, bare_symbolic: bool) -> bool {
    let min = match word {
        Word::Generic => 10,
        Word::Password => 8,
        Word::Provider => 12,
    };
    if v.len() < min || v.len() > 150 || is_filler(v) {
        return false;
    }
    // A word (`[A-Za-z_.-]+`) is a name, not a secret; a password needs a
    // digit or a symbol, or letters that are no words (`kXqPzmRtLwYb`).
    let telling = match word {
        Word::Password => {
            v.iter().any(u8::is_ascii_digit)
                || (v.iter().any(|c| c.is_ascii_punctuation() && !b"_.-".contains(c))
                    && !words_and_symbols(v))
                || (v.len() >= 10
                    && v.iter().all(u8::is_ascii_alphabetic)
                    && (!is_words(v) || random_letters(v)))
        }
        Word::Generic | Word::Provider => v.iter().any(|c| !c.is_ascii_alphabetic() && !b"_.-".contains(c)),
    };
    // A symbol may open a password (`#Kx8…`, `@Lw2…`), not a reference; a
    // bracket opens an expression (`(self.user + …`), unless the value is
    // in quotes or holds a digit (`(Kx!pQ#mz^Lw3`).
    let opens_reference = v.first().is_some_and(|first| {
        first.is_ascii_punctuation()
            && (matches!(first, b'$' | b'/' | b'.' | b'{' | b',')
                || (bare_symbolic && matches!(first, b'(' | b'[') && !v.iter().any(u8::is_ascii_digit))
                || v.starts_with(b"~/")
                || symbol_then_name(v)
                || (matches!(first, b'#' | b'%' | b'@') && v.iter().all(|c| is_bare_char(*c))))
            && !padded_base64(v)
    });
    if !telling
        || opens_reference
        || v.iter().all(u8::is_ascii_digit)
        || (v.len() <= 18 && is_demo_password(v))
        || (word != Word::Provider && (is_uuid(v) || prefixed_uuid(v)))
        || v.contains(&b' ') && (word != Word::Password || is_sentence(v))
    {
        return false;
    }
    true
}

/// A value that says where a secret is kept or what names it, or a
/// heading: read only for a value about to be refused.
#[inline(never)]
pub(super) fn reference_or_label(v: &[u8], word: Word) -> bool {
    resource_path(v) || label(v) || file_or_folder(v) || (word == Word::Password && names_itself(v))
}

/// `projects/123/secrets/db-pass/versions/1`, `secret/data/app/db`: four
/// parts or more joined by `/`, each words or a number, the name of where
/// a secret is kept (a secret manager's, a vault's path), not the secret.
/// Random text, base64 too, has parts that are no words.
fn resource_path(v: &[u8]) -> bool {
    v.iter().filter(|c| **c == b'/').count() >= 3
        && v.split(|c| *c == b'/').filter(|p| !p.iter().all(u8::is_ascii_digit)).count() >= 2
        && v.split(|c| *c == b'/')
            .all(|p| !p.is_empty() && (p.iter().all(u8::is_ascii_digit) || (p.len() <= 40 && is_words(p))))
}

/// `my-app/stage-150819.war`, `export-i-fh8sjjsq.ova`, `detection-4750…/`:
/// a file's name (one `.`, then an extension of two to four lower-case
/// letters) or a folder's (a `/` at the end), with a `-`, a `_` or a `/`
/// between its words. Tokens have no extension, and base64's last `/`
/// has no `-` or `_` in the text before it.
fn file_or_folder(v: &[u8]) -> bool {
    let joined = v.iter().any(|c| matches!(c, b'-' | b'_' | b'/'));
    let extension = v.iter().rposition(|c| *c == b'.').is_some_and(|dot| {
        let ext = slice(v, dot + 1, v.len());
        dot > 0
            && v.iter().filter(|c| **c == b'.').count() == 1
            && (2..=4).contains(&ext.len())
            && ext.iter().all(u8::is_ascii_lowercase)
    });
    let folder = v.last() == Some(&b'/') && v.iter().any(|c| matches!(c, b'-' | b'_'));
    (joined && extension) || folder
}

/// `generatedwebdavpassword2`, `123Abpassword`, `HTTPPasswordMgr`: a
/// password that says `password` in lower case, or a name that holds the
/// word: a manual's or a test's value, or an identifier. (`Password1!`,
/// the word capitalised at the start, is a password someone chose.)
fn names_itself(v: &[u8]) -> bool {
    find(v, b"password", 0).is_some() || (is_words(v) && contains_ci(v, b"password"))
}

/// `DEPRECATED:`, `Note:`: letters and a colon, a heading or a label that
/// opens a sentence, not a password.
fn label(v: &[u8]) -> bool {
    v.split_last().is_some_and(|(last, word)| *last == b':' && word.iter().all(u8::is_ascii_alphabetic))
}

/// Words between blanks, half of the parts at least, a digit or a
/// bracket beside them (`Enter password (min. 8 chars)`, `Mot de passe
/// (8 caractères min.)`): a form's message, not a password. A word is two
/// letters or more, lower case, capitalised or in capitals, its
/// punctuation aside.
#[inline(never)]
fn is_sentence(v: &[u8]) -> bool {
    let (mut parts, mut words) = (0, 0);
    for part in v.split(|c| *c == b' ').filter(|p| !p.is_empty()) {
        parts += 1;
        let letters = |c: &u8| c.is_ascii_alphabetic() || !c.is_ascii();
        let start = part.iter().position(letters).unwrap_or(part.len());
        let end = part.iter().rposition(letters).map_or(start, |e| e + 1);
        let word = slice(part, start, end);
        let rest = slice(word, 1, word.len());
        let trimmed =
            slice(part, 0, start).iter().chain(slice(part, end, part.len())).all(u8::is_ascii_punctuation);
        words += usize::from(
            word.len() >= 2
                && trimmed
                && word.iter().all(letters)
                && (rest.iter().all(|c| !c.is_ascii_uppercase())
                    || word.iter().all(|c| !c.is_ascii_lowercase())),
        );
    }
    words >= 2 && words * 2 >= parts
}

/// Standard base64 with its padding, 24 characters or more, mixing
/// capitals, lower case and digits (`/ohItK…wn8=`): a key, though its first
/// character may be a `/` or a `+`; a path has no padding.
fn padded_base64(v: &[u8]) -> bool {
    v.len() >= 24
        && v.len().is_multiple_of(4)
        && v.last() == Some(&b'=')
        && v.iter().all(|c| c.is_ascii_alphanumeric() || b"+/=".contains(c))
        && v.iter().any(u8::is_ascii_uppercase)
        && v.iter().any(u8::is_ascii_lowercase)
        && v.iter().any(u8::is_ascii_digit)
}

/// Not a placeholder, and random enough for the name's word. Costlier than
/// the shape: most values are refused before this.
#[inline]
pub(super) fn value_random(v: &[u8], word: Word) -> bool {
    // 32 random hex digits reach 3.5 bits only four times in five (their
    // alphabet has 4 bits at most): hex of that length needs 3 bits.
    let bits = match word {
        Word::Generic if v.len() >= 32 && v.iter().all(u8::is_ascii_hexdigit) => 3.0,
        Word::Generic => 3.5,
        Word::Password | Word::Provider => 2.5,
    };
    // The entropy first: it is the cheaper, and it turns most values away.
    entropy(v) >= bits && !is_placeholder(v)
}

/// `a.b`, `self._x`, `$el.value`: identifiers joined by dots.
pub(super) fn is_member_path(v: &[u8]) -> bool {
    // `this.#config`: a class's private field, after the first part.
    v.contains(&b'.')
        && v.split(|c| *c == b'.').enumerate().all(|(i, part)| {
            is_identifier(if i > 0 { part.strip_prefix(b"#").unwrap_or(part) } else { part })
        })
}

/// `name`, `_x`, `$el`: an identifier of code.
pub(super) fn is_identifier(v: &[u8]) -> bool {
    v.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_' || *c == b'$')
        && v.iter().all(|c| is_word(*c) || *c == b'$')
}

/// Words, in any case and joined any way (`_`, `-`, `.`, `/`, `:`, `#`,
/// camelCase; `+` without digits), with digits closing words and in one run at most inside a
/// word (`nl80211`, `v1`, `win32api`), and words of three letters or more on
/// average: what a name, a version or a path is made of. A random token
/// has digits inside its runs and short humps of case.
#[inline(never)]
pub(super) fn is_words(v: &[u8]) -> bool {
    // `+` joins the keys of a shortcut (`Control+Shift+T`), which have no
    // digits; beside digits it is base64.
    if v.contains(&b'+') && v.iter().any(u8::is_ascii_digit) {
        return false;
    }
    // `#` joins a name to its member (`toolkit#CreateAuthUri`), which opens
    // with a letter; a password's symbol may stand anywhere (`#Word#134`).
    if v.contains(&b'#') && !v.split(|c| *c == b'#').all(|p| p.first().is_some_and(u8::is_ascii_alphabetic)) {
        return false;
    }
    let (mut letters, mut humps, mut inner_digits) = (0usize, 0usize, 0usize);
    for part in v.split(|c| matches!(c, b'.' | b'_' | b'-' | b'/' | b':' | b'+' | b'#')) {
        let mut consonants = 0;
        let mut prev = 0u8;
        for (i, &c) in part.iter().enumerate() {
            let next = part.get(i + 1).copied().unwrap_or(0);
            if !c.is_ascii_lowercase() {
                consonants = 0;
            }
            if c.is_ascii_uppercase() {
                letters += 1;
                // A hump starts at a capital after a lower case letter or a
                // digit, or at the last capital of a run before lower case.
                if !prev.is_ascii_uppercase() || next.is_ascii_lowercase() {
                    humps += 1;
                }
            } else if c.is_ascii_lowercase() {
                letters += 1;
                if !prev.is_ascii_alphabetic() {
                    humps += 1;
                }
                // Five consonants in a row in lower case (`hbqpx`) are
                // rare in words and common in random text.
                consonants = if b"aeiouy".contains(&c) { 0 } else { consonants + 1 };
                if consonants >= 5 {
                    return false;
                }
            } else if c.is_ascii_digit() {
                if !prev.is_ascii_digit()
                    && part.get(i..).is_some_and(|r| r.iter().any(u8::is_ascii_alphabetic))
                {
                    inner_digits += 1;
                    // A part that starts with digits may go on in lower case
                    // (`64bit`, `3d`) or as one capitalised word (`2Vector`),
                    // once.
                    if prev == 0 && !digits_then_word(slice(part, i, part.len())) {
                        return false;
                    }
                }
            } else {
                return false;
            }
            prev = c;
        }
    }
    inner_digits <= 1 && humps > 0 && letters >= 3 * humps
}

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

/// A name of two characters or more, opening with a letter or `_`, ends
/// at `at`.
fn named_before(v: &[u8], at: usize) -> bool {
    let start = slice(v, 0, at).iter().rposition(|c| !is_word(*c)).map_or(0, |p| p + 1);
    at >= start + 2 && v.get(start).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
}

/// At `from`: a name, then a blank, a comma, a dot, a `]` or the end
/// (`str, object`, `pos + 1`, `types.Input]`).
fn argument(v: &[u8], from: usize) -> bool {
    let end = take_while(v, from, is_word);
    end > from && matches!(v.get(end), None | Some(b' ' | b',' | b'.' | b']'))
}

/// After a `[` at `from`: a name, a number, a quoted name or a range of a
/// character class, then the `]` that closes it.
fn indexed(v: &[u8], from: usize) -> bool {
    let end = take_upto(v, from, 40, |c| is_word(c) || b"-^.'\":".contains(&c));
    end > from && v.get(end) == Some(&b']')
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
            | (b'-', b'>')
            | (b':', b':')
            | (b'=', b'>' | b'=')
            | (b'!', b'=')
            | (b'&', b'&')
            | (b'|', b'|')
            | (b'/', b'/' | b'*') => return true,
            // An index, a type's parameter or a class (`args[0]`,
            // `env['KEY`, `dict[str`, `Callable[[`, `Annotated[`, `[a-z0-9]`): a bracket
            // after a name that opens on a name or a quote, or one that
            // closes on a name, a number or a range; a password's bracket
            // stands among other symbols (`!]5Z`, `m[(m5`).
            (b'[', n)
                if (named_before(v, i) && (b"'\"[]\0".contains(&n) || argument(v, i + 1)))
                    || indexed(v, i + 1) =>
            {
                return true;
            }
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
        // its arguments on the line, a type's (`ContentApiV2Error(`) may
        // have them on the next.
        let password_end = arg.is_empty()
            && close.is_none()
            && callee.iter().any(u8::is_ascii_digit)
            && !super::code::type_name(callee);
        let callee_named = is_words(callee)
            || super::code::type_name(callee)
            || callee.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'_')
            || is_member_path(callee)
            || (callee.contains(&b':')
                && callee.split(|c| *c == b':').filter(|p| !p.is_empty()).all(is_identifier));
        callee.len() >= 2
            && callee_named
            && name_arg
            && !password_end
            && close.is_none_or(|close| v.get(close + 1).is_none_or(|c| b".;),#".contains(c)))
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
    // A `*` after the words marks a required field or closes emphasis.
    let v = slice(v, 0, v.len() - v.iter().rev().take_while(|c| **c == b'*').count());
    let plain = |w: &[u8]| {
        let rest = slice(w, 1, w.len());
        rest.iter().all(u8::is_ascii_lowercase) || (w.len() <= 4 && w.iter().all(u8::is_ascii_uppercase))
    };
    let mut words = v.split(|c| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty());
    // With digits, a path of several words (`ch09-00-error-handling.html`),
    // not a word and a number (`Summer2024@`).
    let enough = !v.iter().any(u8::is_ascii_digit) || words.clone().count() >= 3;
    // Words of three letters on average (`Qv2ef32I34W#NVD` is random
    // text cut into letters).
    let letters = v.iter().filter(|c| c.is_ascii_alphabetic()).count();
    // A digit between letters is a password's (`T@nrun@lz3ngr@57`).
    let leet = v
        .windows(3)
        .any(|w| matches!(w, [a, d, b] if a.is_ascii_alphabetic() && d.is_ascii_digit() && b.is_ascii_alphabetic()));
    v.iter().all(|c| c.is_ascii_alphanumeric() || b"/#:@.-_| ".contains(c))
        && enough
        && !leet
        && letters >= 3 * words.clone().count()
        && words.all(plain)
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
    // `*@Schema.column`, `*.field`: a wildcard, then a reference;
    // `*all*tokens*updated*`: words a glob joins.
    if let [b'*', b'@' | b'.' | b'/', rest @ ..] = v {
        return is_words(rest);
    }
    if v.first() == Some(&b'*') && v.iter().filter(|c| **c == b'*').count() >= 3 {
        return v.split(|c| *c == b'*').all(|w| w.is_empty() || is_words(w));
    }
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
    // Square's application ids (`sq0idp-`, and `sq0ids-` in its sandbox)
    // are public; its secrets are `sq0csp-` and `sq0atp-`.
    [&b"pk_live_"[..], b"pk_test_", b"sb_publishable_", b"sq0idp-", b"sq0ids-"]
        .iter()
        .any(|p| v.starts_with(p))
}

/// Letters and digits mixed as a generated token mixes them, not a name.
pub(super) fn token_like(v: &[u8]) -> bool {
    v.iter().any(u8::is_ascii_digit) && v.iter().any(u8::is_ascii_alphabetic) && !is_words(v)
}

/// `token-f5b56c05-…`, `cf-2e351785-…`: a UUID after a word that says
/// what it names, an identifier.
fn prefixed_uuid(v: &[u8]) -> bool {
    v.len() > 37 && v.len() <= 36 + 17 && {
        let (word, rest) = v.split_at(v.len() - 36);
        is_uuid(rest)
            && matches!(word.last(), Some(b'-' | b'_' | b':'))
            && word.iter().rev().skip(1).all(u8::is_ascii_alphabetic)
    }
}

pub(super) fn is_uuid(v: &[u8]) -> bool {
    v.len() == 36
        && v.iter()
            .enumerate()
            .all(|(i, c)| if matches!(i, 8 | 13 | 18 | 23) { *c == b'-' } else { c.is_ascii_hexdigit() })
}

/// `64bit`, `3d`, `2Vector`: digits, then lower case or one capitalised
/// word.
fn digits_then_word(part: &[u8]) -> bool {
    let rest = slice(part, part.iter().position(|c| !c.is_ascii_digit()).unwrap_or(part.len()), part.len());
    let lower = |r: &[u8]| r.iter().all(u8::is_ascii_lowercase);
    lower(rest)
        || (rest.first().is_some_and(u8::is_ascii_uppercase)
            && rest.len() >= 3
            && lower(slice(rest, 1, rest.len())))
}

/// The name at `start` is a part of an ARN (`arn:` opens the word it
/// stands in: no blank and no quote between).
#[inline(never)]
pub(super) fn in_arn(b: &[u8], start: usize) -> bool {
    let mut i = start;
    while i > 0 && start - i < 256 {
        let c = b.get(i - 1).copied().unwrap_or(b' ');
        if c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'`' | b'(' | b'[' | b'=' | b',') {
            break;
        }
        i -= 1;
    }
    // `arn:aws:…`, also as a reference writes it inside another path
    // (`aws:arn:…`, `&region-arn;…`), and `urn:ietf:params:…`.
    (i..start.saturating_sub(3)).any(|at| {
        (has_ci(b, at, b"arn") || has_ci(b, at, b"urn"))
            && (at == i || !b.get(at - 1).is_some_and(u8::is_ascii_alphanumeric))
            && matches!(b.get(at + 3), Some(b':' | b';'))
    })
}

/// `X509_HASH_DIR_CTX`: capitals and digits in words joined by `_`, each
/// opening with a capital, a constant's name (a generated token in
/// capitals has no `_`). With `numbered`, a later word may be digits
/// (`SCRAM_SHA_256`; a password's may too: `ADMIN_2024`).
pub(super) fn upper_snake_with(v: &[u8], numbered: bool) -> bool {
    v.contains(&b'_')
        && v.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_')
        && v.split(|c| *c == b'_').enumerate().all(|(i, w)| {
            w.len() >= 2
                && (w.first().is_some_and(u8::is_ascii_uppercase)
                    || (numbered && i > 0 && w.iter().all(u8::is_ascii_digit)))
        })
}

/// [`upper_snake_with`], each word opening with a capital.
pub(super) fn upper_snake(v: &[u8]) -> bool {
    upper_snake_with(v, false)
}

/// `oauth2client_4_0.client.OAuth2Credentials`: three or more parts joined
/// by dots, each of words, a module's or a type's path (a sentence's full
/// stop after it aside).
pub(super) fn dotted_words(v: &[u8]) -> bool {
    let v = v.strip_suffix(b".").unwrap_or(v);
    v.iter().filter(|c| **c == b'.').count() >= 2
        && v.split(|c| *c == b'.').all(|p| !p.is_empty() && is_words(p))
}

/// `_mm256_sm4key4_epi32`, `__pyx_k_token`: an identifier that opens with
/// `_`, a private or reserved name, its words in lower case and digits. A
/// random token that opens with `_` (base64url does one time in 64) has
/// capitals among its letters.
pub(super) fn private_name(v: &[u8]) -> bool {
    v.first() == Some(&b'_')
        && is_identifier(v)
        && v.split(|c| *c == b'_').all(|w| w.iter().all(|c| !c.is_ascii_uppercase()) || is_words(w))
}

/// `api_version=v1`, `policy_kind=ACCESS`,
/// `module.levels:ParseLevels:api_version=v1alpha`: a setting written as
/// `name=value`, words on both sides (a short version or a number may
/// follow), not a secret. Base64 has its `=` at the end only.
#[inline(never)]
pub(super) fn is_setting_pair(v: &[u8]) -> bool {
    // Most values have no `=`: `contains` finds that fastest.
    if !v.contains(&b'=') {
        return false;
    }
    let Some(eq) = v.iter().position(|c| *c == b'=') else { return false };
    let (head, tail) = (slice(v, 0, eq), slice(v, eq + 1, v.len()));
    // The value side first: it is short, and empty or `=` in base64.
    !tail.is_empty()
        && (tail.len() <= 4 && tail.iter().all(u8::is_ascii_alphanumeric) || is_words(tail))
        && is_words(head)
}

/// `user%40email.com:password`: a user, a colon and an example's password,
/// a URL's userinfo as a manual writes it.
pub(super) fn example_credentials(v: &[u8]) -> bool {
    v.iter().rposition(|c| *c == b':').is_some_and(|colon| {
        let password = slice(v, colon + 1, v.len());
        colon > 0 && !password.is_empty() && is_demo_password(password)
    })
}

/// Base64 that decodes to an example's credentials (`username:password`,
/// `user:`) or to prose (`not my real password`): a fixture's or a
/// manual's value.
#[inline(never)]
pub(super) fn decodes_to_example(v: &[u8]) -> bool {
    let printable = |text: &[u8]| text.iter().all(|c| c.is_ascii_graphic() || *c == b' ');
    // Standard base64 with its padding; random bytes show in the first
    // six, which are decoded first.
    let mut head = [0u8; 6];
    if v.len() < 8
        || v.len() > 120
        || !v.len().is_multiple_of(4)
        || !printable(base64_decode(slice(v, 0, 8), &mut head))
        || !v.iter().all(|c| c.is_ascii_alphanumeric() || b"+/=".contains(c))
    {
        return false;
    }
    let mut out = [0u8; 90];
    let text = base64_decode(v, &mut out);
    if text.len() < 5 || !printable(text) {
        return false;
    }
    let prose = text.contains(&b' ') && text.iter().all(|c| c.is_ascii_alphabetic() || b" :'.,".contains(c));
    let example = text.iter().position(|c| *c == b':').is_some_and(|colon| {
        let password = slice(text, colon + 1, text.len());
        password.is_empty() || is_demo_password(password)
    });
    prose || example
}

/// `PassphraseBlob`, `XmlStringMaxLen256`: a type's name, each word a
/// capital and two or more lower case letters, digits only at the end.
pub(super) fn pascal_words(v: &[u8]) -> bool {
    let digits = v.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let letters = slice(v, 0, v.len() - digits);
    letters.first().is_some_and(u8::is_ascii_uppercase)
        && letters.iter().all(u8::is_ascii_alphabetic)
        && letters.iter().enumerate().all(|(i, c)| {
            !c.is_ascii_uppercase()
                || (letters.get(i + 1).is_some_and(u8::is_ascii_lowercase)
                    && letters.get(i + 2).is_some_and(u8::is_ascii_lowercase))
        })
}

/// `async_to_sync(f)(x)`, `a.env_dict()[K]`: a callee's name, of words
/// joined by `_` or `.`, and its opening bracket.
pub(super) fn call_of_words(v: &[u8]) -> bool {
    let Some(open) = v.iter().position(|c| *c == b'(') else { return false };
    let head = slice(v, 0, open);
    // `function(t){`: a function's head, as minified code writes it.
    head == b"function"
        || (head.len() >= 4
            && head.iter().any(|c| matches!(c, b'_' | b'.'))
            && head.split(|c| *c == b'.').all(|p| is_identifier(p) && is_words(p)))
}

/// The value holds `password` or `passphrase` after its start, or
/// `secret` or `token` as a word of its own after its start
/// (`term-token-…`, `test_secret`): it says what it stands for, as only a
/// made-up value does.
pub(super) fn named_stand_in(v: &[u8]) -> bool {
    // `VERYLONGSECRET…`: a manual's value that opens by saying so, in
    // capitals, after another word (a prefix, `SECRET…`, is kept).
    let capitals = slice(v, 0, v.iter().take_while(|c| c.is_ascii_uppercase()).count());
    if capitals.len() >= 8
        && [&b"SECRET"[..], b"TOKEN", b"PASSWORD"]
            .iter()
            .any(|w| (1..capitals.len()).any(|at| has_ci(capitals, at, w)))
    {
        return true;
    }
    // After the start: `Password1234!` is what people choose
    // (`sqlServerPassw0rd` spells it as they do).
    if [&b"password"[..], b"passphrase", b"passw0rd", b"p@ssw0rd", b"pa55word"]
        .iter()
        .any(|w| (1..v.len()).any(|at| has_ci(v, at, w)))
    {
        return true;
    }
    [&b"secret"[..], b"token"].iter().any(|w| {
        (1..v.len()).any(|at| {
            let before = v.get(at - 1).copied().unwrap_or(0);
            let after = v.get(at + w.len()).copied();
            has_ci(v, at, w)
                && (matches!(before, b'-' | b'_' | b'.')
                    || (before.is_ascii_lowercase() && v.get(at).is_some_and(u8::is_ascii_uppercase)))
                && after.is_none_or(|c| !c.is_ascii_lowercase())
        })
    })
}
