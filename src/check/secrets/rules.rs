//! The rule table: each rule's anchor (what the one pass looks for) and
//! its exact check (what runs only where the anchor stands).

use super::*;

/// One anchor: lower-case text the pass finds in any case, and the rule
/// to check where it stands.
#[derive(Debug, PartialEq)]
pub(super) struct Anchor {
    pub text: &'static [u8],
    pub rule: Rule,
}

/// What to check at an anchor.
#[derive(Debug, PartialEq)]
pub(super) enum Rule {
    /// `://`: a password or a token in the URL userinfo.
    Scheme,
    /// `?`, `&`, `#`: a URL parameter.
    Parameter,
    /// A provider prefix, matched with its case, at a word start.
    Token(Shape),
    /// An AWS access key id prefix.
    AwsKeyId,
    /// `ey`: a JWT.
    Jwt,
    /// `zxlk`: a base64-wrapped JWT.
    JwtBase64,
    /// `ls0tls1crudjti`: a base64-wrapped PEM block.
    PemBase64,
    /// `-----begin`: a PEM block.
    Pem,
    /// `authorization`: an `Authorization:` header.
    Authorization,
    /// An API-key header name.
    KeyHeader,
    /// `hooks.slack.com/`.
    SlackHook,
    /// A Discord webhook path.
    DiscordHook,
    /// A Microsoft Teams / Office 365 webhook path.
    TeamsHook,
    /// `:a`: a Telegram bot token (`123456789:AA…`).
    Telegram,
    /// `q~`: an Azure AD client secret.
    AzureClientSecret,
    /// `azdo`: an Azure DevOps personal access token (76 characters,
    /// `AZDO`, 4 more).
    AzureDevOps,
    /// `<add key=`: a NuGet.config `ClearTextPassword`.
    NugetPassword,
    /// `curl`: `-u user:password`, `-H 'Authorization: …'`.
    Curl,
    /// A call that logs in, its anchor ending at the bracket: a user's
    /// name, then a password, as literals (`login("u", "…")`).
    LoginCall,
    /// `:5432:`, `:*:`: a `.pgpass` line (`host:port:database:user:password`).
    Pgpass,
    /// A command that takes a password in a short flag (`mysql -pPASSWORD`,
    /// `sshpass -p PASSWORD`, `docker login -p …`, `redis-cli -a …`).
    Command(Command),
    /// `.run(`: a bot token given to a client's `run`.
    BotRun,
    /// A blank, a quote, `=`, `:`, `(` or `>`, then `MT`, `Mj`, `Mz`, `ND`,
    /// `NT`, `Nj`, `Nz`, `OD` or `OT`: the base64 of a bot's id (digits,
    /// the first not `0`) may open there, a bare Discord bot token.
    DiscordBot,
    /// A quote and `ac`: a Twilio account SID and, beside it in the same
    /// call, its auth token.
    SidCall,
    /// A name word of a keyword assignment (`*_KEY=`, `password:` …).
    Keyword(Word),
    /// A name word that ends a name, with the byte after it (`pass=`,
    /// `pass:`): found only where the name ends, not inside the words it
    /// begins (`passed`).
    KeywordThen(Word),
    /// `%`: a percent escape, if two hex digits follow; the text is then
    /// scanned again, decoded.
    Percent,
}

/// How much evidence a keyword's name gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Word {
    /// `key`, `secret`, `token`, `auth`, `credential`, ...
    Generic,
    /// `passw`, `pwd`, `passphrase`: a password may be short and symbol-rich.
    Password,
    /// A provider's name (`cloudflare`, `twilio`, ...): the value need not
    /// be as random as for a generic name.
    Provider,
}

