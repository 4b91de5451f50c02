//! Credentials in header text and command lines: `Authorization:` and
//! API-key headers, `curl -u user:password` and `curl -H '…'`.

use super::*;

// ---------------------------------------------------------------- headers

pub(super) const AUTH_SCHEMES: &[&[u8]] = &[
    b"basic",
    b"bearer",
    b"token",
    b"digest",
    b"negotiate",
    b"ntlm",
    b"apikey",
    b"api-key",
    b"oauth",
    b"aws4-hmac-sha256",
];

/// `at` is an `authorization`.
pub(super) fn authorization_at(b: &[u8], at: usize) -> bool {
    // `EndpointAuthorization`, `AggregationAuthorization`: the last word of
    // a name in camelCase, a type's or a resource's, not a header.
    // `binaryauthorization`, `preauthorization`: a word that ends so.
    if b.get(at.wrapping_sub(1))
        .is_some_and(|c| c.is_ascii_lowercase() || (c.is_ascii_uppercase() && b.get(at) == Some(&b'a')))
    {
        return false;
    }
    let mut j = at + b"authorization".len();
    let sep_end = take_while(b, j, |c| b" \t\"':=>,".contains(&c));
    if sep_end == j || sep_end - j > 6 {
        return false;
    }
    // Only blanks after the name: prose (`the authorization token expires`)
    // unless the credential looks generated.
    let prose = slice(b, j, sep_end).iter().all(|c| *c == b' ' || *c == b'\t');
    j = sep_end;
    let scheme_end = take_upto(b, j, 32, |c| c.is_ascii_alphanumeric() || c == b'-');
    let scheme = slice(b, j, scheme_end);
    if AUTH_SCHEMES.iter().chain([&&b"bot"[..]]).any(|s| s.eq_ignore_ascii_case(scheme)) {
        let cred_start = take_upto(b, scheme_end, 16, |c| c == b' ' || c == b'\t');
        return cred_start != scheme_end
            && header_credential(b, cred_start)
            && (!prose || generated_credential(b, cred_start))
            && !(scheme.eq_ignore_ascii_case(b"basic") && basic_without_password(b, cred_start));
    }
    // Any other scheme (`SSWS …`, `GenieKey …`) or none: then the
    // credential must look generated.
    let first_end = take_upto(b, j, 4096, is_credential_char);
    let first = slice(b, j, first_end);
    let scheme_like =
        (2..=24).contains(&first.len()) && first.iter().all(|c| c.is_ascii_alphabetic() || *c == b'-');
    if scheme_like && b.get(first_end) == Some(&b' ') {
        generated_credential(b, first_end + 1)
    } else {
        generated_credential(b, j)
    }
}

fn is_credential_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"._~+/=-".contains(&c)
}

/// A header credential with no scheme to tell it: 16 or more characters
/// that mix letters and digits as a generated token does.
fn generated_credential(b: &[u8], start: usize) -> bool {
    let end = take_upto(b, start, 4096, is_credential_char);
    let cred = slice(b, start, end);
    let next_is_template = b.get(end).is_some_and(|c| b"<$%{[(".contains(c)) || elided(b, end);
    let mixed = cred.len() >= 24
        && cred.iter().any(u8::is_ascii_uppercase)
        && cred.iter().any(u8::is_ascii_lowercase)
        && cred.iter().any(u8::is_ascii_digit)
        && entropy(cred) >= 4.0;
    cred.len() >= 16
        && !next_is_template
        && (values::token_like(cred) || mixed)
        && entropy(cred) >= 3.0
        && !is_placeholder(cred)
        && !is_stand_in(cred)
}

/// `sk-ant-oat…`, `ghp_ab12...`: a credential's first characters and an
/// ellipsis, as a manual or a log shows a token's start.
fn elided(b: &[u8], end: usize) -> bool {
    slice(b, end, b.len()).starts_with("…".as_bytes()) || slice(b, end, b.len()).starts_with(b"...")
}

