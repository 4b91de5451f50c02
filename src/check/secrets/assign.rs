//! Keyword assignments: `NAME <sep> value`, where the name holds a telling
//! word (`key`, `secret`, `token`, `password`, a provider's name, ...),
//! `<sep>` is `=`, `:`, `:=`, `=>`, `>`, `||`, `?=` or `,` (with quotes and
//! blanks around), and the value looks random: long enough, not a word,
//! entropic enough, no placeholder, no path, no UUID. A name may also be
//! given as a `name` field's value, its value in the `value` field after
//! it.

use super::code::*;
use super::names::*;
use super::passwords::*;
use super::public::*;
use super::rules::Word;
use super::values::*;
use super::*;

fn is_name(c: u8) -> bool {
    is_word(c) || c == b'.' || c == b'-'
}

/// `at` is a keyword of `len` bytes. Out of line: the scan's loop stays
/// small, and most keywords (`token` in prose) stop at the separator.
#[inline(never)]
pub(super) fn assignment_at(b: &[u8], at: usize, len: usize, word: Word) -> Option<Verdict> {
    let kw = slice(b, at, at + len);
    // A short word of a name is written in lower case, in capitals or
    // capitalised (`pwd`, `PWD`, `Pwd`); `pwD` is base64 or a source map's
    // mappings. (A longer one may hold words: `passWord`.)
    if kw.len() <= 4
        && kw.iter().skip(1).any(u8::is_ascii_uppercase)
        && kw.iter().skip(1).any(u8::is_ascii_lowercase)
    {
        return None;
    }
    // `api` not inside a lower-case word (`rapid`, `capital`; `API` is
    // always a word), `pat` only as a word of its own (not `path`).
    let lower_before = b.get(at.wrapping_sub(1)).is_some_and(u8::is_ascii_lowercase);
    let lower_after = b.get(at + len).is_some_and(u8::is_ascii_lowercase);
    // `pass` only as the last word of a name (`SMTP_PASS`, `dbPass`), not
    // inside one (`bypass`, `passes`, `password`, which `passw` reads).
    let pass_inside = kw.eq_ignore_ascii_case(b"pass") && lower_before && kw.first() != Some(&b'P');
    // `apidoc`: `api` and more of a word; `apikey`, `apitoken` are read
    // by their own keyword.
    if (kw.eq_ignore_ascii_case(b"api") && kw != b"API" && (lower_before || lower_after))
        || (kw.eq_ignore_ascii_case(b"pat") && (lower_before || lower_after))
        // `INCOMPATIBLE`: `PAT` inside a word in capitals.
        || (kw == b"PAT"
            && (b.get(at.wrapping_sub(1)).is_some_and(u8::is_ascii_uppercase)
                || b.get(at + len).is_some_and(u8::is_ascii_uppercase)))
        || pass_inside
    {
        return None;
    }
    let mut start = at;
    while start > 0 && at - start < 50 && b.get(start - 1).is_some_and(|c| is_name(*c)) {
        start -= 1;
    }
    // `"…\nkey = …"`: in a literal, the letter of a `\n` or `\t` escape
    // ends the line before the name and is no part of it.
    if start < at
        && b.get(start.wrapping_sub(1)) == Some(&b'\\')
        && matches!(b.get(start), Some(b'n' | b't' | b'r'))
    {
        start += 1;
    }
    let name_end = take_upto(b, at + len, 30, is_name);
    let name = slice(b, start, name_end);
    // Blanks and more name words may follow before the separator.
    let mut j = take_upto(b, name_end, 20, |c| is_name(c) || c == b' ' || c == b'\t');
    j = take_upto(b, j, 3, |c| c.is_ascii_whitespace() || b"'\"])".contains(&c));
    // `--password VALUE`, `--token=VALUE`: a flag of a command line.
    if matches!(b.get(start), Some(b'-'))
        && let Some(verdict) = flag_at(b, name, name_end, word)
    {
        return verdict;
    }
    // `machine … login … password VALUE`: a netrc entry.
    // The value is judged first: it is cheaper than the look back, and in
    // prose the word after `password` is rarely one.
    if word == Word::Password
        && matches!(b.get(name_end), Some(b' ' | b'\t'))
        && let Some(verdict) = netrc_password(b, name, name_end)
        && netrc_before(b, start)
    {
        return Some(verdict);
    }
    // `<add key="ApiKey" value="…" />`: an XML setting's name and value.
    // The `value` field after a `name` field may follow a comma
    // (`"name": "API_KEY", "value": "…"`) or a line break.
    let sep = separator(b, j);
    // `password. Format: projects/{…}`, `key for. Format: …`: a sentence
    // ends between the keyword and the separator, which belongs to the
    // next one.
    let between = slice(b, name_end.saturating_sub(1), j);
    if between.windows(2).any(|p| matches!(p, [b'.', b' ' | b'\t'])) {
        return None;
    }
    // `keystone.role_get role_id=…`, `API key name: …`: a word after a
    // blank is the field the value belongs to; an identifier's or a
    // name's is no secret.
    let owner = slice(b, name_end, j).trim_ascii_end();
    let owner = owner.strip_suffix(b"\"").or_else(|| owner.strip_suffix(b"'")).unwrap_or(owner);
    let owner = owner.rsplit(|c| *c == b' ' || *c == b'\t').next().unwrap_or_default();
    if owner.len() >= 2 && (ends_in_id(owner) || OWN_FIELDS.iter().any(|f| owner.eq_ignore_ascii_case(f))) {
        return None;
    }
    // `export type PasswordResetRequest = StartRequest;`: a type's name.
    if start >= 5
        && slice(b, start - 5, start) == b"type "
        && !b.get(start.wrapping_sub(6)).is_some_and(|c| is_word(*c))
    {
        return None;
    }
    // `sign('test_secret') => '…'`, `f(token) = …`: the name was a call's
    // argument; what follows the bracket is the call's result or body.
    if sep.is_some() && b.get(j) != Some(&b',') && slice(b, name_end, j).contains(&b')') {
        return None;
    }
    // A field's value has a `:`, a `=` or a tag's `>` before it, a quote
    // or a blank aside, and a line break, a quote, a `<` or a comma after
    // it; most names have neither.
    let field = || {
        matches!(b.get(name_end), Some(b'\n' | b'\r' | b'"' | b'\'' | b'<' | b','))
            && (matches!(b.get(start.wrapping_sub(1)), Some(b':' | b'=' | b'>'))
                || (matches!(b.get(start.wrapping_sub(1)), Some(b'"' | b'\'' | b' '))
                    && matches!(b.get(start.wrapping_sub(2)), Some(b':' | b'=' | b'"' | b'\'' | b' '))))
    };
    let sep_end = match sep {
        Some(end) if b.get(j) != Some(&b',') => end,
        _ => match field().then(|| name_value_pair(b, start, name_end)).flatten() {
            Some((value_sep, value_start)) => {
                j = value_sep;
                value_start
            }
            None => match sep {
                // `MISSING_PASSWORD:"missing-password",NEXT:…`,
                // `password:this._password,next:…`: the name is a key's
                // value, and the comma after it ends that entry.
                Some(_) if key_value_at(b, start, name_end) => return None,
                Some(end) => end,
                None if has_ci(b, j, b"value=")
                    && b.get(j.wrapping_sub(1)).is_some_and(u8::is_ascii_whitespace) =>
                {
                    j + 6
                }
                // `WITH PASSWORD 'x'`, `with password 'x'`, `storePassword
                // "x"`: a password's name, blanks and a quoted literal, as
                // SQL, Groovy and logs write it.
                // (`pass "x"` is a verb's.)
                None if word == Word::Password
                    && contains_ci(name, b"password")
                    && spaced_quote(slice(b, name_end, j)) =>
                {
                    j - 1
                }
                None => return None,
            },
        },
    };
    // `, ` joins two literals (`("api_key", "…")`), not two words of code
    // or prose (`sort key, a+b`).
    let comma = b.get(j) == Some(&b',');
    // `f(a, password), next`: a bracket between the name and the comma
    // closed the call the name was given to; a literal's name is quoted.
    // After a quoted name and a bracket, a literal may still be the value
    // (`("api_key"), "…"`); code is not (`f("password"),g=a(…)`).
    if comma && {
        let between = slice(b, name_end, j);
        let literal_after = matches!(b.get(take_upto(b, j + 1, 4, |c| c == b' ')), Some(b'"' | b'\''));
        between.iter().any(|c| matches!(c, b')' | b']'))
            && (!between.iter().any(|c| matches!(c, b'"' | b'\'')) || !literal_after)
    } {
        return None;
    }
    // After `, ` or a tag's `">` comes prose (`sort key, a+b`,
    // `1password">cargo-credential-1password</a>`): its words are not a
    // password.
    let after_prose = (comma && b.get(sep_end).is_some_and(|c| *c == b' '))
        || (b.get(j) == Some(&b'>') && slice(b, name_end, j).iter().any(|c| matches!(c, b'"' | b'\'')));
    // `badge.svg?token=…`: a badge's read-only token, published on purpose.
    if matches!(b.get(start.wrapping_sub(1)), Some(b'?' | b'&')) && super::urls::badge_url(b, start - 1) {
        return None;
    }
    // `${NAME:-word}`, `${NAME:+word}`: a shell expansion, not an assignment.
    if start >= 2 && slice(b, start - 2, start) == b"${" {
        return None;
    }
    // A JSON key's string may stand on the next line, indented
    // (`"password":\n        "…"`): read as if right after the colon, as a
    // document's key and its string are read together.
    let json_gap = take_upto(b, sep_end, 256, |c| c.is_ascii_whitespace());
    let sep_end = if b.get(name_end) == Some(&b'"')
        && b.get(j) == Some(&b':')
        && sep_end == j + 1
        && json_gap > sep_end + 4
        && b.get(json_gap) == Some(&b'"')
    {
        json_gap
    } else {
        sep_end
    };
    let mut k = sep_end;
    let mut quote = None;
    while k - sep_end < 5 {
        match b.get(k) {
            // `'PASSWD:' next`: a quote right after the separator and before
            // a blank closes the literal that holds the name. So does one
            // before more code (`from('user:password_x=').toString()`) where
            // the line has opened a literal with that quote: a quoted
            // password may open with a symbol (`password=').x9'`).
            // So does one that closes the literal the name opened, the
            // separator inside it (`"Password:"`, a label).
            Some(&q @ (b'"' | b'\'' | b'`'))
                if k == sep_end
                    && (b.get(k + 1).is_some_and(|c| {
                        c.is_ascii_whitespace() || (b").,;]}".contains(c) && closes_literal(b, k, q))
                    }) || (b.get(start.wrapping_sub(1)) == Some(&q)
                        && k == name_end + 1
                        && b.get(name_end) == Some(&b':'))) =>
            {
                return None;
            }
            Some(&q @ (b'"' | b'\'' | b'`')) => quote = Some(q),
            Some(c) if c.is_ascii_whitespace() || *c == b'=' => quote = None,
            _ => break,
        }
        k += 1;
    }
    // `telegram:4fcb…`, `discord:…`: a provider's name alone, a colon and
    // the value with nothing between is a reference (`kind:id`, as every
    // source and sink ref is written here), not an assignment.
    if word == Word::Provider
        && name.iter().all(|c| c.is_ascii_alphabetic() || matches!(c, b'-' | b'_'))
        && !TELLING.iter().any(|part| contains_ci(name, part))
        && b.get(name_end) == Some(&b':')
        && sep_end == name_end + 1
        && k == sep_end
    {
        return None;
    }
    let lower_has = |part: &[u8]| contains_ci(name, part);
    let service_account = b.get(start.wrapping_sub(1)) == Some(&b'"')
        && (name.eq_ignore_ascii_case(b"private_key_id") || name.eq_ignore_ascii_case(b"private_key"));
    let mut bare_end = None;
    let mut symbolic = false;
    let value = if service_account {
        let end = take_upto(b, k, 8192, |c| c.is_ascii_alphanumeric() || b"+/=".contains(&c));
        let v = slice(b, k, end);
        // 40 hex digits (a key id) have at most 4 bits a character.
        let bits = if v.iter().all(u8::is_ascii_hexdigit) { 3.0 } else { 3.5 };
        let key = v.len() >= 40 && entropy(v) >= bits && !is_filler(v);
        return Some(if key { Verdict::Code(SERVICE_ACCOUNT_KEY) } else { Verdict::QuoteDecides });
    } else if let Some(v) = quoted_password(b, k, word, quote) {
        v
    } else {
        let end = take_upto(b, k, 151, is_bare_char);
        let next = b.get(end);
        let terminated = next.is_none_or(|c| c.is_ascii_whitespace() || b"'\"`;,)}]<&\\".contains(c));
        // A value with symbols (`Kx!pQ#mz^Lw`, a Django key): quoted, or
        // bare after a password's name or an environment variable's
        // `NAME=`.
        let env = name.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_')
            && b.get(name_end) == Some(&b'=')
            && k == name_end + 1;
        // In quotes, or after a password's name or `NAME=`, a bracket or
        // an `&` may be part of the value.
        // After a closing bracket code goes on with `:`, `;`, `.`, `,` or
        // another bracket (`pass: string):`); a password with more of
        // itself.
        let symbol_goes_on = match (quote, next) {
            // In quotes the quote ends the value.
            (Some(_), Some(c)) => b"&)}]".contains(c),
            (None, Some(b'&')) => {
                (word == Word::Password || env) && b.get(end + 1).is_some_and(u8::is_ascii_graphic)
            }
            // `password=value}get username(){…}`: a setter's parameter,
            // then a block's end and more code.
            (None, Some(b')' | b'}' | b']')) => {
                (word == Word::Password || env)
                    && b.get(end + 1).is_some_and(|c| c.is_ascii_alphanumeric() || b"!#%^*+@&?~".contains(c))
                    // `this.password===null)throw …`: a literal of code.
                    && ![&b"value"[..], b"newvalue", b"val", b"input", b"arg", b"null", b"undefined", b"none", b"nil"]
                        .iter()
                        .any(|p| slice(b, k, end).eq_ignore_ascii_case(p))
            }
            _ => false,
        };
        let bare = (terminated && end > k).then(|| slice(b, k, end));
        // `"work_ad:7a11…"`: a `kind:id` reference in quotes, not a value
        // with symbols.
        let reference =
            next == Some(&b':') && slice(b, k, end).iter().all(|c| c.is_ascii_lowercase() || *c == b'_');
        // Where a YAML or INI value, after one `:` or `=` and with no
        // bracket (code has them: `from(…)`), stops.
        let line_value = (quote.is_none() && sep_end == j + 1 && matches!(b.get(j), Some(b':' | b'=')))
            .then(|| b.get(take_upto(b, k, 101, |c| is_symbolic_char(c) && !b"()[]{}".contains(&c))));
        let with_symbols = match quote {
            _ if (bare.is_some() && !symbol_goes_on) || reference => None,
            Some(q) if word != Word::Password => quoted_symbolic(b, k, q),
            None if word == Word::Password || env => bare_symbolic(b, k, !env),
            // A YAML or INI value that runs to the end of its line.
            None if line_value.is_some_and(|stop| stop.is_none_or(|c| matches!(c, b'\n' | b'\r'))) => {
                bare_symbolic(b, k, true)
            }
            _ => None,
        };
        match (with_symbols, bare) {
            (Some(v), _) => v,
            (None, Some(v)) => {
                bare_end = quote.is_none().then_some(end);
                v
            }
            // Cut by a closing quote: the string alone, which ends there,
            // may hold a YAML value.
            (None, None) if line_value == Some(Some(&b'"')) => return Some(Verdict::QuoteDecides),
            (None, None) => return None,
        }
    };
    if after_prose && comma && quote.is_none() {
        return None;
    }
    symbolic |= !value.iter().all(|c| is_bare_char(*c) || *c == b' ');
    let app = word == Word::Password && quote.is_some() && app_password(value);
    if !app && !value_shape_ok(value, word, symbolic && quote.is_none())
        || (symbolic
            && !app
            && ((word != Word::Password && value.len() < 16)
                || words_and_symbols(value)
                || is_code_like(value)))
        || is_public_value(value)
        || password_hash(value)
        || integrity_digest(value)
        || ec_public_point(value)
        // The cast reads on from where the value starts: a bare value
        // stops at its blank (`(uint8_t *)pwd`).
        || c_cast(slice(b, k, b.len()))
        || query_of_settings(value)
        || rate_limit(value)
        || comparison(value)
        || nested_setting(value)
    {
        return None;
    }
    // After a comma, a value that opens with the name's first word is the
    // next item of a list (`"svptrue_pat_b16","svptrue_pat_b32"`): read
    // after the shape, which most values fail first.
    // So is a constant's name in capitals (`'cast_key_st', 'X509_HASH_DIR_CTX'`).
    if comma
        && ((first_word(value).len() >= 3 && first_word(value).eq_ignore_ascii_case(first_word(name)))
            || (first_camel_word(value).len() >= 3 && first_camel_word(value) == first_camel_word(name))
            || upper_snake_with(value, true)
            || (quote.is_some() && listed_name(value))
            // `"…new password","signUpHint":"…"`: the literal after the
            // comma is the next entry's key; the name ended a string.
            || quote.is_some_and(|q| b.get(k + value.len()) == Some(&q) && b.get(k + value.len() + 1) == Some(&b':'))
            // `SEARCH_AI__DOCUMENTS=`: a constant, the next assignment's target.
            || value.strip_suffix(b"=").is_some_and(|head| {
                head.contains(&b'_')
                    && is_identifier(head)
                    && head.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_')
            }))
    {
        return None;
    }
    // Three parts after `eyJ`: a JWT, which its own rule judges (a
    // fixture's claims included).
    if value.starts_with(b"eyJ") && value.iter().filter(|c| **c == b'.').count() == 2 {
        return None;
    }
    if is_discord_bot_token(value) {
        return Some(Verdict::Code(PROVIDER_TOKEN));
    }
    // A bare value is code when it names something (`self._key`,
    // `options.token`) or an operator follows it (`x: T = …`, `a ? b`).
    // After a tight `NAME=`, a random value is a literal whatever follows
    // it (`api_key=… (attempt 2)`, `-e PASSWORD=… -p 5432:5432`).
    let tight = b.get(name_end) == Some(&b'=')
        && k == name_end + 1
        && (word == Word::Password || (value.len() >= 16 && token_like(value)));
    // A password of letters alone before more words is a sentence's word
    // (after a tight `NAME=` it is a literal still: `password=… took 1s`).
    let letters = || word == Word::Password && value.iter().all(u8::is_ascii_alphabetic);
    if bare_end.is_some_and(|end| {
        is_bare_code(value)
            || (!tight && (operator_follows(b, end) || (prose_follows(b, end) && letters())))
            // `password_prompt = PKCS11_DEFAULT_PROMPT`: a constant's name.
            || (!tight && upper_snake(value))
            // `Passphrase: PassphraseBlob;`, `key: __stringMin1Max1024;`: a
            // field's type in a declaration.
            || (b.get(j) == Some(&b':')
                && b.get(end) == Some(&b';')
                && is_identifier(value)
                && (is_words(value) || pascal_words(value) || type_name(value) || value.starts_with(b"__")))
            // `pbkdf2(password: Uint8Array, salt: …)`, `key: Map<…>`: a
            // parameter's or a field's type before more of the signature.
            || (b.get(j) == Some(&b':')
                && (b.get(end).is_some_and(|c| b"<>|&[".contains(c))
                    || (b.get(end).is_some_and(|c| b",)=".contains(c))
                        && matches!(slice(b, start.saturating_sub(2), start), [_, b'('] | [b',', _])))
                && (type_name(value) || names_its_type(value, name)))
    }) {
        return None;
    }
    // A literal of words is a name, a version, a path or prose, whatever
    // the name it is given (`'hapi.sessionLastSeen.v1'`, `claude-sonnet-4-5`,
    // `Europe/Dublin`, `nl80211_pattern_support`); a password may be words,
    // but not in a list (`"password", "scram-sha-256"`). Public key material
    // in base64 (`MFkwEwYHKoZIzj0C…`) is not a secret either.
    // An identifier that opens with `_` (`_mm256_sm4key4_epi32`) is a
    // private or reserved name.
    let name_like = is_words(value) || private_name(value);
    // `"PassphraseGenerationContext": PassphraseGenerationContext`: a name
    // given itself, as a module's table of its types is written;
    // `COHERE_MODEL = "COHERE_A100_X8"`: a provider's name as a word of
    // the value, an enumeration's constant (no provider puts its name in
    // its keys).
    // `Type.POSTGRES_MD5 = "POSTGRES_MD5"`, `Type["MD5"] = "MD5"`: an
    // enumeration's member given its own name, as compiled TypeScript
    // writes it (the name read to the separator: it may be long).
    let last = slice(b, start, j)
        .rsplit(|c| matches!(c, b'.' | b'[' | b']' | b'"' | b'\'' | b' ' | b'\t'))
        .find(|p| !p.is_empty())
        .unwrap_or(name);
    if value.eq_ignore_ascii_case(name)
        || value.eq_ignore_ascii_case(last)
        || (word == Word::Provider
            && value.split(|c| matches!(c, b'_' | b'-' | b'.')).any(|w| w.eq_ignore_ascii_case(kw)))
    {
        return None;
    }
    if ((word != Word::Password || after_prose) && name_like) || of_its_names_words(value, name) {
        return None;
    }
    // The names that are not secrets, checked before the value's entropy
    // and placeholders: a random value under such a name (`idempotency_key`,
    // `public_key`) is common, and these tests cost less than those. The
    // name is read as written around the keyword: with a word before it
    // after one blank (`Public key`), and the name words after it (`key
    // pin-sha256`).
    let mut wide_start = start;
    if start >= 2 && b.get(start - 1) == Some(&b' ') {
        wide_start = start - 1;
        while wide_start > 0
            && start - wide_start < 20
            && b.get(wide_start - 1).is_some_and(u8::is_ascii_alphanumeric)
        {
            wide_start -= 1;
        }
    }
    // A password's name says what the password opens by the words before
    // it (`KEYSTORE_PASSWORD`, `cache_password`): only the words from the
    // keyword on can make it a setting (`password_file`, `password_hash`).
    let wide = if word == Word::Password { slice(b, at, j) } else { slice(b, wide_start, j) };
    // `Key ID: mrk-…`: the name's last word, after a blank, may say id.
    let spoken = slice(b, start, j);
    let spoken = spoken.trim_ascii_end();
    let spoken = spoken.strip_suffix(b"\"").or_else(|| spoken.strip_suffix(b"'")).unwrap_or(spoken);
    let spoken_id = matches!(spoken, [.., b' ', b'i' | b'I', b'd' | b'D']);
    if has_part(wide, NOT_SECRET, &NOT_SECRET_STARTS)
        || ends_in_id(name)
        || spoken_id
        || ends_in_setting(name)
    {
        return None;
    }
    if !value_random(value, word) || is_public_der(value) || is_public_ssh(value) {
        return None;
    }
    // The readings of a value that are costlier still, for the few values
    // that would be refused: a setting's `name=value` (words, as above),
    // a token typed along the keyboard (people type passwords so too, and
    // tokens are generated), base64 of an example or of prose.
    if ((word != Word::Password || after_prose) && (is_setting_pair(value) || dotted_words(value)))
        || (word != Word::Password && is_keyboard_mash(value))
        || decodes_to_example(value)
        || example_credentials(value)
        || counts_along(value)
        || alphabet_along(value)
        || NOT_REAL.iter().any(|p| contains_ci(slice(b, wide_start, j), p))
        || reference_or_label(value, word)
        || templated(value)
        // `AWS::IAM::AccessKey`, `Config::ApiKey`: a type's path, not a
        // name given a value; `arn:aws:secretsmanager:…:secret:My-a1b2c3`:
        // a resource's name, whose parts colons join.
        || (start >= 2 && slice(b, start - 2, start) == b"::")
        || in_arn(b, start)
        // `Release GPG key: F3EF…`: a key's fingerprint, public.
        || (value.len() == 40
            && value.iter().all(u8::is_ascii_hexdigit)
            && [&b"gpg"[..], b"pgp"].iter().any(|p| contains_ci(slice(b, wide_start, j), p)))
    {
        return None;
    }
    // Read last, for the few values that would be refused:
    // `async_to_sync(check)(user)`, `details.env_dict()[NAME]`: a call, its
    // callee's name joined by `_` or `.` from words.
    if quote.is_none() && call_of_words(value) {
        return None;
    }
    // `!response.enabled`, `!!config.flag`, `!!ownPass`: a negation of a
    // member, or a value made a boolean (not after a tight `NAME=`, where
    // `!!Xk9qPz` is a password); `NODE_OPTIONS='…' cmd`: a
    // command's environment, whose names say nothing of a secret.
    if value.strip_prefix(b"!").is_some_and(is_member_path)
        || (!tight && value.strip_prefix(b"!!").is_some_and(|v| is_member_path(v) || is_identifier(v)))
        || value.iter().position(|c| *c == b'=').is_some_and(|eq| upper_snake(slice(value, 0, eq)))
    {
        return None;
    }
    // `SomeKindOfPassword123!`, `term-token-gPF…`, `test_secret`: a value
    // that names what it stands for is a manual's (a provider's prefix,
    // `secret_…`, opens the value, and is kept).
    if named_stand_in(value) {
        return None;
    }
    // `Key = 2d773b…`, `KEY: 7df6…`: a test vector's key, hex beside its
    // `Nonce =` and `Tag =`.
    if super::vectors::test_vector_key(b, start, name, name_end, value) {
        return None;
    }
    // In minified code a secret is a string literal: a bare value there
    // is an expression (`password=value}`, `key||2===a._store`).
    if quote.is_none() && minified_around(b, at) {
        return None;
    }
    let in_connection_string =
        b.get(start.wrapping_sub(1)) == Some(&b';') || (start == 0 && b.get(k + value.len()) == Some(&b';'));
    // `AccountName=devstoreaccount1;AccountKey=…`: the storage emulator's
    // account, whose key every copy of the emulator shares and Azure's
    // manuals print.
    if name.eq_ignore_ascii_case(b"accountkey")
        && contains_ci(slice(b, start.saturating_sub(160), start), b"devstoreaccount1")
    {
        return None;
    }
    if name.eq_ignore_ascii_case(b"accountkey")
        || name.eq_ignore_ascii_case(b"sharedaccesskey")
        || (in_connection_string && (word == Word::Password || name.eq_ignore_ascii_case(b"secret")))
    {
        return Some(Verdict::Code(CONNECTION_STRING));
    }
    if (lower_has(b"aws") && lower_has(b"secret")) || name.eq_ignore_ascii_case(b"secret_access_key") {
        return Some(Verdict::Code(AWS_SECRET_KEY));
    }
    Some(Verdict::Generic)
}

