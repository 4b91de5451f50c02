//! Tests of `secrets`: what documentation and fixtures write that has a
//! credential's shape but is none, beside the leaks of the same shape.

use super::tests::{ALNUM, codes, encode64, random};
use super::*;

const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";

/// A password as people choose one: a capitalised run of letters, digits
/// and a symbol that a URL's userinfo may hold.
fn human_password(seed: u64) -> String {
    let mut p = random(LOWER, 7, seed);
    p[..1].make_ascii_uppercase();
    p + &random(b"0123456789", 3, seed + 1) + &random(b"!*+", 1, seed + 2)
}

#[test]
fn a_word_password_at_a_documentation_host_is_an_example() {
    for url in [
        "http://me:secret@example.net/",
        "http://:secret@example.net",
        "https://bob:secret@www.example.com:8080/path",
        "http://martin:secret@f.test/page",
        "http://JeremyCline:Hunter@Example.com:8080/",
        "http://:%c3%89t%C3%A9@example.net/",
        "https://user:hunter@api.example.org/",
        "https://user:swordfish@db.example/",
        "https://user:kulgrej@host.invalid/",
    ] {
        assert!(codes(url).is_empty(), "{url}");
    }
}

#[test]
fn a_generated_password_at_a_documentation_host_is_found() {
    for seed in 0..40 {
        let generated = random(ALNUM, 16, seed);
        let human = human_password(seed);
        let chosen = format!("{}{}", random(LOWER, 6, seed), seed % 10);
        for host in ["example.com", "db.example", "api.example.org:8443", "ci.test"] {
            for pw in [&generated, &human, &chosen] {
                let url = format!("postgres://app:{pw}@{host}/app");
                assert_eq!(codes(&url), vec![URL_USERINFO], "{url}");
            }
        }
    }
}

#[test]
fn a_word_password_at_a_real_host_is_still_found() {
    for url in [
        "postgres://app:kulgrej@localhost:5432/db",
        "https://martin:secret@httpbin.org/get",
        "redis://:swordfish@cache:6379",
        "postgres://app:pw9x@localhost:5432/db",
        "mongodb://root:letmeinplease@db:27017/admin",
    ] {
        assert_eq!(codes(url), vec![URL_USERINFO], "{url}");
    }
}

#[test]
fn a_stand_in_host_or_a_scheme_without_a_server_is_a_fixture() {
    for url in [
        "http://proxyuser:Xq7pLm2@proxyhost:port",
        "http://user:Xq7pLm2@HOST:PORT/db",
        "http://&a:foo(b]c@d:2/",
        "https://user:pass%5B%7F@foo/bar",
        "javascript://:bowser@x/",
        "data://user:Xq7pLm2kZ@server.com/",
    ] {
        assert!(codes(url).is_empty(), "{url}");
    }
    for seed in 0..20 {
        let pw = random(ALNUM, 12, seed) + "7";
        for host in ["db:5432", "cache", "10.0.0.7:6379", "[::1]:5432", "db.internal"] {
            let url = format!("postgres://app:{pw}@{host}/app");
            assert_eq!(codes(&url), vec![URL_USERINFO], "{url}");
        }
    }
}

#[test]
fn example_words_with_look_alike_digits_are_examples() {
    for url in [
        "http://john.doe:p4ssw0rd@127.0.0.1:8180",
        "http://u:P4ssword@10.0.0.1/",
        "http://u:pa$$word1@10.0.0.1/",
        "http://jschmoe:xyzzy@www.bogus.net:8000/foo",
    ] {
        assert!(codes(url).is_empty(), "{url}");
    }
    for v in ["p4ssw0rd", "P4ssword", "s3cr3t", "xyzzy", "pa$$word"] {
        assert!(placeholder::is_example_password(v.as_bytes()), "{v}");
    }
    // Words that only share letters with them, and a word beside a
    // random part, are not.
    for v in [
        "p4ssw0rdX",
        "pa55wordz",
        "hunter22",
        "pass#pass",
        "s3cr3t-pass",
        "s3cr3tP4ssw0rd",
        "secret",
        "Tr0ub4dor",
    ] {
        assert!(!placeholder::is_example_password(v.as_bytes()), "{v}");
    }
}

