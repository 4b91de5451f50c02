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

/// Runs the binary with its standard output on a pipe whose reader is
/// already gone, so every write meets a closed pipe.
fn run_into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hapi-a2a"));
    cmd.args(args).stdin(Stdio::null()).stdout(writer).stderr(Stdio::piped());
    cmd.output().unwrap()
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    for args in [&["ops"][..], &["--help"], &["--version"], &["call", "capabilities"]] {
        let o = run_into_closed_pipe(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(o.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    }
}

fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hapi-a2a"));
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn input_that_is_not_utf8_is_a_json_failure_answer() {
    let o = run_bytes(&["call", "validate"], b"{\"kind\":\"principal\",\"document\":\"\xc3\x28\"}");
    assert_eq!(o.status.code(), Some(2));
    let a = stdout_json(&o);
    assert_eq!(a["type"], "failure");
    assert_eq!(a["error"]["code"], "parse/invalid-utf8");
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn empty_input_is_the_empty_call_as_in_the_library() {
    for input in ["", "  \n"] {
        let o = run_bytes(&["call", "capabilities"], input.as_bytes());
        assert_eq!(o.status.code(), Some(0));
        let want: serde_json::Value =
            serde_json::from_str(&hapi_a2a_core::call("capabilities", input)).unwrap();
        assert_eq!(stdout_json(&o), want);
    }
    // Not-a-break space is not JSON whitespace: a parse failure everywhere.
    let o = run_bytes(&["call", "capabilities"], "\u{a0}".as_bytes());
    assert_eq!(stdout_json(&o)["error"]["code"], "parse/invalid-json");
}

#[test]
fn data_errors_name_the_problem_without_the_usage_text() {
    let o = run(&["call", "validate", "/no/such/file.json"], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("cannot read") && !err.contains("usage:"), "{err}");
    let o = run(&["schema-check", "--base", "/no/such/dir", "--head", "/no/such/dir"], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not a directory") && !err.contains("usage:"), "{err}");
    let o = run(&["call"], None);
    assert!(String::from_utf8_lossy(&o.stderr).contains("usage:"));
}

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hapi-a2a-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn schema_check_reports_each_file_on_its_own_line_and_keeps_going() {
    let (base, head) = (temp_dir("sc-base"), temp_dir("sc-head"));
    let write = |dir: &std::path::Path, name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    write(
        &base,
        "a.json",
        "{\n  \"$id\": \"a\",\n  \"properties\": {\n    \"x\": {\n      \"type\": \"string\"\n    }\n  }\n}\n",
    );
    write(
        &head,
        "a.json",
        "{\n  \"$id\": \"a\",\n  \"properties\": {\n    \"x\": {\n      \"type\": \"integer\"\n    }\n  }\n}\n",
    );
    write(&base, "gone.json", r#"{"$id":"gone"}"#);
    write(&base, "broken.json", r#"{"$id":"broken"}"#);
    write(&head, "broken.json", "{\n  \"$id\": \"broken\",\n");
    let (b, h) = (base.to_str().unwrap(), head.to_str().unwrap());
    let o = run(&["schema-check", "--base", b, "--head", h, "--format", "github"], None);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let _ = (std::fs::remove_dir_all(&base), std::fs::remove_dir_all(&head));
    assert_eq!(o.status.code(), Some(2), "{out}");
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<&str> = out.lines().collect();
    // The unreadable file is one annotation; the others are still compared.
    assert!(
        lines.iter().any(
            |l| l.starts_with(&format!("::error file={h}/broken.json,line=3,title=parse/invalid-json::"))
        ),
        "{out}"
    );
    // The changed keyword's own line.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("::error file={h}/a.json,line=5,title=compat/type-changed::"))),
        "{out}"
    );
    // A removed schema is annotated where it exists: in the base directory.
    assert!(
        lines
            .iter()
            .any(|l| l
                .starts_with(&format!("::error file={b}/gone.json,line=1,title=compat/schema-removed::"))),
        "{out}"
    );
    // The unreadable file's namesake is not reported as removed.
    assert!(!out.contains("broken.json,line=1,title=compat/schema-removed"), "{out}");
    assert_eq!(lines.len(), 3, "{out}");
}
