//! ArtifactRef: the typed per-kind model of a handle, and its canonical identity.
//!
//! On the wire an artifact ref is `{kind, url?, ref?, title?, source?,
//! created_at?, locality?, ...}` (nested JSON, snake_case, extra keys kept).
//! [`parse`] reads one into an [`Artifact`]:
//!
//! | kind | handle | model |
//! |---|---|---|
//! | `github_pr`, `github_issue` | a PR/issue URL (`pull`/`pulls`/`issues`, `www.`, `api.github.com/repos/...`, any suffix), or `owner/repo#123` | [`Artifact::GithubPr`] / [`Artifact::GithubIssue`] |
//! | `commit` | a commit URL, `owner/repo@sha`, or a SHA with the repo in `url` (repository URL) or `repo` | [`Artifact::Commit`] |
//! | `branch` | a `tree/<name>` URL, or a name (`refs/heads/` stripped) with the repo in `url` or `repo` | [`Artifact::Branch`] |
//! | `file_path`, `diff` | a local path (POSIX, `~`, Windows drive, UNC, `file:` URL) in `ref` or `url`, owned through `locality: {machine_id?, session_id?}`; or a remote URL | [`Artifact::Local`] / [`Artifact::Link`] |
//! | `log_url`, `url`, `screenshot` | a URL (a local path or `file:` URL is read as a local path) | [`Artifact::Link`] / [`Artifact::Local`] |
//! | `session_id` | a session id, or `/sessions/<id>`; optional `namespace` | [`Artifact::Session`] |
//! | anything else | kept | [`Artifact::Unknown`] |
//!
//! [`canonical_identity`] names the thing a ref points at, the same for every
//! spelling: `github_pr:owner/repo#123`, `commit:owner/repo@<sha>`,
//! `branch:owner/repo:<name>`, `file_path:<machine>:<path>`,
//! `url:https://host/path?query`, `session_id:<id>`. GitHub owner and repo
//! are lowercased (GitHub treats them case-insensitively); a host other than
//! `github.com` is kept in front of the owner (`github_pr:ghe.example.com/o/r#1`).

use serde_json::Value;

use crate::limits::{MAX_ID, MAX_STRING, str_len};
use crate::url::{self, Host, Url, percent_decode};

crate::define_codes! {
    MALFORMED_REF = "artifact/malformed-ref", "an artifact ref is not an object with a string `kind`, or `url`/`ref`/`locality` has the wrong type";
    UNKNOWN_KIND = "artifact/unknown-kind", "an artifact kind outside the v1 vocabulary: kept, but never sink-resolvable";
    MISSING_HANDLE = "artifact/missing-handle", "an artifact ref has neither `url` nor `ref` to point with";
    TOO_LONG = "artifact/too-long", "an artifact `url` or `ref` is longer than 8,192 code points";
    MALFORMED_URL = "artifact/malformed-url", "an artifact URL does not parse (whitespace, backslash, bad host, bad port, bad `%` escape...)";
    MALFORMED_GITHUB_REF = "artifact/malformed-github-ref", "a `github_pr`/`github_issue` handle names no owner, repository and number";
    MALFORMED_SHA = "artifact/malformed-sha", "a `commit` handle is not a 7-40 (or 64) digit hex SHA";
    MALFORMED_BRANCH = "artifact/malformed-branch", "a `branch` name breaks git's ref-name rules";
    MALFORMED_PATH = "artifact/malformed-path", "a local path has a control character or a `file:` URL names a remote host";
    RELATIVE_PATH = "artifact/relative-path", "a local path is relative, so nobody else can tell what it names";
    PATH_TRAVERSAL = "artifact/path-traversal", "a local path climbs above its root with `..`";
    MALFORMED_SESSION_ID = "artifact/malformed-session-id", "a `session_id` handle is blank, too long or has characters an id cannot have";
    URL_REF_MISMATCH = "artifact/url-ref-mismatch", "an artifact ref's `url` and `ref` name different things";
}

/// Why a ref could not be read into the typed model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefError {
    /// Stable code, one of this module's codes.
    pub code: crate::diagnostic::Code,
    /// One line for a human; never contains the handle's text.
    pub reason: String,
}

impl RefError {
    fn new(code: crate::diagnostic::Code, reason: impl Into<String>) -> Self {
        RefError { code, reason: reason.into() }
    }
}