/// A password in quotes: anything up to the closing quote on the line.
fn quoted_password(b: &[u8], k: usize, word: Word, quote: Option<u8>) -> Option<&[u8]> {
    // A backtick quotes a command or a template, not a literal.
    let q = quote.filter(|q| word == Word::Password && *q != b'`')?;
    // After a blank, or right after them, the quotes seen were an empty
    // literal (`pw === "" && …`, `password = '', domain = ''`).
    if b.get(k).is_some_and(u8::is_ascii_whitespace) || (k >= 2 && slice(b, k - 2, k) == [q, q]) {
        return None;
    }
    let end = take_upto(b, k, 101, |c| c != q && c != b'\n' && c != b'\r');
    (b.get(end) == Some(&q)).then(|| slice(b, k, end))
}

/// `- name: API_KEY` and, after it, `value: …`: a name given as the value
/// of a `name` field and its value in the `value` field that follows
/// (Kubernetes' and ECS's environment lists, `{"name": …, "value": …}`
/// settings, Hadoop's `<name>…</name><value>…</value>`). The name runs
/// from `start` to `name_end`; the place of the value's separator and the
/// place after it.
#[inline(never)]
fn name_value_pair(b: &[u8], start: usize, name_end: usize) -> Option<(usize, usize)> {
    let quote_or_blank = |c: u8| matches!(c, b'"' | b'\'' | b' ' | b'\t');
    let back = |mut i: usize, max: usize| {
        while i > 0 && start - i < max && b.get(i - 1).is_some_and(|c| quote_or_blank(*c)) {
            i -= 1;
        }
        i
    };
    let mut i = back(start, 4);
    let xml = i >= 6 && has_ci(b, i - 6, b"<name>");
    if !xml {
        // `name:`, `name =`, `"name": "`, and not `username:`.
        if !matches!(b.get(i.wrapping_sub(1)), Some(b':' | b'=')) {
            return None;
        }
        i = back(i - 1, 8);
        if i < 4 || !has_ci(b, i - 4, b"name") || (i > 4 && b.get(i - 5).is_some_and(|c| is_word(*c))) {
            return None;
        }
    }
    let mut k = name_end;
    if xml {
        if !has_ci(b, k, b"</name>") {
            return None;
        }
        k += 7;
    }
    // Up to the `value` field: quotes, a comma, blanks and line breaks.
    k = take_upto(b, k, 40, |c| c.is_ascii_whitespace() || b"\"',".contains(&c));
    if xml {
        return (has_ci(b, k, b"<value>")).then_some((k + 6, k + 7));
    }
    if !has_ci(b, k, b"value") || b.get(k + 5).is_some_and(|c| is_word(*c)) {
        return None;
    }
    let sep = take_upto(b, k + 5, 3, quote_or_blank);
    matches!(b.get(sep), Some(b':' | b'=')).then_some((sep, sep + 1))
}

