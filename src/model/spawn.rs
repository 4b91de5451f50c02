//! Spawn requests: a plain machine spawn (an empty session) and a peer spawn
//! that carries its first prompt, the remit.
//!
//! The `spawn_request` document is one of two shapes, told apart by `via`:
//!
//! - **plain machine spawn** (`via` absent or `"machine_spawn"`): upstream's
//!   `POST /api/machines/:id/spawn` body, camelCase: `{directory, agent?,
//!   model?, effort?, modelReasoningEffort?, yolo?, permissionMode?,
//!   sessionType?: simple|worktree, worktreeName?, serviceTier?:
//!   fast|standard, collaborationMode?, copilotAgentMode?, startingMode?:
//!   remote|pty}`. It has no first-prompt field: a `message`, `prompt` or
//!   `text` key (and this crate's own `remit`) is refused with
//!   `spawn/remit-not-supported`, because upstream would strip it and
//!   create an empty session. Other unknown keys are stripped (a warning).
//! - **peer spawn** (`via: "spawn_peer"`): `{via, directory, remit, name?,
//!   agent?, sessionType?, permissionMode?, sourceSessionId?,
//!   sourceCapabilities}`. `directory` and `remit` must be non-blank; `name`
//!   1..255 after trimming. `sourceCapabilities` lists what the source (the
//!   hub the spawn goes through) offers; it must include `spawnRemit`, and a
//!   session-bound spawn (`sourceSessionId` given) also `peerProvenance`,
//!   so the remit is never delivered unattributed. A missing capability is
//!   refused here, before any child exists.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::diagnostic::{Diagnostic, quote};
use crate::fields::{Presence, Report};
use crate::pointer::Pointer;
use crate::vocab::{Openness, Vocabulary};

crate::define_codes! {
    REMIT_NOT_SUPPORTED = "spawn/remit-not-supported", "a plain machine spawn carries a first prompt (`message`, `prompt`, `text` or `remit`), which it cannot deliver";
    REMIT_REQUIRED = "spawn/remit-required", "a peer spawn has no remit, or only whitespace";
    CAPABILITY_MISSING = "spawn/capability-missing", "the source of a peer spawn lacks a capability the spawn needs (refused before any child exists)";
}

/// `via`: which spawn this is.
pub const VIA: Vocabulary =
    Vocabulary { name: "spawn route", values: &["machine_spawn", "spawn_peer"], openness: Openness::Closed };
/// `sessionType` of a spawn.
pub const SESSION_TYPE: Vocabulary =
    Vocabulary { name: "session type", values: &["simple", "worktree"], openness: Openness::Closed };
/// `serviceTier` of a machine spawn.
pub const SERVICE_TIER: Vocabulary =
    Vocabulary { name: "service tier", values: &["fast", "standard"], openness: Openness::Closed };
/// `startingMode` of a machine spawn.
pub const STARTING_MODE: Vocabulary =
    Vocabulary { name: "starting mode", values: &["remote", "pty"], openness: Openness::Closed };

/// Keys that carry a first prompt, in the order upstream checks them
/// (`remit` is this crate's own name for it).
pub const PROMPT_KEYS: &[&str] = &["message", "prompt", "text", "remit"];

/// Most characters in a session name.
pub const MAX_NAME: usize = 255;
/// Most characters in a source session id.
pub const MAX_SESSION_ID: usize = 128;

const MACHINE_STRINGS: &[&str] = &[
    "agent",
    "model",
    "effort",
    "modelReasoningEffort",
    "permissionMode",
    "worktreeName",
    "collaborationMode",
    "copilotAgentMode",
];

const MACHINE_FIELDS: &[&str] = &[
    "via",
    "directory",
    "agent",
    "model",
    "effort",
    "modelReasoningEffort",
    "yolo",
    "permissionMode",
    "sessionType",
    "worktreeName",
    "serviceTier",
    "collaborationMode",
    "copilotAgentMode",
    "startingMode",
];

const PEER_FIELDS: &[&str] = &[
    "via",
    "directory",
    "remit",
    "name",
    "agent",
    "sessionType",
    "permissionMode",
    "sourceSessionId",
    "sourceCapabilities",
];

