//! Provider token shapes checked where their anchor stands: prefixed
//! token bodies, AWS key ids, webhook paths, bot tokens, JWTs and PEM
//! private keys (plain or base64-wrapped).

use super::*;

// ---------------------------------------------------------------- provider tokens

pub(super) fn token_body_ok(b: &[u8], start: usize, shape: &rules::Shape) -> bool {
    let end = take_upto(b, start, shape.max + 1, |c| shape.body.allows(c));
    let body = slice(b, start, end);
    let mixed_ok = !shape.mixed
        || (body.iter().any(u8::is_ascii_uppercase)
            && body.iter().any(u8::is_ascii_lowercase)
            && body.iter().any(u8::is_ascii_digit));
    // A `+` or a `/` and more after the body, or a `+` or a `/` inside a
    // word before the prefix and padding after the body: the token is a
    // piece of a longer base64 text (`…9B/EAAABAF8NAQBxQwE…M=`).
    let b64_joint = |at: usize| b.get(at).is_some_and(|c| matches!(c, b'+' | b'/'));
    let at = start - shape.prefix.len();
    let base64_goes_on = (b64_joint(end) && b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric))
        || (at >= 2
            && b64_joint(at - 1)
            && b.get(at - 2).is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/'))
            && b.get(end) == Some(&b'='));
    (shape.min..=shape.max).contains(&body.len())
        && !b.get(end).is_some_and(u8::is_ascii_alphanumeric)
        && !base64_goes_on
        && mixed_ok
        && ((body.is_empty() && shape.min == 0) || (!is_filler(body) && !is_placeholder(body)))
        && !filled_out(body)
}

/// `PersonalAccessToken01245678900000000`: a body padded to its length
/// with one character, seven times or more in a row, as a manual fills a
/// made-up token out. Generated bodies of the alphabets here hold such a
/// run once in billions.
fn filled_out(body: &[u8]) -> bool {
    let mut run = 0;
    let mut prev = 0;
    for &c in body {
        run = if c == prev { run + 1 } else { 1 };
        prev = c;
        if run >= 7 {
            return true;
        }
    }
    false
}

/// `at` is an `AZDO`: 76 of `[A-Za-z0-9]` before it and 4 after, a word
/// of 84.
pub(super) fn azure_devops_at(b: &[u8], at: usize) -> bool {
    if !slice(b, at, b.len()).starts_with(b"AZDO") || at < 76 {
        return false;
    }
    let start = at - 76;
    let end = take_upto(b, at + 4, 5, |c| c.is_ascii_alphanumeric());
    word_start(b, start)
        && slice(b, start, at).iter().all(u8::is_ascii_alphanumeric)
        && end - (at + 4) == 4
        && !b.get(end).is_some_and(|c| is_word(*c))
}

/// After `<add key=`: `"Password"` or `"ClearTextPassword"`, then
/// `value="…"` of 8 or more characters.
pub(super) fn nuget_password_at(b: &[u8], from: usize) -> bool {
    let mut j = from;
    if b.get(j) != Some(&b'"') {
        return false;
    }
    j += 1;
    if has_ci(b, j, b"cleartext") {
        j += b"cleartext".len();
    }
    if !has_ci(b, j, b"password\"") {
        return false;
    }
    j = take_while(b, j + b"password\"".len(), |c| c.is_ascii_whitespace());
    if !has_ci(b, j, b"value=\"") {
        return false;
    }
    // The value runs to the last `"` before `/>`.
    let start = j + b"value=\"".len();
    let line_end = take_upto(b, start, 512, |c| c != b'\n');
    let Some(close) = find(slice(b, start, line_end), b"/>", 0) else { return false };
    let Some(end) = slice(b, start, start + close).iter().rposition(|c| *c == b'"') else { return false };
    let value = slice(b, start, start + end);
    let template = matches!(value.first(), Some(b'$' | b'%'))
        || value.starts_with(b"{{")
        || find(value, b"${", 0).is_some()
        || find(value, b"$(", 0).is_some();
    value.len() >= 8 && !template && !is_filler(value)
}

/// AWS access key id prefixes (then exactly 16 of `[A-Z0-9]`).
pub(super) const AWS_PREFIXES: &[&[u8]] =
    &[b"AKIA", b"ASIA", b"ABIA", b"ACCA", b"AGPA", b"AIDA", b"AROA", b"AIPA", b"ANPA", b"ANVA", b"A3T"];