/// The commands whose short flags carry a password, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Command {
    /// `-pPASSWORD`, attached (`-p` alone asks for it).
    Mysql,
    /// `-p PASSWORD` or `-pPASSWORD`.
    Sshpass,
    /// `-p PASSWORD` after `docker login`.
    DockerLogin,
    /// `-a PASSWORD`.
    RedisCli,
    /// `-p PASSWORD` after `az login`, `mongo`, `mongosh`.
    Apart,
    /// `-P PASSWORD` (`sqlcmd`).
    Sqlcmd,
    /// `-k PASSWORD`, and `pass:PASSWORD` after `-pass`, `-passin` or
    /// `-passout` (`openssl`).
    Openssl,
    /// `-w PASSWORD` (`ldapsearch`, `ldapmodify`, `ldapadd`, ...).
    Ldap,
    /// The last of its words after `-b` (`htpasswd -bc FILE USER PASSWORD`,
    /// `htpasswd -bn USER PASSWORD`).
    Htpasswd,
    /// The word after SQL's `IDENTIFIED BY`.
    IdentifiedBy,
    /// `configure set NAME VALUE` (the AWS CLI's) where the name says
    /// secret, token or password.
    ConfigureSet,
}

/// The characters a token body may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Body {
    /// `[A-Za-z0-9]`
    Alnum,
    /// `[a-z0-9]`
    LowerAlnum,
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
    /// `[0-9a-fA-F]`
    Hex,
    /// `[A-Za-z0-9+/=]`
    Base64,
    /// `[A-Za-z0-9_.=-]`
    Dotted,
}

impl Body {
    pub(super) fn allows(self, c: u8) -> bool {
        match self {
            Body::Alnum => c.is_ascii_alphanumeric(),
            Body::LowerAlnum => c.is_ascii_lowercase() || c.is_ascii_digit(),
            Body::Word => is_word(c),
            Body::Url64 => is_b64url(c),
            Body::AlnumDash => c.is_ascii_alphanumeric() || c == b'-',
            Body::Slack => c.is_ascii_alphanumeric() || b"-/+".contains(&c),
            Body::Alpha => c.is_ascii_alphabetic(),
            Body::Hex => c.is_ascii_hexdigit(),
            Body::Base64 => c.is_ascii_alphanumeric() || b"+/=".contains(&c),
            Body::Dotted => is_b64url(c) || c == b'.' || c == b'=',
        }
    }
}

/// A provider token: its prefix as written, its body and length.
#[derive(Debug, PartialEq)]
pub(super) struct Shape {
    pub prefix: &'static [u8],
    pub code: crate::diagnostic::Code,
    pub body: Body,
    pub min: usize,
    pub max: usize,
    /// The body must mix upper case, lower case and digits.
    pub mixed: bool,
}

const fn t(
    prefix: &'static [u8],
    lower: &'static [u8],
    code: crate::diagnostic::Code,
    body: Body,
    min: usize,
    max: usize,
) -> Anchor {
    Anchor { text: lower, rule: Rule::Token(Shape { prefix, code, body, min, max, mixed: false }) }
}

const fn tm(
    prefix: &'static [u8],
    lower: &'static [u8],
    code: crate::diagnostic::Code,
    body: Body,
    min: usize,
    max: usize,
) -> Anchor {
    Anchor { text: lower, rule: Rule::Token(Shape { prefix, code, body, min, max, mixed: true }) }
}

const fn a(text: &'static [u8], rule: Rule) -> Anchor {
    Anchor { text, rule }
}

const fn kw(text: &'static [u8], word: Word) -> Anchor {
    Anchor { text, rule: Rule::Keyword(word) }
}

