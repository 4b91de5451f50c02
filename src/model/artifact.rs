//! ArtifactRef: the typed per-kind model of a handle, and its canonical identity.
//!
//! On the wire an artifact ref is `{kind, url?, ref?, title?, source?,
//! created_at?, locality?, digest?, ...}` (nested JSON, snake_case, extra keys
//! kept; `digest` is an in-toto digest set, see [`digest`]).
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
//!
//! Each handle grammar has its file: GitHub's (pull requests, issues, commits,
//! branches) in `github`, local paths in `local`; this file holds the model,
//! the dispatch by kind, the identities and the generic rules every ref
//! keeps ([`check_ref`]).

use serde_json::Value;

use crate::doc::Json;
use crate::fields::{Presence, Report};
use crate::limits::{MAX_ID, MAX_KIND, MAX_STRING, MAX_TITLE, str_len};
use crate::pointer::{Below, Locate};
use crate::url::{self, Url};

pub mod digest;
mod github;
mod local;

use github::{Target, branch_name, github_item, github_path, parse_branch, parse_commit, sha};
use local::local;
pub use local::{looks_like_path, normalise_path};

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
    MALFORMED_DIGEST = "artifact/malformed-digest", "an artifact ref's `digest` is not an object of algorithm to hex, or a known algorithm's value is not exactly its length of lowercase hex digits (sha1 40, sha256 64, sha384 96, sha512 128)";
    UNKNOWN_DIGEST_ALGORITHM = "artifact/unknown-digest-algorithm", "an artifact ref's `digest` names an algorithm this core does not know: kept as it is, unchecked";
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

/// Checks an artifact ref with upstream's generic rules (its schema is
/// `.passthrough()`): `kind` 1..128 required; `url` ≤ 8192 (`null`
/// refused); `ref` ≤ 8192 or `null`; `title` ≤ 512; `source` ≤ 128;
/// `created_at` a number; any other key kept verbatim. An optional
/// `digest` is an in-toto digest set ([`digest`]). The handle's own
/// grammar is [`parse`]'s; locality and secrets are checks of their own.
pub fn check_ref<J: Json>(v: &J, at: &dyn Locate, report: &mut Report) {
    let Some(obj) = report.object(v, at, "an artifact ref") else { return };
    if let Some(kind) = report.string(obj, "kind", at, Presence::Required, 1, MAX_KIND) {
        report.vocab(kind, &crate::vocab::ARTIFACT_KIND, &Below::Key(at, "kind"));
    }
    report.string(obj, "url", at, Presence::Optional, 0, MAX_STRING);
    report.string(obj, "ref", at, Presence::Nullable, 0, MAX_STRING);
    report.string(obj, "title", at, Presence::Optional, 0, MAX_TITLE);
    report.string(obj, "source", at, Presence::Optional, 0, MAX_KIND);
    report.number(obj, "created_at", at, Presence::Optional);
    if let Some(d) = report.field(obj, "digest", at, Presence::Optional) {
        digest::check(d, &Below::Key(at, "digest"), report);
    }
}

#[cfg(test)]
mod tests;