/// A peer spawn: a new session whose first user message is the remit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeerSpawn {
    /// Always `spawn_peer`.
    pub via: String,
    /// Working directory of the child.
    pub directory: String,
    /// The first prompt; required, non-blank.
    pub remit: String,
    /// Session title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    /// Agent flavor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub agent: Option<String>,
    /// `simple` or `worktree`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub session_type: Option<String>,
    /// Permission mode for the flavor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub permission_mode: Option<String>,
    /// The spawning session, when the spawn is session-bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_session_id: Option<String>,
    /// What the source offers (capability names).
    pub source_capabilities: Vec<String>,
}

/// Which shape a spawn request document has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// A plain machine spawn.
    Machine,
    /// A peer spawn with remit.
    Peer,
}

/// The route a document asks for (`None` for an unknown `via`).
pub fn route(obj: &Map<String, Value>) -> Option<Route> {
    match obj.get("via").map(Value::as_str) {
        None | Some(Some("machine_spawn")) => Some(Route::Machine),
        Some(Some("spawn_peer")) => Some(Route::Peer),
        _ => None,
    }
}

/// Checks a spawn request document at `at`.
pub fn check(v: &Value, at: &Pointer, report: &mut Report) {
    let Some(obj) = report.object(v, at, "a spawn request") else { return };
    if let Some(via) = report.string(obj, "via", at, Presence::Optional, 0, usize::MAX)
        && !report.vocab(via, &VIA, &at.key("via"))
    {
        return;
    }
    match route(obj) {
        Some(Route::Machine) => check_machine(obj, at, report),
        Some(Route::Peer) => check_peer(obj, at, report),
        None => {}
    }
}

fn check_machine(obj: &Map<String, Value>, at: &Pointer, report: &mut Report) {
    for key in PROMPT_KEYS {
        if obj.contains_key(*key) {
            report.push(
                Diagnostic::error(
                    REMIT_NOT_SUPPORTED,
                    &at.key(key),
                    format!("a machine spawn does not accept {}: it creates an empty session", quote(key)),
                )
                .with_help(
                    "spawn with `via: \"spawn_peer\"` and a `remit`, or send a message after the spawn",
                ),
            );
        }
    }
    report.string(obj, "directory", at, Presence::Required, 1, usize::MAX);
    for key in MACHINE_STRINGS {
        report.string(obj, key, at, Presence::Optional, 0, usize::MAX);
    }
    report.boolean(obj, "yolo", at, Presence::Optional);
    for (key, vocab) in
        [("sessionType", SESSION_TYPE), ("serviceTier", SERVICE_TIER), ("startingMode", STARTING_MODE)]
    {
        if let Some(s) = report.string(obj, key, at, Presence::Optional, 0, usize::MAX) {
            report.vocab(s, &vocab, &at.key(key));
        }
    }
    let known: Vec<&str> = MACHINE_FIELDS.iter().chain(PROMPT_KEYS).copied().collect();
    report.unknown_fields(obj, &known, at, "a machine spawn body");
}

