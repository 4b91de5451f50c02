//! The rules that read URLs: a password or a token in the userinfo, a
//! token-like query or fragment parameter, and the parameters that together
//! make a signed URL.

use std::borrow::Cow;

use super::values::{is_words, random_letters, upper_snake};
use super::{
    Found, Pass, SIGNED_URL, TOKEN_PARAMETER, contains_ci, has_escape, is_b64url, is_demo_password,
    is_example_password, is_keyboard_mash, is_placeholder, is_stand_in, is_word_password, scan_once, slice,
    take_while,
};
use crate::url::percent_decode_deep;

/// `text` percent-decoded (up to three rounds) when it has an escape, as it
/// is otherwise.
fn decoded(text: &[u8]) -> Cow<'_, [u8]> {
    if has_escape(text) {
        Cow::Owned(percent_decode_deep(&String::from_utf8_lossy(text), 3).into_bytes())
    } else {
        Cow::Borrowed(text)
    }
}

/// `at` is the place of a `://`.
pub(super) fn userinfo_at(b: &[u8], at: usize) -> bool {
    let mut start = at;
    while start > 0 && b.get(start - 1).is_some_and(|c| c.is_ascii_alphanumeric() || b"+.-".contains(c)) {
        start -= 1;
    }
    if start == at || at - start > 32 {
        return false;
    }
    let end = take_while(b, at + 3, |c| {
        !c.is_ascii_whitespace() && !b"/?#\"'<>`\\".contains(&c) && c.is_ascii() && !c.is_ascii_control()
    });
    let authority = slice(b, at + 3, end);
    let Some(last_at) = authority.iter().rposition(|c| *c == b'@') else { return false };
    // A scheme that reaches no server (`javascript://:x@y/`) logs in nowhere.
    let scheme = slice(b, start, at);
    if [&b"javascript"[..], b"data", b"about", b"blob"].iter().any(|s| scheme.eq_ignore_ascii_case(s)) {
        return false;
    }
    // `ssh://687fb7…@ssh.hf.jobs`: SSH takes a login name there, and its
    // key or its password elsewhere.
    if !slice(authority, 0, last_at).contains(&b':')
        && [&b"ssh"[..], b"sftp", b"scp", b"git+ssh"].iter().any(|s| scheme.eq_ignore_ascii_case(s))
    {
        return false;
    }
    let host = slice(authority, last_at + 1, authority.len());
    let info = slice(authority, 0, last_at);
    !sentry_dsn(info, slice(b, end, b.len())) && userinfo_is_secret(info, host)
}

/// `https://<32 hex>@o1.ingest.sentry.io/6690737`: a Sentry DSN, whose
/// user is the project's public key and whose path is the project's
/// number. Sentry ships it to every browser on purpose; the DSN's secret
/// (its password, long deprecated) is still refused.
fn sentry_dsn(info: &[u8], rest: &[u8]) -> bool {
    let project_end = rest.iter().skip(1).position(|c| !c.is_ascii_digit()).map_or(rest.len(), |n| n + 1);
    info.len() == 32
        && info.iter().all(|c| c.is_ascii_digit() || matches!(c, b'a'..=b'f'))
        && rest.first() == Some(&b'/')
        && project_end > 1
        && rest.get(project_end).is_none_or(|c| !c.is_ascii_alphanumeric() && !b"/.-_".contains(c))
}

fn userinfo_is_secret(info: &[u8], host: &[u8]) -> bool {
    let d = &*decoded(info);
    match d.iter().position(|c| *c == b':') {
        Some(colon) => {
            let password = slice(d, colon + 1, d.len());
            let user = slice(d, 0, colon);
            // A documentation example's password (`abc:xyz`, `me:secret`,
            // `test:test`), or a CVS root's method (`:pserver:anoncvs@`).
            let example = is_example_password(password)
                || metasyntactic(password)
                || stand_in_pair(user, password)
                // `user:credential-value@`: words, the last saying what stands there.
                || (is_stand_in(password) && password.iter().any(|c| matches!(c, b'-' | b'_')))
                || password == user
                || (user.is_empty()
                    && [&b"pserver:"[..], b"ext:", b"gserver:"].iter().any(|m| password.starts_with(m)))
                || stand_in_host(host)
                // `"http://me:secret@"`: no host, a piece of a URL that code
                // completes, which logs in nowhere as it stands.
                || host.is_empty()
                // `SAS_POLICY_NAME:SAS_KEY@…`: names in capitals stand in.
                || upper_snake(password)
                || (documentation_host(host) && is_word_password(password));
            !(is_placeholder(password) || example) || (!user.is_empty() && looks_like_token(user))
        }
        None => looks_like_token(d),
    }
}

