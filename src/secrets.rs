//! Secret refusal: finds credentials in JSON strings, reporting the rule and
//! the place, never the value.
//!
//! Hand-written scanners, no regex engine (the wasm budget), each run over
//! the text as written and again after percent-decoding (up to three rounds,
//! so `%2540` hides nothing):
//!
//! - URL userinfo after `scheme://` in any scheme: a password, or a
//!   token-looking user name (`https://ghs_…@github.com`);
//! - signed-URL parameters (AWS SigV4 and v2, Google Cloud Storage, Azure SAS
//!   `sig` with `sv`/`se`/`sp`/`sr`, CloudFront `Signature` with
//!   `Key-Pair-Id`/`Policy`), whatever their values;
//! - token-ish parameters after `?`, `&` or `#` (`token`, `access_token`,
//!   `api_key`, `client_secret`, `password`, ...) with a real-looking value;
//! - provider prefixes with the provider's shape (GitHub, GitLab, Slack
//!   tokens and webhooks, AWS key ids, Google API keys and OAuth tokens,
//!   OpenAI, Anthropic, Stripe, npm, PyPI, Hugging Face);
//! - JWTs (`eyJ…` header that decodes to a JSON object, `eyJ…` payload);
//! - PEM private keys with a body, plain or base64-wrapped;
//! - `Authorization:`-style header text (`Basic`, `Bearer`, `token`, ...)
//!   and API-key headers (`X-API-Key:`, `Private-Token:`).
//!
//! Obvious placeholders are skipped: `<token>`, `${TOKEN}`, `$TOKEN`,
//! `{{ token }}`, `%TOKEN%`, `[REDACTED]`, `your_api_key`, runs of one or
//! two characters (`xxxx`, `****`, `0000-xxxx`), AWS's documented
//! `…EXAMPLE` keys. Signed-URL parameter names and PEM bodies are refused
//! regardless.

use serde::Serialize;
use serde_json::Value;

use crate::pointer::Pointer;
use crate::url::percent_decode_deep;

crate::define_codes! {
    URL_USERINFO = "secret/url-userinfo", "a URL carries a password or a token in its userinfo (`user:password@`)";
    SIGNED_URL = "secret/signed-url", "a URL carries signed-URL parameters (AWS, Google Cloud Storage, Azure SAS, CloudFront)";
    TOKEN_PARAMETER = "secret/token-parameter", "a URL query or fragment carries a token-like parameter (`token`, `access_token`, `api_key`, `password`, ...)";
    AUTHORIZATION_HEADER = "secret/authorization-header", "text carries an `Authorization:` (or API-key) header with credentials";
    GITHUB_TOKEN = "secret/github-token", "a GitHub token (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`)";
    GITLAB_TOKEN = "secret/gitlab-token", "a GitLab token (`glpat-`, `glptt-`, `gldt-`, runner tokens, ...)";
    SLACK_TOKEN = "secret/slack-token", "a Slack token (`xoxb-`, `xoxp-`, `xapp-`, ...)";
    SLACK_WEBHOOK = "secret/slack-webhook", "a Slack incoming-webhook URL";
    AWS_ACCESS_KEY = "secret/aws-access-key", "an AWS access key id (`AKIA`, `ASIA`, ...)";
    GOOGLE_API_KEY = "secret/google-api-key", "a Google API key (`AIza`)";
    GOOGLE_OAUTH = "secret/google-oauth", "a Google OAuth access token (`ya29.`) or client secret (`GOCSPX-`)";
    OPENAI_KEY = "secret/openai-key", "an OpenAI API key (`sk-`, `sk-proj-`, ...)";
    ANTHROPIC_KEY = "secret/anthropic-key", "an Anthropic API key (`sk-ant-`)";
    STRIPE_KEY = "secret/stripe-key", "a Stripe secret or restricted key (`sk_live_`, `rk_live_`, ...)";
    PACKAGE_TOKEN = "secret/package-token", "a package registry token (npm `npm_`, PyPI `pypi-`, Hugging Face `hf_`)";
    JWT = "secret/jwt", "a JSON Web Token";
    PRIVATE_KEY = "secret/private-key", "a PEM private key, plain or base64-encoded";
}

/// One secret found: which rule, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// The rule, a `secret/*` code.
    pub code: &'static str,
    /// Where, as an RFC 6901 pointer.
    #[serde(serialize_with = "pointer_text")]
    pub instance_path: Pointer,
}

fn pointer_text<S: serde::Serializer>(p: &Pointer, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(p.as_str())
}