/// A repository: a host and `owner/name`, lowercased.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repo {
    /// The host, `github.com` unless a GitHub Enterprise (or similar) host was written.
    pub host: String,
    /// The owner (user or organisation), lowercased.
    pub owner: String,
    /// The repository name, lowercased, without `.git`.
    pub name: String,
}

impl Repo {
    /// `owner/name`, with the host in front when it is not `github.com`.
    pub fn slug(&self) -> String {
        if self.host == GITHUB {
            format!("{}/{}", self.owner, self.name)
        } else {
            format!("{}/{}/{}", self.host, self.owner, self.name)
        }
    }
}

/// Who owns a machine-local path (`locality` on the wire).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Locality {
    /// The machine the path lives on.
    pub machine_id: Option<String>,
    /// The session that wrote it.
    pub session_id: Option<String>,
}

/// The flavour of a local path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathFlavor {
    /// `/a/b`.
    Posix,
    /// `~/a` or `~user/a`.
    Home,
    /// `C:/a` (backslashes read as `/`, drive letter uppercased).
    Windows,
    /// `//server/share/a` (a Windows UNC path).
    Unc,
}

/// An artifact ref, read per kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Artifact {
    /// A pull request.
    GithubPr {
        /// Its repository.
        repo: Repo,
        /// Its number.
        number: u64,
    },
    /// An issue.
    GithubIssue {
        /// Its repository.
        repo: Repo,
        /// Its number.
        number: u64,
    },
    /// A commit.
    Commit {
        /// Its repository, when the ref names one.
        repo: Option<Repo>,
        /// The SHA, lowercased (short or full).
        sha: String,
    },
    /// A branch.
    Branch {
        /// Its repository, when the ref names one.
        repo: Option<Repo>,
        /// The branch name, case kept, without `refs/heads/`.
        name: String,
    },
    /// A machine-local file or diff.
    Local {
        /// The wire kind (`file_path`, `diff`, or a link kind given a path).
        kind: String,
        /// The path, normalised.
        path: String,
        /// How the path is written.
        flavor: PathFlavor,
        /// Who owns it.
        locality: Locality,
    },
    /// Something behind a URL.
    Link {
        /// The wire kind (`log_url`, `url`, `screenshot`, or `file_path`/`diff` given a URL).
        kind: String,
        /// The parsed URL.
        url: Url,
    },
    /// A hub session.
    Session {
        /// The session id.
        id: String,
        /// The namespace the ref names, when it names one.
        namespace: Option<String>,
    },
    /// A kind outside the v1 vocabulary.
    Unknown {
        /// The kind as written.
        kind: String,
    },
}

const GITHUB: &str = "github.com";