/// `at` is an API-key header name of `len` bytes.
pub(super) fn key_header_at(b: &[u8], at: usize, len: usize) -> bool {
    if at > 0 && !b.get(at - 1).is_some_and(|c| c.is_ascii_whitespace() || b"\"'{([,;".contains(c)) {
        return false;
    }
    let j = at + len;
    let sep_end = take_while(b, j, |c| b" \t\"':".contains(&c));
    let sep = slice(b, j, sep_end);
    // `"X-Api-Key": resolved_key,`, `"api-key": APIKeyAuth`: a mapping's
    // quoted key, then a bare name of words: code, a variable or a type.
    let name_end = take_while(b, sep_end, is_word);
    let code = matches!(sep.first(), Some(b'"' | b'\''))
        && !matches!(sep.last(), Some(b'"' | b'\''))
        && values::is_identifier(slice(b, sep_end, name_end))
        && values::is_words(slice(b, sep_end, name_end))
        && !b.get(name_end).is_some_and(|c| is_credential_char(*c));
    sep.contains(&b':') && !code && header_credential(b, sep_end)
}

pub(super) fn header_credential(b: &[u8], start: usize) -> bool {
    let end = take_upto(b, start, 4096, |c| c.is_ascii_alphanumeric() || b"._~+/=-".contains(&c));
    let cred = slice(b, start, end);
    let next_is_template = b.get(end).is_some_and(|c| b"<$%{[".contains(c)) || elided(b, end);
    // `realm="Example"`, `realm=movies`: the parameters of a scheme (OAuth
    // 1.0), not a credential; base64 has `=` only at its end.
    let parameter = cred
        .iter()
        .position(|c| *c == b'=')
        .is_some_and(|i| slice(cred, i, cred.len()).iter().any(|c| *c != b'=') || b.get(end) == Some(&b'"'));
    // `Bearer mytoken`, `Bearer Oracle`: a short word, perhaps capitalised,
    // a test's, a manual's or a service's fixed word; a token a server
    // issues is random. So are eight hex digits (`X-Auth-Token: ffedf49d`),
    // a token's first ones a manual shows: a token is longer.
    let word = cred.len() < 16 && is_word_password(cred);
    let short_hex = cred.len() < 12 && cred.iter().all(u8::is_ascii_hexdigit);
    // `token secret123`: a manual's password; `this.apiKey`: code that
    // reads the credential from where it is kept.
    // `Bearer PRIMARY_ACCOUNT_JWT`, `Bearer a-token-string`: a name in
    // capitals or words in lower case joined by `-` stand in for one.
    let example = is_demo_password(cred)
        || is_stand_in(cred)
        || (values::is_member_path(cred) && cred.split(|c| *c == b'.').all(values::is_words))
        || values::upper_snake(cred)
        || (cred.contains(&b'-')
            && cred.iter().all(|c| c.is_ascii_lowercase() || *c == b'-')
            && values::is_words(cred));
    cred.len() >= 6
        && !next_is_template
        && !parameter
        && !word
        && !short_hex
        && !example
        && !is_placeholder(cred)
}

/// `Basic` credentials at `start` that decode to a user and no password or
/// an example's (`martin:`, `:secret`, `user:pass`), a password that is
/// letters in words, as an assignment's password may not be
/// (`xuser:xpassword`), or one that is no text after a user that is (a
/// test of a malformed header).
fn basic_without_password(b: &[u8], start: usize) -> bool {
    let end = take_upto(b, start, 200, |c| c.is_ascii_alphanumeric() || b"+/=".contains(&c));
    let mut out = [0u8; 150];
    let decoded = base64_decode(slice(b, start, end), &mut out);
    match decoded.iter().position(|c| *c == b':') {
        Some(colon) => {
            let user = slice(decoded, 0, colon);
            let password = slice(decoded, colon + 1, decoded.len());
            let text = std::str::from_utf8(password).is_ok_and(|t| !t.chars().any(char::is_control));
            let words = password.iter().all(u8::is_ascii_alphabetic)
                && (password.len() < 10 || (values::is_words(password) && !values::random_letters(password)));
            password.is_empty()
                || is_demo_password(password)
                || words
                || (!text && !user.is_empty() && user.iter().all(u8::is_ascii_graphic))
        }
        // `dXNlcg==`: a user's name and no colon, a malformed header's
        // test; Basic credentials are `user:password`.
        None => !decoded.is_empty() && decoded.iter().all(|c| c.is_ascii_graphic()),
    }
}

// ---------------------------------------------------------------- curl

