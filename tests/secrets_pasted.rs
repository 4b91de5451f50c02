//! Recall on pastes written apart from the rules: the files, commands and
//! log lines an agent copies into a note (`.env` and `export` lines, JSON,
//! YAML, INI and TOML configs, `curl` commands, connection strings, log
//! lines, `docker` and `kubectl` commands, netrc entries, PEM keys), each
//! with a credential drawn at random from its kind's alphabet under one of
//! many names, over several seeds; and the same contexts holding what is
//! no credential (an environment reference, a template, a placeholder, a
//! public identifier, a hash).
//!
//! Nothing here is a real credential: every body is drawn by the seeded
//! generator, and no case's text is printed, only contexts and indexes.
//! The test holds each context to 98 % found and no negative refused, and
//! the table of `docs/secrets.md` ("Pasted contexts") to what it measures.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::path::Path;

use hapi_a2a_core::pointer::Pointer;
use hapi_a2a_core::secrets::scan_strings;
use serde_json::{Value, json};

#[path = "../benches/support/rng.rs"]
mod rng;
#[path = "support/tally.rs"]
mod tally;
use rng::Rng;
use tally::{Tally, documented_row};

const UPPER: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER: &str = "abcdefghijklmnopqrstuvwxyz";
const DIGITS: &str = "0123456789";

/// Seeds: each draws every context's cases afresh.
const SEEDS: &[u64] = &[0x5EED_0001, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004, 0x5EED_0005, 0x5EED_0006];

fn from(r: &mut Rng, alphabet: &str, n: usize) -> String {
    let a = alphabet.as_bytes();
    (0..n).map(|_| char::from(a[r.below(a.len() as u64) as usize])).collect()
}

fn alnum(r: &mut Rng, n: usize) -> String {
    from(r, &format!("{UPPER}{LOWER}{DIGITS}"), n)
}

fn hex(r: &mut Rng, n: usize) -> String {
    from(r, "0123456789abcdef", n)
}

fn b64(r: &mut Rng, n: usize) -> String {
    from(r, &format!("{UPPER}{LOWER}{DIGITS}+/"), n)
}

fn b64url(r: &mut Rng, n: usize) -> String {
    from(r, &format!("{UPPER}{LOWER}{DIGITS}-_"), n)
}

fn uuid(r: &mut Rng) -> String {
    format!("{}-{}-4{}-8{}-{}", hex(r, 8), hex(r, 4), hex(r, 3), hex(r, 3), hex(r, 12))
}

/// A generated secret with no telling prefix, of one of the shapes
/// services hand out: mixed letters and digits, hex, base64, base64url.
fn generated(r: &mut Rng) -> String {
    match r.below(5) {
        0 | 1 => {
            // Mixed case and digits, at least one digit.
            let n = 20 + r.below(29) as usize;
            let mut s = alnum(r, n - 1);
            let at = r.below(n as u64 - 1) as usize;
            s.insert_str(at, &from(r, DIGITS, 1));
            s
        }
        2 => {
            let n = [32, 40, 64][r.below(3) as usize];
            hex(r, n)
        }
        3 => format!("{}=", b64(r, 43)),
        _ => b64url(r, 43),
    }
}

/// A token with a provider's prefix and body alphabet.
fn prefixed(r: &mut Rng) -> String {
    match r.below(10) {
        0 => format!("ghp_{}", alnum(r, 36)),
        1 => format!("github_pat_{}_{}", alnum(r, 22), alnum(r, 59)),
        2 => format!("glpat-{}", b64url(r, 20)),
        3 => format!("sk-proj-{}", b64url(r, 64)),
        4 => format!("sk-ant-api03-{}", b64url(r, 93)),
        5 => format!("xoxb-{}-{}-{}", from(r, DIGITS, 11), from(r, DIGITS, 13), alnum(r, 24)),
        6 => format!("sk_live_{}", alnum(r, 99)),
        7 => format!("hf_{}", from(r, &format!("{UPPER}{LOWER}"), 34)),
        8 => format!("npm_{}", alnum(r, 36)),
        _ => format!("AIza{}", b64url(r, 35)),
    }
}

