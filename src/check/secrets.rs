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
//! - `Authorization:`-style header text (`Basic`, `Bearer`, `Bot`, any
//!   other scheme or none when the credential looks generated) and API-key
//!   headers (`X-API-Key:`, `Private-Token:`), and the same in a `curl -H`,
//!   and `curl -u user:password`;
//! - credentials given to commands: `--password …`, `--token …`,
//!   `--api-key …`, `mysql -pPASSWORD`, `sshpass -p …`, `docker login -p
//!   …`, `redis-cli -a …`;
//! - tokens known by their shape alone: a Discord bot token (given to a
//!   client's `run`, or to any secret-sounding name), a Twilio auth token
//!   beside its account SID in one call;
//! - Azure AD client secrets (`…8Q~…`);
//! - keyword assignments: a name holding `key`, `secret`, `token`,
//!   `password`, `credential`, ... or a provider's name, then `=`, `:`,
//!   `:=`, `=>`, `>` or `,`, then a value random enough (Shannon entropy)
//!   and no placeholder; a password may hold symbols (`Kx!pQ#mz^Lw2`) and
//!   be letters only when no words; netrc's `password` needs no sign; a
//!   name given in a `name` field has its value in the `value` field after
//!   it (`- name: API_KEY` / `value: …`).
//!   A PEM key split over the strings of an array, a line each, is one
//!   finding at its first line. The AWS secret key, connection-string keys
//!   (`AccountKey=`, `SharedAccessKey=`, `Password=` after `;`) and
//!   service-account key fields (`"private_key_id"`, `"private_key"`) get
//!   their own codes; any other such assignment is reported as
//!   `secret/keyword-assignment` only when no other rule fired on the text.
//!
//! Obvious placeholders are skipped: `<token>`, `${TOKEN}`, `$TOKEN`,
//! `{{ token }}`, `%TOKEN%`, `[REDACTED]`, `your_api_key`, runs of one or
//! two characters (`xxxx`, `****`, `0000-xxxx`), AWS's documented
//! `…EXAMPLE` keys, characters counting along (`1234567890abcdef…`). So
//! are what libraries write that only looks like a leak: a Sentry DSN's
//! public key, a type's name after a password's, a template's holes, a
//! key's header without its body or with a body far shorter than it
//! declares, a JWT whose claims no clock gives. Signed-URL parameter
//! names and PEM bodies are refused regardless.

use serde::Serialize;

use crate::doc::{Json, JsonObject};
use crate::pointer::Pointer;
use crate::url::percent_decode_deep;
use commands::*;
use placeholder::{
    is_demo_password, is_example_password, is_filler, is_keyboard_mash, is_placeholder, is_stand_in,
    is_word_password,
};
use shapes::*;
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
    PROVIDER_TOKEN = "secret/provider-token", "a provider token with a telling prefix or shape (DigitalOcean `dop_v1_`, Vault `hvs.`, SendGrid `SG.`, Twilio `SK…`, Shopify `shpat_`, Supabase `sb_secret_`, a Discord bot token, ...)";
    WEBHOOK_URL = "secret/webhook-url", "a Discord or Microsoft Teams webhook URL, or a Telegram bot token";
    AZURE_CLIENT_SECRET = "secret/azure-client-secret", "an Azure AD (Entra ID) client secret (`…8Q~…`)";
    AWS_SECRET_KEY = "secret/aws-secret-key", "an AWS secret access key assigned to `aws_secret_access_key` or the like";
    CONNECTION_STRING = "secret/connection-string", "a connection string carries a key or a password (`AccountKey=`, `SharedAccessKey=`, `;Password=`)";
    SERVICE_ACCOUNT_KEY = "secret/service-account-key", "a service-account key field (`private_key_id`, `private_key` of a Google Cloud key file)";
    COMMAND_CREDENTIALS = "secret/command-credentials", "a command passes credentials (`curl -u user:password`, `mysql -pPASSWORD`, `--password …`, `--token …`)";
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
            let here = Path { up: Some(path), step: Step::Index(i) };
            match item.as_str() {
                Some(s) => {
                    let found = scan_found(s);
                    let open_key = found.pem_open;
                    report(found.into_codes(), &here, out);
                    // A key split into lines, one string each: one finding,
                    // at the line that opens it.
                    if open_key && split_key_at(items.get(i..).unwrap_or(&[])) {
                        report(vec![PRIVATE_KEY], &here, out);
                    }
                }
                None => walk(item, &here, out),
            }
        }
    } else if let Some(map) = value.as_object() {
        // A `name` field's string and the `value` field's right after it,
        // paired below.
        let (mut name, mut named_value) = (None, None);
        for (k, v) in map.entries() {
            // A secret used as a key is reported at its object: a
            // pointer to the key would spell the secret out.
            let key = scan_found(k);
            let secret_name = key.named || ends_with_pass(k);
            let key_codes = key.into_codes();
            let here = Path { up: Some(path), step: Step::Key(k) };
            walk(v, &here, out);
            // The name field just before, as the text's reading pairs them.
            let name_before = name.take();
            if let Some(s) = v.as_str() {
                // A secret-named key and its string, read together as the
                // document's text has them (`"password":"…"`).
                if secret_name {
                    report_pair(&[k, s], &key_codes, &here, out);
                }
                match (k, name_before) {
                    ("name", _) => name = Some(s),
                    ("value", Some(n)) => named_value = Some((n, k, s)),
                    _ => {}
                }
            }
            report(key_codes, path, out);
        }
        // `{"name": "DB_PASSWORD", "value": "…"}`: a setting's name and its
        // value in two fields.
        if let Some((n, k, s)) = named_value
            && (scan_found(n).named || ends_with_pass(n))
        {
            report_pair(&["name", n, "value", s], &[], &Path { up: Some(path), step: Step::Key(k) }, out);
        }
    }
}