/// `at` is a `curl`: its options on the same line (or on up to five
/// continued lines) that carry credentials.
pub(super) fn curl_at(b: &[u8], at: usize, found: &mut Found) {
    if !word_start(b, at) || b.get(at + 4).is_some_and(|c| is_word(*c)) {
        return;
    }
    let mut lines = 0;
    let mut j = at + 4;
    let limit = (at + 4096).min(b.len());
    while j < limit {
        let Some(&c) = b.get(j) else { break };
        if c == b'\n' {
            lines += 1;
            if lines > 5 {
                break;
            }
        }
        if c.is_ascii_whitespace() {
            let opt = j + 1;
            let rest = slice(b, opt, b.len());
            let user = if rest.starts_with(b"--user") {
                Some(opt + 6)
                    .filter(|e| b.get(*e).is_some_and(|c| matches!(c, b'=' | b' ' | b'\t' | b'"' | b'\'')))
            } else if rest.starts_with(b"-u") {
                Some(opt + 2)
            } else {
                None
            };
            if let Some(from) = user {
                if curl_user_at(b, from) {
                    found.push(COMMAND_CREDENTIALS);
                }
            } else if rest.starts_with(b"-H") || rest.starts_with(b"--header") {
                let from = if rest.starts_with(b"-H") { opt + 2 } else { opt + 8 };
                if curl_header_at(b, from) {
                    found.push(AUTHORIZATION_HEADER);
                }
            }
        }
        j += 1;
    }
}

/// After `-u` / `--user`: `=` or up to five blanks, then `user:password`,
/// quoted as a whole, or each side quoted or not.
pub(super) fn curl_user_at(b: &[u8], from: usize) -> bool {
    let start = if b.get(from) == Some(&b'=') {
        from + 1
    } else {
        take_upto(b, from, 5, |c| c == b' ' || c == b'\t')
    };
    let (first, next) = curl_word(b, start);
    let password = match (b.get(start), b.get(next)) {
        // `"user:password"`: both in one quoted word.
        (Some(b'"' | b'\''), Some(c)) if *c != b':' => match first.iter().position(|c| *c == b':') {
            Some(colon) => slice(first, colon + 1, first.len()),
            None => return false,
        },
        (Some(b'"' | b'\''), None) => match first.iter().position(|c| *c == b':') {
            Some(colon) => slice(first, colon + 1, first.len()),
            None => return false,
        },
        // `user:password`, `'user':'password'`, `user:"password"`.
        _ if b.get(next) == Some(&b':') => curl_word(b, next + 1).0,
        _ => match first.iter().position(|c| *c == b':') {
            Some(colon) => slice(first, colon + 1, first.len()),
            None => return false,
        },
    };
    // A short password is no filler (`-u ci:x7`); a longer one may be.
    let short = password.len() <= 3 && password.iter().all(u8::is_ascii_alphanumeric);
    !password.is_empty() && !password.starts_with(b"$") && (short || !is_placeholder(password))
}

/// One word of a command line at `start`: quoted (`"…"`, `'…'`, without
/// the quotes) or bare (up to a blank, a quote or a `:`); and the
/// place after it.
pub(super) fn curl_word(b: &[u8], start: usize) -> (&[u8], usize) {
    match b.get(start) {
        Some(&q @ (b'"' | b'\'')) => {
            let end = take_upto(b, start + 1, 512, |c| c != q && c != b'\n');
            if b.get(end) == Some(&q) { (slice(b, start + 1, end), end + 1) } else { (&[], start) }
        }
        _ => {
            let end = take_upto(b, start, 512, |c| {
                !c.is_ascii_whitespace() && c != b':' && c != b'"' && c != b'\''
            });
            (slice(b, start, end), end)
        }
    }
}

