//! Tests of `secrets`: what drivers', SDKs' and proxies' sources carry in
//! a credential's place and is none (a variable as a header's value, a
//! stand-in that says what it stands for, a masked value, a reference to
//! an environment variable, a rate limit, a comparison, a nested setting,
//! a label, a documented default), each beside the leak written in the
//! same place.

use super::tests::{ALNUM, codes, random};
use super::tests_precision::{BASE64, HEX, token};

/// A password someone chose: letters, digits and symbols.
fn password(seed: u64) -> String {
    format!("Qv{}#{}", random(ALNUM, 9, seed), random(ALNUM, 3, seed + 70))
}

/// Each text is refused.
pub(super) fn all_refused(texts: &[String]) {
    for text in texts {
        assert!(!codes(text).is_empty(), "{text}");
    }
}

/// No text is refused.
pub(super) fn none_refused(texts: &[&str]) {
    for text in texts {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn a_headers_value_that_is_a_name_or_a_stand_in_is_no_credential() {
    none_refused(&[
        r#"            "X-Api-Key": humanloop_api_key,"#,
        r#"        return {**headers, "x-goog-api-key": resolved_api_key}"#,
        r#"    "api-key": APIKeyAuth,"#,
        r#"    Some(json!({"X-Custom-Header": "from-kwargs", "X-Auth-Token": "token123"})),"#,
        r#"    ("authorization", "Bearer sk-ant-oat01-fake-token"),"#,
        r#"    Some(("Authorization", "sk-ant-oat01-env")),"#,
        r#"  -H 'Authorization: Bearer sk-xxx' \"#,
        "  - x-mcp-deepwiki-authorization: Basic base64_encoded_creds",
        "/// The OAuth token a caller forwarded as `Authorization: Bearer sk-ant-oat…`.",
        r#"    {"Authorization": "Bearer os.environ/COHERE_API_KEY"}"#,
    ]);
    for seed in 0..10 {
        let t = token(32, seed);
        all_refused(&[
            format!(r#"            "X-Api-Key": "{t}","#),
            format!(r#"  "X-Api-Key": {t}"#),
            format!(r#"    ("authorization", "Bearer sk-ant-oat01-{t}"),"#),
            format!(r#"    Some(("Authorization", "{t}")),"#),
            format!(r#"  -H 'Authorization: Bearer {t}' \"#),
        ]);
    }
}

#[test]
fn a_query_or_a_userinfo_that_says_what_stands_there_is_a_tests() {
    none_refused(&[
        r#"    .write_all(b"GET /?token=test_token_value HTTP/1.1\r\nHost: localhost\r\n\r\n")"#,
        r#"    .write_all(b"GET /?token=legitimate_token HTTP/1.1\r\n")"#,
        r#"    #[case::query_param("GET /v1?api_key=secret123&x=1", "GET /v1?REDACTED&x=1")]"#,
        r#"    url: SecretValue::new("redis://user:credential-value@cache:6379/0"),"#,
        "    return 'mssql+pymssql://%(username)s:%(password)s@%(server)s:%(port)s/%(database)s' % dict(",
        "    SSH endpoint of the Job, e.g. `\"ssh://687fb701029421ae5549d998@ssh.hf.jobs\"`.",
    ]);
    for seed in 0..10 {
        let (t, p) = (token(32, seed), password(seed));
        all_refused(&[
            format!(r#"    .write_all(b"GET /?token={t} HTTP/1.1\r\n")"#),
            format!(r#"    "GET /v1?api_key={t}&x=1""#),
            format!(r#"    url: SecretValue::new("redis://user:{}@cache:6379/0"),"#, p.replace('#', "%23")),
            format!("    git clone https://{}@github.example.org/acme/app.git", random(HEX, 40, seed)),
            format!("    sftp://deploy:{}@files.internal:22/upload", p.replace('#', "!")),
        ]);
    }
}

#[test]
fn a_masked_value_a_reference_or_a_rate_limit_is_no_password() {
    none_refused(&[
        r#"    #    "redis_password": "very****pass","#,
        "    api_key: os.environ/E2B_API_KEY",
        r#"        "change_password": "5/m/user",  # nosec"#,
        r#"        "reset_password": "20/m/ip,5/m/key","#,
        r#"    "AZURE_SAS_TOKEN": "sv=2099-01-01&sig=mock-sig&se=2099-12-31""#,
    ]);
    for seed in 0..10 {
        let (t, p) = (token(32, seed), password(seed));
        all_refused(&[
            format!(r#"    "redis_password": "{p}","#),
            format!("    api_key: {t}"),
            format!(r#"        "change_password": "{p}","#),
            format!(
                r#"    "AZURE_SAS_TOKEN": "sv=2099-01-01&sig={}%3D&se=2099-12-31""#,
                random(ALNUM, 43, seed)
            ),
        ]);
    }
}

#[test]
fn a_comparison_a_nested_setting_a_label_or_the_next_key_is_code() {
    none_refused(&[
        "  assert( flags==SQLITE_ACCESS_EXISTS || flags==SQLITE_ACCESS_READWRITE );",
        r#"        "(COMPLEX_KEY=(SUB_VALUE_A=5)(SUB_VALUE_B=(SUB_SUB_A=6)))","#,
        r#"n})=>"password"===e.field_type?(0,s.jsx)(e$.f,{...n,value:t})"#,
        r#"{"email":"Email Address","password":{"label":"Password","resetHint":"Enter your new password","signUpHint":"Create a password for your account"},"loading":"loading"}"#,
        r#"label":"auth-basic-username",onChange:this.onChange,autoFocus:!0}))),Re.createElement(w,null,Re.createElement("label",{htmlFor:"auth-basic-password"},"Password:"),o?Re.createElement("code",null," ****** "):Re.createElement(x,null,Re.createElement(_,{id:"auth-basic-password",autoComplete:"new-passwor"#,
    ]);
    for seed in 0..10 {
        let (t, p) = (token(32, seed), password(seed));
        all_refused(&[
            format!("  SQLITE_ACCESS_KEY={t}"),
            format!(r#"        "(COMPLEX_KEY={t})","#),
            format!(r#"if (token === "{t}") {{"#),
            format!(r#"{{"user":"ops","password":"{p}","next":"done"}}"#),
            format!(r#"{{"label":"Password:","password":"{p}"}}"#),
        ]);
    }
}

#[test]
fn a_documented_default_or_a_value_that_says_password_is_a_manuals() {
    none_refused(&[
        "    - SA_PASSWORD=YourStrong!Passw0rd",
        "    password = Password12!",
        "    SA_PASSWORD: sqlServerPassw0rd",
        r#"    "Here is my API token: sk-abc123def456","#,
    ]);
    for seed in 0..10 {
        let p = password(seed);
        all_refused(&[
            format!("    - SA_PASSWORD={p}"),
            format!("    password = {p}"),
            format!("    SA_PASSWORD: P{p}"),
            format!(
                r#"    "Here is my API token: sk-{}","#,
                random(BASE64, 48, seed).replace(['+', '/'], "x")
            ),
        ]);
    }
}