/// Reads an artifact ref into the typed model.
pub fn parse(artifact_ref: &Value) -> Result<Artifact, RefError> {
    let obj = artifact_ref
        .as_object()
        .ok_or_else(|| RefError::new(MALFORMED_REF, "the artifact ref is not an object"))?;
    let kind = obj
        .get("kind")
        .and_then(Value::as_str)
        .ok_or_else(|| RefError::new(MALFORMED_REF, "the artifact ref has no string `kind`"))?;
    let text_field = |name: &str| -> Result<Option<&str>, RefError> {
        match obj.get(name) {
            None | Some(Value::Null) if name != "url" => Ok(None),
            None => Ok(None),
            Some(Value::String(s)) => {
                if str_len(s) > MAX_STRING {
                    Err(RefError::new(
                        TOO_LONG,
                        format!("the artifact `{name}` is over {MAX_STRING} code points"),
                    ))
                } else if s.is_empty() {
                    Ok(None)
                } else {
                    Ok(Some(s.as_str()))
                }
            }
            Some(_) => Err(RefError::new(MALFORMED_REF, format!("the artifact `{name}` is not a string"))),
        }
    };
    let url_text = text_field("url")?;
    let ref_text = text_field("ref")?;
    let repo_text = text_field("repo")?;
    match kind {
        "github_pr" | "github_issue" => {
            let pr = kind == "github_pr";
            let from_url = url_text.map(|t| github_item(t, pr, repo_text)).transpose()?;
            let from_ref = ref_text.map(|t| github_item(t, pr, repo_text)).transpose()?;
            let (repo, number) = agree(from_url, from_ref)?;
            Ok(if pr { Artifact::GithubPr { repo, number } } else { Artifact::GithubIssue { repo, number } })
        }
        "commit" => parse_commit(url_text, ref_text, repo_text),
        "branch" => parse_branch(url_text, ref_text, repo_text),
        "file_path" | "diff" => {
            let text = ref_text.or(url_text).ok_or_else(missing_handle)?;
            let remote = url::scheme_of(text).is_some_and(|s| s.len() > 1 && s != "file");
            if !remote {
                local(kind, text, obj.get("locality"))
            } else {
                let url = Url::parse(text).map_err(malformed_url)?;
                Ok(Artifact::Link { kind: kind.to_owned(), url })
            }
        }
        "log_url" | "url" | "screenshot" => {
            let text = url_text.or(ref_text).ok_or_else(missing_handle)?;
            if looks_like_path(text) || url::scheme_of(text).as_deref() == Some("file") {
                local(kind, text, obj.get("locality"))
            } else {
                let url = Url::parse(text).map_err(malformed_url)?;
                Ok(Artifact::Link { kind: kind.to_owned(), url })
            }
        }
        "session_id" => {
            let text = ref_text.or(url_text).ok_or_else(missing_handle)?;
            let id =
                text.strip_prefix("/sessions/").or_else(|| text.strip_prefix("sessions/")).unwrap_or(text);
            let id = id.strip_suffix('/').unwrap_or(id);
            if id.is_empty()
                || str_len(id) > MAX_ID
                || !id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
            {
                return Err(RefError::new(
                    MALFORMED_SESSION_ID,
                    "the session id is blank, over 256 characters, or has characters other than letters, digits, `-`, `_`, `.` and `:`",
                ));
            }
            let namespace = match obj.get("namespace") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(s.clone()),
                Some(_) => {
                    return Err(RefError::new(MALFORMED_REF, "the artifact `namespace` is not a string"));
                }
            };
            Ok(Artifact::Session { id: id.to_owned(), namespace })
        }
        other => Ok(Artifact::Unknown { kind: other.to_owned() }),
    }
}

/// The canonical identity of the thing a ref points at, equal for every
/// spelling of the same thing; `None` when the ref does not parse or names
/// nothing that can be told apart from things elsewhere (a local path with
/// no owner, a short SHA or a branch with no repository, a URL with no host
/// or on a loopback or private host, an unknown kind).
pub fn canonical_identity(artifact_ref: &Value) -> Option<String> {
    parse(artifact_ref).ok().and_then(|a| a.identity())
}

impl Artifact {
    /// The canonical identity (see [`canonical_identity`]).
    pub fn identity(&self) -> Option<String> {
        match self {
            Artifact::GithubPr { repo, number } => Some(format!("github_pr:{}#{number}", repo.slug())),
            Artifact::GithubIssue { repo, number } => Some(format!("github_issue:{}#{number}", repo.slug())),
            Artifact::Commit { repo: Some(repo), sha } => Some(format!("commit:{}@{sha}", repo.slug())),
            Artifact::Commit { repo: None, sha } if sha.len() >= 40 => Some(format!("commit:{sha}")),
            Artifact::Commit { repo: None, .. } => None,
            Artifact::Branch { repo: Some(repo), name } => Some(format!("branch:{}:{name}", repo.slug())),
            Artifact::Branch { repo: None, .. } => None,
            Artifact::Local { kind, path, locality, .. } => {
                let kind = if kind == "diff" { "diff" } else { "file_path" };
                match (&locality.machine_id, &locality.session_id) {
                    (Some(machine), _) => Some(format!("{kind}:{machine}:{path}")),
                    (None, Some(session)) => Some(format!("{kind}:session={session}:{path}")),
                    (None, None) => None,
                }
            }
            Artifact::Link { url, .. } => match &url.host {
                Some(h) if !h.is_loopback() && !h.is_private() => Some(link_identity(url)),
                _ => None,
            },
            Artifact::Session { id, .. } => Some(format!("session_id:{id}")),
            Artifact::Unknown { .. } => None,
        }
    }

    /// The wire kind.
    pub fn kind(&self) -> &str {
        match self {
            Artifact::GithubPr { .. } => "github_pr",
            Artifact::GithubIssue { .. } => "github_issue",
            Artifact::Commit { .. } => "commit",
            Artifact::Branch { .. } => "branch",
            Artifact::Local { kind, .. } | Artifact::Link { kind, .. } | Artifact::Unknown { kind } => kind,
            Artifact::Session { .. } => "session_id",
        }
    }
}

