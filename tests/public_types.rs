//! Every public type of the crate is `Send + Sync`: a hub shares one
//! [`Ledger`](hapi_a2a_core::ledger::Ledger) between threads and moves calls
//! and answers between them. The list below names every public struct and
//! enum, and a test fails when the source declares one it does not name, so
//! a new type cannot skip the check.

#![allow(clippy::unwrap_used)]

use std::path::Path;

macro_rules! send_and_sync {
    ($($ty:ty,)*) => {
        /// The types, as written, for the completeness test.
        const LISTED: &str = stringify!($($ty,)*);

        #[test]
        fn every_public_type_is_send_and_sync() {
            fn both<T: Send + Sync>() {}
            $( both::<$ty>(); )*
        }
    };
}

send_and_sync! {
    hapi_a2a_core::api::Answer<u8>,
    hapi_a2a_core::api::ArtifactLocalityAnswer,
    hapi_a2a_core::api::ArtifactLocalityCall,
    hapi_a2a_core::api::CapabilitiesAnswer,
    hapi_a2a_core::api::CapabilitiesCall,
    hapi_a2a_core::api::CitationExtractAnswer,
    hapi_a2a_core::api::CitationExtractCall,
    hapi_a2a_core::api::CitationNormalizeAnswer,
    hapi_a2a_core::api::CitationNormalizeCall,
    hapi_a2a_core::api::Columns,
    hapi_a2a_core::api::DeliveryTransitionAnswer,
    hapi_a2a_core::api::DeliveryTransitionCall,
    hapi_a2a_core::api::DigestComparison,
    hapi_a2a_core::api::DigestComputeAnswer,
    hapi_a2a_core::api::DigestComputeCall,
    hapi_a2a_core::api::DigestVerifyAnswer,
    hapi_a2a_core::api::DigestVerifyCall,
    hapi_a2a_core::api::DocumentAnswer,
    hapi_a2a_core::api::DocumentOptions<'static>,
    hapi_a2a_core::api::LedgerRows,
    hapi_a2a_core::api::LedgerViewAnswer,
    hapi_a2a_core::api::LedgerViewCall,
    hapi_a2a_core::api::NoticeReceiptAnswer,
    hapi_a2a_core::api::NoticeReceiptCall,
    hapi_a2a_core::api::NotifyElevateAnswer,
    hapi_a2a_core::api::NotifyElevateCall,
    hapi_a2a_core::api::NotifyParseAnswer,
    hapi_a2a_core::api::NotifyParseCall,
    hapi_a2a_core::api::OpenLedger,
    hapi_a2a_core::api::PeerAnnotateAnswer,
    hapi_a2a_core::api::PeerAnnotateCall,
    hapi_a2a_core::api::PeerBadgeAnswer,
    hapi_a2a_core::api::PeerBadgeCall,
    hapi_a2a_core::api::PeerMetaAnswer,
    hapi_a2a_core::api::PeerMetaCall,
    hapi_a2a_core::api::ProjectHandoffAnswer,
    hapi_a2a_core::api::ProjectHandoffCall,
    hapi_a2a_core::api::ReceiptAttestAnswer,
    hapi_a2a_core::api::ReceiptAttestCall,
    hapi_a2a_core::api::SchemaCheckAnswer,
    hapi_a2a_core::api::SchemaCheckCall,
    hapi_a2a_core::api::SchemaReport,
    hapi_a2a_core::api::SecretFinding,
    hapi_a2a_core::api::SecretsScanAnswer,
    hapi_a2a_core::api::SecretsScanCall,
    hapi_a2a_core::api::ValidateAnswer,
    hapi_a2a_core::api::ValidateCall,
    hapi_a2a_core::api::host::Argument,
    hapi_a2a_core::api::host::Before,
    hapi_a2a_core::api::host::OptionValue,
    hapi_a2a_core::api::host::Unwritable,
    hapi_a2a_core::artifact::Artifact,
    hapi_a2a_core::attest::Attestation,
    hapi_a2a_core::artifact::Locality,
    hapi_a2a_core::artifact::PathFlavor,
    hapi_a2a_core::artifact::RefError,
    hapi_a2a_core::artifact::Repo,
    hapi_a2a_core::capability::Capability,
    hapi_a2a_core::capability::ClientDeclaration,
    hapi_a2a_core::capability::Offer,
    hapi_a2a_core::capability::Withheld,
    hapi_a2a_core::compat::Change,
    hapi_a2a_core::compat::Dialect,
    hapi_a2a_core::compat::DirReport,
    hapi_a2a_core::compat::Direction,
    hapi_a2a_core::compat::FileProblem,
    hapi_a2a_core::compat::Options,
    hapi_a2a_core::compat::PairReport,
    hapi_a2a_core::compat::Policy,
    hapi_a2a_core::compat::Report,
    hapi_a2a_core::compat::Rule,
    hapi_a2a_core::compat::RuleVerdict,
    hapi_a2a_core::compat::SchemaFile,
    hapi_a2a_core::compat::Side<'static>,
    hapi_a2a_core::compat::Treatment,
    hapi_a2a_core::compat::Verdict,
    hapi_a2a_core::compat::Witness,
    hapi_a2a_core::diagnostic::Code,
    hapi_a2a_core::diagnostic::CodeInfo,
    hapi_a2a_core::diagnostic::Diagnostic,
    hapi_a2a_core::diagnostic::Severity,
    hapi_a2a_core::diagnostic::UpstreamIssue,
    hapi_a2a_core::doc::Doc<'static>,
    hapi_a2a_core::doc::DocObject<'static>,
    hapi_a2a_core::error::CallError,
    hapi_a2a_core::event::EventCreate,
    hapi_a2a_core::event::EventRow,
    hapi_a2a_core::event::Shape,
    hapi_a2a_core::fields::Mode,
    hapi_a2a_core::fields::NameTable<1>,
    hapi_a2a_core::fields::Picked<'static, u8, 1>,
    hapi_a2a_core::fields::Picked<'static,u8,1>,
    hapi_a2a_core::fields::Presence,
    hapi_a2a_core::fields::Report,
    hapi_a2a_core::handoff::Confirmation,
    hapi_a2a_core::handoff::HandoffPayload,
    hapi_a2a_core::json::ParseError,
    hapi_a2a_core::json::Parsed,
    hapi_a2a_core::ledger::ArtifactMatch,
    hapi_a2a_core::ledger::ArtifactView,
    hapi_a2a_core::ledger::AuditChain,
    hapi_a2a_core::ledger::CurrentAd,
    hapi_a2a_core::ledger::Evidence,
    hapi_a2a_core::ledger::EvidenceItem,
    hapi_a2a_core::ledger::FleetView,
    hapi_a2a_core::ledger::HandoffView,
    hapi_a2a_core::ledger::Ledger<'static>,
    hapi_a2a_core::ledger::Lineage,
    hapi_a2a_core::ledger::LinkEntry,
    hapi_a2a_core::ledger::ProjectGroup,
    hapi_a2a_core::ledger::ProjectView,
    hapi_a2a_core::ledger::Query,
    hapi_a2a_core::ledger::ReceiptEntry,
    hapi_a2a_core::ledger::SessionEvent,
    hapi_a2a_core::ledger::SessionView,
    hapi_a2a_core::ledger::Thread,
    hapi_a2a_core::ledger::View,
    hapi_a2a_core::ledger::Verified,
    hapi_a2a_core::ledger::ViewAnswer,
    hapi_a2a_core::ledger::Page,
    hapi_a2a_core::ledger::Graph,
    hapi_a2a_core::ledger::GraphEdge,
    hapi_a2a_core::ledger::HandoffsView,
    hapi_a2a_core::ledger::HandoffEntry,
    hapi_a2a_core::ledger::delivery::Transition,
    hapi_a2a_core::ledger::generate::Generated,
    hapi_a2a_core::ledger::generate::GeneratedText,
    hapi_a2a_core::link::LinkCreate,
    hapi_a2a_core::link::LinkRow,
    hapi_a2a_core::digest::Against<'static>,
    hapi_a2a_core::digest::Compared,
    hapi_a2a_core::digest::DigestError,
    hapi_a2a_core::digest::Verdict,
    hapi_a2a_core::locality::Endpoint,
    hapi_a2a_core::locality::Verdict,
    hapi_a2a_core::notice::Notice,
    hapi_a2a_core::notice::NoticeKind,
    hapi_a2a_core::notify::Cause,
    hapi_a2a_core::notify::Elevation<'static>,
    hapi_a2a_core::notify::NotifySummary,
    hapi_a2a_core::notify::OwnerId,
    hapi_a2a_core::notify::Split<'static>,
    hapi_a2a_core::notify::WorkAdCreate,
    hapi_a2a_core::notify::WorkAdPayload,
    hapi_a2a_core::peer::Badge,
    hapi_a2a_core::peer::DerivedMeta,
    hapi_a2a_core::peer::MetaOrigin,
    hapi_a2a_core::peer::Placement,
    hapi_a2a_core::pointer::Below<'static>,
    hapi_a2a_core::pointer::Pointer,
    hapi_a2a_core::principal::Principal,
    hapi_a2a_core::principal::PrincipalKind,
    hapi_a2a_core::project::EventView<'static>,
    hapi_a2a_core::receipt::Check,
    hapi_a2a_core::receipt::ReceiptPayload,
    hapi_a2a_core::sanitize::Fence,
    hapi_a2a_core::schema::Embedded,
    hapi_a2a_core::secrets::Finding,
    hapi_a2a_core::spawn::PeerSpawn,
    hapi_a2a_core::spawn::Route,
    hapi_a2a_core::url::Host,
    hapi_a2a_core::url::Url,
    hapi_a2a_core::url::UrlError,
    hapi_a2a_core::validate::DocumentKind,
    hapi_a2a_core::validate::Options,
    hapi_a2a_core::validate::Outcome,
    hapi_a2a_core::validate::Profile,
    hapi_a2a_core::validate::Verdict,
    hapi_a2a_core::vocab::Openness,
    hapi_a2a_core::vocab::Vocabulary,
    hapi_a2a_core::work_ad::WorkAdPayload,
}

/// The names of every `pub struct` and `pub enum` under `dir`, but for the
/// wasm face's (`src/wasm.rs`, built for wasm32 only: its types are
/// JavaScript classes, and hold only types listed here).
fn declared(dir: &Path, names: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.ends_with("src/wasm.rs") {
            continue;
        }
        if path.is_dir() {
            declared(&path, names);
        } else if path.extension().is_some_and(|e| e == "rs") {
            for line in std::fs::read_to_string(&path).unwrap().lines() {
                let line = line.trim_start();
                let Some(rest) = line.strip_prefix("pub struct ").or_else(|| line.strip_prefix("pub enum "))
                else {
                    continue;
                };
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                names.push(name);
            }
        }
    }
}

#[test]
fn the_list_names_every_public_type() {
    let mut names = Vec::new();
    declared(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut names);
    assert!(names.len() > 100, "only {} public types found: is the scan still reading them?", names.len());
    let listed: Vec<&str> =
        LISTED.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
    let missing: Vec<&String> = names.iter().filter(|n| !listed.contains(&n.as_str())).collect();
    assert!(missing.is_empty(), "public types not checked for Send + Sync: {missing:?}");
}