pub(super) fn aws_key_id_at(b: &[u8], i: usize) -> bool {
    let rest = slice(b, i, b.len());
    let Some(prefix) = AWS_PREFIXES.iter().find(|p| rest.starts_with(p)) else { return false };
    let start = i + prefix.len() + usize::from(prefix.len() == 3);
    let end = take_upto(b, start, 17, |c| c.is_ascii_uppercase() || c.is_ascii_digit());
    let body = slice(b, start, end);
    let ok_first =
        prefix.len() == 4 || b.get(i + 3).is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    ok_first
        && body.len() == 16
        && !b.get(end).is_some_and(|c| c.is_ascii_alphanumeric())
        && !is_filler(body)
        && find(body, b"EXAMPLE", 0).is_none()
}

pub(super) fn slack_webhook_at(b: &[u8], path_start: usize) -> bool {
    let end = take_while(b, path_start, |c| is_word(c) || c == b'/' || c == b'-' || c == b'+');
    let path = slice(b, path_start, end);
    let mut parts = path.split(|c| *c == b'/').filter(|s| !s.is_empty());
    let kind = parts.next().unwrap_or(&[]);
    if !matches!(kind, b"services" | b"workflows" | b"triggers") {
        return false;
    }
    let (mut n, mut last) = (0, &[][..]);
    for part in parts {
        n += 1;
        last = part;
    }
    let rest = slice(path, kind.len() + 1, path.len());
    (n >= 2 && last.len() >= 16 && !is_filler(last)) || (rest.len() >= 40 && entropy(rest) >= 3.5)
}

/// `…/api/webhooks/` then an id of 17–20 digits, `/`, a 60–68 character token.
pub(super) fn discord_webhook_at(b: &[u8], start: usize) -> bool {
    let id_end = take_upto(b, start, 21, |c| c.is_ascii_digit());
    if !(17..=20).contains(&(id_end - start)) || b.get(id_end) != Some(&b'/') {
        return false;
    }
    let end = take_upto(b, id_end + 1, 69, is_b64url);
    let token = slice(b, id_end + 1, end);
    (60..=68).contains(&token.len()) && !is_filler(token)
}

/// A UUID-shaped run (36 of letters, digits and dashes) at `at`.
pub(super) fn uuid_at(b: &[u8], at: usize) -> bool {
    take_upto(b, at, 37, |c| c.is_ascii_alphanumeric() || c == b'-') - at == 36
}

/// `…/webhookb2/` (or `…/webhook/`) then `uuid@uuid/IncomingWebhook/<32>/uuid`.
pub(super) fn teams_webhook_at(b: &[u8], start: usize) -> bool {
    if !uuid_at(b, start) || b.get(start + 36) != Some(&b'@') || !uuid_at(b, start + 37) {
        return false;
    }
    let j = start + 73;
    if !has_ci(b, j, b"/incomingwebhook/") {
        return false;
    }
    let k = j + b"/incomingwebhook/".len();
    let end = take_upto(b, k, 33, |c| c.is_ascii_alphanumeric());
    end - k == 32 && !is_filler(slice(b, k, end))
}

/// `at` is a `:`: 5–16 digits before it (at a word start, or after `bot`),
/// then `A` and 33–34 more of `[A-Za-z0-9_-]`.
pub(super) fn telegram_at(b: &[u8], at: usize) -> bool {
    if b.get(at + 1) != Some(&b'A') {
        return false;
    }
    let mut start = at;
    while start > 0 && at - start < 17 && b.get(start - 1).is_some_and(u8::is_ascii_digit) {
        start -= 1;
    }
    if !(5..=16).contains(&(at - start)) {
        return false;
    }
    let before_ok = start == 0
        || b.get(start - 1).is_some_and(|c| !c.is_ascii_alphanumeric())
        || (start >= 3 && has_ci(b, start - 3, b"bot"));
    let end = take_upto(b, at + 1, 36, is_b64url);
    let token = slice(b, at + 1, end);
    before_ok && (34..=35).contains(&token.len()) && token.iter().any(u8::is_ascii_digit) && !is_filler(token)
}

