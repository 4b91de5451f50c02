//! The worker-facing projection of a handoff: what the sink session reads.
//!
//! The envelope is the durable object; the message a worker gets is a
//! rendering of it (RFC, "What the worker actually sees"). It shows the
//! summary, intent, constraints, the instructions verbatim, the artifact
//! list with whether this sink can fetch each ref, and the hub handle that
//! fetches the whole envelope. It never shows the `confirmation` block, any
//! principal or owner id, or a hub-owned mutable field (`delivery_state`,
//! `expires_at`, `confidence`): a worker must not read its own authorization
//! as prompt text, and a rendered copy of a mutable field is stale at once.
//! The renderer reads only the fields it shows, so nothing else can leak.
//!
//! ## Framing (format 1)
//!
//! Every line outside a fence is written by the core and starts with a fixed
//! label. Untrusted one-line values (summary, intent, constraints, titles,
//! refs) appear only after a label on the same line, with every line break
//! collapsed ([`neutralize_line`]), so they can never start a line: no fake
//! `Handle:` line, no fake header. Untrusted multi-line text (the
//! instructions) appears only inside a fence longer than any run of its
//! character in the text ([`fenced`]), so no content line can close it. The
//! handle line is the second line, before any untrusted text. Bidi, zero-width
//! and control characters are shown as `<U+XXXX>`, never obeyed.

use serde_json::{Map, Value};

use crate::artifact;
use crate::error::CallError;
use crate::fields::type_name;
use crate::locality::{self, Endpoint};
use crate::peer::encode_uri_component;
use crate::sanitize::{fenced, inline_code, neutralize_line};

crate::define_codes! {
    NOT_A_HANDOFF = "render/not-a-handoff", "the event given as the handoff is not of `eventType` `handoff`";
    NO_HANDLE = "render/no-handle", "an event to render has no `id` and no handle was given, so the rendering could not name it";
    INVALID_ROW = "render/invalid-row", "an event row to render is not an object, or its `payloadJson` is not an object";
}

/// The projection's own format version, independent of storage.
pub const FORMAT_VERSION: &str = "1";

/// The read-only view of a stored event row (camelCase top level,
/// `payloadJson` nested verbatim) that the renderers use. Only the fields a
/// rendering may show are read.
#[derive(Clone, Copy, Debug)]
pub struct EventView<'a> {
    /// `id`.
    pub id: Option<&'a str>,
    /// `ts` (ms since the epoch).
    pub ts: Option<f64>,
    /// `eventType`.
    pub event_type: Option<&'a str>,
    /// `summary`.
    pub summary: Option<&'a str>,
    /// `sinkKind`.
    pub sink_kind: Option<&'a str>,
    /// `sinkRef`.
    pub sink_ref: Option<&'a str>,
    /// `relatedEventId`.
    pub related_event_id: Option<&'a str>,
    /// `payloadJson` (an object; empty when absent or `null`).
    pub payload: Option<&'a Map<String, Value>>,
    /// `artifactRefs`.
    pub artifact_refs: &'a [Value],
}

impl<'a> EventView<'a> {
    /// Reads a row; `what` names it in errors (`event`, `handoff`, `receipt`).
    pub fn read(row: &'a Value, what: &str) -> Result<EventView<'a>, CallError> {
        let Value::Object(obj) = row else {
            return Err(CallError::new(
                INVALID_ROW,
                format!("`{what}` must be an event row object, found {}", type_name(row)),
            ));
        };
        let s = |k: &str| obj.get(k).and_then(Value::as_str);
        let payload = match obj.get("payloadJson") {
            None | Some(Value::Null) => None,
            Some(Value::Object(p)) => Some(p),
            Some(other) => {
                return Err(CallError::new(
                    INVALID_ROW,
                    format!("`{what}.payloadJson` must be an object, found {}", type_name(other)),
                ));
            }
        };
        Ok(EventView {
            id: s("id"),
            ts: obj.get("ts").and_then(Value::as_f64),
            event_type: s("eventType"),
            summary: s("summary"),
            sink_kind: s("sinkKind"),
            sink_ref: s("sinkRef"),
            related_event_id: s("relatedEventId"),
            payload,
            artifact_refs: obj.get("artifactRefs").and_then(Value::as_array).map_or(&[], Vec::as_slice),
        })
    }

    /// A string field of the payload.
    pub fn payload_str(&self, key: &str) -> Option<&'a str> {
        self.payload?.get(key)?.as_str()
    }

    /// A field of the payload.
    pub fn payload_value(&self, key: &str) -> Option<&'a Value> {
        self.payload?.get(key)
    }

    /// Refuses a row whose `eventType` is not `handoff`.
    pub fn require_handoff(&self, what: &str) -> Result<(), CallError> {
        if self.event_type == Some("handoff") {
            return Ok(());
        }
        let found = self.event_type.map_or_else(|| "absent".to_owned(), crate::diagnostic::quote);
        Err(CallError::new(NOT_A_HANDOFF, format!("`{what}.eventType` is {found}, not `handoff`")))
    }

    /// The hub handle of this row, or `render/no-handle`.
    pub fn handle(&self, what: &str) -> Result<String, CallError> {
        match self.id {
            Some(id) if !id.is_empty() => Ok(handle_for(id)),
            _ => Err(CallError::new(NO_HANDLE, format!("`{what}` has no `id` to name it by"))),
        }
    }

    /// `Target session: <ref>` (or `Target: <kind> <ref>`), when the row names a sink.
    pub fn target_line(&self) -> Option<String> {
        let sink = self.sink_ref?;
        Some(match self.sink_kind {
            None | Some("session") => format!("Target session: {}", neutralize_line(sink)),
            Some(kind) => format!("Target: {} {}", neutralize_line(kind), neutralize_line(sink)),
        })
    }
}

