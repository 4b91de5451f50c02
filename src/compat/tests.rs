use serde_json::json;

use super::*;

fn run(old: Value, new: Value) -> Report {
    check(&old, &new, Options::default()).unwrap()
}

#[test]
fn identical_schemas_have_no_changes() {
    let s = json!({"type":"object","properties":{"a":{"type":"string"}}});
    let r = run(s.clone(), s);
    assert!(r.changes.is_empty());
    assert_eq!(r.full, Verdict::Compatible);
}