/// `at` is a `Q~`: three of `[A-Za-z0-9_~.]` and a digit before, 31–34 of
/// `[A-Za-z0-9_~.-]` after, at word edges.
pub(super) fn azure_client_secret_at(b: &[u8], at: usize) -> bool {
    if b.get(at) != Some(&b'Q') || at < 4 {
        return false;
    }
    let edge = |c: &u8| c.is_ascii_whitespace() || b"\\'\"`>=:(,)".contains(c);
    let head = slice(b, at - 4, at);
    let head_ok = matches!(head, [x, y, z, d] if [x, y, z].iter().all(|c| is_word(**c) || b"~.".contains(*c)) && d.is_ascii_digit());
    let before_ok = at == 4 || b.get(at - 5).is_some_and(edge);
    let end = take_upto(b, at + 2, 35, |c| is_b64url(c) || c == b'~' || c == b'.');
    let tail = slice(b, at + 2, end);
    let after_ok = b.get(end).is_none_or(|c| c.is_ascii_whitespace() || b"\\'\"`<),".contains(c));
    head_ok && before_ok && after_ok && (31..=34).contains(&tail.len()) && entropy(tail) >= 3.0
}

/// `ey…` (a JSON object header) `.` `ey…` `.` signature (empty or 8+).
pub(super) fn jwt_at(b: &[u8], i: usize) -> bool {
    if !slice(b, i, b.len()).starts_with(b"ey") {
        return false;
    }
    let h_end = take_upto(b, i, 513, is_b64url);
    if h_end - i < 12 || b.get(h_end) != Some(&b'.') {
        return false;
    }
    let p_start = h_end + 1;
    let jwt_part = |c: u8| is_b64url(c) || c == b'/' || c == b'\\';
    let p_end = take_upto(b, p_start, 16_385, jwt_part);
    if p_end - p_start < 12 || !slice(b, p_start, p_end).starts_with(b"ey") || b.get(p_end) != Some(&b'.') {
        return false;
    }
    let s_end = take_upto(b, p_end + 1, 16_385, jwt_part);
    // A trailing `\n` or `\r` is an escaped line break, not signature.
    let sig = slice(b, p_end + 1, s_end);
    let sig = sig.strip_suffix(b"\\n").or_else(|| sig.strip_suffix(b"\\r")).unwrap_or(sig);
    let sig_len = sig.len();
    if sig_len != 0 && (sig_len < 8 || is_placeholder(sig)) {
        return false;
    }
    let mut header = [0u8; 12];
    let mut payload = [0u8; 36];
    base64_decode(slice(b, i, h_end.min(i + 16)), &mut header).first() == Some(&b'{')
        && base64_decode(slice(b, p_start, p_end.min(p_start + 16)), &mut payload).first() == Some(&b'{')
        && !toy_claims(slice(b, p_start, p_end), &mut payload)
}

/// A test's or a manual's claims: a whole payload of 21 bytes at most
/// with no registered claim (`{"a":"b"}`, `{"key":"value"}`), or an issue
/// or expiry time that no clock gives (`"iat":-30`, `"exp":570`): an
/// issued token carries the seconds since 1970, ten digits.
fn toy_claims(payload: &[u8], out: &mut [u8; 36]) -> bool {
    let text = base64_decode(slice(payload, 0, payload.len().min(48)), out);
    const REGISTERED: &[&[u8]] =
        &[b"\"sub\"", b"\"iss\"", b"\"aud\"", b"\"exp\"", b"\"iat\"", b"\"nbf\"", b"\"jti\""];
    let whole = payload.len() <= 28
        && text.last() == Some(&b'}')
        && text.iter().all(u8::is_ascii_graphic)
        && !REGISTERED.iter().any(|claim| find(text, claim, 0).is_some());
    let toy_time = [&b"\"iat\":"[..], b"\"exp\":", b"\"nbf\":"].iter().any(|claim| {
        find(text, claim, 0).is_some_and(|at| {
            let number = slice(text, at + claim.len(), text.len());
            let digits = number.iter().take_while(|c| c.is_ascii_digit()).count();
            number.first() == Some(&b'-') || (digits > 0 && digits < 9 && digits < number.len())
        })
    });
    whole || toy_time
}

/// `ZXlK…`: a JWT base64-encoded once more (40+ characters that decode to
/// `eyJ` and more base64url).
pub(super) fn jwt_base64_at(b: &[u8], i: usize) -> bool {
    if !slice(b, i, b.len()).starts_with(b"ZXlK") {
        return false;
    }
    let end = take_upto(b, i, 64, |c| c.is_ascii_alphanumeric() || b"+/_-\\\r\n".contains(&c));
    if end - i < 44 {
        return false;
    }
    let mut out = [0u8; 12];
    let head = base64_decode(slice(b, i, i + 16), &mut out);
    head.starts_with(b"eyJ") && head.iter().take(9).all(|c| is_b64url(*c))
}

