//! Principal: who wrote a ledger row, and the human accountable for it.
//!
//! `{kind: human|agent|service, id, on_behalf_of?}`. The kind is a closed
//! vocabulary (upstream's discriminated union). A non-human principal must
//! name a non-blank human owner in `on_behalf_of`; a human principal carries
//! none (upstream strips it).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostic::{Diagnostic, Severity};
use crate::doc::{Json, JsonObject};
use crate::fields::{Presence, Report};
use crate::limits::MAX_ID;
use crate::pointer::{Below, Locate, Pointer};
use crate::vocab::PRINCIPAL_KIND;

crate::define_codes! {
    UNACCOUNTABLE = "principal/unaccountable", "an agent or service principal names no non-blank human owner in `on_behalf_of`";
    BLANK_ID = "principal/blank-id", "a principal's `id` is only whitespace (upstream's store refuses it)";
    OWNER_ON_HUMAN = "principal/owner-on-human", "a human principal carries `on_behalf_of`, which upstream strips";
    NOT_OWNER = "principal/not-owner", "a principal does not resolve to the authenticated owner the hub named (a human by its `id`, an agent or service by its `on_behalf_of`)";
}

/// The kinds of principal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum PrincipalKind {
    /// A person; accountable by themselves.
    Human,
    /// An agent session, acting for a human.
    Agent,
    /// A service (CI, a bot), acting for a human.
    Service,
}

/// A principal as it is written to and stored in the ledger (snake_case, as
/// upstream keeps it inside rows).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Principal {
    /// Human, agent or service.
    pub kind: PrincipalKind,
    /// Who (for agents upstream writes `session:<id>`).
    pub id: String,
    /// The accountable human owner; required for agents and services.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub on_behalf_of: Option<String>,
}

impl Principal {
    /// Whether this principal resolves to the authenticated hub owner: a human
    /// by its `id`, an agent or service by its `on_behalf_of`. Exact string
    /// match, no trimming (`"01"` is not `"1"`), as upstream compares.
    pub fn resolves_to_owner(&self, owner_id: &str) -> bool {
        match self.kind {
            PrincipalKind::Human => self.id == owner_id,
            PrincipalKind::Agent | PrincipalKind::Service => self.on_behalf_of.as_deref() == Some(owner_id),
        }
    }

    /// Whether the principal is accountable: a non-blank id, and for a
    /// non-human a non-blank human owner.
    pub fn is_accountable(&self) -> bool {
        !crate::js::whitespace::is_js_blank(&self.id)
            && match self.kind {
                PrincipalKind::Human => true,
                PrincipalKind::Agent | PrincipalKind::Service => {
                    self.on_behalf_of.as_deref().is_some_and(|o| !crate::js::whitespace::is_js_blank(o))
                }
            }
    }

    /// Reads a principal from JSON without reporting (`None` when it is not one).
    pub fn from_value<J: Json>(v: &J) -> Option<Principal> {
        let obj = v.as_object()?;
        let kind = match obj.get("kind")?.as_str()? {
            "human" => PrincipalKind::Human,
            "agent" => PrincipalKind::Agent,
            "service" => PrincipalKind::Service,
            _ => return None,
        };
        let id = obj.get("id")?.as_str()?.to_owned();
        let on_behalf_of = obj.get("on_behalf_of").and_then(J::as_str).map(str::to_owned);
        Some(Principal { kind, id, on_behalf_of })
    }
}

const FIELDS: &[&str] = &["kind", "id", "on_behalf_of"];

/// Checks a principal at `at`, reporting into `report`. Returns the typed
/// principal when its kind is known and its fields have the right types.
pub fn check<J: Json>(v: &J, at: &dyn Locate, report: &mut Report) -> Option<Principal> {
    let obj = report.object(v, at, "principal")?;
    check_object(obj, at, report)
}