/// A name that ends in `pass` (`SMTP_PASS`, `dbPass`): a password's name,
/// which the keyword anchors find only with the separator after it.
fn ends_with_pass(name: &str) -> bool {
    name.len() >= 4 && name.as_bytes().get(name.len() - 4..).is_some_and(|t| t.eq_ignore_ascii_case(b"pass"))
}

/// Reports at `here` what the members `parts` (key, string, key, string,
/// ...) break read together as compact JSON text (`"password":"…"`), less
/// the codes their key broke alone (`already`, reported at the object).
/// Each string is written as it reads: between quotes it does not hold
/// (`'` around a `"`), escaped only when it holds both.
/// Called only for a secret-named key: out of line, as it allocates.
#[inline(never)]
fn report_pair(parts: &[&str], already: &[crate::diagnostic::Code], here: &Path<'_>, out: &mut Vec<Finding>) {
    let Some(value) = parts.last() else { return };
    // A value of three characters or fewer is no password (an example's at
    // most); a very long one is a document, which its own scan read.
    if value.len() < 4 || value.len() > 4096 {
        return;
    }
    let mut text = String::with_capacity(parts.iter().map(|p| p.len() + 4).sum());
    for (i, part) in parts.iter().enumerate() {
        text.push_str(match i {
            0 => "",
            _ if i % 2 == 1 => ":",
            _ => ",",
        });
        let q = if !part.contains('"') {
            '"'
        } else if !part.contains('\'') {
            '\''
        } else {
            '"'
        };
        text.push(q);
        if part.contains(q) {
            push_json_escaped(&mut text, part);
        } else {
            text.push_str(part);
        }
        text.push(q);
    }
    let mut codes = scan_text(&text);
    codes.retain(|c| !already.contains(c));
    report(codes, here, out);
}

/// `s` as a JSON string's characters (no quotes around), escaped as
/// `JSON.stringify` escapes them.
fn push_json_escaped(text: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '"' => text.push_str("\\\""),
            '\\' => text.push_str("\\\\"),
            '\n' => text.push_str("\\n"),
            '\r' => text.push_str("\\r"),
            '\t' => text.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                text.push_str("\\u00");
                for d in [u32::from(c) >> 4, u32::from(c) & 15] {
                    text.extend(char::from_digit(d, 16));
                }
            }
            c => text.push(c),
        }
    }
}

/// The rules one text breaks, sorted, each once.
pub fn scan_text(text: &str) -> Vec<crate::diagnostic::Code> {
    scan_found(text).into_codes()
}

/// Whether the strings at the start of `items`, the first of which opens a
/// PEM private key with no body, are together (a line each, up to the one
/// that ends the key) a private key.
#[inline(never)]
fn split_key_at<J: Json>(items: &[J]) -> bool {
    let mut joined = String::new();
    for item in items.iter().take(200) {
        let Some(line) = item.as_str() else { break };
        joined.push_str(line);
        joined.push('\n');
        if joined.len() > 16_384 || (joined.len() > line.len() + 1 && line.contains("-----END")) {
            break;
        }
    }
    scan_text(&joined).contains(&PRIVATE_KEY)
}