fn check_peer(obj: &Map<String, Value>, at: &Pointer, report: &mut Report) {
    if let Some(d) = report.string(obj, "directory", at, Presence::Required, 0, usize::MAX) {
        report.not_blank(d, &at.key("directory"), "directory");
    }
    match obj.get("remit") {
        Some(Value::String(s)) if !crate::js::whitespace::is_js_blank(s) => {}
        Some(other) if !other.is_string() => {
            report.string_value(other, &at.key("remit"), "remit", 0, usize::MAX);
        }
        _ => report.push(
            Diagnostic::error(REMIT_REQUIRED, &at.key("remit"), "a peer spawn needs a non-blank `remit`")
                .with_help(
                    "the remit is the child's first prompt; a spawn without one leaves an empty session",
                ),
        ),
    }
    if let Some(name) = report.string(obj, "name", at, Presence::Optional, 0, usize::MAX) {
        let len = crate::limits::str_len(crate::js::whitespace::js_trim(name));
        if len == 0 || len > MAX_NAME {
            report.error(
                crate::limits::STRING_TOO_LONG,
                &at.key("name"),
                format!("`name` must be 1 to {MAX_NAME} characters after trimming, found {len}"),
            );
            if len == 0
                && let Some(d) = report.diagnostics.last_mut()
            {
                d.code = crate::fields::BLANK.to_string();
            }
        }
    }
    report.string(obj, "agent", at, Presence::Optional, 0, usize::MAX);
    report.string(obj, "permissionMode", at, Presence::Optional, 0, usize::MAX);
    if let Some(s) = report.string(obj, "sessionType", at, Presence::Optional, 0, usize::MAX) {
        report.vocab(s, &SESSION_TYPE, &at.key("sessionType"));
    }
    let bound = report.string(obj, "sourceSessionId", at, Presence::Optional, 1, MAX_SESSION_ID).is_some();
    if let Some(items) = report.array(obj, "sourceCapabilities", at, Presence::Required, usize::MAX) {
        let here = at.key("sourceCapabilities");
        let mut names = Vec::new();
        for (i, item) in items.iter().enumerate() {
            if let Some(s) =
                report.string_value(item, &here.index(i), "sourceCapabilities item", 0, usize::MAX)
            {
                names.push(s);
            }
        }
        let mut needed = vec![("spawnRemit", "the source cannot deliver a remit with a spawn")];
        if bound {
            needed.push(("peerProvenance", "a session-bound spawn must deliver its remit attributed"));
        }
        for (cap, why) in needed {
            if !names.contains(&cap) {
                report.push(
                    Diagnostic::error(CAPABILITY_MISSING, &here, format!("the source lacks `{cap}`: {why}"))
                        .with_help(
                            "refuse before creating the child; upgrade the hub or spawn without a remit",
                        ),
                );
            }
        }
    }
    report.unknown_fields(obj, PEER_FIELDS, at, "a peer spawn request");
    for key in ["message", "prompt", "text"] {
        if obj.contains_key(key)
            && let Some(d) =
                report.diagnostics.iter_mut().rev().find(|d| d.instance_path == at.key(key).as_str())
        {
            d.help = Some("the first prompt of a peer spawn goes in `remit`".to_owned());
        }
    }
}

/// The request as the spawn route would take it after a strict check:
/// undeclared keys dropped.
pub fn normalize(v: &Value) -> Value {
    let mut out = v.clone();
    if let Value::Object(map) = &mut out {
        let keep = if route(map) == Some(Route::Peer) { PEER_FIELDS } else { MACHINE_FIELDS };
        map.retain(|k, _| keep.contains(&k.as_str()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::Mode;
    use serde_json::json;

    fn codes(v: Value) -> Vec<String> {
        let mut r = Report::new(Mode::Strict);
        check(&v, &Pointer::root(), &mut r);
        crate::diagnostic::sort(&mut r.diagnostics);
        r.diagnostics.iter().map(|d| format!("{}@{}", d.code, d.instance_path)).collect()
    }

    fn peer() -> Value {
        json!({"via":"spawn_peer","directory":"/repo","remit":"review the diff","sourceCapabilities":["spawnRemit"]})
    }

    #[test]
    fn machine_spawn_with_a_message_is_refused() {
        assert_eq!(
            codes(json!({"directory":"/r","message":"hi"})),
            vec!["spawn/remit-not-supported@/message"]
        );
        assert!(codes(json!({"directory":"/r","sessionType":"worktree"})).is_empty());
    }

    #[test]
    fn peer_spawn_needs_a_non_blank_remit() {
        assert!(codes(peer()).is_empty());
        let mut v = peer();
        v["remit"] = json!(" \n");
        assert_eq!(codes(v), vec!["spawn/remit-required@/remit"]);
        let mut v = peer();
        v["remit"] = json!(5);
        assert_eq!(codes(v), vec!["field/wrong-type@/remit"]);
    }

    #[test]
    fn session_bound_spawn_needs_peer_provenance() {
        let mut v = peer();
        v["sourceSessionId"] = json!("s1");
        assert_eq!(codes(v), vec!["spawn/capability-missing@/sourceCapabilities"]);
    }

    #[test]
    fn blank_name_is_refused() {
        let mut v = peer();
        v["name"] = json!("  ");
        assert_eq!(codes(v), vec!["field/blank@/name"]);
    }
}