/// Every anchor. Where one token prefix starts another, the longer comes
/// first (`sk-ant-` before `sk-`): at one place only the first token whose
/// prefix matches is checked.
pub(super) static ANCHORS: &[Anchor] = &[
    a(b"://", Rule::Scheme),
    a(b"?", Rule::Parameter),
    a(b"&", Rule::Parameter),
    a(b"#", Rule::Parameter),
    a(b"%", Rule::Percent),
    // Source hosts and CI.
    t(b"ghp_", b"ghp_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    t(b"gho_", b"gho_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    t(b"ghu_", b"ghu_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    t(b"ghs_", b"ghs_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    t(b"ghr_", b"ghr_", GITHUB_TOKEN, Body::Alnum, 36, 255),
    t(b"github_pat_", b"github_pat_", GITHUB_TOKEN, Body::Word, 22, 255),
    t(b"glpat-", b"glpat-", GITLAB_TOKEN, Body::Dotted, 20, 320),
    t(b"glptt-", b"glptt-", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"gldt-", b"gldt-", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"glrt-", b"glrt-", GITLAB_TOKEN, Body::Dotted, 20, 320),
    t(b"glft-", b"glft-", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"glsoat-", b"glsoat-", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"glcbt-", b"glcbt-", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"glimt-", b"glimt-", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"glagent-", b"glagent-", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"gloas-", b"gloas-", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"glffct-", b"glffct-", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"GR1348941", b"gr1348941", GITLAB_TOKEN, Body::Url64, 20, 255),
    t(b"_gitlab_session=", b"_gitlab_session=", GITLAB_TOKEN, Body::LowerAlnum, 32, 32),
    tm(b"ATBB", b"atbb", PROVIDER_TOKEN, Body::Alnum, 32, 32),
    t(b"sqp_", b"sqp_", PROVIDER_TOKEN, Body::Hex, 40, 40),
    t(b"squ_", b"squ_", PROVIDER_TOKEN, Body::Hex, 40, 40),
    t(b"sqa_", b"sqa_", PROVIDER_TOKEN, Body::Hex, 40, 40),
    t(b"eyJ0eXAiOiAiVENWMiJ9.", b"eyj0exaioiaivenwmij9.", PROVIDER_TOKEN, Body::Dotted, 85, 85),
    // Chat.
    t(b"xoxb-", b"xoxb-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    t(b"xoxp-", b"xoxp-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    t(b"xoxa-", b"xoxa-", SLACK_TOKEN, Body::AlnumDash, 8, 255),
    t(b"xoxr-", b"xoxr-", SLACK_TOKEN, Body::AlnumDash, 8, 255),
    t(b"xoxs-", b"xoxs-", SLACK_TOKEN, Body::AlnumDash, 8, 255),
    t(b"xoxo-", b"xoxo-", SLACK_TOKEN, Body::AlnumDash, 8, 255),
    t(b"xoxe.xoxp-", b"xoxe.xoxp-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    t(b"xoxe.xoxb-", b"xoxe.xoxb-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    t(b"xoxe-", b"xoxe-", SLACK_TOKEN, Body::AlnumDash, 20, 255),
    t(b"xapp-", b"xapp-", SLACK_TOKEN, Body::Slack, 8, 255),
    a(b"hooks.slack.com/", Rule::SlackHook),
    a(b"discord.com/api/webhooks/", Rule::DiscordHook),
    a(b"discordapp.com/api/webhooks/", Rule::DiscordHook),
    a(b"webhook.office.com/webhookb2/", Rule::TeamsHook),
    a(b"outlook.office.com/webhook/", Rule::TeamsHook),
    a(b":a", Rule::Telegram),
    // Cloud.
    a(b"akia", Rule::AwsKeyId),
    a(b"asia", Rule::AwsKeyId),
    a(b"abia", Rule::AwsKeyId),
    a(b"acca", Rule::AwsKeyId),
    a(b"agpa", Rule::AwsKeyId),
    a(b"aida", Rule::AwsKeyId),
    a(b"aroa", Rule::AwsKeyId),
    a(b"aipa", Rule::AwsKeyId),
    a(b"anpa", Rule::AwsKeyId),
    a(b"anva", Rule::AwsKeyId),
    a(b"a3t", Rule::AwsKeyId),
    t(b"ABSK", b"absk", PROVIDER_TOKEN, Body::Base64, 109, 272),
    t(
        b"bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t",
        b"bedrock-api-key-ymvkcm9jay5hbwf6b25hd3muy29t",
        PROVIDER_TOKEN,
        Body::Base64,
        0,
        8192,
    ),
    t(b"AIza", b"aiza", GOOGLE_API_KEY, Body::Url64, 35, 35),
    t(b"ya29.", b"ya29.", GOOGLE_OAUTH, Body::Url64, 20, 2048),
    t(b"GOCSPX-", b"gocspx-", GOOGLE_OAUTH, Body::Url64, 28, 28),
    a(b"q~", Rule::AzureClientSecret),
    a(b"azdo", Rule::AzureDevOps),
    t(b"doo_v1_", b"doo_v1_", PROVIDER_TOKEN, Body::Hex, 64, 64),
    t(b"dop_v1_", b"dop_v1_", PROVIDER_TOKEN, Body::Hex, 64, 64),
    t(b"dor_v1_", b"dor_v1_", PROVIDER_TOKEN, Body::Hex, 64, 64),
    t(b"LTAI", b"ltai", PROVIDER_TOKEN, Body::Alnum, 20, 20),
    t(b"hvs.", b"hvs.", PROVIDER_TOKEN, Body::Url64, 90, 300),
    t(b"hvb.", b"hvb.", PROVIDER_TOKEN, Body::Url64, 90, 300),
    t(b"hvr.", b"hvr.", PROVIDER_TOKEN, Body::Url64, 90, 300),
    t(b"dp.pt.", b"dp.pt.", PROVIDER_TOKEN, Body::Alnum, 40, 44),
    t(b"dp.st.", b"dp.st.", PROVIDER_TOKEN, Body::Dotted, 40, 80),
    t(b"dp.ct.", b"dp.ct.", PROVIDER_TOKEN, Body::Alnum, 40, 44),
    t(b"dp.sa.", b"dp.sa.", PROVIDER_TOKEN, Body::Alnum, 40, 44),
    t(b"dapi", b"dapi", PROVIDER_TOKEN, Body::Hex, 32, 34),
    t(b"fo1_", b"fo1_", PROVIDER_TOKEN, Body::Url64, 43, 43),
    t(b"fm1a_", b"fm1a_", PROVIDER_TOKEN, Body::Base64, 100, 4096),
    t(b"fm1r_", b"fm1r_", PROVIDER_TOKEN, Body::Base64, 100, 4096),
    t(b"fm2_", b"fm2_", PROVIDER_TOKEN, Body::Base64, 100, 4096),
    t(b"HRKU-AA", b"hrku-aa", PROVIDER_TOKEN, Body::Url64, 58, 58),
    t(b"pul-", b"pul-", PROVIDER_TOKEN, Body::Hex, 40, 40),
    t(b"pscale_tkn_", b"pscale_tkn_", PROVIDER_TOKEN, Body::Dotted, 32, 64),
    t(b"pscale_oauth_", b"pscale_oauth_", PROVIDER_TOKEN, Body::Dotted, 32, 64),
    t(b"pscale_pw_", b"pscale_pw_", PROVIDER_TOKEN, Body::Dotted, 32, 64),
    t(b"AKCp", b"akcp", PROVIDER_TOKEN, Body::Alnum, 69, 69),
    t(b"cmVmd", b"cmvmd", PROVIDER_TOKEN, Body::Alnum, 59, 59),
    t(b"4b1d", b"4b1d", PROVIDER_TOKEN, Body::Alnum, 38, 38),
    t(b"ATATT3", b"atatt3", PROVIDER_TOKEN, Body::Dotted, 186, 186),
    // Package registries.
    t(b"npm_", b"npm_", PACKAGE_TOKEN, Body::Alnum, 36, 36),
    t(b"pypi-AgEIcHlwaS5vcmc", b"pypi-ageichlwas5vcmc", PACKAGE_TOKEN, Body::Url64, 50, 1024),
    t(b"rubygems_", b"rubygems_", PACKAGE_TOKEN, Body::Hex, 48, 48),
    t(b"oy2", b"oy2", PACKAGE_TOKEN, Body::LowerAlnum, 43, 43),
    tm(b"cio", b"cio", PACKAGE_TOKEN, Body::Alnum, 32, 32),
    t(b"dckr_pat_", b"dckr_pat_", PACKAGE_TOKEN, Body::Url64, 27, 27),
    t(b"CLOJARS_", b"clojars_", PACKAGE_TOKEN, Body::Alnum, 60, 60),
    a(b"<add key=", Rule::NugetPassword),
    t(b"hf_", b"hf_", PACKAGE_TOKEN, Body::Alpha, 34, 34),
    t(b"api_org_", b"api_org_", PACKAGE_TOKEN, Body::Alpha, 34, 34),
    // LLM and ML APIs.
    t(b"sk-ant-", b"sk-ant-", ANTHROPIC_KEY, Body::Url64, 32, 255),
    tm(b"sk-", b"sk-", OPENAI_KEY, Body::Url64, 32, 255),
    t(b"pplx-", b"pplx-", PROVIDER_TOKEN, Body::Alnum, 48, 48),
    t(b"gsk_", b"gsk_", PROVIDER_TOKEN, Body::Alnum, 50, 54),
    tm(b"r8_", b"r8_", PROVIDER_TOKEN, Body::Alnum, 37, 37),
    tm(b"xai-", b"xai-", PROVIDER_TOKEN, Body::Alnum, 70, 90),
    t(b"jina_", b"jina_", PROVIDER_TOKEN, Body::Url64, 60, 60),
    t(b"tvly-", b"tvly-", PROVIDER_TOKEN, Body::Alnum, 32, 48),
    t(b"fc-", b"fc-", PROVIDER_TOKEN, Body::Hex, 32, 32),
    t(b"sb_secret_", b"sb_secret_", PROVIDER_TOKEN, Body::Url64, 24, 80),
    // Payments and mail.
    t(b"sk_live_", b"sk_live_", STRIPE_KEY, Body::Alnum, 10, 255),
    t(b"rk_live_", b"rk_live_", STRIPE_KEY, Body::Alnum, 10, 255),
    t(b"sk_test_", b"sk_test_", STRIPE_KEY, Body::Alnum, 10, 255),
    t(b"rk_test_", b"rk_test_", STRIPE_KEY, Body::Alnum, 10, 255),
    t(b"sk_prod_", b"sk_prod_", STRIPE_KEY, Body::Alnum, 10, 255),
    t(b"rk_prod_", b"rk_prod_", STRIPE_KEY, Body::Alnum, 10, 255),
    t(b"SK", b"sk", PROVIDER_TOKEN, Body::Hex, 32, 32),
    t(b"SG.", b"sg.", PROVIDER_TOKEN, Body::Dotted, 66, 66),
    t(b"xkeysib-", b"xkeysib-", PROVIDER_TOKEN, Body::AlnumDash, 81, 81),
    t(b"sq0atp-", b"sq0atp-", PROVIDER_TOKEN, Body::Url64, 22, 60),
    t(b"EAAA", b"eaaa", PROVIDER_TOKEN, Body::Url64, 22, 60),
    t(b"sq0csp-", b"sq0csp-", PROVIDER_TOKEN, Body::Url64, 40, 50),
    // Other SaaS tokens with a telling prefix.
    t(b"shpat_", b"shpat_", PROVIDER_TOKEN, Body::Hex, 32, 32),
    t(b"shpca_", b"shpca_", PROVIDER_TOKEN, Body::Hex, 32, 32),
    t(b"shppa_", b"shppa_", PROVIDER_TOKEN, Body::Hex, 32, 32),
    t(b"shpss_", b"shpss_", PROVIDER_TOKEN, Body::Hex, 32, 32),
    t(b"lin_api_", b"lin_api_", PROVIDER_TOKEN, Body::Alnum, 40, 40),
    t(b"ntn_", b"ntn_", PROVIDER_TOKEN, Body::Alnum, 46, 46),
    t(b"PMAK-", b"pmak-", PROVIDER_TOKEN, Body::AlnumDash, 59, 59),
    t(b"sntryu_", b"sntryu_", PROVIDER_TOKEN, Body::Hex, 64, 64),
    t(b"sntrys_", b"sntrys_", PROVIDER_TOKEN, Body::Base64, 60, 1024),
    t(b"glc_", b"glc_", PROVIDER_TOKEN, Body::Base64, 32, 400),
    t(b"glsa_", b"glsa_", PROVIDER_TOKEN, Body::Word, 41, 41),
    t(b"dt0c01.", b"dt0c01.", PROVIDER_TOKEN, Body::Dotted, 89, 89),
    t(b"duffel_live_", b"duffel_live_", PROVIDER_TOKEN, Body::Dotted, 43, 43),
    t(b"duffel_test_", b"duffel_test_", PROVIDER_TOKEN, Body::Dotted, 43, 43),
    t(b"AGE-SECRET-KEY-1", b"age-secret-key-1", PROVIDER_TOKEN, Body::Alnum, 58, 58),
    t(b"ops_eyJ", b"ops_eyj", PROVIDER_TOKEN, Body::Base64, 250, 8192),
    a(b"ey", Rule::Jwt),
    a(b"zxlk", Rule::JwtBase64),
    a(b"ls0tls1crudjti", Rule::PemBase64),
    a(b"-----begin", Rule::Pem),
    a(b"authorization", Rule::Authorization),
    a(b"x-api-key", Rule::KeyHeader),
    a(b"private-token", Rule::KeyHeader),
    a(b"x-auth-token", Rule::KeyHeader),
    a(b"x-access-token", Rule::KeyHeader),
    a(b"x-goog-api-key", Rule::KeyHeader),
    a(b"api-key", Rule::KeyHeader),
    a(b"x-gitlab-token", Rule::KeyHeader),
    a(b"curl", Rule::Curl),
    a(b":5432:", Rule::Pgpass),
    a(b":*:", Rule::Pgpass),
    a(b"mysql", Rule::Command(Command::Mysql)),
    a(b"mariadb", Rule::Command(Command::Mysql)),
    a(b"sshpass", Rule::Command(Command::Sshpass)),
    a(b"docker login", Rule::Command(Command::DockerLogin)),
    a(b"redis-cli", Rule::Command(Command::RedisCli)),
    a(b"az login", Rule::Command(Command::Apart)),
    a(b"mongosh", Rule::Command(Command::Apart)),
    a(b"mongo ", Rule::Command(Command::Apart)),
    a(b"sqlcmd", Rule::Command(Command::Sqlcmd)),
    a(b"openssl", Rule::Command(Command::Openssl)),
    a(b"ldapsearch", Rule::Command(Command::Ldap)),
    a(b"ldapmodify", Rule::Command(Command::Ldap)),
    a(b"ldapadd", Rule::Command(Command::Ldap)),
    a(b"ldapdelete", Rule::Command(Command::Ldap)),
    a(b"ldapwhoami", Rule::Command(Command::Ldap)),
    a(b"ldappasswd", Rule::Command(Command::Ldap)),
    a(b"htpasswd", Rule::Command(Command::Htpasswd)),
    a(b"identified by", Rule::Command(Command::IdentifiedBy)),
    a(b"login(", Rule::LoginCall),
    a(b"auth=(", Rule::LoginCall),
    a(b"auth = (", Rule::LoginCall),
    a(b"basic_auth(", Rule::LoginCall),
    a(b"credential(", Rule::LoginCall),
    a(b"getconnection(", Rule::LoginCall),
    a(b"pdo(", Rule::LoginCall),
    a(b"sequelize(", Rule::LoginCall),
    a(b"configure set", Rule::Command(Command::ConfigureSet)),
    a(b".run(", Rule::BotRun),
    // A bare Discord bot token, after the byte that opens a word (a token
    // that opens the text is looked for apart).
    a(b" mt", Rule::DiscordBot),
    a(b" mj", Rule::DiscordBot),
    a(b" mz", Rule::DiscordBot),
    a(b" nd", Rule::DiscordBot),
    a(b" nt", Rule::DiscordBot),
    a(b" nj", Rule::DiscordBot),
    a(b" nz", Rule::DiscordBot),
    a(b" od", Rule::DiscordBot),
    a(b" ot", Rule::DiscordBot),
    a(b"\tmt", Rule::DiscordBot),
    a(b"\tmj", Rule::DiscordBot),
    a(b"\tmz", Rule::DiscordBot),
    a(b"\tnd", Rule::DiscordBot),
    a(b"\tnt", Rule::DiscordBot),
    a(b"\tnj", Rule::DiscordBot),
    a(b"\tnz", Rule::DiscordBot),
    a(b"\tod", Rule::DiscordBot),
    a(b"\tot", Rule::DiscordBot),
    a(b"\nmt", Rule::DiscordBot),
    a(b"\nmj", Rule::DiscordBot),
    a(b"\nmz", Rule::DiscordBot),
    a(b"\nnd", Rule::DiscordBot),
    a(b"\nnt", Rule::DiscordBot),
    a(b"\nnj", Rule::DiscordBot),
    a(b"\nnz", Rule::DiscordBot),
    a(b"\nod", Rule::DiscordBot),
    a(b"\not", Rule::DiscordBot),
    a(b"\"mt", Rule::DiscordBot),
    a(b"\"mj", Rule::DiscordBot),
    a(b"\"mz", Rule::DiscordBot),
    a(b"\"nd", Rule::DiscordBot),
    a(b"\"nt", Rule::DiscordBot),
    a(b"\"nj", Rule::DiscordBot),
    a(b"\"nz", Rule::DiscordBot),
    a(b"\"od", Rule::DiscordBot),
    a(b"\"ot", Rule::DiscordBot),
    a(b"'mt", Rule::DiscordBot),
    a(b"'mj", Rule::DiscordBot),
    a(b"'mz", Rule::DiscordBot),
    a(b"'nd", Rule::DiscordBot),
    a(b"'nt", Rule::DiscordBot),
    a(b"'nj", Rule::DiscordBot),
    a(b"'nz", Rule::DiscordBot),
    a(b"'od", Rule::DiscordBot),
    a(b"'ot", Rule::DiscordBot),
    a(b"`mt", Rule::DiscordBot),
    a(b"`mj", Rule::DiscordBot),
    a(b"`mz", Rule::DiscordBot),
    a(b"`nd", Rule::DiscordBot),
    a(b"`nt", Rule::DiscordBot),
    a(b"`nj", Rule::DiscordBot),
    a(b"`nz", Rule::DiscordBot),
    a(b"`od", Rule::DiscordBot),
    a(b"`ot", Rule::DiscordBot),
    a(b"=mt", Rule::DiscordBot),
    a(b"=mj", Rule::DiscordBot),
    a(b"=mz", Rule::DiscordBot),
    a(b"=nd", Rule::DiscordBot),
    a(b"=nt", Rule::DiscordBot),
    a(b"=nj", Rule::DiscordBot),
    a(b"=nz", Rule::DiscordBot),
    a(b"=od", Rule::DiscordBot),
    a(b"=ot", Rule::DiscordBot),
    a(b":mt", Rule::DiscordBot),
    a(b":mj", Rule::DiscordBot),
    a(b":mz", Rule::DiscordBot),
    a(b":nd", Rule::DiscordBot),
    a(b":nt", Rule::DiscordBot),
    a(b":nj", Rule::DiscordBot),
    a(b":nz", Rule::DiscordBot),
    a(b":od", Rule::DiscordBot),
    a(b":ot", Rule::DiscordBot),
    a(b"(mt", Rule::DiscordBot),
    a(b"(mj", Rule::DiscordBot),
    a(b"(mz", Rule::DiscordBot),
    a(b"(nd", Rule::DiscordBot),
    a(b"(nt", Rule::DiscordBot),
    a(b"(nj", Rule::DiscordBot),
    a(b"(nz", Rule::DiscordBot),
    a(b"(od", Rule::DiscordBot),
    a(b"(ot", Rule::DiscordBot),
    a(b">mt", Rule::DiscordBot),
    a(b">mj", Rule::DiscordBot),
    a(b">mz", Rule::DiscordBot),
    a(b">nd", Rule::DiscordBot),
    a(b">nt", Rule::DiscordBot),
    a(b">nj", Rule::DiscordBot),
    a(b">nz", Rule::DiscordBot),
    a(b">od", Rule::DiscordBot),
    a(b">ot", Rule::DiscordBot),
    a(b"\"ac", Rule::SidCall),
    a(b"'ac", Rule::SidCall),
    // Keyword assignments.
    kw(b"key", Word::Generic),
    kw(b"secret", Word::Generic),
    kw(b"token", Word::Generic),
    kw(b"auth", Word::Generic),
    kw(b"credential", Word::Generic),
    kw(b"creds", Word::Generic),
    kw(b"access", Word::Generic),
    kw(b"api", Word::Generic),
    kw(b"pat", Word::Generic),
    kw(b"passw", Word::Password),
    a(b"pass=", Rule::KeywordThen(Word::Password)),
    a(b"pass:", Rule::KeywordThen(Word::Password)),
    a(b"pass\"", Rule::KeywordThen(Word::Password)),
    a(b"pass'", Rule::KeywordThen(Word::Password)),
    a(b"pass ", Rule::KeywordThen(Word::Password)),
    a(b"pass>", Rule::KeywordThen(Word::Password)),
    kw(b"pwd", Word::Password),
    kw(b"passphrase", Word::Password),
    kw(b"storepass", Word::Password),
    kw(b"keypass", Word::Password),
    kw(b"adafruit", Word::Provider),
    kw(b"adobe", Word::Provider),
    kw(b"airtable", Word::Provider),
    kw(b"algolia", Word::Provider),
    kw(b"alibaba", Word::Provider),
    kw(b"asana", Word::Provider),
    kw(b"atlassian", Word::Provider),
    kw(b"confluence", Word::Provider),
    kw(b"jira", Word::Provider),
    kw(b"beamer", Word::Provider),
    kw(b"bitbucket", Word::Provider),
    kw(b"bittrex", Word::Provider),
    kw(b"cloudflare", Word::Provider),
    kw(b"codecov", Word::Provider),
    kw(b"cohere", Word::Provider),
    kw(b"confluent", Word::Provider),
    kw(b"contentful", Word::Provider),
    kw(b"datadog", Word::Provider),
    kw(b"discord", Word::Provider),
    kw(b"droneci", Word::Provider),
    kw(b"dropbox", Word::Provider),
    kw(b"etsy", Word::Provider),
    kw(b"facebook", Word::Provider),
    kw(b"fastly", Word::Provider),
    kw(b"finicity", Word::Provider),
    kw(b"finnhub", Word::Provider),
    kw(b"flickr", Word::Provider),
    kw(b"frameio", Word::Provider),
    kw(b"freshbooks", Word::Provider),
    kw(b"gitter", Word::Provider),
    kw(b"gocardless", Word::Provider),
    kw(b"heroku", Word::Provider),
    kw(b"hubspot", Word::Provider),
    kw(b"intercom", Word::Provider),
    kw(b"jfrog", Word::Provider),
    kw(b"artifactory", Word::Provider),
    kw(b"kraken", Word::Provider),
    kw(b"kucoin", Word::Provider),
    kw(b"launchdarkly", Word::Provider),
    kw(b"linear", Word::Provider),
    kw(b"linkedin", Word::Provider),
    kw(b"mailchimp", Word::Provider),
    kw(b"mailgun", Word::Provider),
    kw(b"mapbox", Word::Provider),
    kw(b"mattermost", Word::Provider),
    kw(b"messagebird", Word::Provider),
    kw(b"netlify", Word::Provider),
    kw(b"newrelic", Word::Provider),
    kw(b"new-relic", Word::Provider),
    kw(b"new_relic", Word::Provider),
    kw(b"okta", Word::Provider),
    kw(b"plaid", Word::Provider),
    kw(b"sendbird", Word::Provider),
    kw(b"sentry", Word::Provider),
    kw(b"shippo", Word::Provider),
    kw(b"snyk", Word::Provider),
    kw(b"sonar", Word::Provider),
    kw(b"squarespace", Word::Provider),
    kw(b"sumologic", Word::Provider),
    kw(b"telegr", Word::Provider),
    kw(b"travis", Word::Provider),
    kw(b"twilio", Word::Provider),
    kw(b"twitch", Word::Provider),
    kw(b"twitter", Word::Provider),
    kw(b"typeform", Word::Provider),
    kw(b"yandex", Word::Provider),
    kw(b"zendesk", Word::Provider),
];
