//! What a check is asked and what it answers, below both profiles: the
//! kinds of document, whose rules decide, the options of one validation,
//! and its outcome. `validate` dispatches on them; `upstream` answers with
//! them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::locality::Endpoint;

/// Whose rules decide: the RFC's (`a2a`, the default) or upstream's P1
/// rules exactly (`upstream`; `docs/profiles.md` says who asks for which).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Profile {
    /// The RFC's rules: typed payloads, P2 handoffs and receipts, secrets
    /// refused, JSON read strictly.
    #[default]
    A2a,
    /// Upstream's zod schemas and route checks, JSON read as `JSON.parse`
    /// reads it; what upstream has no rule for is a warning.
    Upstream,
}

impl Profile {
    /// Every profile.
    pub const ALL: &'static [Profile] = &[Profile::A2a, Profile::Upstream];

    /// The wire name.
    pub fn name(self) -> &'static str {
        match self {
            Profile::A2a => "a2a",
            Profile::Upstream => "upstream",
        }
    }

    /// The profile with this wire name.
    pub fn from_name(name: &str) -> Option<Profile> {
        Self::ALL.iter().copied().find(|p| p.name() == name)
    }
}

/// The kinds of document `validate` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DocumentKind {
    /// The snake_case body that creates an event.
    EventCreate,
    /// A stored event, camelCase at the top level.
    EventRow,
    /// The snake_case body that creates a link.
    LinkCreate,
    /// A stored link.
    LinkRow,
    /// `{kind, id, on_behalf_of?}`.
    Principal,
    /// `{kind, url?, ref?, title?, source?, created_at?, ...}`.
    ArtifactRef,
    /// A user message's `meta` (`{sentFrom, peer?, deliveryMode?, ...}`).
    PeerMessage,
    /// A plain machine spawn or a peer spawn with remit.
    SpawnRequest,
    /// The parsed notify footer.
    NotifySummary,
}

impl DocumentKind {
    /// Every kind, in the contract's order.
    pub const ALL: &'static [DocumentKind] = &[
        DocumentKind::EventCreate,
        DocumentKind::EventRow,
        DocumentKind::LinkCreate,
        DocumentKind::LinkRow,
        DocumentKind::Principal,
        DocumentKind::ArtifactRef,
        DocumentKind::PeerMessage,
        DocumentKind::SpawnRequest,
        DocumentKind::NotifySummary,
    ];

    /// The wire name.
    pub fn name(self) -> &'static str {
        match self {
            DocumentKind::EventCreate => "event_create",
            DocumentKind::EventRow => "event_row",
            DocumentKind::LinkCreate => "link_create",
            DocumentKind::LinkRow => "link_row",
            DocumentKind::Principal => "principal",
            DocumentKind::ArtifactRef => "artifact_ref",
            DocumentKind::PeerMessage => "peer_message",
            DocumentKind::SpawnRequest => "spawn_request",
            DocumentKind::NotifySummary => "notify_summary",
        }
    }

    /// The kind with this wire name.
    pub fn from_name(name: &str) -> Option<DocumentKind> {
        Self::ALL.iter().copied().find(|k| k.name() == name)
    }
}

/// Options of one validation beyond kind and mode.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The writer is an HTTP client (reserved provenance is refused).
    pub http_writer: bool,
    /// A `peer_message` meta was derived by the hub from the authenticated
    /// source (a stored row), not written by a client.
    pub hub_derived: bool,
    /// The sink a handoff is for, when known: refs it cannot resolve are
    /// reported (errors for writers, so the hub refuses "delivered").
    pub sink: Option<Endpoint>,
    /// `event_create`: the authenticated owner's id. Every principal of the
    /// write must resolve to it ([`crate::principal::check_owner`]); a lone
    /// `principal` too.
    pub owner: Option<String>,
    /// Whose rules decide.
    pub profile: Profile,
    /// `upstream` only: the document text was written by a JavaScript
    /// caller that holds the document as a value, and may spell what JSON
    /// cannot, where a value stands: `NaN`, `undefined`, and `bigint`,
    /// `function` and `symbol` for a value of that type, so that the
    /// verdict is zod's on the caller's own value (the adapters of
    /// `./upstream` write it). A hub reading a request body never sets it:
    /// JSON text is read as `JSON.parse` reads it.
    pub js_values: bool,
    /// Only errors are wanted: warnings and notes are left out of the
    /// outcome, and where a profile's rules allow it they are not looked
    /// for at all (under `upstream` the secret scan and a sink's locality,
    /// which only ever warn). The verdict is the same either way.
    pub errors_only: bool,
}

/// The outcome of validating one document.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// No error diagnostics.
    pub valid: bool,
    /// Sorted diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// The document as the hub stores it (strict) or as read, unknown
    /// content kept verbatim (lenient); absent when the text did not parse
    /// or a strict document was refused.
    pub normalized: Option<Value>,
}

/// A verdict without the normalized document.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// No error diagnostics.
    pub valid: bool,
    /// Sorted diagnostics.
    pub diagnostics: Vec<Diagnostic>,
}