/// A password as people and generators make them: syllables with digits
/// and a symbol, random printable characters, a word with a year and a
/// symbol, a passphrase of words with a digit.
fn password(r: &mut Rng) -> String {
    const SYMBOLS: &str = "!#%^*+@?~=-_.";
    const WORDS: &[&str] = &[
        "harbor", "maple", "quartz", "lantern", "velvet", "cobalt", "juniper", "falcon", "meadow", "ember",
        "tundra", "saffron", "orbit", "willow", "granite", "pepper",
    ];
    let cap = |w: &str| {
        let mut c = w.chars();
        c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
    };
    match r.below(4) {
        0 => {
            let n = 2 + r.below(3) as usize;
            format!("{}{}{}", cap(r.pick(WORDS)), from(r, DIGITS, n), from(r, SYMBOLS, 1))
        }
        1 => {
            let n = 14 + r.below(11) as usize;
            let mut s = from(r, &format!("{UPPER}{LOWER}{DIGITS}{SYMBOLS}"), n);
            s.push_str(&from(r, DIGITS, 1));
            s
        }
        2 => format!(
            "{}{}{}{}",
            cap(r.pick(WORDS)),
            from(r, SYMBOLS, 1),
            2000 + r.below(30),
            from(r, SYMBOLS, 1)
        ),
        _ => {
            let n = 1 + r.below(2) as usize;
            format!("{}-{}-{}{}", r.pick(WORDS), r.pick(WORDS), r.pick(WORDS), from(r, DIGITS, n))
        }
    }
}

/// A password that may stand in a URL's userinfo as written.
fn url_password(r: &mut Rng) -> String {
    let n = 12 + r.below(13) as usize;
    let mut s = from(r, &format!("{UPPER}{LOWER}{DIGITS}-_.~"), n);
    s.push_str(&from(r, DIGITS, 1));
    s
}

fn pem(r: &mut Rng) -> String {
    let kind = r.pick(&["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"]);
    let lines = 3 + r.below(20) as usize;
    let mut body: Vec<String> = (0..lines).map(|_| b64(r, 64)).collect();
    body.push(format!("{}=", b64(r, 31)));
    format!("-----BEGIN {kind}-----\n{}\n-----END {kind}-----", body.join("\n"))
}