/// The hub's fetch-by-id route for an event: `/api/work-graph/events/<id>`,
/// the id percent-encoded so it cannot leave its path segment.
pub fn handle_for(id: &str) -> String {
    format!("/api/work-graph/events/{}", encode_uri_component(id))
}

/// Renders the worker-facing projection of a handoff row.
///
/// `handle` overrides the hub handle derived from the row's `id`; `sink` is
/// where the worker runs (without it, whether each ref can be fetched is not
/// checked, and the text says so); `source` is where the requester runs, when
/// known.
pub fn render(
    event: &Value,
    handle: Option<&str>,
    sink: Option<&Endpoint>,
    source: Option<&Endpoint>,
) -> Result<String, CallError> {
    let e = EventView::read(event, "event")?;
    e.require_handoff("event")?;
    let handle = match handle.map(neutralize_line).filter(|h| !h.is_empty()) {
        Some(h) => h,
        None => e.handle("event")?,
    };
    let mut lines = vec![
        format!("HAPI handoff (projection format {FORMAT_VERSION})"),
        format!("Handle: {handle}"),
        "About: a rendering of a handoff stored in the hub; fetch the handle for the whole envelope. \
         Values after labels and inside fences are written by the requesting session."
            .to_owned(),
        format!("Summary: {}", one_line_or(e.summary, "(none)")),
        format!("Intent: {}", one_line_or(e.payload_str("intent"), "(none)")),
    ];
    match e.payload_value("constraints").and_then(Value::as_array) {
        Some(items) if !items.is_empty() => {
            lines.push(format!("Constraints ({}):", items.len()));
            lines.extend(items.iter().map(|c| match c.as_str() {
                Some(text) => format!("- {}", one_line_or(Some(text), "(empty)")),
                None => "- (not text; left out)".to_owned(),
            }));
        }
        _ => lines.push("Constraints: none".to_owned()),
    }
    match e.payload_str("instructions") {
        Some(text) => {
            lines.push("Instructions (verbatim, inside the fence):".to_owned());
            lines.push(fenced(text, "text"));
        }
        None => lines.push("Instructions: (none)".to_owned()),
    }
    if e.artifact_refs.is_empty() {
        lines.push("Artifacts: none".to_owned());
    } else {
        lines.push(format!("Artifacts ({}):", e.artifact_refs.len()));
        lines.extend(e.artifact_refs.iter().map(|r| artifact_line(r, sink, source)));
    }
    lines.push("End of handoff.".to_owned());
    Ok(lines.join("\n"))
}

fn one_line_or(value: Option<&str>, absent: &str) -> String {
    value.map(neutralize_line).filter(|v| !v.is_empty()).unwrap_or_else(|| absent.to_owned())
}

/// One artifact: its canonical identity (or its kind), where it is, its
/// title, and whether the sink can fetch it. A ref that carries what looks
/// like a secret is named by its kind only.
fn artifact_line(artifact_ref: &Value, sink: Option<&Endpoint>, source: Option<&Endpoint>) -> String {
    let Value::Object(obj) = artifact_ref else {
        return "- (not an artifact ref object; left out)".to_owned();
    };
    let kind = one_line_or(obj.get("kind").and_then(Value::as_str), "(no kind)");
    if let Some(finding) =
        crate::secrets::scan_strings(artifact_ref, &crate::pointer::Pointer::root()).first()
    {
        return format!(
            "- {kind}: withheld, it carries what looks like a secret at `{}` (rule `{}`); not fetchable",
            finding.instance_path, finding.code
        );
    }
    let mut parts = vec![match artifact::canonical_identity(artifact_ref) {
        Some(identity) => neutralize_line(&identity),
        None => format!("{kind} (no canonical identity)"),
    }];
    if let Some(place) = ["url", "ref"].iter().find_map(|k| obj.get(*k).and_then(Value::as_str)) {
        parts.push(format!("at {}", inline_code(place)));
    }
    if let Some(title) =
        obj.get("title").and_then(Value::as_str).map(neutralize_line).filter(|t| !t.is_empty())
    {
        parts.push(format!("title: {title}"));
    }
    parts.push(match sink {
        Some(sink) => {
            let v = locality::resolve(artifact_ref, source, sink);
            let verdict =
                if v.resolvable { "fetchable by this session" } else { "NOT fetchable by this session" };
            format!("{verdict}: {} [{}]", neutralize_line(&v.reason), v.code)
        }
        None => "fetchability not checked (no sink given)".to_owned(),
    });
    format!("- {}", parts.join(" — "))
}