/// `AppCheckService$1`, `isP256dhEqual`: a name in a list of a bundle's
/// or a source map's names: a clash a bundler renamed (`$` and digits
/// after a name of words) or a predicate's or an accessor's camelCase name
/// (`is`, `has`, `get`, `set`, `on` and a capital). A random token opens
/// that way one time in tens of thousands.
fn listed_name(v: &[u8]) -> bool {
    if !is_identifier(v) {
        return false;
    }
    if let Some(dollar) = v.iter().rposition(|c| *c == b'$')
        && dollar > 0
    {
        let (head, tail) = (slice(v, 0, dollar), slice(v, dollar + 1, v.len()));
        return !tail.is_empty()
            && tail.iter().all(u8::is_ascii_digit)
            && (is_words(head) || type_name(head) || pascal_words(head));
    }
    // Mostly lower case, as words are (a random token's letters are
    // lower case four times in ten).
    let lower = v.iter().filter(|c| c.is_ascii_lowercase()).count();
    lower * 2 >= v.len()
        && [&b"is"[..], b"has", b"get", b"set", b"on"].iter().any(|p| {
            v.starts_with(p) && v.get(p.len()).is_some_and(u8::is_ascii_uppercase) && !v.contains(&b'_')
        })
}

/// `private_key: MLDSA44Ed25519PrivateKey`: a type whose name ends in the
/// name's words (`_` aside), the type of the thing the name holds.
fn names_its_type(v: &[u8], name: &[u8]) -> bool {
    let words = name.iter().filter(|c| **c != b'_');
    let n = words.clone().count();
    n >= 3
        && v.first().is_some_and(u8::is_ascii_uppercase)
        && v.iter().all(u8::is_ascii_alphanumeric)
        && v.len() >= n
        && words.zip(slice(v, v.len() - n, v.len())).all(|(a, b)| a.eq_ignore_ascii_case(b))
}