fn base64_std(data: &[u8]) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(A[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

const ENV_NAMES: &[&str] = &[
    "API_KEY",
    "SECRET_KEY",
    "JWT_SECRET",
    "ACCESS_TOKEN",
    "AUTH_TOKEN",
    "CLIENT_SECRET",
    "APP_SECRET",
    "SESSION_SECRET",
    "WEBHOOK_SECRET",
    "ENCRYPTION_KEY",
    "OPENAI_API_KEY",
    "SENTRY_AUTH_TOKEN",
    "DATADOG_API_KEY",
    "SLACK_SIGNING_SECRET",
    "MAPBOX_ACCESS_TOKEN",
    "STRIPE_WEBHOOK_SECRET",
    "GH_TOKEN",
    "NPM_TOKEN",
    "ALGOLIA_ADMIN_KEY",
    "TWILIO_AUTH_TOKEN",
];

const PASSWORD_NAMES: &[&str] = &[
    "DB_PASSWORD",
    "POSTGRES_PASSWORD",
    "MYSQL_ROOT_PASSWORD",
    "REDIS_PASSWORD",
    "SMTP_PASSWORD",
    "ADMIN_PASS",
    "RABBITMQ_DEFAULT_PASS",
    "MONGO_INITDB_ROOT_PASSWORD",
    "KEYSTORE_PASSWORD",
    "LDAP_BIND_PASSWORD",
];

const JSON_NAMES: &[&str] = &[
    "apiKey",
    "api_key",
    "clientSecret",
    "client_secret",
    "accessToken",
    "authToken",
    "secretKey",
    "webhookSecret",
    "signingSecret",
    "token",
    "secret",
    "refresh_token",
    "privateToken",
    "appSecret",
];

/// One secret under one generic name, the way a config gives it.
fn named_secret(r: &mut Rng) -> (String, String) {
    let value = if r.below(3) == 0 { prefixed(r) } else { generated(r) };
    (r.pick(ENV_NAMES).to_owned(), value)
}

fn lower_name(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// Cases of one context: a name, positives, negatives.
struct Context {
    name: &'static str,
    positives: Vec<Value>,
    negatives: Vec<Value>,
}

fn text(s: String) -> Value {
    Value::String(s)
}

fn texts(items: &[&str]) -> Vec<Value> {
    items.iter().map(|s| text((*s).to_owned())).collect()
}

fn dotenv(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..20 {
        let (name, v) = named_secret(r);
        let pw = password(r);
        let pw_name = r.pick(PASSWORD_NAMES);
        positives.push(text(match i % 5 {
            0 => format!("NODE_ENV=production\nPORT=3000\n{name}={v}\nLOG_LEVEL=info"),
            1 => format!("{name}=\"{v}\"\n"),
            2 => format!("# staging\n{pw_name}={pw}\nDB_HOST=10.0.4.7"),
            3 => format!("{name}='{v}'"),
            _ => format!("{pw_name}=\"{pw}\""),
        }));
    }
    let negatives = texts(&[
        "API_KEY=${API_KEY}",
        "API_KEY=",
        "SECRET_KEY=changeme",
        "JWT_SECRET=<generate with openssl rand -hex 32>",
        "DB_PASSWORD=$DB_PASSWORD",
        "ACCESS_TOKEN_TTL=3600",
        "AUTH_TOKEN_HEADER=X-Auth-Token",
        "CLIENT_SECRET=your-client-secret",
        "TOKEN_URL=https://auth.example.com/oauth/token",
        "SECRET_KEY_BASE_FILE=/run/secrets/secret_key_base",
    ]);
    Context { name: ".env", positives, negatives }
}

fn export(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..20 {
        let (name, v) = named_secret(r);
        let pw = password(r);
        let pw_name = r.pick(PASSWORD_NAMES);
        positives.push(text(match i % 4 {
            0 => format!("export {name}={v}"),
            1 => format!("export {name}=\"{v}\" && npm run deploy"),
            2 => format!("$ export {pw_name}='{pw}'\n$ ./migrate.sh"),
            _ => format!("set -x\nexport {name}='{v}'\n+ ./run.sh"),
        }));
    }
    let negatives = texts(&[
        "export API_KEY=\"$(vault kv get -field=key secret/app)\"",
        "export GH_TOKEN=$(gh auth token)",
        "export AUTH_TOKEN=\"${AUTH_TOKEN:?missing}\"",
        "export DB_PASSWORD=\"$(cat /run/secrets/db_password)\"",
        "export SECRET_KEY=<secret>",
        "export TOKEN_FILE=~/.config/app/token",
    ]);
    Context { name: "export", positives, negatives }
}

fn json_configs(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..20 {
        let name = r.pick(JSON_NAMES);
        let v = if r.below(3) == 0 { prefixed(r) } else { generated(r) };
        let pw = password(r);
        positives.push(match i % 4 {
            0 => text(json!({ "service": { "url": "https://api.acme.dev", name: v } }).to_string()),
            1 => text(json!({ "env": "prod", name: v, "timeout": 30 }).to_string()),
            2 => text(
                serde_json::to_string_pretty(
                    &json!({ "db": { "host": "db.internal", "user": "app", "password": pw } }),
                )
                .unwrap(),
            ),
            _ => text(format!("{{\n  \"{name}\": \"{v}\",\n  \"region\": \"eu-west-1\"\n}}")),
        });
    }
    let negatives = vec![
        json!({ "apiKey": "<your-api-key>" }),
        json!({ "clientSecret": "${CLIENT_SECRET}" }),
        json!({ "token": "{{ .Values.token }}" }),
        json!({ "tokenType": "Bearer", "expiresIn": 3600 }),
        json!({ "secretName": "app-credentials", "secretKey": "api-key" }),
        json!({ "password": "" }),
        json!({ "apiKeyHeader": "X-Api-Key" }),
        text("{\"integrity\": \"sha512-".to_owned() + &b64(r, 86) + "==\"}"),
    ];
    Context { name: "JSON", positives, negatives }
}

fn yaml_configs(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..20 {
        let (name, v) = named_secret(r);
        let key = lower_name(&name);
        let pw = password(r);
        positives.push(text(match i % 5 {
            0 => format!("app:\n  {key}: {v}\n  debug: false\n"),
            1 => format!("credentials:\n  {key}: \"{v}\"\n"),
            2 => format!("spring:\n  datasource:\n    username: app\n    password: {pw}\n"),
            3 => format!(
                "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\nstringData:\n  {}: \"{v}\"\n",
                key.replace('_', "-")
            ),
            _ => format!("env:\n  - name: {name}\n    value: \"{v}\"\n"),
        }));
    }
    let negatives = texts(&[
        "api_key: ${API_KEY}",
        "client_secret: !vault |",
        "password: \"{{ vault_db_password }}\"",
        "env:\n  - name: API_KEY\n    valueFrom:\n      secretKeyRef:\n        name: app\n        key: api-key\n",
        "auth:\n  token_ttl: 24h\n  token_type: bearer\n",
        "secret_key: ~",
        "access_token: null",
        "webhook_secret: REPLACE_ME",
    ]);
    Context { name: "YAML", positives, negatives }
}

fn ini_toml(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..20 {
        let (name, v) = named_secret(r);
        let key = lower_name(&name);
        let pw = password(r);
        positives.push(text(match i % 5 {
            0 => format!("[service]\n{key} = {v}\ntimeout = 30\n"),
            1 => format!("[auth]\n{key} = \"{v}\"\n"),
            2 => format!("[database]\nhost = \"db.internal\"\npassword = \"{pw}\"\n"),
            3 => format!("[client]\nuser = backup\npassword = {pw}\n"),
            _ => format!(
                "[default]\naws_access_key_id = AKIA{}\naws_secret_access_key = {}\n",
                from(r, &format!("{UPPER}234567"), 16),
                b64(r, 40)
            ),
        }));
    }
    let negatives = texts(&[
        "[auth]\napi_key = %(API_KEY)s\n",
        "[client]\npassword =\n",
        "[service]\ntoken_file = /etc/app/token\n",
        "[tool.poetry]\nname = \"secret-sauce\"\n",
        "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n",
        "api_key = \"\"\n",
    ]);
    Context { name: "INI and TOML", positives, negatives }
}

fn curl(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..20 {
        let v = if r.below(3) == 0 { prefixed(r) } else { generated(r) };
        let pw = url_password(r);
        positives.push(text(match i % 5 {
            0 => format!("curl -s -H \"Authorization: Bearer {v}\" https://api.acme.dev/v1/me"),
            1 => format!("curl https://api.acme.dev/v2/items -H 'X-API-Key: {v}' -H 'Accept: application/json'"),
            2 => format!("curl -u deploy:{pw} https://ci.acme.dev/job/build"),
            3 => format!("curl \"https://api.acme.dev/v1/report?access_token={v}&format=csv\""),
            _ => format!(
                "curl -X POST https://api.acme.dev/v1/hooks \\\n  -H \"Authorization: Bearer {v}\" \\\n  -d '{{\"a\":1}}'"
            ),
        }));
    }
    let negatives = texts(&[
        "curl -H \"Authorization: Bearer $TOKEN\" https://api.acme.dev/v1/me",
        "curl -H 'X-API-Key: <your key>' https://api.acme.dev",
        "curl -u \"$USER:$PASS\" https://ci.acme.dev",
        "curl -H \"Authorization: Bearer ${{ secrets.API_TOKEN }}\" https://api.acme.dev",
        "curl \"https://api.acme.dev/v1/report?access_token=$ACCESS_TOKEN\"",
        "curl -fsSL https://get.acme.dev/install.sh | sh",
    ]);
    Context { name: "curl", positives, negatives }
}

fn connection_strings(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..24 {
        let pw = url_password(r);
        let word_pw = password(r);
        positives.push(text(match i % 8 {
            0 => format!("DATABASE_URL=postgresql://app:{pw}@db.internal:5432/app"),
            1 => format!("mongodb+srv://admin:{pw}@cluster0.ab1cd.mongodb.net/prod?retryWrites=true"),
            2 => format!("REDIS_URL=redis://:{pw}@cache.internal:6379/0"),
            3 => format!("amqp://worker:{pw}@rabbit.internal:5672/vhost"),
            4 => format!(
                "Server=tcp:acme.database.windows.net,1433;Initial Catalog=app;User ID=app;Password={word_pw};Encrypt=True;"
            ),
            5 => format!(
                "DefaultEndpointsProtocol=https;AccountName=acmestore;AccountKey={}==;EndpointSuffix=core.windows.net",
                b64(r, 86)
            ),
            6 => format!("mysql://root:{pw}@127.0.0.1:3306/app"),
            _ => format!("spring.datasource.url=jdbc:postgresql://db:5432/app?user=app&password={pw}"),
        }));
    }
    let negatives = texts(&[
        "DATABASE_URL=postgresql://app:${DB_PASSWORD}@db.internal:5432/app",
        "postgresql://localhost:5432/app",
        "mongodb://mongo:27017/app",
        "redis://cache.internal:6379/0",
        "Server=tcp:acme.database.windows.net,1433;Initial Catalog=app;Authentication=Active Directory Default;",
        "postgresql://user:password@localhost/db",
        "amqp://guest:guest@localhost:5672/",
    ]);
    Context { name: "connection strings", positives, negatives }
}

fn log_lines(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..20 {
        let v = if r.below(3) == 0 { prefixed(r) } else { generated(r) };
        let pw = url_password(r);
        positives.push(text(match i % 5 {
            0 => format!("2025-03-04 10:11:12,345 DEBUG urllib3 headers={{'Authorization': 'Bearer {v}', 'Accept': '*/*'}}"),
            1 => format!("level=info msg=\"connecting\" dsn=\"postgres://app:{pw}@db:5432/app?sslmode=disable\""),
            2 => format!("[2025-03-04T10:11:12Z] ERROR auth: rejected api_key={v} ip=10.0.0.7"),
            3 => format!("{{\"level\":\"debug\",\"msg\":\"request\",\"token\":\"{v}\",\"status\":401}}"),
            _ => format!("WARN  retrying with client_secret={v} (attempt 3/5)"),
        }));
    }
    let negatives = texts(&[
        "2025-03-04 10:11:12 INFO token refreshed, expires in 3600s",
        "level=warn msg=\"token expired\" user_id=4821",
        "ERROR api_key missing: set API_KEY in the environment",
        "DEBUG cache_key=session:9f2c:profile hit=true",
        "INFO tokens used: prompt=1200 completion=340",
        "{\"level\":\"info\",\"token_type\":\"bearer\",\"expires_in\":3600}",
    ]);
    Context { name: "log lines", positives, negatives }
}

fn docker_kubectl(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..24 {
        let (name, v) = named_secret(r);
        let pw = password(r).replace(['\'', '$'], "#");
        let pw_name = r.pick(PASSWORD_NAMES);
        positives.push(text(match i % 8 {
            0 => format!("docker run -d -e {name}={v} -p 8080:8080 acme/api:2.1"),
            1 => format!("docker run --rm -e {pw_name}='{pw}' postgres:16"),
            2 => format!("docker login -u deploy -p {v} registry.acme.dev"),
            3 => format!("kubectl create secret generic app --from-literal={}={v}", lower_name(&name).replace('_', "-")),
            4 => format!(
                "kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=bot --docker-password={v}"
            ),
            5 => format!("kubectl -n prod set env deployment/api {name}={v}"),
            6 => format!("docker compose run -e {pw_name}='{pw}' migrate"),
            _ => format!("kubectl create secret generic db --from-literal=password='{pw}' -n data"),
        }));
    }
    let negatives = texts(&[
        "docker run -e API_KEY=$API_KEY acme/api:2.1",
        "docker login -u deploy --password-stdin registry.acme.dev",
        "kubectl create secret generic app --from-file=api-key=./api-key.txt",
        "kubectl create secret generic db --from-literal=password=\"$(cat pw)\"",
        "kubectl get secret app -o jsonpath='{.data.api-key}' | base64 -d",
        "docker run -e DB_PASSWORD_FILE=/run/secrets/db acme/api",
    ]);
    Context { name: "docker and kubectl", positives, negatives }
}

fn netrc_pem(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..16 {
        let secret = if i % 2 == 0 { password(r).replace(' ', "") } else { generated(r) };
        let host = r.pick(&["api.acme.dev", "github.com", "git.internal", "uploads.acme.io"]);
        positives.push(text(match i % 4 {
            0 => format!("machine {host} login deploy password {secret}"),
            1 => format!("machine {host}\n  login ci\n  password {secret}\n"),
            2 => pem(r),
            _ => format!("key: |\n  {}", pem(r).replace('\n', "\n  ")),
        }));
    }
    let negatives = texts(&[
        "machine api.acme.dev login deploy password $NETRC_PASSWORD",
        "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
        "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
        "machine learning models need a login and a password reset flow",
    ]);
    Context { name: "netrc and PEM", positives, negatives }
}

/// Basic credentials, which carry a user and a password in base64.
fn basic(r: &mut Rng) -> Context {
    let mut positives = Vec::new();
    for i in 0..12 {
        let secret = if i % 2 == 0 { password(r) } else { generated(r) };
        let user = r.pick(&["deploy", "ci", "admin", "svc-backup"]);
        let cred = base64_std(format!("{user}:{secret}").as_bytes());
        positives.push(text(match i % 3 {
            0 => format!("Authorization: Basic {cred}"),
            1 => format!("curl -H \"Authorization: Basic {cred}\" https://ci.acme.dev"),
            _ => format!("{{\"auths\":{{\"registry.acme.dev\":{{\"auth\":\"{cred}\"}}}}}}"),
        }));
    }
    let negatives = vec![
        text(format!("request_id={}", uuid(r))),
        text(format!("commit {}", hex(r, 40))),
        text("Authorization: Basic <base64 of user:password>".to_owned()),
    ];
    Context { name: "Basic credentials", positives, negatives }
}

fn contexts(seed: u64) -> Vec<Context> {
    let mut r = Rng(seed);
    vec![
        dotenv(&mut r),
        export(&mut r),
        json_configs(&mut r),
        yaml_configs(&mut r),
        ini_toml(&mut r),
        curl(&mut r),
        connection_strings(&mut r),
        log_lines(&mut r),
        docker_kubectl(&mut r),
        netrc_pem(&mut r),
        basic(&mut r),
    ]
}

#[test]
fn pasted_credentials_are_found_and_their_neighbours_are_not() {
    let mut table: Vec<(&'static str, Tally)> = Vec::new();
    let mut misses = Vec::new();
    let mut false_positives = Vec::new();
    for (s, seed) in SEEDS.iter().enumerate() {
        for context in contexts(*seed) {
            let at = match table.iter().position(|(n, _)| *n == context.name) {
                Some(at) => at,
                None => {
                    table.push((context.name, Tally::default()));
                    table.len() - 1
                }
            };
            let t = &mut table[at].1;
            for (i, case) in context.positives.iter().enumerate() {
                t.pos += 1;
                if scan_strings(case, &Pointer::root()).is_empty() {
                    misses.push(format!("{}[{s}:{i}]", context.name));
                } else {
                    t.found += 1;
                }
            }
            // The negatives are the same for every seed but a few drawn
            // ones: counted once.
            if s == 0 {
                for (i, case) in context.negatives.iter().enumerate() {
                    t.neg += 1;
                    if !scan_strings(case, &Pointer::root()).is_empty() {
                        t.fp += 1;
                        false_positives.push(format!("{}[{i}]", context.name));
                    }
                }
            }
        }
    }
    println!("{:<22} {:>9} {:>7} {:>9} {:>4}", "context", "positives", "found", "negatives", "FP");
    for (name, t) in &table {
        println!("{name:<22} {:>9} {:>7} {:>9} {:>4}", t.pos, t.found, t.neg, t.fp);
    }
    println!("missed: {misses:?}");
    println!("false positives: {false_positives:?}");
    let below: Vec<&str> =
        table.iter().filter(|(_, t)| 100 * t.found < 98 * t.pos).map(|(n, _)| *n).collect();
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/secrets.md")).unwrap();
    let pasted_table = docs.split("## Pasted contexts").nth(1).unwrap_or_default();
    let stale: Vec<String> = table
        .iter()
        .filter(|(name, t)| documented_row(pasted_table, name) != Some(t.documented()))
        .map(|(name, t)| format!("{name}: measured {:?}", t.documented()))
        .collect();
    assert!(below.is_empty(), "contexts below 98 %: {below:?}; missed {misses:?}");
    assert!(false_positives.is_empty(), "negatives refused: {false_positives:?}");
    assert!(
        stale.is_empty(),
        "docs/secrets.md's table of pasted contexts is not what this test measures: {stale:?}"
    );
}