/// Whether no string or key of a JSON text can hold a secret, decided by
/// one scan of the whole text: it has no escape (`escaped` says whether it
/// has one; an escaped string's characters differ from its text), the scan
/// finds nothing, and it met no assignment whose verdict depends on a quote
/// around it (a quoted service account's `"private_key"` whose value is no
/// such key, a line's value with symbols that a closing quote cuts short:
/// out of its quotes either may be an assignment). Then each
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
    found.codes.is_empty() && !found.assignment && !found.quote_decides
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
    /// An assignment was left alone for a quote around it
    /// ([`values::Verdict::QuoteDecides`]).
    quote_decides: bool,
    /// A PEM private key's header stands with no body after it: the key
    /// may go on in the strings that follow.
    pem_open: bool,
    /// A keyword of an assignment's name stands in the text (`password`,
    /// `api_key`): as a JSON key, its string is its value.
    named: bool,
}

impl Found {
    /// The codes, with the generic assignment's when nothing more specific
    /// was found.
    fn into_codes(self) -> Vec<crate::diagnostic::Code> {
        let mut codes = self.codes;
        if self.assignment && codes.is_empty() {
            codes.push(KEYWORD_ASSIGNMENT);
        }
        codes
    }

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
    // A Discord bot token that opens the text has no byte before it for an
    // anchor to hold.
    if matches!(b.first(), Some(b'M' | b'N' | b'O')) && discord_bot_at(b, 0) {
        found.push(PROVIDER_TOKEN);
    }
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
            if slice(b, at, b.len()).starts_with(b"-----BEGIN") {
                match pem_at(b, at) {
                    Some(true) => found.push(PRIVATE_KEY),
                    Some(false) => found.pem_open = true,
                    None => {}
                }
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
        Rule::LoginCall => {
            if call_password_at(b, at + anchor.text.len()) {
                found.push(COMMAND_CREDENTIALS);
            }
        }
        Rule::Pgpass => {
            if passwords::pgpass_at(b, at) {
                found.push(KEYWORD_ASSIGNMENT);
            }
        }
        Rule::Command(command) => {
            if command_flag_at(b, at, anchor.text.len(), *command) {
                found.push(COMMAND_CREDENTIALS);
            }
        }
        Rule::DiscordBot => {
            if discord_bot_at(b, at + 1) {
                found.push(PROVIDER_TOKEN);
            }
        }
        Rule::BotRun => {
            if bot_run_at(b, at) {
                found.push(PROVIDER_TOKEN);
            }
        }
        Rule::SidCall => {
            if sid_and_secret_at(b, at) {
                found.push(PROVIDER_TOKEN);
            }
        }
        Rule::Percent => {
            pass.escape |= escape_at(b, at);
        }
        Rule::Keyword(word) | Rule::KeywordThen(word) => {
            found.named = true;
            let len = anchor.text.len() - usize::from(matches!(anchor.rule, Rule::KeywordThen(_)));
            match assign::assignment_at(b, at, len, *word) {
                Some(values::Verdict::Code(code)) => found.push(code),
                Some(values::Verdict::Generic) => found.assignment = true,
                Some(values::Verdict::QuoteDecides) => found.quote_decides = true,
                None => {}
            }
        }
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
    // Summed over the value's own characters, each once (its count is
    // cleared when added): a value has far fewer than 256 distinct bytes.
    let len = v.len() as f32;
    let mut bits = 0.0;
    for &c in v {
        if let Some(n) = counts.get_mut(usize::from(c))
            && *n > 0
        {
            let p = f32::from(*n) / len;
            bits -= p * p.log2();
            *n = 0;
        }
    }
    bits
}

/// `needle` (lower case) stands at `at` in `b`, ASCII case ignored.
fn has_ci(b: &[u8], at: usize, needle: &[u8]) -> bool {
    b.get(at..at + needle.len()).is_some_and(|s| s.eq_ignore_ascii_case(needle))
}

/// `hay` contains `needle` (lower case), ASCII case ignored.
fn contains_ci(hay: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && hay.windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle))
}

mod commands;
mod placeholder;
mod rules;
mod prefilter;
mod shapes;
mod code;
mod values;
mod urls;
mod passwords;
mod names;
mod vectors;
mod public;
mod assign;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_examples;
#[cfg(test)]
mod tests_manuals;
#[cfg(test)]
mod tests_precision;
#[cfg(test)]
mod tests_shapes;
#[cfg(test)]
mod tests_libraries;
#[cfg(test)]
mod tests_vendored;
#[cfg(test)]
mod tests_bundles;
#[cfg(test)]
mod tests_stand_ins;
#[cfg(test)]
mod tests_symbols;