#[test]
fn authorization_in_prose_is_no_header() {
    for t in [
        "The authorization token expires after 12 hours.",
        "3. The authorization token stored in the auth.authorization_token_file",
        "in place of the usual authorization token returned during the standard",
        "To update the authorization token, provide the connection name.",
        "using a single authorization token submitted in a custom header",
    ] {
        assert!(codes(t).is_empty(), "{t}");
    }
    for seed in 0..20 {
        let t = random(ALNUM, 32, seed);
        for line in [
            format!("Authorization: Bearer {t}"),
            format!("authorization token {t}"),
            format!("-H 'Authorization: token {t}'"),
            format!("{{\"Authorization\": \"Bearer {t}\"}}"),
        ] {
            assert_eq!(codes(&line), vec![AUTHORIZATION_HEADER], "{line}");
        }
    }
}

#[test]
fn standards_revocation_samples_are_examples() {
    for t in [
        "token=45ghiukldjahdnhzdauz&token_type_hint=refresh_token",
        "GET /revoke?token=agabcdefddddafdd&callback=package.myCallback HTTP/1.1",
    ] {
        assert!(codes(t).is_empty(), "{t}");
    }
    for seed in 0..20 {
        let t = format!("GET /revoke?token={}&callback=cb HTTP/1.1", random(ALNUM, 20, seed) + "9");
        assert_eq!(codes(&t), vec![TOKEN_PARAMETER], "{t}");
    }
}

/// Seeded random bytes, the first one opening base64 with a letter.
fn random_bytes(n: usize, seed: u64) -> Vec<u8> {
    let mut bytes: Vec<u8> = random(ALNUM, n, seed).bytes().map(|b| b.wrapping_mul(37)).collect();
    bytes[0] = b'k';
    bytes
}

/// Standard base64 with padding.
fn base64(data: &[u8]) -> String {
    let mut out = encode64(data);
    while !out.len().is_multiple_of(4) {
        out.push('=');
    }
    out
}