pub(super) fn base64_pem_at(b: &[u8], i: usize) -> bool {
    let end = take_upto(b, i, 100, |c| c.is_ascii_alphanumeric() || b"+/=".contains(&c));
    if end - i < 70 {
        return false;
    }
    let mut out = [0u8; 60];
    let head = base64_decode(slice(b, i, (i + 80).min(end)), &mut out);
    head.windows(11).any(|w| w == b"PRIVATE KEY")
}

/// Decodes standard or URL-safe base64 into `out`, without padding checks;
/// stops at the first byte that is not base64 or when `out` is full.
pub(super) fn base64_decode<'o>(text: &[u8], out: &'o mut [u8]) -> &'o [u8] {
    let value = |c: u8| -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' | b'-' => Some(62),
            b'/' | b'_' => Some(63),
            _ => None,
        }
    };
    let (mut acc, mut bits, mut n) = (0u32, 0u32, 0usize);
    for c in text {
        let Some(v) = value(*c) else { break };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            let Some(slot) = out.get_mut(n) else { break };
            *slot = ((acc >> bits) & 0xff) as u8;
            n += 1;
        }
    }
    out.get(..n).unwrap_or(&[])
}

// ---------------------------------------------------------------- PEM

/// `at` is a `-----BEGIN`: `None` when no private key's header stands
/// there, else whether a body follows it.
pub(super) fn pem_at(b: &[u8], at: usize) -> Option<bool> {
    let header = slice(b, at, (at + 80).min(b.len()));
    let key_at = find(header, b"PRIVATE KEY", 0)?;
    let close = find(header, b"-----", key_at)?;
    let body_start = at + close + 5;
    let (mut count, mut ended) = (0, false);
    let mut j = body_start;
    while let Some(c) = b.get(j) {
        let rest = slice(b, j, b.len());
        if rest.starts_with(b"-----END") {
            ended = true;
            break;
        }
        if rest.starts_with(b"-----BEGIN") || j - body_start > 4096 {
            break;
        }
        if c.is_ascii_alphanumeric() || b"+/=".contains(c) {
            count += 1;
        }
        j += 1;
    }
    let body = slice(b, body_start, j);
    // A manual's key: marked (`EXAMPLE…`, as AWS's documentation marks
    // its keys) or cut short (`MIIEow...fvY4`), or ended well before the
    // length its own first bytes declare (`MIIEpQ…` is 1,193 bytes; a
    // manual shows a line of it and the footer).
    if find(body, b"EXAMPLE", 0).is_some()
        || find(body, b"...", 0).is_some()
        || (ended && der_length(body).is_some_and(|len| count * 3 < len * 2))
    {
        return None;
    }
    // A header in quotes of its own in a sentence (`'-----BEGIN RSA
    // PRIVATE KEY-----'. If you…`) is named, not pasted: no key follows it
    // (a literal joined to the next, `"-----BEGIN…-----" +`, may hold one).
    // Escaped quotes (`\"-----BEGIN…-----\")`) count as quotes.
    let quoted = b.get(at.wrapping_sub(1)).filter(|q| matches!(q, b'\'' | b'"' | b'`'));
    let escaped = b.get(at.wrapping_sub(2)) == Some(&b'\\');
    let after = if escaped && b.get(body_start) == Some(&b'\\') { body_start + 1 } else { body_start };
    if quoted.is_some()
        && quoted == b.get(after)
        && (matches!(slice(b, after + 1, after + 3), [b'.' | b',', b' ']) || b.get(after + 1) == Some(&b')'))
    {
        return Some(false);
    }
    Some(count >= 40 && !is_filler(body))
}

/// The length in bytes, as base64, that a DER body's first bytes declare
/// (a `SEQUENCE` and its length, short or in one or two bytes).
fn der_length(body: &[u8]) -> Option<usize> {
    let first = body.iter().position(u8::is_ascii_alphanumeric)?;
    let mut head = [0u8; 6];
    let head = base64_decode(slice(body, first, body.len().min(first + 8)), &mut head);
    let len = match head {
        [0x30, short, ..] if *short < 0x80 => usize::from(*short) + 2,
        [0x30, 0x81, n, ..] => usize::from(*n) + 3,
        [0x30, 0x82, hi, lo, ..] => (usize::from(*hi) << 8 | usize::from(*lo)) + 4,
        _ => return None,
    };
    Some(len.div_ceil(3) * 4)
}

