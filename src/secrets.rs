//! Secret refusal: finds credentials in JSON strings, reporting the rule and
//! the place, never the value.
//!
//! Hand-written rules, no regex engine (the wasm budget), run over the text
//! as written and again after percent-decoding (up to three rounds, so
//! `%2540` hides nothing). One pass over each text finds every rule's
//! anchor together (`prefilter`: one Aho–Corasick automaton over every
//! anchor, ASCII case folded); each rule's exact check runs only where its
//! anchor stands (`rules`). A text with no anchor costs one table lookup per
//! byte and allocates nothing. Placeholders and fillers, which no rule
//! reports, are told apart in `placeholder`; the rules that read URLs are
//! in `urls`. The rules:
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
//!   OpenAI, Anthropic, Stripe, npm, PyPI, Hugging Face, RubyGems, NuGet,
//!   crates.io, Docker Hub, DigitalOcean, Vault, SendGrid, Twilio, Shopify,
//!   and more: see `rules::ANCHORS`);
//! - webhook URLs with their secret path (Slack, Discord, Microsoft Teams)
//!   and Telegram bot tokens;
//! - JWTs (`eyJ…` header that decodes to a JSON object, `eyJ…` payload);
//! - PEM private keys with a body, plain or base64-wrapped;
//! - `Authorization:`-style header text (`Basic`, `Bearer`, `token`, ...)
//!   and API-key headers (`X-API-Key:`, `Private-Token:`), and the same in
//!   a `curl -H`, and `curl -u user:password`;
//! - Azure AD client secrets (`…8Q~…`);
//! - keyword assignments: a name holding `key`, `secret`, `token`,
//!   `password`, `credential`, ... or a provider's name, then `=`, `:`,
//!   `:=`, `=>`, `>` or `,`, then a value random enough (Shannon entropy)
//!   and no placeholder. The AWS secret key, connection-string keys
//!   (`AccountKey=`, `SharedAccessKey=`, `Password=` after `;`) and
//!   service-account key fields (`"private_key_id"`, `"private_key"`) get
//!   their own codes; any other such assignment is reported as
//!   `secret/keyword-assignment` only when no other rule fired on the text.
//!
//! Obvious placeholders are skipped: `<token>`, `${TOKEN}`, `$TOKEN`,
//! `{{ token }}`, `%TOKEN%`, `[REDACTED]`, `your_api_key`, runs of one or
//! two characters (`xxxx`, `****`, `0000-xxxx`), AWS's documented
//! `…EXAMPLE` keys. Signed-URL parameter names and PEM bodies are refused
//! regardless.

use serde::Serialize;

use crate::doc::{Json, JsonObject};
use crate::pointer::Pointer;
use crate::url::percent_decode_deep;
use placeholder::{is_filler, is_placeholder};
use urls::{parameter_at, signed_url_params, userinfo_at};

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
    PACKAGE_TOKEN = "secret/package-token", "a package registry token (npm `npm_`, PyPI `pypi-`, RubyGems, NuGet, crates.io, Docker Hub, Clojars, Hugging Face `hf_`)";
    JWT = "secret/jwt", "a JSON Web Token";
    PRIVATE_KEY = "secret/private-key", "a PEM private key, plain or base64-encoded";
    PROVIDER_TOKEN = "secret/provider-token", "a provider token with a telling prefix (DigitalOcean `dop_v1_`, Vault `hvs.`, SendGrid `SG.`, Twilio `SK…`, Shopify `shpat_`, ...)";
    WEBHOOK_URL = "secret/webhook-url", "a Discord or Microsoft Teams webhook URL, or a Telegram bot token";
    AZURE_CLIENT_SECRET = "secret/azure-client-secret", "an Azure AD (Entra ID) client secret (`…8Q~…`)";
    AWS_SECRET_KEY = "secret/aws-secret-key", "an AWS secret access key assigned to `aws_secret_access_key` or the like";
    CONNECTION_STRING = "secret/connection-string", "a connection string carries a key or a password (`AccountKey=`, `SharedAccessKey=`, `;Password=`)";
    SERVICE_ACCOUNT_KEY = "secret/service-account-key", "a service-account key field (`private_key_id`, `private_key` of a Google Cloud key file)";
    COMMAND_CREDENTIALS = "secret/command-credentials", "a command passes credentials (`curl -u user:password`)";
    KEYWORD_ASSIGNMENT = "secret/keyword-assignment", "a random-looking value assigned to a secret-sounding name (`API_KEY=`, `client_secret:`, `password =`, ...)";
}