fn missing_handle() -> RefError {
    RefError::new(MISSING_HANDLE, "the artifact ref has neither `url` nor `ref`")
}

fn malformed_url(e: url::UrlError) -> RefError {
    RefError::new(MALFORMED_URL, e.describe())
}

fn agree<T: PartialEq>(a: Option<T>, b: Option<T>) -> Result<T, RefError> {
    match (a, b) {
        (Some(a), Some(b)) if a != b => {
            Err(RefError::new(URL_REF_MISMATCH, "the artifact `url` and `ref` name different things"))
        }
        (Some(a), _) => Ok(a),
        (None, Some(b)) => Ok(b),
        (None, None) => Err(missing_handle()),
    }
}

// ---------------------------------------------------------------- GitHub shapes

/// What a GitHub-shaped path points at.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    Repo,
    Pull(u64),
    Issue(u64),
    Commit(String),
    Tree(String),
    Other,
}

/// Reads `/owner/repo[/...]` (also `api.<host>/repos/owner/repo/...` and
/// GitLab's `/-/`) from an http(s) URL on github.com, or on any host when `any_host`.
fn github_path(url: &Url, any_host: bool) -> Option<(Repo, Target)> {
    if url.scheme != "http" && url.scheme != "https" {
        return None;
    }
    let Some(Host::Domain(host)) = &url.host else { return None };
    if url.userinfo.is_some() || url.port.is_some() {
        return None;
    }
    let host = host.strip_prefix("www.").unwrap_or(host);
    let mut segments = url.path_segments();
    if segments.last().is_some_and(String::is_empty) {
        segments.pop();
    }
    let (host, segments) = if host == "api.github.com" {
        if segments.first().map(String::as_str) != Some("repos") {
            return None;
        }
        (GITHUB, segments.get(1..).unwrap_or(&[]).to_vec())
    } else if host == GITHUB || any_host {
        (host, segments)
    } else {
        return None;
    };
    let owner = segments.first()?;
    let name = segments.get(1)?;
    let repo = repo_from_parts(host, owner, name)?;
    let mut rest = segments.get(2..).unwrap_or(&[]);
    if rest.first().map(String::as_str) == Some("-") {
        rest = rest.get(1..).unwrap_or(&[]);
    }
    let target = match rest {
        [] => Target::Repo,
        [verb, n, ..] if verb == "pull" || verb == "pulls" || verb == "merge_requests" => {
            match (rest.get(2).map(String::as_str), rest.get(3)) {
                (Some("commits"), Some(sha)) => Target::Commit(sha.clone()),
                _ => Target::Pull(number(n)?),
            }
        }
        [verb, n, ..] if verb == "issues" => Target::Issue(number(n)?),
        [verb, sha, ..] if verb == "commit" || verb == "commits" => {
            let sha = sha.strip_suffix(".diff").or_else(|| sha.strip_suffix(".patch")).unwrap_or(sha);
            Target::Commit(sha.to_owned())
        }
        [verb, name @ ..] if verb == "tree" && !name.is_empty() => Target::Tree(name.join("/")),
        _ => Target::Other,
    };
    Some((repo, target))
}

fn repo_from_parts(host: &str, owner: &str, name: &str) -> Option<Repo> {
    let name = name.strip_suffix(".git").unwrap_or(name);
    let owner_ok = !owner.is_empty()
        && owner.len() <= 100
        && owner.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    let name_ok = !name.is_empty()
        && name.len() <= 100
        && name != "."
        && name != ".."
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    (owner_ok && name_ok).then(|| Repo {
        host: host.to_owned(),
        owner: owner.to_ascii_lowercase(),
        name: name.to_ascii_lowercase(),
    })
}

fn number(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 18 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|n| *n > 0)
}

/// Reads a URL, a scheme-less `github.com/...`, or a repository spelling
/// (`owner/repo`, `git@host:owner/repo.git`, `ssh://git@host/owner/repo`).
fn parse_repo_text(text: &str) -> Option<Repo> {
    if let Some((repo, _)) = url_target(text, true) {
        return Some(repo);
    }
    if let Some(rest) = text.strip_prefix("git@") {
        let (host, path) = rest.split_once(':')?;
        let (owner, name) = path.trim_end_matches('/').split_once('/')?;
        let host = host.to_ascii_lowercase();
        if host.is_empty() || !host.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.') {
            return None;
        }
        return repo_from_parts(&host, owner, name);
    }
    let (owner, name) = text.split_once('/')?;
    repo_from_parts(GITHUB, owner, name)
}

