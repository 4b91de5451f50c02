//! `receipt.attest` on the demo ledger's receipts: the Statement of the one
//! receipt whose evidence carries digests is a valid in-toto Statement v1
//! (checked against a schema written from the specification, in
//! `tests/data/in-toto/`) whose predicate is valid against the project's
//! published predicate schema, its subjects are the digests the ledger
//! holds, and the same rows always give the same bytes. The other receipts
//! bind nothing and are refused as unbound.
#![cfg(feature = "schema")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use serde_json::{Value, json};

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read_json(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(path)).unwrap()).unwrap()
}

fn validator(path: &str) -> jsonschema::Validator {
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .build(&read_json(path))
        .unwrap()
}

fn errors(v: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    v.iter_errors(instance).map(|e| format!("{} {e}", e.instance_path())).collect()
}

fn row<'a>(ledger: &'a Value, id: &str) -> &'a Value {
    ledger["events"].as_array().unwrap().iter().find(|e| e["id"] == id).unwrap()
}

fn attest(handoff: &Value, receipt: &Value) -> Value {
    let call = json!({"handoff": handoff, "receipt": receipt}).to_string();
    serde_json::from_str(&hapi_a2a_core::call("receipt.attest", &call)).unwrap()
}

#[test]
fn the_demo_receipt_is_a_valid_statement_with_the_ledgers_digests_as_subjects() {
    let ledger = read_json("www/demo-ledger.json");
    let receipt = row(&ledger, "rc-review-2");
    let handoff = row(&ledger, receipt["relatedEventId"].as_str().unwrap());
    let answer = attest(handoff, receipt);
    assert_eq!(answer["type"], "success", "{answer}");
    assert_eq!(answer["payloadType"], "application/vnd.in-toto+json");
    let text = answer["statement"].as_str().unwrap();
    let statement: Value = serde_json::from_str(text).unwrap();

    let in_toto = validator("tests/data/in-toto/statement-v1.schema.json");
    assert_eq!(errors(&in_toto, &statement), Vec::<String>::new());
    let predicate = validator("schemas/receipt_predicate.schema.json");
    assert_eq!(errors(&predicate, &statement["predicate"]), Vec::<String>::new());
    assert_eq!(statement["predicateType"], answer["predicateType"]);

    // The subject is the log both the receipt and its check name, once,
    // with the digest the ledger holds.
    let output = &receipt["payloadJson"]["checks"][0]["output_ref"];
    assert_eq!(
        statement["subject"],
        json!([{"name": "url:https://ci.example.com/runs/8812/log", "uri": output["url"], "digest": output["digest"]}])
    );
    assert_eq!(answer["subjects"], 1);
    // The handoff's pull request carries no digest: reported, not bound.
    assert_eq!(answer["unbound"], json!(["/handoff/artifactRefs/0"]));
    // The facts are the rows'.
    let p = &statement["predicate"];
    assert_eq!(p["handoff"]["id"], handoff["id"]);
    assert_eq!(p["handoff"]["intent"], handoff["payloadJson"]["intent"]);
    assert_eq!(p["receipt"]["status"], "completed");
    assert_eq!(p["checks"][0]["command"], "npm test -- peer");
    assert_eq!(p["checks"][0]["exitCode"], 0);
    assert_eq!(p["principals"]["worker"]["onBehalfOf"], "4242");

    // The bytes are the compact form of the Statement, and the same every time.
    assert_eq!(serde_json::to_string(&statement).unwrap(), text);
    for _ in 0..3 {
        assert_eq!(attest(handoff, receipt)["statement"], answer["statement"]);
    }
    // The order of a row's keys does not change them.
    let reversed: serde_json::Map<String, Value> =
        receipt.as_object().unwrap().iter().rev().map(|(k, v)| (k.clone(), v.clone())).collect();
    assert_eq!(attest(handoff, &Value::Object(reversed))["statement"], answer["statement"]);
}

#[test]
fn a_statement_whose_subject_is_gone_fails_the_in_toto_schema() {
    // The schema written from the specification holds: without it this
    // test file would prove nothing.
    let in_toto = validator("tests/data/in-toto/statement-v1.schema.json");
    let bad = json!({"_type": "https://in-toto.io/Statement/v1", "subject": [], "predicateType": "x"});
    assert!(!errors(&in_toto, &bad).is_empty());
    let bad = json!({"_type": "https://in-toto.io/Statement/v0.1", "subject": [{"digest": {"sha256": "00"}}],
        "predicateType": "https://example.com/p"});
    assert!(!errors(&in_toto, &bad).is_empty());
    let predicate = validator("schemas/receipt_predicate.schema.json");
    assert!(
        !errors(
            &predicate,
            &json!({"handoff": {"id": "h"}, "receipt": {"id": "r"}, "checks": [], "principals": {}})
        )
        .is_empty()
    );
}

#[test]
fn every_other_demo_receipt_is_reported_not_bound() {
    let ledger = read_json("www/demo-ledger.json");
    let mut refused = 0;
    for receipt in ledger["events"].as_array().unwrap().iter().filter(|e| e["eventType"] == "handoff_receipt")
    {
        if receipt["id"] == "rc-review-2" {
            continue;
        }
        let Some(handoff) =
            ledger["events"].as_array().unwrap().iter().find(|e| e["id"] == receipt["relatedEventId"])
        else {
            continue;
        };
        let answer = attest(handoff, receipt);
        assert_eq!(answer["error"]["code"], "attest/unbound", "{}", receipt["id"]);
        refused += 1;
    }
    assert!(refused >= 5, "only {refused} receipts compared");
}