/// `pwd_salt = pwd+salt`: the name's own words joined by an operator, the
/// expression that computes it.
fn of_its_names_words(v: &[u8], name: &[u8]) -> bool {
    let mut parts = v.split(|c| matches!(c, b'+' | b'*' | b'|' | b'&' | b'-'));
    let name_word = |p: &[u8]| {
        p.len() >= 2 && name.split(|c| matches!(c, b'_' | b'.' | b'-')).any(|w| w.eq_ignore_ascii_case(p))
    };
    v.iter().any(|c| b"+*|&-".contains(c)) && parts.all(name_word)
}

/// A `:` or a `=` (not `==`) stands before `start`, a quote and a blank
/// between at most: what starts there is a key's value. A quote before
/// `start` must close at `name_end`: a comma inside the literal is the
/// string's own, and the string alone must read the same.
fn key_value_at(b: &[u8], start: usize, name_end: usize) -> bool {
    let quote = b.get(start.wrapping_sub(1)).filter(|c| matches!(c, b'"' | b'\''));
    if quote.is_some() && b.get(name_end) != quote {
        return false;
    }
    let i = start
        - slice(b, start.saturating_sub(2), start)
            .iter()
            .rev()
            .take_while(|c| matches!(c, b'"' | b'\'' | b' '))
            .count();
    matches!(b.get(i.wrapping_sub(1)), Some(b':' | b'=')) && b.get(i.wrapping_sub(2)) != Some(&b'=')
}