/// The first place at or after `from` where `needle` stands in `hay`.
pub(super) fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let (&first, _) = needle.split_first()?;
    let mut i = from;
    loop {
        let at = i + hay.get(i..)?.iter().position(|&c| c == first)?;
        if hay.get(at..at + needle.len())? == needle {
            return Some(at);
        }
        i = at + 1;
    }
}

/// A Discord bot token: the bot's id in base64 (17 to 20 digits, so 23 to
/// 27 characters that decode to digits), `.`, a 6-character timestamp,
/// `.`, a 27- to 38-character HMAC.
pub(super) fn is_discord_bot_token(v: &[u8]) -> bool {
    if !(57..=75).contains(&v.len()) || !v.first().is_some_and(|c| matches!(c, b'M' | b'N' | b'O')) {
        return false;
    }
    let mut parts = v.split(|c| *c == b'.');
    let (Some(id), Some(time), Some(mac), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let mut digits = [0u8; 21];
    let decoded = base64_decode(id, &mut digits);
    (23..=27).contains(&id.len())
        && id.iter().all(|c| is_b64url(*c))
        && decoded.len() >= 17
        && decoded.iter().all(u8::is_ascii_digit)
        && decoded.first() != Some(&b'0')
        && (5..=7).contains(&time.len())
        && time.iter().all(|c| is_b64url(*c))
        && (27..=38).contains(&mac.len())
        && mac.iter().all(|c| is_b64url(*c))
        && !is_filler(mac)
}

/// A bare Discord bot token at `at`, which opens a word: three parts of
/// base64url joined by dots ([`is_discord_bot_token`]: the first decodes
/// to the bot's id, digits, which neither a word, a JWT nor a path does),
/// with no fourth part after them (a sentence's full stop ends it). A
/// made-up id, digits counting up (`123456789012345678`), is a manual's.
#[inline(never)]
pub(super) fn discord_bot_at(b: &[u8], at: usize) -> bool {
    if !matches!(
        slice(b, at, at + 2),
        [b'M', b'T' | b'j' | b'z'] | [b'N', b'D' | b'T' | b'j' | b'z'] | [b'O', b'D' | b'T']
    ) {
        return false;
    }
    let run_end = take_upto(b, at, 77, |c| is_b64url(c) || c == b'.');
    // Past the longest token, the run is longer than any.
    if b.get(run_end).is_some_and(|c| is_b64url(*c) || *c == b'.') {
        return false;
    }
    let end = if b.get(run_end.wrapping_sub(1)) == Some(&b'.') { run_end - 1 } else { run_end };
    let token = slice(b, at, end);
    if !is_discord_bot_token(token) {
        return false;
    }
    let id_end = token.iter().position(|c| *c == b'.').unwrap_or(token.len());
    let mut digits = [0u8; 21];
    let id = base64_decode(slice(token, 0, id_end), &mut digits);
    let counting =
        id.windows(2).take(8).all(|w| matches!(w, [a, b] if *b == a + 1 || (*a == b'9' && *b == b'0')));
    !counting
}

/// `at` is a `.run(`: a bot token given to a client's `run` in quotes.
pub(super) fn bot_run_at(b: &[u8], at: usize) -> bool {
    let start = take_upto(b, at + 5, 4, |c| c == b' ');
    let Some(&q @ (b'"' | b'\'')) = b.get(start) else { return false };
    let end = take_upto(b, start + 1, 80, |c| c != q);
    b.get(end) == Some(&q) && is_discord_bot_token(slice(b, start + 1, end))
}

/// `at` is a quote before `AC`: a Twilio account SID (`AC` and 32 hex
/// digits) in quotes, then, as the next argument of the same call, a
/// quoted 32-hex auth token. The SID alone is public; beside it the hex
/// is the account's secret.
pub(super) fn sid_and_secret_at(b: &[u8], at: usize) -> bool {
    let Some(&q) = b.get(at) else { return false };
    let hex32 = |from: usize| {
        take_upto(b, from, 33, |c| c.is_ascii_hexdigit()) - from == 32 && b.get(from + 32) == Some(&q)
    };
    if slice(b, at + 1, at + 3) != b"AC" || !hex32(at + 3) {
        return false;
    }
    let comma = take_upto(b, at + 36, 4, |c| c == b' ');
    if b.get(comma) != Some(&b',') {
        return false;
    }
    let open = take_upto(b, comma + 1, 4, |c| c == b' ');
    b.get(open) == Some(&q) && hex32(open + 1) && !is_filler(slice(b, open + 1, open + 33))
}