fn check_object<O: JsonObject>(obj: &O, at: &dyn Locate, report: &mut Report) -> Option<Principal> {
    let kind_str = report.string(obj, "kind", at, Presence::Required, 1, usize::MAX);
    let id = report.string(obj, "id", at, Presence::Required, 1, MAX_ID);
    let kind = match kind_str {
        Some("human") => Some(PrincipalKind::Human),
        Some("agent") => Some(PrincipalKind::Agent),
        Some("service") => Some(PrincipalKind::Service),
        Some(other) => {
            report.vocab(other, &PRINCIPAL_KIND, &Below::Key(at, "kind"));
            None
        }
        None => None,
    };
    if let Some(id) = id
        && !id.is_empty()
        && crate::js::whitespace::is_js_blank(id)
    {
        report.refuse_or_warn(BLANK_ID, &Below::Key(at, "id"), "principal `id` must not be blank");
    }
    // Upstream's human branch strips `on_behalf_of` without looking at it,
    // so its type and length only matter for agents and services.
    let owner = match (kind, obj.get("on_behalf_of")) {
        (_, None) | (Some(PrincipalKind::Human), Some(_)) => None,
        (_, Some(v)) => report.string_value(v, &Below::Key(at, "on_behalf_of"), "on_behalf_of", 1, MAX_ID),
    };
    match kind {
        Some(PrincipalKind::Human) if obj.contains_key("on_behalf_of") => {
            report.push(Diagnostic::new(
                OWNER_ON_HUMAN,
                if report.strict() { Severity::Warning } else { Severity::Info },
                &Below::Key(at, "on_behalf_of"),
                "a human principal is its own owner; upstream strips `on_behalf_of`",
            ));
        }
        Some(k @ (PrincipalKind::Agent | PrincipalKind::Service))
            if owner.is_none_or(crate::js::whitespace::is_js_blank) =>
        {
            let name = if k == PrincipalKind::Agent { "an agent" } else { "a service" };
            report.refuse_or_warn(
                UNACCOUNTABLE,
                &Below::Key(at, "on_behalf_of"),
                format!("{name} principal must name its accountable human in `on_behalf_of`"),
            );
            if let Some(d) = report.diagnostics.last_mut() {
                d.help = Some("set `on_behalf_of` to the hub owner's id".to_owned());
            }
        }
        _ => {}
    }
    report.unknown_fields(obj, FIELDS, at, "a principal");
    Some(Principal { kind: kind?, id: id?.to_owned(), on_behalf_of: owner.map(str::to_owned) })
}

/// Reports every principal of an event create body that does not resolve to
/// `owner`, the hub's authenticated owner: the writer's `principal` and, in a
/// handoff, `payload_json.confirmation.principal` (an approval or a
/// delegation in someone else's name is a forgery). A principal that is not
/// well formed is left to [`check`].
pub fn check_owner<J: Json>(event: &J, at: &Pointer, owner: &str, report: &mut Report) {
    let confirmation = event
        .get("payload_json")
        .filter(|_| event.get("event_type").and_then(J::as_str) == Some("handoff"))
        .and_then(|p| p.get("confirmation"));
    let places = [
        (event.get("principal"), at.key("principal")),
        (
            confirmation.and_then(|c| c.get("principal")),
            at.key("payload_json").key("confirmation").key("principal"),
        ),
    ];
    for (value, here) in places {
        owner_of(value, &here, owner, report);
    }
}

/// Reports a lone principal that does not resolve to `owner`, as
/// [`check_owner`] does for an event's.
pub fn check_lone_owner<J: Json>(principal: &J, at: &Pointer, owner: &str, report: &mut Report) {
    owner_of(Some(principal), at, owner, report);
}

fn owner_of<J: Json>(value: Option<&J>, here: &Pointer, owner: &str, report: &mut Report) {
    let Some(p) = value.and_then(Principal::from_value) else { return };
    if p.resolves_to_owner(owner) {
        return;
    }
    let (field, named) = match p.kind {
        PrincipalKind::Human => ("id", p.id.as_str()),
        PrincipalKind::Agent | PrincipalKind::Service => {
            ("on_behalf_of", p.on_behalf_of.as_deref().unwrap_or(""))
        }
    };
    report.refuse_or_warn(NOT_OWNER, &here.key(field), not_owner_message(named, owner));
    if let Some(d) = report.diagnostics.last_mut() {
        d.help = Some("a writer acts only as, or on behalf of, the owner it authenticated as".to_owned());
    }
}

/// The words of [`NOT_OWNER`], whichever profile finds it: the principal
/// names `named` (its `id`, or its `on_behalf_of`), not `owner`.
pub(crate) fn not_owner_message(named: &str, owner: &str) -> String {
    format!(
        "this principal resolves to {}, not to the authenticated owner {}",
        crate::diagnostic::quote(named),
        crate::diagnostic::quote(owner)
    )
}