/// A blank, then a word in lower case: the bare value before it opens a
/// sentence (`passwd: Passphrase for encrypted keys.`).
fn prose_follows(b: &[u8], end: usize) -> bool {
    let word_end = take_upto(b, end + 1, 20, |c| c.is_ascii_lowercase());
    b.get(end) == Some(&b' ')
        && word_end >= end + 3
        && b.get(word_end).is_none_or(|c| c.is_ascii_whitespace() || b".,;:".contains(c))
}

/// `=`, `==`, `:`, `::`, `:=`, `=>`, `>`, `||`, `?=` or `,` at `j`; the
/// place after it.
fn separator(b: &[u8], j: usize) -> Option<usize> {
    match (b.get(j)?, b.get(j + 1)) {
        (b'=', Some(b'>')) => Some(j + 2),
        // `pIdxKey->errCode`: a member of a pointer in C or PHP.
        (b'>', _) if b.get(j.wrapping_sub(1)) == Some(&b'-') => None,
        // `"password"===e.field_type`: JavaScript's strict comparison with
        // a member of code (one with a literal, `token === "…"`, holds the
        // secret).
        (b'=', Some(b'=')) if b.get(j + 2) == Some(&b'=') && compared_member(b, j + 3) => None,
        (b'=', _) | (b'>', _) | (b',', _) => Some(j + 1),
        (b':', _) => {
            let end = take_upto(b, j, 3, |c| c == b':');
            Some(if b.get(end) == Some(&b'=') { end + 1 } else { end })
        }
        (b'|', Some(b'|')) | (b'?', Some(b'=')) => Some(j + 2),
        _ => None,
    }
}

