//! Capabilities: the named A2A features a hub can advertise, and what a
//! client may be offered.
//!
//! A client declares the capabilities it understands (and, optionally, the
//! values of each vocabulary it understands); [`offer`] answers what it may
//! be sent. The rules:
//!
//! - a capability is offered only when declared, known, and every
//!   capability it builds on is offered too (`handoff` and
//!   `notifyElevation` build on `ledger`, `digestEvidence` on `handoff`); so
//!   a client that declares no Layer 1 capability (an old client) is never
//!   offered Layer 1;
//! - a vocabulary value is offered only when the capability that introduced
//!   it is offered, and, when the client declared that vocabulary, only when
//!   the client declared the value. Declaring a capability without declaring
//!   its vocabularies means its v1 values. A client is never sent an enum
//!   value it did not declare.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::vocab;

crate::define_codes! {
    UNKNOWN = "capability/unknown", "a client declared a capability this core does not know (it is not offered)";
    NEEDS_DEPENDENCY = "capability/needs-dependency", "a client declared a capability without one it builds on (it is not offered)";
}

/// One A2A capability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Capability {
    /// Stable name (camelCase, as upstream's `/health` capabilities).
    pub name: String,
    /// The RFC layer it belongs to: `0` (chat path) or `1` (ledger objects).
    pub layer: u8,
    /// The RFC phase that ships it (`P0.4`, `P0.5`, `P1`, `P2`, `P3`).
    pub phase: String,
    /// One line on what it is.
    pub summary: String,
}

/// `(name, layer, phase, summary)` of every capability, in phase order.
pub const CAPABILITIES: &[(&str, u8, &str, &str)] = &[
    (
        "spawnRemit",
        0,
        "P0.4",
        "spawn_peer with a required, non-blank first prompt; refused before any child exists",
    ),
    (
        "peerProvenance",
        0,
        "P0.5",
        "peer deliveries stamped sentFrom:\"peer\" with a hub-derived source session",
    ),
    ("ledger", 1, "P1", "hub-owned events and event_links with principals and namespace isolation"),
    ("handoff", 1, "P2", "typed handoff envelopes, receipts with checks, fetch by handle"),
    (
        "digestEvidence",
        1,
        "P2",
        "digest sets on artifact refs and check outputs, digest.compute and digest.verify, receipts as in-toto Statements",
    ),
    ("notifyElevation", 1, "P3", "AGENT_NOTIFY_SUMMARY footers elevated to work_ad events"),
];

/// Every capability, typed.
pub fn all() -> Vec<Capability> {
    CAPABILITIES
        .iter()
        .map(|(name, layer, phase, summary)| Capability {
            name: (*name).to_owned(),
            layer: *layer,
            phase: (*phase).to_owned(),
            summary: (*summary).to_owned(),
        })
        .collect()
}

/// Which capability each one builds on.
pub const DEPENDS_ON: &[(&str, &str)] =
    &[("handoff", "ledger"), ("digestEvidence", "handoff"), ("notifyElevation", "ledger")];

/// What a client says it understands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ClientDeclaration {
    /// Capability names (`ledger`, `handoff`, ...). Absent means none.
    #[serde(default)]
    pub capabilities: Vec<String>,
    /// Per vocabulary (keys as in [`VOCABULARIES`]), the values the client
    /// understands. A vocabulary left out means its v1 values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub vocabularies: Option<BTreeMap<String, Vec<String>>>,
}

/// A declared capability that is not offered, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Withheld {
    /// The declared name.
    pub name: String,
    /// `capability/unknown` or `capability/needs-dependency`.
    pub code: String,
    /// One line.
    pub reason: String,
}

/// What a client may be sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    /// Offered capabilities, in phase order.
    pub capabilities: Vec<String>,
    /// Whether any Layer 1 (ledger) capability is offered.
    pub layer1: bool,
    /// Per vocabulary, the values the client may be sent (v1 order).
    pub vocabularies: BTreeMap<String, Vec<String>>,
    /// Declared capabilities that are not offered, sorted by name.
    pub withheld: Vec<Withheld>,
}

/// Which capability introduced a value: `(vocabulary key, values, capability)`;
/// an empty capability means the value predates A2A.
pub const VOCABULARIES: &[(&str, &[&str], &str)] = &[
    ("artifact.digest", &["sha1", "sha256", "sha384", "sha512"], "digestEvidence"),
    ("artifact.kind", vocab::ARTIFACT_KIND.values, "ledger"),
    ("endpoint.kind", vocab::ENDPOINT_KIND.values, "ledger"),
    ("event_type", &["work_ad"], "ledger"),
    ("event_type", &["handoff", "handoff_receipt"], "handoff"),
    ("handoff.confirmation.source", vocab::CONFIRMATION_SOURCE.values, "handoff"),
    ("handoff.delivery_state", vocab::DELIVERY_STATE.values, "handoff"),
    ("handoff_receipt.status", vocab::RECEIPT_STATUS.values, "handoff"),
    ("meta.sentFrom", &["webapp", "telegram-bot", "cli"], ""),
    ("meta.sentFrom", &["peer"], "peerProvenance"),
    ("principal.kind", vocab::PRINCIPAL_KIND.values, "ledger"),
    ("relation_type", &["resolves", "blocked_by", "retries", "supersedes"], "handoff"),
    ("relation_type", &["follows"], "notifyElevation"),
    ("work_ad.status", vocab::WORK_AD_STATUS.values, "ledger"),
];