#[test]
fn a_setting_written_as_name_and_value_is_no_secret() {
    for t in [
        "processor: googlecloudsdk.command_lib.accesscontextmanager.levels:ParseAccessLevels:api_version=v1",
        "  - a.b.accesscontextmanager.levels:ParseReplaceAccessLevelsResponse:api_version=v1alpha",
        r#"    "policy_kind=PRINCIPAL_ACCESS_BOUNDARY", "policy_kind=ACCESS""#,
    ] {
        assert!(codes(t).is_empty(), "{t}");
    }
    for seed in 0..20 {
        let v = random(ALNUM, 24, seed) + "7";
        for t in [format!("api_key: {v}=="), format!("API_TOKEN={v}"), format!(r#"("api_key", "{v}")"#)] {
            assert_eq!(codes(&t), vec![KEYWORD_ASSIGNMENT], "{t}");
        }
    }
}

#[test]
fn a_call_with_keyword_arguments_or_a_template_is_code() {
    for t in [
        "        password_group = parser.add_group(required=required, mutex=True)",
        "        password_group = enc_group.add_group(mutex=True, required=True)",
        "    password = PasswordProperty(hashfunc=hashlib.sha224)",
        "Access Level. Format: `accessPolicies/{policy_id}`",
        "TOKENS = ('tokens', 'users/{userKey}/tokens/{clientId}', {},",
        "  API=util.VERSION_MAP.get(base.ReleaseTrack.GA)",
        "    data[\"password\"] = base64.b64encode(",
    ] {
        assert!(codes(t).is_empty(), "{t}");
    }
    // A random value with a dot and a bracket is no call.
    let t = "DB_PASSWORD=Kx7.q(9Lm#Zr2!pQ8wT4vB6nY1cH3sD5f";
    assert_eq!(codes(t), vec![KEYWORD_ASSIGNMENT], "{t}");
    for seed in 0..20 {
        let head = random(ALNUM, 5, seed) + "7";
        let tail = random(ALNUM, 6, seed + 100) + "3";
        for t in [format!("password={head}(x={tail}"), format!("\"password\": \"{head}{{8}}{tail}!\"")] {
            assert_eq!(codes(&t), vec![KEYWORD_ASSIGNMENT], "{t}");
        }
    }
}

#[test]
fn base64_of_an_example_or_of_prose_is_no_secret() {
    for t in [
        format!("BASIC_AUTH_ENCODING = \"{}\"", base64(b"username:password")),
        format!("BASIC_AUTH_ENCODING_SECRETLESS = \"{}\"", base64(b"username:")),
        format!("auth: '{}',", base64(b"isaacs:not my real password")),
        format!("password: '{}',", base64(b"not my real password")),
    ] {
        assert!(codes(&t).is_empty(), "{t}");
    }
    for seed in 0..20 {
        let pw = human_password(seed);
        for t in [
            format!("BASIC_AUTH = \"{}\"", base64(format!("deploy:{pw}").as_bytes())),
            format!("auth: '{}',", base64(&random_bytes(24, seed))),
        ] {
            assert_eq!(codes(&t), vec![KEYWORD_ASSIGNMENT], "{t}");
        }
    }
}

#[test]
fn page_cursors_request_signatures_and_key_ids_are_no_secrets() {
    for seed in 0..20 {
        let v = random(ALNUM, 25, seed) + "9";
        for t in [
            format!("Next page token: {v}"),
            format!("\"nextToken\": \"{v}\""),
            format!("<NextToken>{v}</NextToken>"),
            format!("{{\"page_token\": \"{v}\"}}"),
            format!("oauth_signature=\"{v}%3D\""),
            format!("keyid: \"SHA256:{v}\","),
        ] {
            assert!(codes(&t).is_empty(), "{t}");
        }
        for t in [
            format!("\"token\": \"{v}\""),
            format!("VAULT_CLIENT_TOKEN=\"s.{v}\""),
            format!("SIGNATURE_SECRET={v}"),
            format!("key: \"{v}\","),
        ] {
            assert!(!codes(&t).is_empty(), "{t}");
        }
    }
}

#[test]
fn tokens_typed_along_the_keyboard_are_made_up() {
    for t in [
        "'oauth_token_secret': '2kjshdfp92i34asdasd',",
        "'oauth_token=lsdkfol23w54jlksdef&oauth_token_secret=qwe089234lkjsdf&oauth_callback_confirmed=true'",
        "https://example.com/protected?access_token=kjfch2345sdf   # Query",
        "https://h.example/cb#access_token=sdlfkj452&state=ss345asyht&token_type=Bearer",
        "https://api.h.example/oauth/authorize?oauth_token=sdf0o9823sjdfsdf",
    ] {
        assert!(codes(t).is_empty(), "{t}");
    }
    // Generated tokens in lower case and digits, of any length, are
    // almost never read so (a pair of neighbouring letters is on the middle
    // row one time in eight), and hex never is.
    let base36 = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut mashed = 0;
    for seed in 0..3000 {
        let v = random(base36, 8 + (seed as usize % 25), seed);
        mashed += usize::from(placeholder::is_keyboard_mash(v.as_bytes()));
        let hex = random(b"0123456789abcdef", 32, seed);
        assert!(!placeholder::is_keyboard_mash(hex.as_bytes()), "{hex}");
    }
    assert!(mashed <= 15, "{mashed} of 3000");
    for v in ["k7wq2xpz4rtm9vbn3c", "x9r2tq7wm4z8p5nb6v"] {
        let t = format!("api_token: {v}");
        assert_eq!(codes(&t), vec![KEYWORD_ASSIGNMENT], "{t}");
        let t = format!("https://h.example/x?access_token={v}");
        assert_eq!(codes(&t), vec![TOKEN_PARAMETER], "{t}");
    }
    // A password typed along the keyboard is a password all the same.
    for t in ["DB_PASSWORD=asdfjkl123", "mysql -u app -pasdfgh1234 app", "password: lkjsdf2024"] {
        assert!(!codes(t).is_empty(), "{t}");
    }
}

#[test]
fn a_signed_url_format_is_no_signed_url() {
    for t in [
        "'{0}/{1}?GoogleAccessId={2}&Expires={3}&Signature={4}')",
        "_SIGNED_URL_FORMAT = ('https://{host}/{path}?x-goog-signature={sig}&'",
        "request.url += '&X-Amz-Signature=%s' % signature",
        "Algorithm= GOOG4-RSA-SHA256&X-Goog-Credential=example%40example-",
    ] {
        assert!(codes(t).is_empty(), "{t}");
    }
    for seed in 0..20 {
        let sig = random(ALNUM, 43, seed);
        for t in [
            format!("https://b.s3.amazonaws.com/k?X-Amz-Signature={sig}&X-Amz-Date=1"),
            format!("https://d.cloudfront.net/x?Expires=1&Signature={sig}&Key-Pair-Id=K1"),
            format!("https://a.blob.core.windows.net/c/b?sv=2022-11-02&sp=r&sig={sig}%3D"),
            format!("https://s.example/o?X-Goog-Signature=%d0{sig}"),
        ] {
            assert_eq!(codes(&t), vec![SIGNED_URL], "{t}");
        }
    }
}

#[test]
fn openssl_passwords_on_the_command_line_are_found() {
    for seed in 0..20 {
        let pw = human_password(seed);
        let generated = random(ALNUM, 14, seed) + "5";
        for pw in [&pw, &generated] {
            for t in [
                format!("openssl enc -aes-256-cbc -in a.txt -out a.enc -k {pw}"),
                format!("openssl enc -d -aes-256-cbc -pass pass:{pw} -in a.enc"),
                format!("openssl pkcs12 -export -in c.pem -inkey k.pem -passout 'pass:{pw}' -out c.p12"),
                format!("openssl rsa -in k.pem -passin pass:{pw} -out k2.pem"),
            ] {
                assert_eq!(codes(&t), vec![COMMAND_CREDENTIALS], "{t}");
            }
        }
    }
    for t in [
        "openssl rsa -in k.pem -passin env:KEY_PASS -out k2.pem",
        "openssl rsa -in k.pem -passin file:pw.txt -out k2.pem",
        "openssl rsa -passin stdin -in k.pem",
        "openssl enc -d -aes-256-cbc -in a.enc -k $PASSWORD",
        "openssl req -new -key k.pem -keyform PEM -out r.csr",
        "openssl enc -aes-256-cbc -k pass:<password> -in a",
    ] {
        assert!(codes(t).is_empty(), "{t}");
    }
}

#[test]
fn pgpass_lines_are_found() {
    for seed in 0..20 {
        let pw = human_password(seed);
        let generated = random(ALNUM, 18, seed);
        for pw in [&pw, &generated] {
            for t in [
                format!("db.internal:5432:app:app_user:{pw}"),
                format!("*:*:*:postgres:{pw}"),
                format!("localhost:*:app:replicator:{pw}\n"),
                format!("# ~/.pgpass\nprimary.db:6432:*:svc_ci:{pw}\nreplica.db:5432:*:svc_ci:{pw}"),
                format!("{{\"pgpass\": \"db:5432:app:app:{pw}\"}}"),
            ] {
                assert_eq!(codes(&t), vec![KEYWORD_ASSIGNMENT], "{t}");
            }
        }
    }
    for t in [
        "localhost:5432:*:replicator:$PGPASSWORD",
        "hostname:port:database:username:password",
        "host:5432:db:user:password",
        "a:*:b",
        "ports: [\"5432:5432\"]",
        "  - \"127.0.0.1:5432:5432\"",
        "log: 10.0.0.7:5432: connection refused by peer",
        "db:5432:app:app:<password>",
    ] {
        assert!(codes(t).is_empty(), "{t}");
    }
}