/// `flags==SQLITE_ACCESS_READWRITE`, `mode!=read_only`: a comparison of
/// names of words. Base64 has its `=` at the end only.
fn comparison(v: &[u8]) -> bool {
    v.windows(2).position(|w| w == b"==" || w == b"!=").is_some_and(|at| {
        let right = slice(v, at + 2, v.len());
        let right =
            slice(right, 0, right.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count());
        is_words(slice(v, 0, at)) && (is_words(right) || upper_snake(right))
    })
}

/// `(SUB_VALUE_A=5)(SUB_VALUE_B=6)`, `(ADDRESS=(PROTOCOL=tcp)…)`: settings
/// nested in brackets, as Oracle's connect descriptors write them.
fn nested_setting(v: &[u8]) -> bool {
    let name = v.strip_prefix(b"(").unwrap_or_default();
    let end = name.iter().take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || **c == b'_').count();
    end >= 2 && name.first().is_some_and(u8::is_ascii_uppercase) && name.get(end) == Some(&b'=')
}

/// Blanks, then a quote that opens a literal (`  '`).
fn spaced_quote(between: &[u8]) -> bool {
    matches!(between.split_last(), Some((b'"' | b'\'', blanks)) if !blanks.is_empty() && blanks.iter().all(|c| *c == b' ' || *c == b'\t'))
}