/// One secret found: which rule, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// The rule, a `secret/*` code.
    pub code: crate::diagnostic::Code,
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
pub fn scan_strings<J: Json>(value: &J, at: &Pointer) -> Vec<Finding> {
    let mut out = Vec::new();
    walk(value, &Path { up: None, step: Step::Here(at) }, &mut out);
    out
}

/// Where the walk stands, kept on the stack: a pointer is only built for a
/// finding, so a clean document costs no allocation.
struct Path<'a> {
    up: Option<&'a Path<'a>>,
    step: Step<'a>,
}

enum Step<'a> {
    Here(&'a Pointer),
    Key(&'a str),
    Index(usize),
}

impl Path<'_> {
    fn pointer(&self) -> Pointer {
        let base = match self.up {
            Some(up) => up.pointer(),
            None => Pointer::root(),
        };
        match self.step {
            Step::Here(p) => p.clone(),
            Step::Key(k) => base.key(k),
            Step::Index(i) => base.index(i),
        }
    }
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

fn report(codes: Vec<crate::diagnostic::Code>, path: &Path<'_>, out: &mut Vec<Finding>) {
    if codes.is_empty() {
        return;
    }
    let pointer = path.pointer();
    for code in codes {
        add(out, Finding { code, instance_path: pointer.clone() });
    }
}

fn walk<J: Json>(value: &J, path: &Path<'_>, out: &mut Vec<Finding>) {
    if let Some(s) = value.as_str() {
        report(scan_text(s), path, out);
    } else if let Some(items) = value.as_array() {
        for (i, item) in items.iter().enumerate() {
            walk(item, &Path { up: Some(path), step: Step::Index(i) }, out);
        }
    } else if let Some(map) = value.as_object() {
        for (k, v) in map.entries() {
            // A secret used as a key is reported at its object: a
            // pointer to the key would spell the secret out.
            report(scan_text(k), path, out);
            walk(v, &Path { up: Some(path), step: Step::Key(k) }, out);
        }
    }
}

/// The rules one text breaks, sorted, each once.
pub fn scan_text(text: &str) -> Vec<crate::diagnostic::Code> {
    let found = scan_found(text);
    let mut codes = found.codes;
    if found.assignment && codes.is_empty() {
        codes.push(KEYWORD_ASSIGNMENT);
    }
    codes
}

/// Whether no string or key of a JSON text can hold a secret, decided by
/// one scan of the whole text: it has no escape (`escaped` says whether it
/// has one; an escaped string's characters differ from its text), the scan
/// finds nothing, and it met no name whose verdict depends on the quote
/// before it (a quoted service account's `"private_key"` whose value is no
/// such key, which out of its quotes may be an assignment). Then each
/// string and key, a run of the text between quotes with the same
/// characters around it as far as any other rule looks (a quote is never
/// part of a value), is clean too: a rule finds at least as much in more
/// context.
/// `tests/borrowed_reading.rs` holds the scans to this.
pub fn none_in_json_text(text: &str, escaped: bool) -> bool {
    if escaped {
        return false;
    }
    let found = scan_found(text);
    found.codes.is_empty() && !found.assignment && !found.quoted_key_name
}

/// What the scans of `text` find: as written, and again percent-decoded
/// where it has an escape.
fn scan_found(text: &str) -> Found {
    let mut found = Found::default();
    if scan_once(text.as_bytes(), &mut found) {
        let decoded = percent_decode_deep(text, 3);
        if decoded != text {
            scan_once(decoded.as_bytes(), &mut found);
        }
    }
    found
}

/// `b` has a percent escape: something percent-decoding changes.
fn has_escape(b: &[u8]) -> bool {
    // `contains` looks for a byte a word at a time: most texts have no `%`.
    b.contains(&b'%') && (0..b.len()).any(|at| escape_at(b, at))
}

/// A `%` at `at` followed by two hex digits.
fn escape_at(b: &[u8], at: usize) -> bool {
    matches!(slice(b, at, at + 3), [b'%', h, l] if h.is_ascii_hexdigit() && l.is_ascii_hexdigit())
}

/// What the scans of one text found.
#[derive(Default)]
struct Found {
    /// Codes, sorted, each once.
    codes: Vec<crate::diagnostic::Code>,
    /// A generic keyword assignment was seen (reported only when nothing
    /// more specific was).
    assignment: bool,
    /// A name was left alone for the quote before it
    /// ([`assign::Verdict::QuotedKeyName`]).
    quoted_key_name: bool,
}

impl Found {
    fn push(&mut self, code: crate::diagnostic::Code) {
        if let Err(at) = self.codes.binary_search(&code) {
            self.codes.insert(at, code);
        }
    }
}

/// Per-pass state: the signed-URL parameter names seen so far, the last
/// place a token prefix matched, and whether a percent escape was seen.
#[derive(Default)]
struct Pass {
    params: u32,
    token_at: Option<usize>,
    escape: bool,
}

/// Scans `b` as it is; whether it has a percent escape (`%` and two hex
/// digits), found in the same pass as the anchors.
fn scan_once(b: &[u8], found: &mut Found) -> bool {
    let mut pass = Pass::default();
    prefilter::each_anchor(b, |anchor, at| check(b, anchor, at, &mut pass, found));
    if signed_url_params(pass.params) {
        found.push(SIGNED_URL);
    }
    pass.escape
}

fn check(b: &[u8], anchor: &rules::Anchor, at: usize, pass: &mut Pass, found: &mut Found) {
    use rules::Rule;
    match &anchor.rule {
        Rule::Scheme => {
            if userinfo_at(b, at) {
                found.push(URL_USERINFO);
            }
        }
        Rule::Parameter => parameter_at(b, at, pass, found),
        Rule::Token(shape) => {
            if pass.token_at != Some(at)
                && word_start(b, at)
                && slice(b, at, b.len()).starts_with(shape.prefix)
            {
                pass.token_at = Some(at);
                if token_body_ok(b, at + shape.prefix.len(), shape) {
                    found.push(shape.code);
                }
            }
        }
        Rule::AwsKeyId => {
            if word_start(b, at) && aws_key_id_at(b, at) {
                found.push(AWS_ACCESS_KEY);
            }
        }
        Rule::Jwt => {
            if word_start(b, at) && jwt_at(b, at) {
                found.push(JWT);
            }
        }
        Rule::JwtBase64 => {
            if word_start(b, at) && jwt_base64_at(b, at) {
                found.push(JWT);
            }
        }
        Rule::PemBase64 => {
            if word_start(b, at)
                && slice(b, at, b.len()).starts_with(b"LS0tLS1CRUdJTi")
                && base64_pem_at(b, at)
            {
                found.push(PRIVATE_KEY);
            }
        }
        Rule::Pem => {
            if slice(b, at, b.len()).starts_with(b"-----BEGIN") && pem_at(b, at) {
                found.push(PRIVATE_KEY);
            }
        }
        Rule::Authorization => {
            if authorization_at(b, at) {
                found.push(AUTHORIZATION_HEADER);
            }
        }
        Rule::KeyHeader => {
            if key_header_at(b, at, anchor.text.len()) {
                found.push(AUTHORIZATION_HEADER);
            }
        }
        Rule::SlackHook => {
            if slack_webhook_at(b, at + anchor.text.len()) {
                found.push(SLACK_WEBHOOK);
            }
        }
        Rule::DiscordHook => {
            if discord_webhook_at(b, at + anchor.text.len()) {
                found.push(WEBHOOK_URL);
            }
        }
        Rule::TeamsHook => {
            if teams_webhook_at(b, at + anchor.text.len()) {
                found.push(WEBHOOK_URL);
            }
        }
        Rule::Telegram => {
            if telegram_at(b, at) {
                found.push(WEBHOOK_URL);
            }
        }
        Rule::AzureClientSecret => {
            if azure_client_secret_at(b, at) {
                found.push(AZURE_CLIENT_SECRET);
            }
        }
        Rule::AzureDevOps => {
            if azure_devops_at(b, at) {
                found.push(PROVIDER_TOKEN);
            }
        }
        Rule::NugetPassword => {
            if nuget_password_at(b, at + anchor.text.len()) {
                found.push(PACKAGE_TOKEN);
            }
        }
        Rule::Curl => curl_at(b, at, found),
        Rule::Percent => {
            pass.escape |= escape_at(b, at);
        }
        Rule::Keyword(word) => match assign::assignment_at(b, at, anchor.text.len(), *word) {
            Some(assign::Verdict::Code(code)) => found.push(code),
            Some(assign::Verdict::Generic) => found.assignment = true,
            Some(assign::Verdict::QuotedKeyName) => found.quoted_key_name = true,
            None => {}
        },
    }
}

// ---------------------------------------------------------------- helpers

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn is_b64url(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

/// `at` starts a word: the text starts there or the byte before is neither
/// alphanumeric nor `_`.
fn word_start(b: &[u8], at: usize) -> bool {
    at == 0 || b.get(at - 1).is_some_and(|c| !is_word(*c))
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

/// Shannon entropy of `v` in bits per byte.
fn entropy(v: &[u8]) -> f32 {
    let mut counts = [0u16; 256];
    for &c in v {
        if let Some(n) = counts.get_mut(usize::from(c)) {
            *n += 1;
        }
    }
    let len = v.len() as f32;
    counts.iter().filter(|n| **n > 0).map(|&n| f32::from(n) / len).map(|p| -p * p.log2()).sum()
}

/// `needle` (lower case) stands at `at` in `b`, ASCII case ignored.
fn has_ci(b: &[u8], at: usize, needle: &[u8]) -> bool {
    b.get(at..at + needle.len()).is_some_and(|s| s.eq_ignore_ascii_case(needle))
}

/// `hay` contains `needle` (lower case), ASCII case ignored.
fn contains_ci(hay: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && hay.windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle))
}

// ---------------------------------------------------------------- provider tokens

fn token_body_ok(b: &[u8], start: usize, shape: &rules::Shape) -> bool {
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
}

/// `at` is an `AZDO`: 76 of `[A-Za-z0-9]` before it and 4 after, a word
/// of 84.
fn azure_devops_at(b: &[u8], at: usize) -> bool {
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
fn nuget_password_at(b: &[u8], from: usize) -> bool {
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
const AWS_PREFIXES: &[&[u8]] =
    &[b"AKIA", b"ASIA", b"ABIA", b"ACCA", b"AGPA", b"AIDA", b"AROA", b"AIPA", b"ANPA", b"ANVA", b"A3T"];

fn aws_key_id_at(b: &[u8], i: usize) -> bool {
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
        && !body.ends_with(b"EXAMPLE")
}

fn slack_webhook_at(b: &[u8], path_start: usize) -> bool {
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
fn discord_webhook_at(b: &[u8], start: usize) -> bool {
    let id_end = take_upto(b, start, 21, |c| c.is_ascii_digit());
    if !(17..=20).contains(&(id_end - start)) || b.get(id_end) != Some(&b'/') {
        return false;
    }
    let end = take_upto(b, id_end + 1, 69, is_b64url);
    let token = slice(b, id_end + 1, end);
    (60..=68).contains(&token.len()) && !is_filler(token)
}

/// A UUID-shaped run (36 of letters, digits and dashes) at `at`.
fn uuid_at(b: &[u8], at: usize) -> bool {
    take_upto(b, at, 37, |c| c.is_ascii_alphanumeric() || c == b'-') - at == 36
}

/// `…/webhookb2/` (or `…/webhook/`) then `uuid@uuid/IncomingWebhook/<32>/uuid`.
fn teams_webhook_at(b: &[u8], start: usize) -> bool {
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
fn telegram_at(b: &[u8], at: usize) -> bool {
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
fn azure_client_secret_at(b: &[u8], at: usize) -> bool {
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
fn jwt_at(b: &[u8], i: usize) -> bool {
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
    if sig_len != 0 && sig_len < 8 {
        return false;
    }
    let mut header = [0u8; 12];
    let mut payload = [0u8; 12];
    base64_decode(slice(b, i, h_end.min(i + 16)), &mut header).first() == Some(&b'{')
        && base64_decode(slice(b, p_start, p_end.min(p_start + 16)), &mut payload).first() == Some(&b'{')
}

/// `ZXlK…`: a JWT base64-encoded once more (40+ characters that decode to
/// `eyJ` and more base64url).
fn jwt_base64_at(b: &[u8], i: usize) -> bool {
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

fn base64_pem_at(b: &[u8], i: usize) -> bool {
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
fn base64_decode<'o>(text: &[u8], out: &'o mut [u8]) -> &'o [u8] {
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

/// `at` is a `-----BEGIN`.
fn pem_at(b: &[u8], at: usize) -> bool {
    let header = slice(b, at, (at + 80).min(b.len()));
    let Some(key_at) = find(header, b"PRIVATE KEY", 0) else { return false };
    let Some(close) = find(header, b"-----", key_at) else { return false };
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
    count >= 40 && !is_filler(slice(b, body_start, j))
}

/// The first place at or after `from` where `needle` stands in `hay`.
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

/// `at` is an `authorization`.
fn authorization_at(b: &[u8], at: usize) -> bool {
    let mut j = at + b"authorization".len();
    let sep_end = take_while(b, j, |c| b" \t\"':=>,".contains(&c));
    if sep_end == j || sep_end - j > 6 {
        return false;
    }
    j = sep_end;
    let scheme_end = take_upto(b, j, 32, |c| c.is_ascii_alphanumeric() || c == b'-');
    let scheme = slice(b, j, scheme_end);
    if !AUTH_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme)) {
        return false;
    }
    let cred_start = take_upto(b, scheme_end, 16, |c| c == b' ' || c == b'\t');
    cred_start != scheme_end && header_credential(b, cred_start)
}

/// `at` is an API-key header name of `len` bytes.
fn key_header_at(b: &[u8], at: usize, len: usize) -> bool {
    if at > 0 && !b.get(at - 1).is_some_and(|c| c.is_ascii_whitespace() || b"\"'{([,;".contains(c)) {
        return false;
    }
    let j = at + len;
    let sep_end = take_while(b, j, |c| b" \t\"':".contains(&c));
    slice(b, j, sep_end).contains(&b':') && header_credential(b, sep_end)
}

fn header_credential(b: &[u8], start: usize) -> bool {
    let end = take_upto(b, start, 4096, |c| c.is_ascii_alphanumeric() || b"._~+/=-".contains(&c));
    let cred = slice(b, start, end);
    let next_is_template = b.get(end).is_some_and(|c| b"<$%{[".contains(c));
    cred.len() >= 6 && !next_is_template && !is_placeholder(cred)
}

// ---------------------------------------------------------------- curl

/// `at` is a `curl`: its options on the same line (or on up to five
/// continued lines) that carry credentials.
fn curl_at(b: &[u8], at: usize, found: &mut Found) {
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
fn curl_user_at(b: &[u8], from: usize) -> bool {
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
fn curl_word(b: &[u8], start: usize) -> (&[u8], usize) {
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
fn curl_header_at(b: &[u8], from: usize) -> bool {
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
        if !(lower_end(b"key") || lower_end(b"token")) || name.contains(&b' ') {
            return false;
        }
        value
    };
    let cred_end = take_while(cred, 0, |c| c.is_ascii_alphanumeric() || b"_=~@.+/-".contains(&c));
    let cred = slice(cred, 0, cred_end);
    cred.len() >= 8 && !is_placeholder(cred) && entropy(cred) >= 2.75
}

mod assign;
mod placeholder;
mod prefilter;
mod rules;
mod urls;

#[cfg(test)]
mod tests;