/// A host that stands for none: a template's (`proxyhost:port`, whose
/// port is a word), a one-letter name or a metasyntactic word (`x`, `d:2`,
/// `foo`), as URL parsers' fixtures write them. Compose services and
/// machines have longer names (`db`, `cache`, `localhost`).
fn stand_in_host(hosts: &[u8]) -> bool {
    // `s1:11211;s2:11211`, `h1,h2`: the first of several hosts.
    let host_port = hosts.split(|c| matches!(c, b';' | b',')).next().unwrap_or(hosts);
    let (host, port) = split_port(host_port);
    let word_port = !port.is_empty() && port.iter().all(u8::is_ascii_alphabetic);
    // `s1`, `h2`: the numbered nodes of a cluster a manual draws.
    let numbered = matches!(host, [letter, digit] if letter.is_ascii_alphabetic() && digit.is_ascii_digit());
    // `foo`, `bar.com`: a metasyntactic word, alone or as the first label.
    let first_label = host.split(|c| *c == b'.').next().unwrap_or(host);
    word_port || numbered || host.len() == 1 || metasyntactic_word(first_label)
}

/// The words manuals and fixtures put where a name or a value goes.
const METASYNTACTIC: &[&[u8]] = &[b"foo", b"bar", b"baz", b"qux"];

/// One of [`METASYNTACTIC`], in any case.
fn metasyntactic_word(w: &[u8]) -> bool {
    METASYNTACTIC.iter().any(|m| w.eq_ignore_ascii_case(m))
}

/// `foo@bar`, `foo-bar`: metasyntactic words joined, a parser's fixture.
fn metasyntactic(v: &[u8]) -> bool {
    let mut parts = v.split(|c| !c.is_ascii_alphanumeric());
    parts.clone().count() >= 2 && parts.all(metasyntactic_word)
}

/// `hello:world`, `foo:bar`, `username_with_=:password_with_=`,
/// `pub-key:secret-key`: a user and a password that are a fixture's pair
/// of words, or that each say what they stand for.
fn stand_in_pair(user: &[u8], password: &[u8]) -> bool {
    (user.eq_ignore_ascii_case(b"hello") && password.eq_ignore_ascii_case(b"world"))
        || (names_credential(user) && names_credential(password))
        || (metasyntactic_word(user) && metasyntactic_word(password))
        || (user.get(..4).is_some_and(|w| w.eq_ignore_ascii_case(b"user"))
            && password.get(..8).is_some_and(|w| w.eq_ignore_ascii_case(b"password")))
}

/// `secret-key`, `pub_key`, `api-token`: words in lower case joined by `-`
/// or `_`, one of them a credential's (a generated value has no such
/// words between its joins).
fn names_credential(v: &[u8]) -> bool {
    const WORDS: &[&[u8]] = &[b"key", b"secret", b"token", b"pass", b"password", b"user", b"pub", b"app"];
    let mut words = v.split(|c| matches!(c, b'-' | b'_'));
    words.clone().count() >= 2
        && words.clone().all(|w| !w.is_empty() && w.iter().all(u8::is_ascii_lowercase))
        && words.any(|w| WORDS.contains(&w))
}

/// A name reserved for documentation (RFC 2606): `example.com`,
/// `example.net`, `example.org` and their subdomains, and the top-level
/// names `.example`, `.test` and `.invalid`.
fn documentation_host(host_port: &[u8]) -> bool {
    let host = split_port(host_port).0;
    let host = host.strip_suffix(b".").unwrap_or(host);
    let ends = |suffix: &[u8]| {
        host.len() >= suffix.len()
            && host.get(host.len() - suffix.len()..).is_some_and(|e| e.eq_ignore_ascii_case(suffix))
            && (host.len() == suffix.len() || suffix.first() == Some(&b'.') || {
                host.get(host.len() - suffix.len() - 1) == Some(&b'.')
            })
    };
    [&b"example.com"[..], b"example.net", b"example.org", b".example", b".test", b".invalid"]
        .iter()
        .any(|s| ends(s))
}

/// `host:port` split at the port's colon (none in an IPv6 literal's
/// brackets).
fn split_port(host_port: &[u8]) -> (&[u8], &[u8]) {
    match host_port.iter().rposition(|c| *c == b':') {
        Some(colon) if !slice(host_port, colon, host_port.len()).contains(&b']') => {
            (slice(host_port, 0, colon), slice(host_port, colon + 1, host_port.len()))
        }
        _ => (host_port, &[]),
    }
}