/// `e.field_type`, `opts.mode` at `at`: a member path whose parts are
/// words or short names of code.
fn compared_member(b: &[u8], at: usize) -> bool {
    let path = slice(b, at, take_upto(b, at, 64, |c| is_word(c) || c == b'.'));
    path.contains(&b'.')
        && path.first().is_some_and(u8::is_ascii_alphabetic)
        && path.split(|c| *c == b'.').all(|p| (1..=2).contains(&p.len()) || is_words(p))
}

/// The kilobyte on either side of `at` is one line of minified code: no
/// line break, blanks fewer than one byte in 12 (bundles have one in 18 to
/// none; prose, logs and shell one in eight or more), and a `;` one byte
/// in 1,000 and a round bracket one in 66 at least (compact JSON has
/// neither).
fn minified_around(b: &[u8], at: usize) -> bool {
    const SIDE: usize = 1024;
    let window = slice(b, at.saturating_sub(SIDE), (at + SIDE).min(b.len()));
    if window.len() < SIDE {
        return false;
    }
    let (mut blanks, mut semis, mut brackets) = (0, 0, 0);
    for &c in window {
        match c {
            b'\n' | b'\r' => return false,
            b' ' | b'\t' => blanks += 1,
            b';' => semis += 1,
            b'(' | b')' => brackets += 1,
            _ => {}
        }
    }
    blanks * 12 < window.len() && semis * 1000 >= window.len() && brackets * 66 >= window.len()
}