/// After `-H` / `--header`: a quoted header that carries a credential
/// (`Authorization: [scheme] cred`, `X-…-Key: cred`, `…-Token: cred`).
pub(super) fn curl_header_at(b: &[u8], from: usize) -> bool {
    let start = if b.get(from) == Some(&b'=') {
        from + 1
    } else {
        take_upto(b, from, 5, |c| c == b' ' || c == b'\t')
    };
    let Some(&q @ (b'"' | b'\'')) = b.get(start) else { return false };
    let end = take_upto(b, start + 1, 4096, |c| c != q && c != b'\n');
    let header = slice(b, start + 1, end);
    let Some(colon) = header.iter().position(|c| *c == b':') else { return false };
    let name = slice(header, 0, colon);
    let value = slice(header, colon + 1, header.len());
    let value = slice(value, take_while(value, 0, |c| c == b' ' || c == b'\t'), value.len());
    let cred = if name.eq_ignore_ascii_case(b"authorization") {
        match value.iter().position(|c| *c == b' ' || *c == b'\t') {
            Some(sp)
                if AUTH_SCHEMES
                    .iter()
                    .chain([&&b"api-token"[..]])
                    .any(|s| s.eq_ignore_ascii_case(slice(value, 0, sp))) =>
            {
                slice(value, sp + 1, value.len())
            }
            _ => value,
        }
    } else {
        let lower_end = |s: &[u8]| {
            name.len() >= s.len() && slice(name, name.len() - s.len(), name.len()).eq_ignore_ascii_case(s)
        };
        // `Idempotency-Key`, `X-CSRF-Token`: a request's own id and a
        // page's anti-forgery token, no credential.
        let public = [&b"idempoten"[..], b"csrf", b"xsrf"].iter().any(|p| contains_ci(name, p));
        if !(lower_end(b"key") || lower_end(b"token")) || name.contains(&b' ') || public {
            return false;
        }
        value
    };
    let cred_end = take_while(cred, 0, |c| c.is_ascii_alphanumeric() || b"_=~@.+/-".contains(&c));
    let cred = slice(cred, 0, cred_end);
    cred.len() >= 8 && !is_placeholder(cred) && entropy(cred) >= 2.75
}

/// After `htpasswd`: a cluster of flags with `b` (the password on the
/// command line), then the file (none with `n`), the user and the
/// password, before the line or the command ends.
fn htpasswd_at(b: &[u8], from: usize) -> bool {
    let line_end = take_upto(b, from, 1024, |c| !matches!(c, b'\n' | b';' | b'|' | b'&' | b'>'));
    let mut words = Vec::new();
    let mut p = from;
    while p < line_end && words.len() < 8 {
        p = take_upto(b, p, 64, |c| c == b' ' || c == b'\t');
        if p >= line_end {
            break;
        }
        let word = passwords::command_word(b, p);
        let quoted = matches!(b.get(p), Some(b'"' | b'\''));
        words.push(word);
        p += word.len().max(1) + if quoted { 2 } else { 0 };
    }
    // The words after the flags with `b` (a docker image may stand
    // before them: `--entrypoint htpasswd httpd:2 -Bbn …`).
    let flag = |w: &[u8]| w.first() == Some(&b'-');
    let Some(first) = words.iter().position(|w| flag(w) && w.contains(&b'b')) else {
        return false;
    };
    let n = words.iter().any(|w| flag(w) && w.contains(&b'n'));
    let rest: Vec<&[u8]> = words.iter().skip(first).filter(|w| !flag(w)).copied().collect();
    // The password is the second word with `n`, the third without; what
    // follows it does not change that.
    let at = if n { 1 } else { 2 };
    rest.get(at).is_some_and(|pw| passwords::password_ok(pw))
}

/// After `configure set`: a setting that names a secret, a token or a
/// password, then its value (`aws configure set aws_secret_access_key …`).
fn configure_set_at(b: &[u8], from: usize) -> bool {
    let name_start = take_upto(b, from, 4, |c| c == b' ' || c == b'\t');
    let name_end = take_upto(b, name_start, 64, |c| is_word(c) || c == b'.' || c == b'-');
    let name = slice(b, name_start, name_end);
    let value_start = take_upto(b, name_end, 4, |c| c == b' ' || c == b'\t');
    [&b"secret"[..], b"token", b"password"].iter().any(|w| contains_ci(name, w))
        && value_start > name_end
        && passwords::command_token_ok(passwords::command_word(b, value_start))
}

/// After `IDENTIFIED BY`: the password, quoted, or bare to the statement's
/// `;` (prose's `identified by \`name\`.` is neither).
fn identified_by_at(b: &[u8], from: usize) -> bool {
    let start = take_upto(b, from, 4, |c| c == b' ' || c == b'\t');
    let word = passwords::command_word(b, start);
    let word = if matches!(b.get(start), Some(b'"' | b'\'')) { Some(word) } else { word.strip_suffix(b";") };
    start > from && word.is_some_and(passwords::password_ok)
}