/// A user name that is really a token: a known prefix, or 20+ characters of
/// mixed letters and digits.
fn looks_like_token(v: &[u8]) -> bool {
    if is_placeholder(v) {
        return false;
    }
    let mut probe = Found::default();
    scan_once(v, &mut probe);
    if !probe.codes.is_empty() {
        return true;
    }
    v.len() >= 20
        && v.iter().all(|c| is_b64url(*c) || b"+/=.".contains(c))
        && v.iter().any(u8::is_ascii_digit)
        && v.iter().any(u8::is_ascii_alphabetic)
}

// ---------------------------------------------------------------- parameters

/// Parameters that make a signed URL alone: a signature or a session
/// token. A credential parameter (`X-Amz-Credential`, `X-Goog-Credential`)
/// is the signer's key id and scope, public, and the signature that goes
/// with it is refused where it stands.
const SIGNED_ALONE: &[&str] =
    &["x_amz_signature", "x_amz_security_token", "x_goog_signature", "x_goog_security_token"];

const PASSWORD_NAMES: &[&str] =
    &["password", "passwd", "pwd", "pass", "secret", "client_secret", "passphrase"];

const TOKEN_NAMES: &[&str] = &[
    "token",
    "access_token",
    "accesstoken",
    "auth_token",
    "authtoken",
    "id_token",
    "refresh_token",
    "session_token",
    "sessiontoken",
    "security_token",
    "api_key",
    "apikey",
    "api_token",
    "apitoken",
    "app_secret",
    "secret_key",
    "secretkey",
    "private_token",
    "private_key",
    "access_key",
    "client_key",
    "x_api_key",
    "bearer",
    "jwt",
    "oauth_token",
];

/// Parameter names that make a signed URL together: bit `i` of
/// [`Pass::params`] is `SIGNED_PARTS[i]` seen. Azure SAS is `sig` with one
/// of bits 1–7; the others are `signature` with one of bits 9–13.
const SIGNED_PARTS: &[&str] = &[
    "sig",
    "sv",
    "se",
    "sp",
    "sr",
    "spr",
    "st",
    "skoid",
    "signature",
    "key_pair_id",
    "policy",
    "googleaccessid",
    "awsaccesskeyid",
    "expires",
];

pub(super) fn signed_url_params(seen: u32) -> bool {
    let azure = seen & 1 != 0 && seen & 0b1111_1110 != 0;
    let signature = seen & (1 << 8) != 0 && seen & (0b1_1111 << 9) != 0;
    azure || signature
}

/// A parameter name as written equals `want` (lower case, `_` for `-`).
fn name_is(raw: &[u8], want: &str) -> bool {
    raw.len() == want.len()
        && raw.iter().zip(want.bytes()).all(|(r, w)| {
            let r = r.to_ascii_lowercase();
            r == w || (r == b'-' && w == b'_')
        })
}

/// `at` is the place of a `?`, `&` or `#`.
pub(super) fn parameter_at(b: &[u8], at: usize, pass: &mut Pass, found: &mut Found) {
    let name_end = take_while(b, at + 1, |c| c.is_ascii_alphanumeric() || b"_.-".contains(&c));
    if name_end == at + 1 || name_end - at > 65 || b.get(name_end) != Some(&b'=') {
        return;
    }
    let value_end = take_while(b, name_end + 1, |c| {
        !c.is_ascii_whitespace() && !b"?&#\"'<>`".contains(&c) && !c.is_ascii_control()
    });
    let name = slice(b, at + 1, name_end);
    // A sentence's full stop or a bracket after a URL is not its value's
    // (a bracket the value opened is: `[token]`).
    let mut value = slice(b, name_end + 1, value_end);
    while let Some((last, rest)) = value.split_last()
        && (b".,".contains(last)
            || (*last == b')' && !rest.contains(&b'('))
            || (*last == b']' && !rest.contains(&b'[')))
    {
        value = rest;
    }
    if value.is_empty() {
        return;
    }
    if token_value(name, value) && !badge_url(b, at) && !oauth1_callback(b, at, name) {
        found.push(TOKEN_PARAMETER);
    }
    let alone = SIGNED_ALONE.iter().any(|n| name_is(name, n));
    let part = SIGNED_PARTS.iter().position(|n| name_is(name, n));
    if (alone || part.is_some()) && (template_value(value) || stand_in_signature(b, at, name, value)) {
        return;
    }
    if alone {
        found.push(SIGNED_URL);
    }
    if let Some(i) = part {
        pass.params |= 1 << i;
    }
}