/// The principal as upstream stores it after a strict write: only the
/// declared fields, and no `on_behalf_of` on a human. A value that is not an
/// object is returned unchanged.
pub fn normalize(v: &Value) -> Value {
    normalize_owned(v.clone())
}

/// [`normalize`] of a principal the caller gives up.
pub fn normalize_owned(mut out: Value) -> Value {
    if let Value::Object(map) = &mut out {
        let human = map.get("kind").and_then(Value::as_str) == Some("human");
        map.retain(|k, _| k == "kind" || k == "id" || (k == "on_behalf_of" && !human));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::Mode;
    use serde_json::json;

    fn codes(v: Value, mode: Mode) -> Vec<String> {
        let mut r = Report::new(mode);
        check(&v, &Pointer::root(), &mut r);
        r.diagnostics.into_iter().map(|d| format!("{}:{:?}", d.code, d.severity)).collect()
    }

    #[test]
    fn agent_without_owner_is_refused() {
        assert_eq!(
            codes(json!({"kind":"agent","id":"a"}), Mode::Strict),
            vec!["principal/unaccountable:Error"]
        );
        assert_eq!(
            codes(json!({"kind":"service","id":"ci","on_behalf_of":"  "}), Mode::Strict),
            vec!["principal/unaccountable:Error"]
        );
    }

    #[test]
    fn human_owner_of_any_type_is_only_a_warning() {
        assert_eq!(
            codes(json!({"kind":"human","id":"1","on_behalf_of":5}), Mode::Strict),
            vec!["principal/owner-on-human:Warning"]
        );
        assert_eq!(
            normalize(&json!({"kind":"human","id":"1","on_behalf_of":""})),
            json!({"kind":"human","id":"1"})
        );
    }

    #[test]
    fn agent_with_owner_is_accepted() {
        assert!(codes(json!({"kind":"agent","id":"session:1","on_behalf_of":"42"}), Mode::Strict).is_empty());
    }

    #[test]
    fn unknown_kind_is_an_error_for_writers_and_info_for_readers() {
        assert_eq!(codes(json!({"kind":"robot","id":"r"}), Mode::Strict), vec!["vocab/unknown-value:Error"]);
        assert_eq!(codes(json!({"kind":"robot","id":"r"}), Mode::Lenient), vec!["vocab/unknown-value:Info"]);
    }

    fn owner_codes(event: Value, owner: &str) -> Vec<String> {
        let mut r = Report::new(Mode::Strict);
        check_owner(&event, &Pointer::root(), owner, &mut r);
        r.diagnostics.into_iter().map(|d| format!("{}@{}", d.code, d.instance_path)).collect()
    }

    #[test]
    fn every_principal_of_a_write_must_resolve_to_the_owner() {
        let agent = json!({"kind": "agent", "id": "session:a", "on_behalf_of": "42"});
        let note = json!({"event_type": "note", "principal": agent});
        assert!(owner_codes(note.clone(), "42").is_empty());
        assert_eq!(owner_codes(note, "7"), vec!["principal/not-owner@/principal/on_behalf_of"]);
        let human = json!({"event_type": "note", "principal": {"kind": "human", "id": "42"}});
        assert_eq!(owner_codes(human, "042"), vec!["principal/not-owner@/principal/id"]);
        let approved = |who: &str| {
            json!({"event_type": "handoff", "principal": agent, "payload_json": {"confirmation":
                {"principal": {"kind": "human", "id": who}, "source": "human_approved_peer_tool"}}})
        };
        assert!(owner_codes(approved("42"), "42").is_empty());
        assert_eq!(
            owner_codes(approved("7"), "42"),
            vec!["principal/not-owner@/payload_json/confirmation/principal/id"]
        );
        // Only a handoff's confirmation names a principal that acts.
        let mut other = approved("7");
        other["event_type"] = json!("note");
        assert!(owner_codes(other, "42").is_empty());
    }

    #[test]
    fn owner_resolution_is_an_exact_string_match() {
        let human = Principal { kind: PrincipalKind::Human, id: "1".into(), on_behalf_of: None };
        assert!(human.resolves_to_owner("1"));
        assert!(!human.resolves_to_owner("01"));
        let agent = Principal { kind: PrincipalKind::Agent, id: "1".into(), on_behalf_of: Some("7".into()) };
        assert!(agent.resolves_to_owner("7"));
        assert!(!agent.resolves_to_owner("1"));
        assert!(!agent.resolves_to_owner(" 7"));
    }
}
