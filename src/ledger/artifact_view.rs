//! `by: artifact`: every event whose refs share the query's canonical
//! identity (artifact refs, and receipt check outputs).

use serde_json::Value;

use super::derive::Derived;
use super::model::{Kind, Sym};
use super::view::{ArtifactMatch, ArtifactView};
use super::{Ledger, UNKNOWN_ARTIFACT};
use crate::artifact::canonical_identity;
use crate::diagnostic::Diagnostic;
use crate::pointer::Pointer;
use crate::sort;

/// Where in a row the refs matching `identity` are.
fn matches(row: &Value, identity: &str) -> Vec<String> {
    let mut at = Vec::new();
    let refs = row.get("artifactRefs").and_then(Value::as_array).into_iter().flatten();
    for (k, r) in refs.enumerate() {
        if canonical_identity(r).as_deref() == Some(identity) {
            at.push(Pointer::root().key("artifactRefs").index(k).as_str().to_owned());
        }
    }
    let checks = row.get("payloadJson").and_then(|p| p.get("checks")).and_then(Value::as_array);
    for (k, c) in checks.into_iter().flatten().enumerate() {
        if let Some(r) = c.get("output_ref")
            && canonical_identity(r).as_deref() == Some(identity)
        {
            let p = Pointer::root().key("payloadJson").key("checks").index(k).key("output_ref");
            at.push(p.as_str().to_owned());
        }
    }
    at
}

pub(crate) fn artifact_view(
    l: &Ledger,
    d: &Derived,
    ns: Option<Sym>,
    artifact_ref: &Value,
    found: &mut Vec<Diagnostic>,
) -> ArtifactView {
    let mut view = ArtifactView {
        artifact_ref: artifact_ref.clone(),
        identity: canonical_identity(artifact_ref),
        handoffs: Vec::new(),
        receipts: Vec::new(),
        ads: Vec::new(),
        others: Vec::new(),
    };
    let Some(identity) = view.identity.clone() else {
        found.push(
            Diagnostic::warning(
                UNKNOWN_ARTIFACT,
                &Pointer::root().key("query").key("ref"),
                "the queried ref has no canonical identity, so nothing can match it",
            )
            .with_help("give a GitHub PR or issue, a commit or branch with its repo, a URL, or a local path with its machine"),
        );
        return view;
    };
    let mut hits: Vec<Option<(u32, Vec<String>)>> = (0..u32::try_from(l.events.len()).unwrap_or(u32::MAX))
        .filter(|&i| l.events.get(i as usize).is_some_and(|e| Some(e.ns) == ns) && d.is_canonical(i))
        .filter_map(|i| {
            let at = matches(&l.events.get(i as usize)?.body.value(), &identity);
            (!at.is_empty()).then_some(Some((i, at)))
        })
        .collect();
    let event_of =
        |k: u32| hits.get(k as usize).and_then(|h| h.as_ref()).and_then(|h| l.events.get(h.0 as usize));
    let mut order: Vec<u32> = (0..u32::try_from(hits.len()).unwrap_or(u32::MAX)).collect();
    sort::indices(&mut order, &|a, b| match (event_of(a), event_of(b)) {
        (Some(x), Some(y)) => y.ts.total_cmp(&x.ts).then_with(|| x.id.cmp(&y.id)),
        _ => a.cmp(&b),
    });
    let hits: Vec<(u32, Vec<String>)> =
        order.into_iter().filter_map(|k| hits.get_mut(k as usize).and_then(Option::take)).collect();
    for (i, matched_at) in hits {
        let Some(e) = l.events.get(i as usize) else { continue };
        let entry = ArtifactMatch { event_id: e.id.to_string(), matched_at, event: e.to_value() };
        match e.kind {
            Kind::Handoff => view.handoffs.push(entry),
            Kind::Receipt => view.receipts.push(entry),
            Kind::WorkAd => view.ads.push(entry),
            Kind::Other => view.others.push(entry),
        }
    }
    view
}