/// A parameter's value that a program or a manual fills in later: a
/// format's field (`{sig}`, `{4}`, `%s`, `%(sig)s`), a template's
/// (`<signature>`, `${SIG}`), or an example's (`example%40example-…`).
fn template_value(v: &[u8]) -> bool {
    let wrapped = |open: u8, close: u8| v.first() == Some(&open) && v.last() == Some(&close);
    wrapped(b'{', b'}')
        || wrapped(b'<', b'>')
        || wrapped(b'[', b']')
        || v.starts_with(b"${")
        || matches!(v, [b'%', b's' | b'(', ..])
        || (matches!(v, [b'%', b'd', ..]) && !v.get(2).is_some_and(u8::is_ascii_hexdigit))
        || contains_ci(v, b"example")
}

/// `sig=abc`, `sig=mock-sig`, `X-Amz-Security-Token=session-token`, or a
/// signature beside AWS's example key id (`AKIDEXAMPLE`): a test's or a
/// manual's stand-in for a signature or a session token. A signature is
/// an HMAC's 32 bytes or more, in hex or base64; a session token longer.
fn stand_in_signature(b: &[u8], at: usize, name: &[u8], value: &[u8]) -> bool {
    let signed = ["sig", "signature", "x_amz_signature", "x_goog_signature", "x_amz_security_token"]
        .iter()
        .any(|n| name_is(name, n));
    let v = &*decoded(value);
    signed
        && (v.len() < 16
            || is_words(v)
            || is_stand_in(v)
            || (name_is(name, "x_amz_signature") && url_before(b, at).windows(7).any(|w| w == b"EXAMPLE")))
}

/// The URL before the `?` or `&` at `at`, as far back as 512 bytes.
fn url_before(b: &[u8], at: usize) -> &[u8] {
    let mut start = at;
    while start > 0
        && at - start < 512
        && b.get(start - 1).is_some_and(|c| c.is_ascii_graphic() && !b"\"'<>(`".contains(c))
    {
        start -= 1;
    }
    slice(b, start, at)
}

fn token_value(name: &[u8], value: &[u8]) -> bool {
    let password = PASSWORD_NAMES.iter().any(|n| name_is(name, n));
    if !password && !TOKEN_NAMES.iter().any(|n| name_is(name, n)) {
        return false;
    }
    let v = &*decoded(value);
    if is_placeholder(v) {
        return false;
    }
    // `token=thistokenexpires`, `client_secret=data`: words in lower case,
    // a manual's; an issued token or secret is random (a password may be
    // a word).
    let words = v.iter().all(|c| c.is_ascii_lowercase() || matches!(c, b'_' | b'-'))
        && is_words(v)
        && !random_letters(v);
    if password {
        let secret = name_is(name, "secret") || name_is(name, "client_secret");
        return v.len() >= 3 && !is_example_password(v) && !(secret && words);
    }
    // `token=test_token_value`, `api_key=secret123`: a test's stand-in.
    if words || is_demo_password(v) || is_stand_in(v) {
        return false;
    }
    if v.iter().all(u8::is_ascii_digit) || is_keyboard_mash(v) {
        return false;
    }
    v.len() >= 16
        || (v.len() >= 8 && v.iter().any(u8::is_ascii_digit) && v.iter().any(u8::is_ascii_alphabetic))
}

/// `oauth_token` beside `oauth_verifier` in one URL: OAuth 1.0's callback,
/// whose token is the temporary request token, good for nothing without
/// the client's secret and exchanged at once (RFC 5849, 2.2).
fn oauth1_callback(b: &[u8], at: usize, name: &[u8]) -> bool {
    if !name_is(name, "oauth_token") {
        return false;
    }
    let in_url = |c: &u8| c.is_ascii_graphic() && !b"\"'<>`".contains(c);
    let start = slice(b, 0, at).iter().rposition(|c| !in_url(c)).map_or(0, |n| n + 1);
    let end = take_while(b, at, |c| in_url(&c));
    contains_ci(slice(b, start, end), b"oauth_verifier=")
}

/// The URL the parameter at `at` belongs to is a badge's image (a coverage
/// service's `…/badge.svg?token=…`, `img.shields.io`): its token is a
/// read-only graph token, published in READMEs by design.
pub(super) fn badge_url(b: &[u8], at: usize) -> bool {
    let url = url_before(b, at);
    contains_ci(url, b"badge") || contains_ci(url, b"shields.io")
}