/// What a client that declared `client` may be sent.
pub fn offer(client: &ClientDeclaration) -> Offer {
    let declared = |name: &str| client.capabilities.iter().any(|c| c == name);
    let mut offered: Vec<&str> = Vec::new();
    let mut withheld = Vec::new();
    for (name, ..) in CAPABILITIES {
        if !declared(name) {
            continue;
        }
        let missing: Vec<&str> =
            DEPENDS_ON.iter().filter(|(c, d)| c == name && !offered.contains(d)).map(|(_, d)| *d).collect();
        if missing.is_empty() {
            offered.push(name);
        } else {
            withheld.push(Withheld {
                name: (*name).to_owned(),
                code: NEEDS_DEPENDENCY.to_string(),
                reason: format!(
                    "`{name}` builds on `{}`, which the client did not declare",
                    missing.join("`, `")
                ),
            });
        }
    }
    for name in &client.capabilities {
        if !CAPABILITIES.iter().any(|(n, ..)| n == name) && !withheld.iter().any(|w| &w.name == name) {
            withheld.push(Withheld {
                name: name.clone(),
                code: UNKNOWN.to_string(),
                reason: format!("{} is not a capability this core knows", crate::diagnostic::quote(name)),
            });
        }
    }
    crate::sort::list(&mut withheld, &|a, b| a.name.cmp(&b.name));
    let mut vocabularies: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (key, values, cap) in VOCABULARIES {
        let entry = vocabularies.entry((*key).to_owned()).or_default();
        if !(cap.is_empty() || offered.contains(cap)) {
            continue;
        }
        let understood = client.vocabularies.as_ref().and_then(|v| v.get(*key));
        for value in *values {
            if understood.is_none_or(|u| u.iter().any(|x| x == value)) {
                entry.push((*value).to_owned());
            }
        }
    }
    let layer1 = CAPABILITIES.iter().any(|(n, layer, ..)| *layer == 1 && offered.contains(n));
    Offer { capabilities: offered.into_iter().map(str::to_owned).collect(), layer1, vocabularies, withheld }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declare(caps: &[&str]) -> ClientDeclaration {
        ClientDeclaration { capabilities: caps.iter().map(|s| (*s).to_owned()).collect(), vocabularies: None }
    }

    #[test]
    fn an_old_client_is_never_offered_layer_1() {
        let o = offer(&declare(&[]));
        assert!(!o.layer1);
        assert!(o.capabilities.is_empty());
        assert!(o.vocabularies["event_type"].is_empty());
        assert_eq!(o.vocabularies["meta.sentFrom"], vec!["webapp", "telegram-bot", "cli"]);
    }

    #[test]
    fn handoff_without_ledger_is_withheld() {
        let o = offer(&declare(&["handoff"]));
        assert!(!o.layer1);
        assert_eq!(o.withheld[0].code, NEEDS_DEPENDENCY);
    }

    #[test]
    fn undeclared_enum_values_are_never_offered() {
        let mut c = declare(&["ledger", "handoff"]);
        let mut v = BTreeMap::new();
        v.insert("handoff_receipt.status".to_owned(), vec!["completed".to_owned(), "failed".to_owned()]);
        c.vocabularies = Some(v);
        let o = offer(&c);
        assert_eq!(o.vocabularies["handoff_receipt.status"], vec!["completed", "failed"]);
        assert_eq!(o.vocabularies["event_type"], vec!["work_ad", "handoff", "handoff_receipt"]);
        assert!(o.vocabularies["relation_type"].iter().all(|r| r != "follows"));
    }

    #[test]
    fn digests_are_offered_only_to_a_client_that_declared_them_on_top_of_handoffs() {
        let old = offer(&declare(&["ledger", "handoff"]));
        assert!(!old.capabilities.iter().any(|c| c == "digestEvidence"));
        assert!(old.vocabularies["artifact.digest"].is_empty());
        let alone = offer(&declare(&["digestEvidence"]));
        assert_eq!(alone.withheld[0].code, NEEDS_DEPENDENCY);
        assert!(alone.vocabularies["artifact.digest"].is_empty());
        let new = offer(&declare(&["ledger", "handoff", "digestEvidence"]));
        assert_eq!(new.vocabularies["artifact.digest"], vec!["sha1", "sha256", "sha384", "sha512"]);
        let known: Vec<&str> = crate::artifact::digest::ALGORITHMS.iter().map(|(name, _)| *name).collect();
        assert_eq!(new.vocabularies["artifact.digest"], known);
    }

    #[test]
    fn unknown_capabilities_are_withheld() {
        let o = offer(&declare(&["teleport", "ledger"]));
        assert_eq!(o.capabilities, vec!["ledger"]);
        assert_eq!(o.withheld[0].code, UNKNOWN);
    }
}