/// Parses `text` as a URL (adding `https://` to a scheme-less
/// `github.com/...`) and reads its GitHub shape.
fn url_target(text: &str, any_host: bool) -> Option<(Repo, Target)> {
    let lower = text.to_ascii_lowercase();
    let parsed = if lower.starts_with("github.com/") || lower.starts_with("www.github.com/") {
        Url::parse(&format!("https://{text}")).ok()?
    } else if lower.starts_with("ssh://") || lower.starts_with("git+ssh://") {
        let u = Url::parse(text).ok()?;
        Url { scheme: "https".into(), userinfo: None, port: None, ..u }
    } else {
        Url::parse(text).ok()?
    };
    github_path(&parsed, any_host)
}

fn github_item(text: &str, pr: bool, repo_field: Option<&str>) -> Result<(Repo, u64), RefError> {
    let what = if pr { "pull request" } else { "issue" };
    let bad = || {
        RefError::new(
            MALFORMED_GITHUB_REF,
            format!("the {what} handle is not a {what} URL or `owner/repo#number`"),
        )
    };
    if url::scheme_of(text).is_some_and(|s| s.len() > 1) || text.to_ascii_lowercase().contains("github.com/")
    {
        if url::scheme_of(text).is_some() {
            Url::parse(text).map_err(malformed_url)?;
        }
        let (repo, target) = url_target(text, true).ok_or_else(bad)?;
        return match target {
            Target::Pull(n) if pr => Ok((repo, n)),
            Target::Issue(n) if !pr => Ok((repo, n)),
            _ => Err(bad()),
        };
    }
    let (repo_part, n) = text.rsplit_once('#').unwrap_or(("", text));
    let n = number(n).ok_or_else(bad)?;
    let repo = if repo_part.is_empty() {
        repo_field.and_then(parse_repo_text).ok_or_else(bad)?
    } else {
        parse_repo_text(repo_part).ok_or_else(bad)?
    };
    Ok((repo, n))
}

fn sha(text: &str) -> Result<String, RefError> {
    let ok = (7..=40).contains(&text.len()) || text.len() == 64;
    if ok && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(text.to_ascii_lowercase())
    } else {
        Err(RefError::new(MALFORMED_SHA, "the commit handle is not a 7-40 or 64 digit hex SHA"))
    }
}

/// Reads the `url` of a commit or branch ref: a malformed URL, or a target
/// part `pick` refuses, is an error; a repository URL gives the repository;
/// a URL whose target `pick` takes gives the repository and that part.
/// `Ok(None)` for any other URL.
fn repo_url<T>(
    u: &str,
    pick: impl Fn(Target) -> Option<Result<T, RefError>>,
) -> Result<Option<(Repo, Option<T>)>, RefError> {
    if url::scheme_of(u).is_some() {
        Url::parse(u).map_err(malformed_url)?;
    }
    Ok(match url_target(u, true) {
        Some((rp, Target::Repo)) => Some((rp, None)),
        Some((rp, target)) => match pick(target) {
            Some(part) => Some((rp, Some(part?))),
            None => None,
        },
        None => None,
    })
}

/// A URL that is a commit URL gives repo and SHA; a repository URL gives the repo.
fn parse_commit(url: Option<&str>, r: Option<&str>, repo_field: Option<&str>) -> Result<Artifact, RefError> {
    let mut repo = repo_field.and_then(parse_repo_text);
    let mut from_url = None;
    if let Some(u) = url {
        let Some((rp, s)) = repo_url(u, |t| if let Target::Commit(s) = t { Some(sha(&s)) } else { None })?
        else {
            return Err(RefError::new(
                MALFORMED_SHA,
                "the commit `url` is neither a commit URL nor a repository URL",
            ));
        };
        repo = Some(rp);
        from_url = s;
    }
    let from_ref = match r {
        None => None,
        Some(text) => match text.rsplit_once('@') {
            Some((repo_part, s)) if !repo_part.is_empty() => {
                let rp = parse_repo_text(repo_part).ok_or_else(|| {
                    RefError::new(MALFORMED_SHA, "the commit `ref` is not `owner/repo@sha` or a SHA")
                })?;
                if repo.as_ref().is_some_and(|known| *known != rp) {
                    return Err(RefError::new(
                        URL_REF_MISMATCH,
                        "the commit `url` and `ref` name different repositories",
                    ));
                }
                repo = Some(rp);
                Some(sha(s)?)
            }
            _ => match url_target(text, true) {
                Some((rp, Target::Commit(s))) => {
                    repo = repo.or(Some(rp));
                    Some(sha(&s)?)
                }
                _ => Some(sha(text)?),
            },
        },
    };
    let sha = match (from_url, from_ref) {
        (Some(a), Some(b)) if !(a.starts_with(&b) || b.starts_with(&a)) => {
            return Err(RefError::new(URL_REF_MISMATCH, "the commit `url` and `ref` name different SHAs"));
        }
        (Some(a), Some(b)) => {
            if a.len() >= b.len() {
                a
            } else {
                b
            }
        }
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => return Err(missing_handle()),
    };
    Ok(Artifact::Commit { repo, sha })
}