/// Every secret in the strings of `value`, with pointers under `at`, sorted
/// by pointer then code, each once. Object keys are scanned too; a secret
/// in a key is reported at the object that holds it, so that no pointer
/// spells a secret out.
pub fn scan_strings(value: &Value, at: &Pointer) -> Vec<Finding> {
    let mut out = Vec::new();
    walk(value, at, &mut out);
    out
}

/// Inserts `finding` in pointer-then-code order unless it is there already
/// (a hand-written insertion keeps the sort machinery out of the wasm).
fn add(out: &mut Vec<Finding>, finding: Finding) {
    let probe = out.binary_search_by(|f| {
        (f.instance_path.as_str(), f.code).cmp(&(finding.instance_path.as_str(), finding.code))
    });
    if let Err(at) = probe {
        out.insert(at, finding);
    }
}

fn walk(value: &Value, at: &Pointer, out: &mut Vec<Finding>) {
    match value {
        Value::String(s) => {
            for code in scan_text(s) {
                add(out, Finding { code, instance_path: at.clone() });
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, &at.index(i), out);
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                // A secret used as a key is reported at its object: a
                // pointer to the key would spell the secret out.
                for code in scan_text(k) {
                    add(out, Finding { code, instance_path: at.clone() });
                }
                walk(v, &at.key(k), out);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// The rules one text breaks, sorted, each once.
pub fn scan_text(text: &str) -> Vec<&'static str> {
    let mut found = Vec::new();
    scan_once(text, &mut found);
    if text.contains('%') {
        let decoded = percent_decode_deep(text, 3);
        if decoded != text {
            scan_once(&decoded, &mut found);
        }
    }
    let mut codes: Vec<&'static str> = Vec::with_capacity(found.len());
    for code in found {
        if let Err(at) = codes.binary_search(&code) {
            codes.insert(at, code);
        }
    }
    codes
}

fn scan_once(text: &str, codes: &mut Vec<&'static str>) {
    let b = text.as_bytes();
    scan_userinfo(b, codes);
    scan_parameters(b, codes);
    scan_tokens(b, codes);
    scan_pem(b, codes);
    scan_headers(b, codes);
}

// ---------------------------------------------------------------- helpers

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn is_b64url(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

fn take_while(b: &[u8], from: usize, ok: impl Fn(u8) -> bool) -> usize {
    take_upto(b, from, usize::MAX, ok)
}

/// Like [`take_while`] but stops after `limit` bytes, so that scanning from
/// many starting points inside one long run stays linear in practice.
fn take_upto(b: &[u8], from: usize, limit: usize, ok: impl Fn(u8) -> bool) -> usize {
    let mut end = from;
    while end - from < limit && b.get(end).is_some_and(|c| ok(*c)) {
        end += 1;
    }
    end
}

fn slice(b: &[u8], from: usize, to: usize) -> &[u8] {
    b.get(from..to).unwrap_or(&[])
}

/// Fewer than three distinct characters, separators aside: a filler
/// (`xxxx`, `0000-xxxx`, `****`), not a key.
fn is_filler(body: &[u8]) -> bool {
    let mut seen: Vec<u8> = Vec::with_capacity(3);
    for c in body.iter().filter(|c| !matches!(c, b'-' | b'_' | b'.' | b'/')) {
        let c = c.to_ascii_lowercase();
        if !seen.contains(&c) {
            if seen.len() == 2 {
                return false;
            }
            seen.push(c);
        }
    }
    true
}

const PLACEHOLDER_WORDS: &[&str] = &[
    "token",
    "password",
    "passwd",
    "pass",
    "apikey",
    "api_key",
    "api-key",
    "access_token",
    "secret_key",
    "none",
    "null",
    "nil",
    "undefined",
    "true",
    "false",
    "changeme",
    "redacted",
    "filtered",
    "masked",
    "hidden",
];

const PLACEHOLDER_PARTS: &[&str] = &[
    "xxxx",
    "your_",
    "your-",
    "yourtoken",
    "yourkey",
    "yourpass",
    "yoursecret",
    "placeholder",
    "example",
    "redacted",
    "replace_me",
    "replace-me",
    "insert_",
    "insert-",
    "dummy",
    "<",
    ">",
    "${",
    "{{",
    "...",
];

/// An obvious placeholder: a template variable, a redaction, an example word.
fn is_placeholder(value: &[u8]) -> bool {
    let v = String::from_utf8_lossy(value);
    let t = v.trim_matches(|c: char| c == '"' || c == '\'' || c.is_whitespace());
    let lower = t.to_ascii_lowercase();
    if t.is_empty() || is_filler(t.as_bytes()) || PLACEHOLDER_WORDS.contains(&lower.as_str()) {
        return true;
    }
    let var_name = |s: &str| {
        !s.is_empty()
            && s.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
            && s.bytes().next().is_some_and(|c| !c.is_ascii_digit())
    };
    if t.strip_prefix('$').is_some_and(var_name)
        || (t.starts_with('%') && t.ends_with('%') && t.len() > 2)
        || (t.starts_with('[') && t.ends_with(']'))
        || (t.starts_with('{') && t.ends_with('}'))
        || t.starts_with("$(")
        || t.starts_with("#{")
        || t.starts_with("env.")
        || t.starts_with("process.env")
    {
        return true;
    }
    PLACEHOLDER_PARTS.iter().any(|p| lower.contains(p))
}

// ---------------------------------------------------------------- URL userinfo

fn scan_userinfo(b: &[u8], codes: &mut Vec<&'static str>) {
    let mut from = 0;
    while let Some(at) = find(b, b"://", from) {
        from = at + 3;
        let mut start = at;
        while start > 0 && b.get(start - 1).is_some_and(|c| c.is_ascii_alphanumeric() || b"+.-".contains(c)) {
            start -= 1;
        }
        if start == at || at - start > 32 {
            continue;
        }
        let end = take_while(b, at + 3, |c| {
            !c.is_ascii_whitespace() && !b"/?#\"'<>`\\".contains(&c) && c.is_ascii() && !c.is_ascii_control()
        });
        let authority = slice(b, at + 3, end);
        let Some(last_at) = authority.iter().rposition(|c| *c == b'@') else { continue };
        let info = slice(authority, 0, last_at);
        if userinfo_is_secret(info) {
            codes.push(URL_USERINFO);
        }
    }
}

fn userinfo_is_secret(info: &[u8]) -> bool {
    let decoded = percent_decode_deep(&String::from_utf8_lossy(info), 3);
    let d = decoded.as_bytes();
    match d.iter().position(|c| *c == b':') {
        Some(colon) => {
            let password = slice(d, colon + 1, d.len());
            let user = slice(d, 0, colon);
            !is_placeholder(password) || (!user.is_empty() && looks_like_token(user))
        }
        None => looks_like_token(d),
    }
}

/// A user name that is really a token: a known prefix, or 20+ characters of
/// mixed letters and digits.
fn looks_like_token(v: &[u8]) -> bool {
    if is_placeholder(v) {
        return false;
    }
    let mut probe = Vec::new();
    scan_tokens(v, &mut probe);
    if !probe.is_empty() {
        return true;
    }
    v.len() >= 20
        && v.iter().all(|c| is_b64url(*c) || b"+/=.".contains(c))
        && v.iter().any(u8::is_ascii_digit)
        && v.iter().any(u8::is_ascii_alphabetic)
}

/// The first place at or after `from` where `needle` stands in `hay`. Only
/// places that start with the needle's first byte are compared in full
/// (most texts have few), which keeps the scan close to one pass.
fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
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

fn find_ci(hay_lower: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    find(hay_lower, needle, from)
}

// ---------------------------------------------------------------- parameters

const SIGNED_ALONE: &[&str] = &[
    "x_amz_signature",
    "x_amz_credential",
    "x_amz_security_token",
    "x_goog_signature",
    "x_goog_credential",
    "x_goog_security_token",
];

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

fn scan_parameters(b: &[u8], codes: &mut Vec<&'static str>) {
    let mut names: Vec<String> = Vec::new();
    for (i, c) in b.iter().enumerate() {
        if !matches!(c, b'?' | b'&' | b'#') {
            continue;
        }
        let name_end = take_while(b, i + 1, |c| c.is_ascii_alphanumeric() || b"_.-".contains(&c));
        if name_end == i + 1 || name_end - i > 65 || b.get(name_end) != Some(&b'=') {
            continue;
        }
        let value_end = take_while(b, name_end + 1, |c| {
            !c.is_ascii_whitespace() && !b"?&#\"'<>`".contains(&c) && !c.is_ascii_control()
        });
        let name = String::from_utf8_lossy(slice(b, i + 1, name_end)).to_ascii_lowercase().replace('-', "_");
        let value = slice(b, name_end + 1, value_end);
        if !value.is_empty() {
            if SIGNED_ALONE.contains(&name.as_str()) {
                codes.push(SIGNED_URL);
            }
            if token_value(&name, value) {
                codes.push(TOKEN_PARAMETER);
            }
            names.push(name);
        }
    }
    let has = |n: &str| names.iter().any(|x| x == n);
    let azure = has("sig") && ["sv", "se", "sp", "sr", "spr", "st", "skoid"].iter().any(|n| has(n));
    let signature = has("signature")
        && ["key_pair_id", "policy", "googleaccessid", "awsaccesskeyid", "expires"].iter().any(|n| has(n));
    if azure || signature {
        codes.push(SIGNED_URL);
    }
}

fn token_value(name: &str, value: &[u8]) -> bool {
    let decoded = percent_decode_deep(&String::from_utf8_lossy(value), 3);
    let v = decoded.as_bytes();
    if is_placeholder(v) {
        return false;
    }
    if PASSWORD_NAMES.contains(&name) {
        return v.len() >= 3;
    }
    if !TOKEN_NAMES.contains(&name) || v.iter().all(u8::is_ascii_digit) {
        return false;
    }
    v.len() >= 16
        || (v.len() >= 8 && v.iter().any(u8::is_ascii_digit) && v.iter().any(u8::is_ascii_alphabetic))
}

// ---------------------------------------------------------------- provider tokens

#[derive(Clone, Copy)]
enum Body {
    /// `[A-Za-z0-9]`
    Alnum,
    /// `[A-Za-z0-9_]`
    Word,
    /// `[A-Za-z0-9_-]`
    Url64,
    /// `[A-Za-z0-9-]`
    AlnumDash,
    /// `[A-Za-z0-9/+-]` (Slack app tokens)
    Slack,
    /// `[A-Za-z]`
    Alpha,
}

impl Body {
    fn allows(self, c: u8) -> bool {
        match self {
            Body::Alnum => c.is_ascii_alphanumeric(),
            Body::Word => is_word(c),
            Body::Url64 => is_b64url(c),
            Body::AlnumDash => c.is_ascii_alphanumeric() || c == b'-',
            Body::Slack => c.is_ascii_alphanumeric() || b"-/+".contains(&c),
            Body::Alpha => c.is_ascii_alphabetic(),
        }
    }
}

struct Prefix {
    prefix: &'static [u8],
    code: &'static str,
    body: Body,
    min: usize,
    max: usize,
    /// The body must mix upper case, lower case and digits.
    mixed: bool,
}

const fn p(prefix: &'static [u8], code: &'static str, body: Body, min: usize, max: usize) -> Prefix {
    Prefix { prefix, code, body, min, max, mixed: false }
}

/// Longer prefixes first where one starts another (`sk-ant-` before `sk-`).
const PREFIXES: &[Prefix] = &[
    p(b"ghp_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    p(b"gho_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    p(b"ghu_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    p(b"ghs_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    p(b"ghr_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    p(b"github_pat_", GITHUB_TOKEN, Body::Word, 22, 255),
    p(b"glpat-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"glptt-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"gldt-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"glrt-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"glft-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"glsoat-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"glcbt-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"glimt-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"glagent-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"gloas-", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"GR1348941", GITLAB_TOKEN, Body::Url64, 20, 255),
    p(b"xoxb-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    p(b"xoxp-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    p(b"xoxa-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    p(b"xoxr-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    p(b"xoxs-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    p(b"xoxe.xoxp-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    p(b"xoxe-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    p(b"xapp-", SLACK_TOKEN, Body::Slack, 20, 255),
    p(b"AIza", GOOGLE_API_KEY, Body::Url64, 35, 35),
    p(b"ya29.", GOOGLE_OAUTH, Body::Url64, 20, 2048),
    p(b"GOCSPX-", GOOGLE_OAUTH, Body::Url64, 28, 28),
    p(b"sk-ant-", ANTHROPIC_KEY, Body::Url64, 32, 255),
    Prefix { prefix: b"sk-", code: OPENAI_KEY, body: Body::Url64, min: 32, max: 255, mixed: true },
    p(b"sk_live_", STRIPE_KEY, Body::Alnum, 16, 255),
    p(b"rk_live_", STRIPE_KEY, Body::Alnum, 16, 255),
    p(b"sk_test_", STRIPE_KEY, Body::Alnum, 16, 255),
    p(b"rk_test_", STRIPE_KEY, Body::Alnum, 16, 255),
    p(b"npm_", PACKAGE_TOKEN, Body::Alnum, 36, 36),
    p(b"pypi-AgEIcHlwaS5vcmc", PACKAGE_TOKEN, Body::Url64, 50, 1024),
    p(b"hf_", PACKAGE_TOKEN, Body::Alpha, 34, 34),
];

/// AWS access key id prefixes (then exactly 16 of `[A-Z0-9]`).
const AWS_PREFIXES: &[&[u8]] =
    &[b"AKIA", b"ASIA", b"ABIA", b"ACCA", b"AGPA", b"AIDA", b"AROA", b"AIPA", b"ANPA", b"ANVA", b"A3T"];

fn scan_tokens(b: &[u8], codes: &mut Vec<&'static str>) {
    for i in 0..b.len() {
        let boundary = i == 0 || b.get(i - 1).is_some_and(|c| !c.is_ascii_alphanumeric() && *c != b'_');
        if !boundary {
            continue;
        }
        let rest = slice(b, i, b.len());
        // Every rule starts with a letter: most places are ruled out here.
        if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        let first = rest.first();
        if let Some(rule) = PREFIXES.iter().find(|r| r.prefix.first() == first && rest.starts_with(r.prefix))
        {
            let start = i + rule.prefix.len();
            let end = take_upto(b, start, rule.max + 1, |c| rule.body.allows(c));
            let body = slice(b, start, end);
            let mixed_ok = !rule.mixed
                || (body.iter().any(u8::is_ascii_uppercase)
                    && body.iter().any(u8::is_ascii_lowercase)
                    && body.iter().any(u8::is_ascii_digit));
            if (rule.min..=rule.max).contains(&body.len()) && mixed_ok && !is_filler(body) {
                codes.push(rule.code);
            }
        }
        if let Some(prefix) = AWS_PREFIXES.iter().find(|p| p.first() == first && rest.starts_with(p)) {
            let start = i + prefix.len() + usize::from(prefix.len() == 3);
            let end = take_upto(b, start, 17, |c| c.is_ascii_uppercase() || c.is_ascii_digit());
            let body = slice(b, start, end);
            let ok_first = prefix.len() == 4
                || b.get(i + 3).is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
            if ok_first
                && body.len() == 16
                && !b.get(end).is_some_and(|c| c.is_ascii_alphanumeric())
                && !is_filler(body)
                && !body.ends_with(b"EXAMPLE")
            {
                codes.push(AWS_ACCESS_KEY);
            }
        }
        if rest.starts_with(b"ey") && jwt_at(b, i) {
            codes.push(JWT);
        }
        if rest.starts_with(b"LS0tLS1CRUdJTi") && base64_pem_at(b, i) {
            codes.push(PRIVATE_KEY);
        }
    }
    scan_slack_webhook(b, codes);
}

fn scan_slack_webhook(b: &[u8], codes: &mut Vec<&'static str>) {
    // `hooks.slack.com/` has a `/`: without one, nothing can match.
    if !b.contains(&b'/') {
        return;
    }
    let lower = b.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = find(&lower, b"hooks.slack.com/", from) {
        from = at + 1;
        let path_start = at + b"hooks.slack.com/".len();
        let end = take_while(b, path_start, |c| is_word(c) || c == b'/' || c == b'-');
        let path = slice(b, path_start, end);
        let mut parts = path.split(|c| *c == b'/').filter(|s| !s.is_empty());
        let kind = parts.next().unwrap_or(&[]);
        let rest: Vec<&[u8]> = parts.collect();
        let known = matches!(kind, b"services" | b"workflows" | b"triggers");
        if known && rest.len() >= 2 && rest.last().is_some_and(|s| s.len() >= 16 && !is_filler(s)) {
            codes.push(SLACK_WEBHOOK);
        }
    }
}

/// `ey…` (a JSON object header) `.` `ey…` `.` signature (empty or 8+).
fn jwt_at(b: &[u8], i: usize) -> bool {
    let h_end = take_upto(b, i, 513, is_b64url);
    if h_end - i < 12 || b.get(h_end) != Some(&b'.') {
        return false;
    }
    let p_start = h_end + 1;
    let p_end = take_upto(b, p_start, 16_385, is_b64url);
    if p_end - p_start < 12 || !slice(b, p_start, p_end).starts_with(b"ey") || b.get(p_end) != Some(&b'.') {
        return false;
    }
    let s_end = take_upto(b, p_end + 1, 16_385, is_b64url);
    let sig_len = s_end - (p_end + 1);
    if sig_len != 0 && sig_len < 8 {
        return false;
    }
    let header = base64_decode(slice(b, i, h_end));
    let payload = base64_decode(slice(b, p_start, p_end.min(p_start + 16)));
    header.starts_with(b"{") && payload.starts_with(b"{")
}

fn base64_pem_at(b: &[u8], i: usize) -> bool {
    let end = take_upto(b, i, 100, |c| c.is_ascii_alphanumeric() || b"+/=".contains(&c));
    if end - i < 70 {
        return false;
    }
    let head = base64_decode(slice(b, i, (i + 80).min(end)));
    find(&head, b"PRIVATE KEY", 0).is_some()
}

/// Decodes standard or URL-safe base64 without padding checks; stops at the
/// first byte that is not base64.
fn base64_decode(text: &[u8]) -> Vec<u8> {
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
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text {
        let Some(v) = value(*c) else { break };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xff) as u8);
        }
    }
    out
}

// ---------------------------------------------------------------- PEM

fn scan_pem(b: &[u8], codes: &mut Vec<&'static str>) {
    let mut from = 0;
    while let Some(at) = find(b, b"-----BEGIN", from) {
        from = at + 1;
        let header_end = (at + 80).min(b.len());
        let header = slice(b, at, header_end);
        let Some(key_at) = find(header, b"PRIVATE KEY", 0) else { continue };
        let Some(close) = find(header, b"-----", key_at) else { continue };
        let body_start = at + close + 5;
        let mut count = 0;
        let mut j = body_start;
        while let Some(c) = b.get(j) {
            if slice(b, j, b.len()).starts_with(b"-----END") || j - body_start > 4096 {
                break;
            }
            if c.is_ascii_alphanumeric() || b"+/=".contains(c) {
                count += 1;
            }
            j += 1;
        }
        if count >= 40 && !is_filler(slice(b, body_start, j)) {
            codes.push(PRIVATE_KEY);
        }
    }
}

// ---------------------------------------------------------------- headers

const AUTH_SCHEMES: &[&[u8]] = &[
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

const KEY_HEADERS: &[&[u8]] = &[
    b"x-api-key",
    b"private-token",
    b"x-auth-token",
    b"x-access-token",
    b"x-goog-api-key",
    b"api-key",
    b"x-gitlab-token",
];

fn scan_headers(b: &[u8], codes: &mut Vec<&'static str>) {
    // Both header shapes need a separator after the name (`authorization`
    // one of these, a key header a `:`): without any, nothing can match.
    if !b.iter().any(|c| b" \t\"':=>,".contains(c)) {
        return;
    }
    let lower = b.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = find_ci(&lower, b"authorization", from) {
        from = at + 1;
        let mut j = at + b"authorization".len();
        let sep_end = take_while(b, j, |c| b" \t\"':=>,".contains(&c));
        if sep_end == j || sep_end - j > 6 {
            continue;
        }
        j = sep_end;
        let scheme_end = take_upto(&lower, j, 32, |c| c.is_ascii_alphanumeric() || c == b'-');
        let scheme = slice(&lower, j, scheme_end);
        if !AUTH_SCHEMES.contains(&scheme) {
            continue;
        }
        let cred_start = take_upto(b, scheme_end, 16, |c| c == b' ' || c == b'\t');
        if cred_start == scheme_end {
            continue;
        }
        if header_credential(b, cred_start) {
            codes.push(AUTHORIZATION_HEADER);
        }
    }
    for name in KEY_HEADERS {
        let mut from = 0;
        while let Some(at) = find(&lower, name, from) {
            from = at + 1;
            if at > 0
                && !lower.get(at - 1).is_some_and(|c| c.is_ascii_whitespace() || b"\"'{([,;".contains(c))
            {
                continue;
            }
            let j = at + name.len();
            let sep_end = take_while(b, j, |c| b" \t\"':".contains(&c));
            if !slice(b, j, sep_end).contains(&b':') {
                continue;
            }
            if header_credential(b, sep_end) {
                codes.push(AUTHORIZATION_HEADER);
            }
        }
    }
}

fn header_credential(b: &[u8], start: usize) -> bool {
    let end = take_upto(b, start, 4096, |c| c.is_ascii_alphanumeric() || b"._~+/=-".contains(&c));
    let cred = slice(b, start, end);
    let next_is_template = b.get(end).is_some_and(|c| b"<$%{[".contains(c));
    cred.len() >= 6 && !next_is_template && !is_placeholder(cred)
}

#[cfg(test)]
mod tests;
