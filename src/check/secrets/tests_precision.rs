//! Tests of `secrets`: what code, fixtures and manuals write under a
//! secret's name that is no secret, beside the leaks of the same place.

use super::tests::{ALNUM, codes, encode64, random};
use super::*;

pub(super) const BASE64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
pub(super) const HEX: &[u8] = b"0123456789abcdef";

/// A random token that mixes capitals, lower case and digits.
pub(super) fn token(n: usize, seed: u64) -> String {
    format!("Q7{}", random(ALNUM, n - 2, seed))
}

#[test]
fn the_words_before_a_password_name_it_and_do_not_make_it_a_setting() {
    for text in [
        "KEYSTORE_PASSWORD=Lantern-2031!",
        "export KEYSTORE_PASSWORD='Lantern-2031!'",
        "cache_password: Kx9mQ2zL7p",
        "keyfile_passphrase = \"Orbit#4471\"",
    ] {
        assert_eq!(codes(text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
    // The words after it still do.
    for text in ["password_file: /run/secrets/db", "keystore_password_path = /etc/app/ks.pw"] {
        assert!(codes(text).is_empty(), "{text}");
    }
    // And before any other keyword, as before.
    assert!(codes(&format!("keystore_key = \"{}\"", token(24, 1))).is_empty());
}

#[test]
fn hex_of_32_digits_or_more_needs_less_entropy_under_a_generic_name() {
    // Random hex of 32 reaches 3.5 bits four times in five: every seed
    // is found.
    for seed in 0..200 {
        for n in [32, 40, 64] {
            let text = format!("API_KEY={}", random(HEX, n, seed));
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
    // A counting test vector has less (2.8 bits), and shorter hex keeps
    // the generic bar.
    assert!(codes("key = \"000102030405060708090a0b0c0d0e0f\"").is_empty());
    assert!(codes("token = \"0a0b0c0d0e0f1011\"").is_empty());
}

#[test]
fn padded_base64_may_open_with_a_slash() {
    for seed in 0..20 {
        let key = format!("/{}=", random(BASE64, 42, seed));
        for text in
            [format!("API_KEY={key}"), format!("\"authToken\": \"{key}\""), format!("secret: '{key}'")]
        {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
    for text in [
        "secret: /run/secrets/app_token",
        "API_KEY=/etc/app/api.key",
        "token = /var/lib/app/tokens/Default01=",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn a_private_name_is_lower_case_a_token_that_opens_with_an_underscore_is_not() {
    for seed in 0..20 {
        let text = format!("\"token\": \"_{}\"", token(42, seed));
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
    for text in ["token = _mm512_sm4key4_epi32", "key: __pyx_k_token_2", "secret = _private_key_v2_impl"] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn a_name_and_its_value_in_two_fields_are_an_assignment() {
    let t = token(32, 3);
    for text in [
        format!("env:\n  - name: API_TOKEN\n    value: \"{t}\"\n"),
        format!("        - name: STRIPE_WEBHOOK_SECRET\n          value: {t}"),
        "{\"name\": \"DB_PASSWORD\", \"value\": \"Harbor#2291\"}".to_owned(),
        format!("{{\n  \"name\": \"apiKey\",\n  \"value\": \"{t}\",\n  \"slotSetting\": false\n}}"),
        format!("<property>\n  <name>fs.s3a.secret.key</name>\n  <value>{t}</value>\n</property>"),
    ] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
    for text in [
        "- name: API_TOKEN\n  valueFrom:\n    secretKeyRef:\n      name: app\n      key: token".to_owned(),
        "- name: API_TOKEN\n  value: ${API_TOKEN}".to_owned(),
        "{\"name\": \"token_ttl\", \"value\": \"3600\"}".to_owned(),
        format!("username: API_TOKEN\nvalue: {t}"),
        format!("- name: API_TOKEN\n  description: the token\n  value: {t}"),
        "<name>token.path</name>\n<value>/var/run/token</value>".to_owned(),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
}

#[test]
fn a_comma_after_a_closing_bracket_ends_a_call_not_a_name() {
    for text in [
        "if(r.open(i.type,i.url,i.async,i.username,i.password),i.xhrFields)for(n in i.xhrFields)",
        "f(secret_key),g.handlers[secret_key]",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    let t = token(30, 5);
    for text in [format!("os.getenv(\"API_KEY\", \"{t}\")"), format!("(\"api_key\"), \"{t}\"")] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn a_name_that_ends_in_id_in_capitals_is_an_identifier() {
    let t = random(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 40, 9);
    assert!(codes(&format!("tokenID={t}")).is_empty());
    assert!(codes(&format!("\"clientKeyID\": \"{t}\"")).is_empty());
    // A capital before `ID` is a word's end (`…_PAID`, `…VALID`), and an
    // account's SID is still public.
    assert_eq!(codes(&format!("TOKEN_PAID={t}")), vec![KEYWORD_ASSIGNMENT]);
    assert_eq!(codes(&format!("SECRET_VALID={t}")), vec![KEYWORD_ASSIGNMENT]);
    assert!(codes(&format!("TWILIO_ACCOUNT_SID=AC{}", random(HEX, 32, 2))).is_empty());
}

#[test]
fn a_name_that_says_the_value_is_made_up_is_a_fixture() {
    let t = token(40, 11);
    for name in
        ["invalid_key", "fakeToken", "WRONG_PASSWORD", "dummy_secret", "mock_api_key", "example_token"]
    {
        let text = format!("{name} = '{t}'");
        assert!(codes(&text).is_empty(), "{text}");
    }
    for name in ["valid_key", "FAKTURA_TOKEN", "api_key"] {
        let text = format!("{name} = '{t}'");
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn a_uuid_after_a_word_is_an_identifier_but_for_a_provider() {
    let uuid = "2e351785-e821-450c-9d58-625e1e1ebfb6";
    for text in [
        format!("\"Url\": \"http://calc.s3.amazonaws.com/c.html?key=cf-{uuid}\""),
        format!("<clientToken>token-{uuid}</clientToken>"),
        format!("session_token: sess_{uuid}"),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
    assert_eq!(codes(&format!("HEROKU_API_KEY={uuid}")), vec![KEYWORD_ASSIGNMENT]);
    let t = token(20, 4);
    assert_eq!(codes(&format!("api_key=cf-{t}")), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn basic_credentials_need_a_password_that_an_assignment_would_refuse() {
    for cred in ["alice:wonderland", "xuser:xpasswordx", "deploy:Onlyletters", "carol:"] {
        let text = format!("Authorization: Basic {}", encode64(cred.as_bytes()));
        assert!(codes(&text).is_empty(), "{cred}");
    }
    // A user, then bytes that are no text: a malformed header's test.
    let text = format!("Authorization: Basic {}", encode64(b"test:te\x7e\xb4"));
    assert!(codes(&text).is_empty());
    for seed in 0..20 {
        for cred in [format!("ci:{}", token(24, seed)), format!("alice:W0nderl4nd{}", seed % 10)] {
            let text = format!("Authorization: Basic {}", encode64(cred.as_bytes()));
            assert_eq!(codes(&text), vec![AUTHORIZATION_HEADER], "{cred}");
        }
        // Random bytes, as the public rule sets' samples are, are found.
        let bytes: Vec<u8> = random(ALNUM, 30, seed).bytes().map(|c| c.wrapping_mul(7)).collect();
        let text = format!("Authorization: Basic {}", encode64(&bytes));
        assert_eq!(codes(&text), vec![AUTHORIZATION_HEADER], "{text}");
    }
}

#[test]
fn a_dotted_path_of_words_is_a_name() {
    for text in
        ["oauth_creds: 'oauth2lib_3_1.client.OAuth2Session'", "token_cls = \"gcs2client.auth.OAuth2Token\""]
    {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..10 {
        let text = format!("token: \"{}.{}.{}\"", token(12, seed), token(9, seed + 1), token(20, seed + 2));
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn a_star_after_words_marks_a_field_not_a_password() {
    for text in ["    - *urn:ietf:params:oauth:token-type:refresh_token*", "\"password\": \"Password*\""] {
        assert!(codes(text).is_empty(), "{text}");
    }
    assert_eq!(codes("\"password\": \"Summer2024*\""), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn a_call_then_a_comment_is_code() {
    assert!(codes("    password=PasswordProperty()#hashfunc=hashlib.md5)").is_empty());
    assert_eq!(codes("password=Kx9#mQ2!zL"), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn a_letters_password_that_opens_a_sentence_is_prose() {
    assert!(codes("    passwd: Passphrase for encrypted private keys.").is_empty());
    assert!(codes("password: Kzqvbrtmwpl is what the form asks").is_empty());
    // At the end of its line, or after a tight `=`, it is a password.
    assert_eq!(codes("password: Kzqvbrtmwplx"), vec![KEYWORD_ASSIGNMENT]);
    assert_eq!(codes("login ok user=ci password=KzqvbrtmwPlx took 120ms"), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn an_example_word_after_a_user_is_an_example() {
    for text in
        ["Url(\"http\", auth=\"user%40email.com:password\", host=\"example.com\")", "auth: 'admin:changeme'"]
    {
        assert!(codes(text).is_empty(), "{text}");
    }
    // Example words joined into one password are a password: a URL that
    // carries one is withheld wherever it would be shown.
    for text in [
        "http://user:pass%20pass@complex.url.test.org/path",
        "https://bob:secret-password@files.acme.io/",
        "https://ci-bot:s3cr3t-pass@ci.example.com/runs/1",
        "http://user:pass%20W0rd9@files.acme.io/",
        "https://bob:passwordKx9@files.acme.io/",
        "auth=\"user%40email.com:Kx9mQ2zL7pW4\"",
    ] {
        assert!(!codes(text).is_empty(), "{text}");
    }
}

#[test]
fn a_credential_scope_alone_is_no_signed_url() {
    let scope =
        "X-Goog-Credential=svc%40acme.iam.gserviceaccount.com%2F20240101%2Fauto%2Fstorage%2Fgoog4_request";
    assert!(
        codes(&format!("https://storage.googleapis.com/b/o?{scope}&X-Goog-Date=20240101T000000Z")).is_empty()
    );
    assert!(
        codes("&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request").is_empty()
    );
    let signature = random(HEX, 64, 3);
    assert_eq!(
        codes(&format!("https://storage.googleapis.com/b/o?{scope}&X-Goog-Signature={signature}")),
        vec![SIGNED_URL]
    );
}

#[test]
fn pat_inside_a_word_in_capitals_is_no_name() {
    let t = token(24, 21);
    assert!(codes(&format!("INCOMPATIBLE: {t}")).is_empty());
    assert!(codes(&format!("SPATIAL={t}")).is_empty());
    assert_eq!(codes(&format!("GITHUB_PAT={t}")), vec![KEYWORD_ASSIGNMENT]);
    assert_eq!(codes(&format!("PAT: {t}")), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn a_quote_that_closes_the_name_before_a_blank_ends_the_literal() {
    assert!(codes("syn match x contained '\\%(NO\\)\\=PASSWD:' nextgroup=@cmnd2Spec skipwhite").is_empty());
    assert!(codes("print(\"token:\" + Kx9mQ2zL7pW4xR8)").is_empty());
    assert_eq!(codes("{'password':'Kx9mQ2zL7'}"), vec![KEYWORD_ASSIGNMENT]);
    assert_eq!(codes("\"password\":\"Kx9mQ2zL7\""), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn the_digits_in_a_row_are_a_keyboard_not_a_key() {
    assert!(codes("//  keys: `1234567890-=\\").is_empty());
    assert!(codes("api_key = \"a12345678b\"").is_empty());
    assert_eq!(codes(&format!("api_key = \"{}\"", token(20, 8))), vec![KEYWORD_ASSIGNMENT]);
    // A run beside more random text is part of a key all the same.
    assert_eq!(codes(&format!("api_key = \"{}1234567890\"", token(24, 8))), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn a_message_under_a_password_name_is_prose() {
    for text in [
        "\"passwordHint\": \"8+ characters, 1 number\"",
        "\"password_too_short\": \"Password must be at least 8 characters.\"",
        "passwordPlaceholder: \"Enter password (min. 8 chars)\"",
        "  password: \"Mot de passe (8 caractères min.)\",",
        "\"reset_password_sent\": \"We sent you a link (valid 24h).\"",
        "\"wrongPassword\": \"Wrong password!\"",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    // A password with a blank in it is still one.
    for text in [
        "\"password\": \"Kx9! mQ2z AbCd\"",
        "password = \"Kx9!mQ2z AbCd7%\"",
        "\"password\": \"Kx 9!Qm#42z\"",
    ] {
        assert_eq!(codes(text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn public_by_design_names_and_ssh_public_keys_are_no_secrets() {
    let t = token(32, 31);
    for text in [
        format!("<input type=\"hidden\" name=\"csrfmiddlewaretoken\" value=\"{t}\">"),
        format!("\"xsrfToken\": \"{t}\""),
        format!("csrf_token = \"{t}\""),
        format!("<div class=\"g-recaptcha\" data-sitekey=\"6L{t}\"></div>"),
        format!("    publishableKey: \"{t}\","),
        format!("keyHash: \"{t}=\""),
        format!("\"key_digest\": \"{t}\""),
        format!("  \"key\": \"AAAAB3NzaC1yc2EAAAADAQABAAABAQC{}\",", random(BASE64, 60, 2)),
        format!("  \"key\": \"AAAAC3NzaC1lZDI1NTE5AAAAI{}\"", random(BASE64, 43, 3)),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
    // The secrets beside them are not.
    for text in [
        format!("csrf_secret = \"{t}\""),
        format!("RECAPTCHA_SECRET_KEY={t}"),
        format!("ELASTICSEARCH_API_KEY={t}"),
        format!("  \"key\": \"AAAA{}\"", random(BASE64, 60, 4)),
    ] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn an_oauth1_callback_carries_a_request_token() {
    let (t, v) = (random(b"abcdefghijklmnopqrstuvwxyz0123456789", 12, 1), random(ALNUM, 11, 2));
    for text in [
        format!(">>> r = 'https://127.0.0.1/callback?oauth_token={t}&oauth_verifier={v}'"),
        format!("https://app.example/cb?oauth_verifier={v}&oauth_token={t}"),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
    // Elsewhere, and in the next URL, the token is one.
    for text in [
        format!("https://api.acme.io/1/statuses?oauth_token={t}"),
        format!("https://api.acme.io/1/me?oauth_token={t} https://app.example/cb?oauth_verifier={v}"),
    ] {
        assert_eq!(codes(&text), vec![TOKEN_PARAMETER], "{text}");
    }
}

#[test]
fn where_a_secret_is_kept_and_what_names_it_are_no_secret() {
    for text in [
        // A secret manager's resource, a vault's path.
        "  $ gcloud eventarc kafka-sources create src --sasl-password='projects/123/secrets/my-secret/versions/1'",
        "--sasl-password=projects/12345/secrets/kafka-pass/versions/latest",
        "password: secret/data/app/db-creds",
        // A module's path at a sentence's end; a heading after the name.
        "      credentials: oauth2client.client.OAuth2Credentials.",
        "      _password: DEPRECATED: For improved security, specify the password in the",
        // A wildcard, then a reference.
        "  --keys='*@Schema.column1'",
        // A type's path, a camelCase name ending in Authorization.
        r#"  "AWS::EKS::AccessEntry": "6eb6ba186799e7f3","#,
        r#"  "AWS::Redshift::EndpointAuthorization": "e72be424d109da1d","#,
        // An ARN's parts, and one read as a `.pgpass` line.
        r#""ARN": "arn:aws:secretsmanager:us-west-2:123456789012:secret:MyTestSecret-a1b2c3","#,
        r#""Resource":"arn:*:elasticloadbalancing:*:*:targetgroup/refactor-spaces-tg-*","#,
        // A password that says so, an identifier holding the word.
        r#""Password": "webdavgeneratedpassword2","#,
        "  $ {command} my-instance --location=us-east4 --password=123Abpassword",
        "    passwd: HTTPPasswordMgr",
        // A file's name, a folder's.
        r#""S3Key": "my-app/22a0-stage-150819_185942.war""#,
        r#""S3Key": "867139942017-PHIDetection-4750034166536cdb52ffa3295a1b00a3/""#,
        // RFC 6750's sample bearer token.
        "   Authorization: Bearer mF_9.B5f-4.1JqM",
        // A signed URL's template, an AWS key id marked as an example.
        "https://b.s3.amazonaws.com/k?X-Amz-Security-Token=[token]&X-Amz-Algorithm=AWS4-HMAC-SHA256",
        "aws_access_key_id = AKIAEXAMPLE123456789",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        let t = token(28, seed);
        let part = |s: u64| random(ALNUM, 7, seed * 8 + s);
        for (text, code) in [
            // Parts that are no words, a token and a full stop.
            (format!("password: {}/{}/{}/{}", part(1), part(2), part(3), part(4)), KEYWORD_ASSIGNMENT),
            (format!("credentials: {t}."), KEYWORD_ASSIGNMENT),
            (format!("secret = \"*@{t}\""), KEYWORD_ASSIGNMENT),
            // A name that is no type's path, a header of its own.
            (format!(r#""AccessKey": "{t}""#), KEYWORD_ASSIGNMENT),
            (format!("Authorization: {t}"), AUTHORIZATION_HEADER),
            (format!("Proxy-Authorization: Bearer {t}"), AUTHORIZATION_HEADER),
            (format!("secret:{t}"), KEYWORD_ASSIGNMENT),
            // The word capitalised at the start is a password's.
            (format!(r#""password": "Password{}!""#, random(b"0123456789", 4, seed)), KEYWORD_ASSIGNMENT),
            (format!("api_key = \"{t}/\""), KEYWORD_ASSIGNMENT),
            (
                format!("aws_access_key_id = AKIA{}", random(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16, seed)),
                AWS_ACCESS_KEY,
            ),
        ] {
            assert!(codes(&text).contains(&code.as_str()), "{text}");
        }
        // A `.pgpass` line has five fields; a sixth makes it none.
        let pw = format!("Kx{}9", random(ALNUM, 10, seed));
        assert_eq!(codes(&format!("db.internal:5432:app:app_user:{pw}")), vec![KEYWORD_ASSIGNMENT.as_str()]);
        assert!(codes(&format!("arn:*:svc:*:*:{pw}:x")).is_empty());
    }
}

#[test]
fn a_manuals_private_key_is_marked_or_cut_short() {
    let body: Vec<String> = (0..4).map(|i| random(BASE64, 64, i)).collect();
    let key = |lines: &[String]| {
        format!("-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----", lines.join("\n"))
    };
    assert_eq!(codes(&key(&body)), vec![PRIVATE_KEY.as_str()]);
    let mut marked = body.clone();
    marked[0].replace_range(0..7, "EXAMPLE");
    assert!(codes(&key(&marked)).is_empty());
    let cut = vec![format!("{}...{}", &body[0][..40], &body[3][..8])];
    assert!(codes(&key(&cut)).is_empty());
}

#[test]
fn a_tests_header_a_glob_and_a_list_of_constants_are_no_secret() {
    for text in [
        "conn.putheader('Authorization', 'Bearer mytoken')",
        "self.assertIn(b'Authorization: Bearer mytoken', conn._buffer)",
        // A user's name alone, no colon and no password.
        "[('Authorization', 'Basic dXNlcg==')], {}))",
        ";*passwd:*all*authentication*tokens*updated*successfully*",
        "              'cast_key_st', 'X509_HASH_DIR_CTX', 'sigevent',",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        let t = token(24, seed);
        let lower = random(b"abcdefghijklmnopqrstuvwxyz", 20, seed);
        let user = format!("ci:{}", random(ALNUM, 16, seed));
        for (text, code) in [
            (format!("Authorization: Bearer {t}"), AUTHORIZATION_HEADER),
            (format!("Authorization: Bearer {lower}"), AUTHORIZATION_HEADER),
            (format!("Authorization: Basic {}", encode64(user.as_bytes())), AUTHORIZATION_HEADER),
            (format!("Authorization: Basic {}", random(BASE64, 40, seed)), AUTHORIZATION_HEADER),
            (format!("passwd: *{t}*"), KEYWORD_ASSIGNMENT),
            (
                format!("getenv('api_key', '{}')", random(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 32, seed)),
                KEYWORD_ASSIGNMENT,
            ),
        ] {
            assert!(codes(&text).contains(&code.as_str()), "{text}");
        }
    }
}