/// git check-ref-format, for one branch name.
fn branch_name(text: &str) -> Result<String, RefError> {
    let name = text.strip_prefix("refs/heads/").unwrap_or(text);
    let bad = name.is_empty()
        || name.len() > 255
        || name == "@"
        || name.starts_with('/')
        || name.starts_with('-')
        || name.ends_with('/')
        || name.ends_with('.')
        || name.ends_with(".lock")
        || name.contains("..")
        || name.contains("//")
        || name.contains("@{")
        || name.split('/').any(|part| part.starts_with('.') || part.ends_with(".lock"))
        || name.chars().any(|c| {
            c.is_control() || c.is_whitespace() || matches!(c, '~' | '^' | ':' | '?' | '*' | '[' | '\\')
        });
    if bad {
        return Err(RefError::new(MALFORMED_BRANCH, "the branch name breaks git's ref-name rules"));
    }
    Ok(name.to_owned())
}

fn parse_branch(url: Option<&str>, r: Option<&str>, repo_field: Option<&str>) -> Result<Artifact, RefError> {
    let mut repo = repo_field.and_then(parse_repo_text);
    let mut from_url = None;
    if let Some(u) = url {
        let Some((rp, name)) =
            repo_url(u, |t| if let Target::Tree(name) = t { Some(branch_name(&name)) } else { None })?
        else {
            return Err(RefError::new(
                MALFORMED_BRANCH,
                "the branch `url` is neither a `tree/<branch>` URL nor a repository URL",
            ));
        };
        repo = Some(rp);
        from_url = name;
    }
    let from_ref = r.map(branch_name).transpose()?;
    let name = agree(from_url, from_ref)?;
    Ok(Artifact::Branch { repo, name })
}

// ---------------------------------------------------------------- local paths

/// Whether a handle is written as a local path rather than a URL.
pub fn looks_like_path(text: &str) -> bool {
    let b = text.as_bytes();
    text.starts_with('/')
        || text.starts_with('~')
        || text.starts_with('\\')
        || text.starts_with("./")
        || text.starts_with("../")
        || is_drive(text)
        || b.first() == Some(&b'.')
}

fn local(kind: &str, text: &str, locality: Option<&Value>) -> Result<Artifact, RefError> {
    let locality = match locality {
        None | Some(Value::Null) => Locality::default(),
        Some(Value::Object(o)) => {
            let field = |name: &str| -> Result<Option<String>, RefError> {
                match o.get(name) {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::String(s)) if crate::jstext::is_js_blank(s) => Ok(None),
                    Some(Value::String(s)) if str_len(s) <= MAX_ID => Ok(Some(s.clone())),
                    Some(_) => Err(RefError::new(
                        MALFORMED_REF,
                        format!("`locality.{name}` is not a string of at most {MAX_ID} characters"),
                    )),
                }
            };
            Locality { machine_id: field("machine_id")?, session_id: field("session_id")? }
        }
        Some(_) => return Err(RefError::new(MALFORMED_REF, "the artifact `locality` is not an object")),
    };
    let (path, flavor) = normalise_path(text)?;
    Ok(Artifact::Local { kind: kind.to_owned(), path, flavor, locality })
}

