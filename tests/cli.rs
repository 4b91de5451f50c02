//! The `hapi-a2a` binary: answers, exit codes, input sources, usage errors.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hapi-a2a"));
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = cmd.spawn().unwrap();
    if let Some(text) = stdin {
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    }
    child.wait_with_output().unwrap()
}

fn stdout_json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn capabilities_answers_with_exit_zero() {
    let o = run(&["call", "capabilities"], None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout_json(&o)["type"], "success");
}

#[test]
fn piped_validate_of_an_unaccountable_agent_is_a_success_answer_saying_invalid() {
    let o = run(
        &["call", "validate"],
        Some(r#"{"kind":"principal","mode":"strict","document":{"kind":"agent","id":"a"}}"#),
    );
    assert_eq!(o.status.code(), Some(0));
    let a = stdout_json(&o);
    assert_eq!(a["valid"], false);
    assert_eq!(a["diagnostics"][0]["code"], "principal/unaccountable");
}

#[test]
fn a_failure_answer_exits_two() {
    let o = run(&["call", "validate", "-"], Some(r#"{"kind":"spaceship","document":{}}"#));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout_json(&o)["error"]["code"], "validate/unknown-kind");
    let o = run(&["call", "no.such.op"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout_json(&o)["error"]["code"], "call/unknown-op");
}

#[test]
fn a_call_file_is_read() {
    let path = std::env::temp_dir().join(format!("hapi-a2a-cli-{}.json", std::process::id()));
    std::fs::write(&path, r#"{"kind":"principal","document":{"kind":"human","id":"1"}}"#).unwrap();
    let o = run(&["call", "validate", path.to_str().unwrap(), "--pretty"], None);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("\n  \"valid\": true"));
}

#[test]
fn usage_errors_exit_two_with_a_message() {
    for args in
        [&[][..], &["frobnicate"], &["call"], &["call", "validate", "a", "b"], &["call", "x", "--nope"]]
    {
        let o = run(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).starts_with("hapi-a2a: "), "{args:?}");
    }
    let o = run(&["call", "validate", "/no/such/file.json"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read"));
}
