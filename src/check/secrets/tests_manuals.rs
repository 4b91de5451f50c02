//! Tests of `secrets`: what libraries' manuals, type declarations and
//! bundled code write under a secret's name, each beside a leak of the same
//! shape that is still found.

use super::tests::{ALNUM, codes, random};
use super::*;

/// A random token that mixes capitals, lower case and digits.
fn token(n: usize, seed: u64) -> String {
    format!("Q7{}", random(ALNUM, n - 2, seed))
}

#[test]
fn products_default_passwords_and_words_before_them_are_examples() {
    for text in [
        "engine = create_engine(\"postgresql+psycopg2://scott:tiger@localhost/test\")",
        "url: \"redis://alice:foobared@cache.acme.io:6380\"",
        "sqla+mysql://root:masterkey@db.internal/",
        "sqlite+pysqlcipher://:passphrase@/file_path",
        "parse('postgres://someuser:somepassword@somehost:381/somedatabase')",
        "https://bob:yourPassword@files.acme.io/",
        "amqp://guest:dummysecret1@broker:5672/",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    // A chosen password beside such a user, or such a word beside a
    // random part, is a password.
    for seed in 0..10 {
        let pw = random(ALNUM, 12, seed);
        for text in [
            format!("postgresql://scott:{pw}@localhost/test"),
            format!("redis://alice:foobared{pw}@cache.acme.io:6380"),
            format!("https://bob:some{pw}@files.acme.io/"),
        ] {
            assert_eq!(codes(&text), vec![URL_USERINFO], "{text}");
        }
    }
}

#[test]
fn names_in_capitals_in_userinfo_stand_in_for_values() {
    assert!(codes("azureservicebus://SAS_POLICY_NAME:SAS_KEY@SERVICE_BUSNAMESPACE").is_empty());
    assert_eq!(codes("amqps://RootManage:Kx9mQ2zL7pW4vB@bus.acme.io"), vec![URL_USERINFO]);
}

#[test]
fn a_token_body_padded_out_with_one_character_is_made_up() {
    for text in [
        "createTokenAuth(\"ghp_PersonalAccessToken01245678900000000\");",
        "token: 'ghs_InstallallationOrActionToken00000000',",
        "const TOKEN = \"ghu_InstallationUserToServer000000000000\";",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..50 {
        let text = format!("const TOKEN = \"ghp_{}\";", random(ALNUM, 36, seed));
        assert_eq!(codes(&text), vec![GITHUB_TOKEN], "{text}");
    }
}

#[test]
fn a_header_of_a_manual_s_password_or_of_code_is_no_credential() {
    for text in [
        "authorization: \"bearer secret123\",",
        "headers: { authorization: 'token secret123' }",
        "return { headers: { 'X-Goog-Api-Key': this.apiKey } };",
        "return buildHeaders([{ 'api-key': this.apiKey }]);",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..10 {
        let t = token(32, seed);
        for text in
            [format!("authorization: \"bearer {t}\","), format!("headers: {{ 'X-Goog-Api-Key': '{t}' }}")]
        {
            assert_eq!(codes(&text), vec![AUTHORIZATION_HEADER], "{text}");
        }
        // A JWT's parts are joined by dots too, and are no words.
        let jwt_like = format!("{}.{}", token(20, seed), token(24, seed + 100));
        assert!(!codes(&format!("X-Api-Key: {jwt_like}")).is_empty(), "{jwt_like}");
    }
}

#[test]
fn a_name_given_to_a_call_is_the_call_s_argument() {
    let hex = random(b"0123456789abcdef", 64, 3);
    assert!(codes(&format!("computeHMACSignature('', 'test_secret') => '{hex}'")).is_empty());
    // A PHP array's arrow, a list after a call, an index: assignments.
    let t = token(30, 5);
    for text in [
        format!("['api_key' => '{t}']"),
        format!("(\"api_key\"), \"{t}\""),
        format!("os.environ['API_KEY'] = '{t}'"),
    ] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn declarations_constants_calls_and_negations_are_code() {
    for text in [
        "Passphrase: PassphraseBlob;",
        "KdcAdminPassword: XmlStringMaxLen256;",
        "password: URLPatternComponentResult;",
        "objectKey: __stringMin1Max1024PatternSS;",
        "password_prompt = PKCS11_DEFAULT_PROMPT",
        "test_pass = async_to_sync(test_func)(request.user)",
        "krb5_password = descriptor.details.container.env_dict()[KRB5_PASSWORD_ENV]",
        "this.passwordRequired = !response.enableEmailLinkSignin;",
        "Password:function(t){return t}",
        "\"api-report\": \"TS_NODE_COMPILER_OPTIONS='{}' ts-node extract.ts\"",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..10 {
        let t = token(24, seed);
        for text in [
            format!("  password: {t};"),
            format!("  Passphrase: Kx{}Blob;", random(ALNUM, 12, seed)),
            format!("DB_PASSWORD={t}"),
            format!("password = \"{t}\""),
            format!("api_key = '{t}'"),
        ] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
    // A tight `NAME=` keeps a value in capitals a literal.
    assert_eq!(codes("DB_PASSWORD=QX7_KPZ9_WRT4M"), vec![KEYWORD_ASSIGNMENT]);
    assert!(codes("DB_PASSWORD = QX7_KPZ9_WRT4M").is_empty());
}

#[test]
fn a_value_that_names_what_it_stands_for_is_made_up() {
    for text in [
        "\"Password\": \"SomeKindOfPassword123!@#\",",
        "\"termToken\": \"term-token-gPFEGk7CF4wS901w7ppYclt7\"",
        "\"BAD_PASSPHRASE\": \"GpgBadPassphrase\",",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..10 {
        let body = random(ALNUM, 43, seed);
        // A provider's prefix that says `secret` opens the value.
        let text = format!("NOTION_TOKEN=secret_{body}");
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        // What people choose: the word first.
        let text = format!("\"password\": \"Password{}!\"", random(b"0123456789", 4, seed));
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn identifiers_pages_fingerprints_and_resource_names_are_no_secret() {
    let t = token(40, 9);
    for text in [
        "Specify the key ID or key ARN. For example:   Key ID: mrk-1234abcd12ab34cd56ef1234567890ab"
            .to_owned(),
        "Access point alias:  test-ap-ab123cd".to_owned(),
        format!("\"NextContinuationToken\": \"{t}==\","),
        "- Release GPG key: F3EF5F62A87FC27A22E643F714CE4FF5015AA242".to_owned(),
        "\"ARN\": \"aws:arn:secretsmanager:us-west-2:123456789012:secret:MyTestDatabaseSecret-a1b2c3\""
            .to_owned(),
        "\"ARN\": \"&region-arn;&asm-service-name;:us-west-2:&ExampleAccountId;:secret:MySecret1-a1b2c3\""
            .to_owned(),
        "*urn:ietf:params:oauth:token-type:id_token*, or *urn:ietf:params:oauth:token-type:saml2*."
            .to_owned(),
        format!("<img src=\"https://badges.openbase.com/js/rating/x.svg?token={t}\">"),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
    // The same words before a key that is one.
    for text in [
        format!("GPG_PRIVATE_KEY={t}"),
        format!("\"SessionToken\": \"{t}\""),
        format!("Key: {t}"),
        format!("https://api.acme.io/v1/items?token={t}"),
    ] {
        assert!(!codes(&text).is_empty(), "{text}");
    }
}

#[test]
fn a_parameter_of_words_in_lower_case_is_a_manual_s() {
    for text in [
        "https://codeload.github.com/me/myprivate/legacy.zip/master?login=me&token=thistokenexpires",
        "body: 'grant_type=somesensitivedata&assertion=somesensitivedata&client_secret=data'",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        // Random lower case letters: five consonants in a row, or no
        // words, tell them.
        let t = random(b"abcdefghijklmnopqrstuvwxyz", 32, seed);
        let text = format!("https://api.acme.io/v1/items?access_token={t}");
        assert_eq!(codes(&text), vec![TOKEN_PARAMETER], "{text}");
    }
    // A password may be a word.
    assert_eq!(codes("https://acme.io/login?password=lantern"), vec![TOKEN_PARAMETER]);
}

#[test]
fn the_storage_emulator_s_account_key_is_public() {
    let key = super::tests::encode64(random(ALNUM, 64, 4).as_bytes());
    let emulator = format!(
        "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={key};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"
    );
    assert!(codes(&emulator).is_empty(), "{emulator}");
    let real = format!(
        "DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey={key};EndpointSuffix=core.windows.net"
    );
    assert_eq!(codes(&real), vec![CONNECTION_STRING], "{real}");
}

#[test]
fn a_name_that_ends_in_identifier_names_an_identifier() {
    let uuid = "6b9e2c1a-4f3d-4e8b-9a7c-2d5f8e1b3c4a";
    let text = format!("e._sentryDebugIdIdentifier=\"sentry-dbid-{uuid}\"");
    assert!(codes(&text).is_empty(), "{text}");
    // A name that only holds the word before the keyword is a secret's.
    let t = token(32, 7);
    let text = format!("IDENTIFIER_SECRET=\"{t}\"");
    assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
}

/// A line of minified code around `middle`, a kilobyte and more on either
/// side.
fn minified(middle: &str) -> String {
    let code = "function(e,t){var n=e.length;for(var r=0;r<n;r++){t(e[r],r)}return t};";
    format!("{}{middle};{}", code.repeat(20), code.repeat(20))
}

#[test]
fn in_minified_code_a_secret_is_a_string_literal() {
    for middle in ["a.password=value}", "key||2===child._store", "apiResolver\",NextSpan.internalFetch=p"] {
        let text = minified(middle);
        assert!(codes(&text).is_empty(), "{middle}");
    }
    for seed in 0..10 {
        let t = token(32, seed);
        // A literal is read as anywhere else.
        let text = minified(&format!("var apiKey=\"{t}\""));
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{t}");
        // A bare value on a line of a shell script, of a log or of prose,
        // however long, is read as before.
        let shell = format!(
            "{}export DB_PASSWORD={t}; {}",
            "cd /srv/app && make build; ".repeat(60),
            "ls -l; ".repeat(60)
        );
        assert_eq!(codes(&shell), vec![KEYWORD_ASSIGNMENT], "{t}");
        // And so is one in compact JSON: it has no `;` and no brackets.
        let json = format!("{}\"password\":\"{t}\"{}", "{\"a\":{\"b\":1},".repeat(80), "}".repeat(80));
        assert_eq!(codes(&json), vec![KEYWORD_ASSIGNMENT], "{t}");
    }
}