/// Normalises a local path lexically: separators, `.`, `..`, repeated and
/// trailing slashes. A `file:` URL on no host or `localhost` gives its path.
pub fn normalise_path(text: &str) -> Result<(String, PathFlavor), RefError> {
    let owned;
    let mut text = text;
    if url::scheme_of(text).as_deref() == Some("file") && !is_drive(text) {
        let u = Url::parse(text).map_err(|e| RefError::new(MALFORMED_PATH, e.describe()))?;
        if u.host.as_ref().is_some_and(|h| *h != Host::Domain("localhost".into())) {
            return Err(RefError::new(MALFORMED_PATH, "the `file:` URL names a remote host"));
        }
        owned = String::from_utf8_lossy(&percent_decode(&u.path)).into_owned();
        text = &owned;
        if let Some(rest) = text.strip_prefix('/').filter(|r| is_drive(r)) {
            return normalise_path(rest);
        }
    }
    if text.chars().any(char::is_control) {
        return Err(RefError::new(MALFORMED_PATH, "the path contains a control character"));
    }
    let (flavor, prefix, rest) = if is_drive(text) {
        let drive = text.get(..1).unwrap_or("").to_ascii_uppercase();
        let rest = text.get(2..).unwrap_or("").replace('\\', "/");
        if !rest.starts_with('/') {
            return Err(RefError::new(RELATIVE_PATH, "the path is relative to a drive's current directory"));
        }
        (PathFlavor::Windows, format!("{drive}:"), rest)
    } else if text.starts_with("\\\\") || (text.starts_with("//") && text.contains('\\')) {
        (PathFlavor::Unc, "/".to_owned(), text.replace('\\', "/"))
    } else if text.starts_with('/') {
        (PathFlavor::Posix, String::new(), text.to_owned())
    } else if let Some(after) = text.strip_prefix('~') {
        let (user, rest) = match after.find('/') {
            Some(at) => (after.get(..at).unwrap_or(""), after.get(at..).unwrap_or("")),
            None => (after, ""),
        };
        (PathFlavor::Home, format!("~{user}"), if rest.is_empty() { "/".to_owned() } else { rest.to_owned() })
    } else {
        return Err(RefError::new(
            RELATIVE_PATH,
            "the path is relative, so it names nothing outside its writer",
        ));
    };
    let mut out: Vec<&str> = Vec::new();
    for seg in rest.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if out.pop().is_none() {
                    return Err(RefError::new(PATH_TRAVERSAL, "the path climbs above its root with `..`"));
                }
            }
            s => out.push(s),
        }
    }
    if flavor == PathFlavor::Unc && out.len() < 2 {
        return Err(RefError::new(MALFORMED_PATH, "the UNC path names no server and share"));
    }
    Ok((format!("{prefix}/{}", out.join("/")), flavor))
}

fn is_drive(text: &str) -> bool {
    let b = text.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.get(1) == Some(&b':')
        && matches!(b.get(2), None | Some(b'\\') | Some(b'/'))
}

// ---------------------------------------------------------------- links

/// `url:` plus the normalised address (https for http, no userinfo, no
/// fragment, no trailing slash), or the typed identity of a github.com
/// pull request, issue, commit or branch URL.
fn link_identity(url: &Url) -> String {
    if let Some((repo, target)) = github_path(url, false) {
        match target {
            Target::Pull(n) => return format!("github_pr:{}#{n}", repo.slug()),
            Target::Issue(n) => return format!("github_issue:{}#{n}", repo.slug()),
            Target::Commit(s) => {
                if let Ok(s) = sha(&s) {
                    return format!("commit:{}@{s}", repo.slug());
                }
            }
            Target::Tree(name) => {
                if let Ok(name) = branch_name(&name) {
                    return format!("branch:{}:{name}", repo.slug());
                }
            }
            Target::Repo | Target::Other => {}
        }
    }
    let scheme = if url.scheme == "http" { "https" } else { url.scheme.as_str() };
    let mut out = format!("url:{scheme}:");
    if let Some(host) = &url.host {
        out.push_str("//");
        let host = host.to_string();
        out.push_str(host.strip_prefix("www.").filter(|_| host == "www.github.com").unwrap_or(&host));
        if let Some(port) = url.port {
            out.push_str(&format!(":{port}"));
        }
    }
    let path = if url.path.len() > 1 { url.path.strip_suffix('/').unwrap_or(&url.path) } else { &url.path };
    out.push_str(path);
    if let Some(q) = url.query.as_deref().filter(|q| !q.is_empty()) {
        out.push('?');
        out.push_str(q);
    }
    out
}

#[cfg(test)]
mod tests;
