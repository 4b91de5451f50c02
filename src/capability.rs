//! Capabilities: the named A2A features a hub can advertise, and what an
//! older client may be offered.

use serde::{Deserialize, Serialize};

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