/// A bare value that is code: a member path (`self._key`), the head of a
/// chained assignment (`t.KeyMap=void`), an increment (`next++`). Called
/// for few values: kept out of the scan's loop, as the two below.
#[inline(never)]
fn is_bare_code(v: &[u8]) -> bool {
    let head_end = v.iter().position(|c| *c == b'=').unwrap_or(v.len());
    let head = slice(v, 0, head_end);
    let chained = head_end < v.len() && v.get(head_end + 1).is_some_and(|c| *c != b'=');
    let tail = slice(v, head_end + 1, v.len());
    // `exports.APP=`, `NextNodeServerSpan.internalFetch=`: a member, the
    // target of the next assignment (base64's padding follows no member).
    let target = head_end + 1 == v.len() && is_member_path(head);
    is_member_path(v)
        || target
        || (chained
            && (is_member_path(head) || (is_identifier(head) && (is_words(head) || is_member_path(tail)))))
        || [b"++", b"--"].iter().any(|op| v.starts_with(*op) || v.ends_with(*op))
}

/// After a bare value and blanks, an operator or an opening bracket: the
/// value is a term of an expression or a type (`key: KeyType = …`,
/// `token ? a : b`, `key + 1`, `pat (x)`), not an assignment's literal.
#[inline(never)]
fn operator_follows(b: &[u8], end: usize) -> bool {
    let next = take_upto(b, end, 8, |c| c == b' ' || c == b'\t');
    next > end && b.get(next).is_some_and(|c| b"=+-*/%?&|<>!([.^".contains(c))
}
