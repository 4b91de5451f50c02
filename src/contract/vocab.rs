//! Every vocabulary of the A2A contract, and the one rule for unknown values.
//!
//! Closed vocabularies refuse unknown values from writers (strict mode);
//! open ones take any string and give typed rules to the values they know.
//! A lenient reader keeps unknown values verbatim and notes them with an
//! `info` diagnostic (the six-month-old-client rule); an unknown status is
//! never terminal.

crate::define_codes! {
    UNKNOWN_VALUE = "vocab/unknown-value", "a value outside a closed vocabulary (refused by strict writers, kept by lenient readers)";
}

/// Whether a vocabulary may grow without a new client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Openness {
    /// Unknown values are refused by strict writers.
    Closed,
    /// Any string is accepted; known values get typed rules.
    Open,
}

/// A named vocabulary.
#[derive(Clone, Copy, Debug)]
pub struct Vocabulary {
    /// Its name in messages.
    pub name: &'static str,
    /// Its v1 values.
    pub values: &'static [&'static str],
    /// Closed or open.
    pub openness: Openness,
}

impl Vocabulary {
    /// Whether `value` is one of the v1 values (case-sensitive).
    pub fn contains(&self, value: &str) -> bool {
        self.values.contains(&value)
    }
}

/// `payload_json.status` of a work ad. `stale` is derived, never self-reported.
pub const WORK_AD_STATUS: Vocabulary = Vocabulary {
    name: "work_ad status",
    values: &["in_progress", "blocked", "needs_decision", "done", "failed", "stale", "unknown"],
    openness: Openness::Closed,
};

/// `payload_json.status` of a handoff receipt.
pub const RECEIPT_STATUS: Vocabulary = Vocabulary {
    name: "receipt status",
    values: &["accepted", "rejected", "completed", "incomplete", "blocked", "failed"],
    openness: Openness::Closed,
};

/// `payload_json.delivery_state` of a handoff.
pub const DELIVERY_STATE: Vocabulary = Vocabulary {
    name: "delivery_state",
    values: &["queued", "delivered", "consumed", "undeliverable"],
    openness: Openness::Closed,
};

/// `confirmation.source` of a handoff.
pub const CONFIRMATION_SOURCE: Vocabulary = Vocabulary {
    name: "confirmation source",
    values: &["human_approved_peer_tool", "delegated_authority"],
    openness: Openness::Closed,
};

/// Artifact `kind` (open: an unknown kind is kept and never sink-resolvable).
pub const ARTIFACT_KIND: Vocabulary = Vocabulary {
    name: "artifact kind",
    values: &[
        "github_pr",
        "github_issue",
        "commit",
        "branch",
        "file_path",
        "diff",
        "log_url",
        "url",
        "screenshot",
        "session_id",
    ],
    openness: Openness::Open,
};

/// Principal `kind` (closed, as upstream's discriminated union).
pub const PRINCIPAL_KIND: Vocabulary =
    Vocabulary { name: "principal kind", values: &["human", "agent", "service"], openness: Openness::Closed };

/// `event_type` (open; known values get typed payload rules).
pub const EVENT_TYPE: Vocabulary = Vocabulary {
    name: "event_type",
    values: &["work_ad", "handoff", "handoff_receipt"],
    openness: Openness::Open,
};

/// `relation_type` of a link (open).
pub const RELATION_TYPE: Vocabulary = Vocabulary {
    name: "relation_type",
    values: &["resolves", "blocked_by", "retries", "supersedes", "follows"],
    openness: Openness::Open,
};

/// `source_kind` / `sink_kind` (open; v1 writes only `session`).
pub const ENDPOINT_KIND: Vocabulary =
    Vocabulary { name: "endpoint kind", values: &["session"], openness: Openness::Open };

/// Every vocabulary, for the capability offer and the docs.
pub const ALL: &[Vocabulary] = &[
    WORK_AD_STATUS,
    RECEIPT_STATUS,
    DELIVERY_STATE,
    CONFIRMATION_SOURCE,
    ARTIFACT_KIND,
    PRINCIPAL_KIND,
    EVENT_TYPE,
    RELATION_TYPE,
    ENDPOINT_KIND,
];

/// The work-ad status a notify footer's `status` maps to: exact, case-sensitive,
/// untrimmed; `stalled → blocked`, `needs_review → needs_decision`; a
/// self-reported `stale` and everything else map to `unknown`.
pub fn work_ad_status_from_notify(status: Option<&str>) -> &'static str {
    match status {
        Some("done") => "done",
        Some("blocked" | "stalled") => "blocked",
        Some("needs_decision" | "needs_review") => "needs_decision",
        Some("failed") => "failed",
        Some("in_progress") => "in_progress",
        _ => "unknown",
    }
}

/// Whether a receipt status decides the handoff. `incomplete` (no terminal
/// evidence yet) is not terminal, and neither is any unknown status.
pub fn receipt_status_is_terminal(status: &str) -> bool {
    matches!(status, "rejected" | "completed" | "failed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notify_aliases_are_exact_and_case_sensitive() {
        assert_eq!(work_ad_status_from_notify(Some("stalled")), "blocked");
        assert_eq!(work_ad_status_from_notify(Some("needs_review")), "needs_decision");
        assert_eq!(work_ad_status_from_notify(Some("stale")), "unknown");
        assert_eq!(work_ad_status_from_notify(Some("DONE")), "unknown");
        assert_eq!(work_ad_status_from_notify(Some(" done")), "unknown");
        assert_eq!(work_ad_status_from_notify(None), "unknown");
    }

    #[test]
    fn incomplete_and_unknown_statuses_are_not_terminal() {
        assert!(!receipt_status_is_terminal("incomplete"));
        assert!(!receipt_status_is_terminal("accepted"));
        assert!(!receipt_status_is_terminal("someday"));
        assert!(receipt_status_is_terminal("failed"));
    }
}