/// The arguments of a call that logs in, from `from` (after its bracket):
/// a literal that names a user (no `:`, `/` or `=`: not a DSN or a URL),
/// then a literal, perhaps in `Some(…)`, that is a password
/// (`login("ci-bot", "…")`, `new PDO(dsn, 'root', '…')`).
pub(super) fn call_password_at(b: &[u8], from: usize) -> bool {
    let mut p = from;
    let mut user = false;
    for _ in 0..6 {
        p = take_upto(b, p, 16, |c| c == b' ' || c == b'\t');
        if slice(b, p, p + 5) == b"Some(" {
            p += 5;
        }
        let literal = matches!(b.get(p), Some(b'"' | b'\''));
        let word = if literal { passwords::command_word(b, p) } else { &[] };
        if literal && user && passwords::password_ok(word) {
            return true;
        }
        user = literal
            && (1..=64).contains(&word.len())
            && !word.iter().any(|c| matches!(c, b':' | b'/' | b'=' | b' '));
        // On to the next argument: past the literal, to a comma at this
        // depth.
        let mut depth = 0usize;
        p += if literal { word.len() + 2 } else { 0 };
        loop {
            match b.get(p) {
                None | Some(b'\n') => return false,
                Some(b'(' | b'[' | b'{') => depth += 1,
                Some(b')' | b']' | b'}') if depth == 0 => return false,
                Some(b')' | b']' | b'}') => depth -= 1,
                Some(b',') if depth == 0 => break,
                _ => {}
            }
            p += 1;
        }
        p += 1;
    }
    false
}

// ---------------------------------------------------------------- short flags

/// `at` is a command's name of `len` bytes: a short flag on its line (or
/// continued lines) that carries a password: `-pPASSWORD` for the MySQL
/// clients (`-p` alone asks for it), `-p PASSWORD` for `sshpass`, `docker
/// login`, `az login` and the MongoDB shells, `-a PASSWORD` for
/// `redis-cli`, `-P PASSWORD` for `sqlcmd`, `-k PASSWORD` and `-passin
/// pass:PASSWORD` for `openssl` (`env:`, `file:`, `fd:` and `stdin` name
/// where the password is).
pub(super) fn command_flag_at(b: &[u8], at: usize, len: usize, command: rules::Command) -> bool {
    use rules::Command;
    // `mysqldump`, `mysqladmin`: the MySQL clients share the flag.
    if !word_start(b, at) || (command != Command::Mysql && b.get(at + len).is_some_and(|c| is_word(*c))) {
        return false;
    }
    let (letter, attached, apart) = match command {
        Command::Htpasswd => return htpasswd_at(b, at + len),
        Command::ConfigureSet => return configure_set_at(b, at + len),
        Command::IdentifiedBy => return identified_by_at(b, at + len),
        Command::Mysql => (b'p', true, false),
        Command::Sshpass => (b'p', true, true),
        Command::DockerLogin => (b'p', false, true),
        Command::RedisCli => (b'a', false, true),
        Command::Apart => (b'p', false, true),
        Command::Sqlcmd => (b'P', false, true),
        Command::Openssl => (b'k', false, true),
        Command::Ldap => (b'w', false, true),
    };
    let limit = (at + 1024).min(b.len());
    let mut p = at + len;
    while p < limit {
        let Some(&c) = b.get(p) else { break };
        if c == b'\n' && b.get(p.wrapping_sub(1)) != Some(&b'\\') {
            break;
        }
        let after_blank = b.get(p.wrapping_sub(1)).is_some_and(u8::is_ascii_whitespace);
        if command == Command::Openssl
            && (after_blank || b.get(p.wrapping_sub(1)).is_some_and(|c| matches!(c, b'"' | b'\'')))
            && slice(b, p, p + 5) == b"pass:"
            && passwords::password_ok(passwords::command_word(b, p + 5))
        {
            return true;
        }
        let flag = c == b'-' && after_blank && b.get(p + 1) == Some(&letter) && {
            // `-k` alone: not the head of a longer flag (`-keyform`).
            command != Command::Openssl || b.get(p + 2).is_some_and(u8::is_ascii_whitespace)
        };
        if flag {
            let value = match b.get(p + 2) {
                Some(b' ' | b'\t') if apart => {
                    passwords::command_word(b, take_upto(b, p + 2, 4, |c| c == b' ' || c == b'\t'))
                }
                Some(c) if attached && !c.is_ascii_whitespace() => passwords::command_word(b, p + 2),
                _ => &[],
            };
            if passwords::password_ok(value) {
                return true;
            }
        }
        p += 1;
    }
    false
}
