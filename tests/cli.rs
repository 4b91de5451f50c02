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
        // A refusal of the arguments may exit before reading its input:
        // the pipe is then closed under the writer, which is no failure.
        if let Err(e) = child.stdin.take().unwrap().write_all(text.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
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

/// Runs the binary with arguments as the OS gives them (not necessarily
/// UTF-8) and no input.
#[cfg(unix)]
fn run_os(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hapi-a2a"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_never_panic() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"a\xffb");
    // An op name: a JSON answer, like bad call text.
    let o = run_os(&[OsStr::new("call"), bad]);
    assert_eq!(o.status.code(), Some(2));
    let a = stdout_json(&o);
    assert_eq!(a["error"]["code"], "parse/invalid-utf8", "{a}");
    assert!(a["error"]["message"].as_str().unwrap().contains("offset 1"), "{a}");
    // A file name is a path: read as it is.
    let dir = temp_dir("os-args");
    let file = dir.join(OsStr::from_bytes(b"call\xff.json"));
    std::fs::write(&file, "{}").unwrap();
    let o = run_os(&[OsStr::new("call"), OsStr::new("capabilities"), file.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout_json(&o)["type"], "success");
    // A command, an option or a directory: a message, exit 2, no panic.
    for args in [
        vec![bad],
        vec![OsStr::new("call"), OsStr::new("capabilities"), OsStr::from_bytes(b"--\xff")],
        vec![OsStr::new("schema-check"), OsStr::new("--base"), bad, OsStr::new("--head"), dir.as_os_str()],
        vec![
            OsStr::new("schema-check"),
            OsStr::new("--base"),
            dir.as_os_str(),
            OsStr::new("--head"),
            dir.as_os_str(),
            OsStr::new("--policy"),
            bad,
        ],
    ] {
        let o = run_os(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("hapi-a2a: ") && !err.contains("panicked"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn schema_check_reports_every_json_entry_it_cannot_read_and_what_it_would_not_show() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let (base, head) = (temp_dir("entries-base"), temp_dir("entries-head"));
    let write = |path: std::path::PathBuf, text: &[u8]| std::fs::write(path, text).unwrap();
    for name in ["dir", "link", "dup", "text"] {
        write(base.join(format!("{name}.json")), format!(r#"{{"$id":"{name}","type":"string"}}"#).as_bytes());
    }
    // A directory and a broken link named like schema files.
    std::fs::create_dir(head.join("dir.json")).unwrap();
    std::os::unix::fs::symlink(base.join("no-such-target"), head.join("link.json")).unwrap();
    // A key named twice: readers differ on which value counts.
    write(head.join("dup.json"), b"{\"$id\": \"dup\",\n\"type\": \"string\",\n\"type\": \"integer\"\n}\n");
    // Text that is not UTF-8, on its second line.
    write(head.join("text.json"), b"{\"$id\": \"text\",\n\"description\": \"\xff\"}\n");
    // Names an annotation could not show as they are.
    write(base.join(OsStr::from_bytes(b"name\xff.json")), b"{}");
    write(head.join("trojan\u{202e}.json"), b"{}");
    let (b, h) = (base.to_str().unwrap(), head.to_str().unwrap());
    let o = run(&["schema-check", "--base", b, "--head", h, "--format", "github"], None);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let _ = (std::fs::remove_dir_all(&base), std::fs::remove_dir_all(&head));
    assert_eq!(o.status.code(), Some(2), "{out}");
    let want = [
        format!("::error file={h}/dir.json,line=1,title=compat/unreadable-file::"),
        format!("::error file={h}/link.json,line=1,title=compat/unreadable-file::"),
        format!("::error file={h}/dup.json,line=3,title=compat/duplicate-key::"),
        format!("::error file={h}/text.json,line=2,title=parse/invalid-utf8::"),
        "::error title=parse/invalid-utf8::".to_owned(),
        "::error title=compat/unreadable-file::".to_owned(),
    ];
    for w in &want {
        assert!(out.lines().any(|l| l.starts_with(w.as_str())), "{w} in\n{out}");
    }
    // Nothing else: none of their namesakes is reported as removed, and no
    // character a reader would not see is written as it is.
    assert_eq!(out.lines().count(), want.len(), "{out}");
    assert!(!out.contains('\u{202e}') && out.contains("trojan<U+202E>.json"), "{out}");
}

#[test]
fn schema_check_output_shows_bidi_and_invisible_characters() {
    let (base, head) = (temp_dir("trojan-base"), temp_dir("trojan-head"));
    let name = "ab\u{202e}cd\u{2066}\u{200b}";
    let schema = |props: &str| format!(r#"{{"$id":"t\u2067","type":"object","properties":{{{props}}}}}"#);
    std::fs::write(base.join("t.json"), schema(&format!(r#""{name}":{{"type":"string"}}"#))).unwrap();
    std::fs::write(head.join("t.json"), schema("")).unwrap();
    let (b, h) = (base.to_str().unwrap(), head.to_str().unwrap());
    for format in ["human", "github"] {
        let o = run(&["schema-check", "--base", b, "--head", h, "--format", format], None);
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(o.status.code(), Some(1), "{out}");
        assert!(out.contains("ab<U+202E>cd<U+2066><U+200B>"), "{format}: {out}");
        for c in ['\u{202e}', '\u{2066}', '\u{2067}', '\u{200b}'] {
            assert!(!out.contains(c), "{format}: {c:?} in {out}");
        }
    }
    // The witness stays JSON: the same value, its characters escaped.
    let o = run(&["schema-check", "--base", b, "--head", h], None);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let _ = (std::fs::remove_dir_all(&base), std::fs::remove_dir_all(&head));
    let witness = out.lines().find_map(|l| l.trim().strip_prefix("witness (forward): ")).unwrap();
    let value: serde_json::Value = serde_json::from_str(witness).unwrap();
    assert!(value.get(name).is_some(), "{witness}");
}

#[test]
fn schema_check_github_annotates_ten_per_level_and_counts_the_rest() {
    let (base, head) = (temp_dir("many-base"), temp_dir("many-head"));
    for i in 0..13 {
        std::fs::write(base.join(format!("s{i:02}.json")), format!(r#"{{"$id":"s{i:02}"}}"#)).unwrap();
    }
    let (b, h) = (base.to_str().unwrap(), head.to_str().unwrap());
    let o = run(&["schema-check", "--base", b, "--head", h, "--format", "github"], None);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let _ = (std::fs::remove_dir_all(&base), std::fs::remove_dir_all(&head));
    assert_eq!(o.status.code(), Some(1), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let errors: Vec<&&str> = lines.iter().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(errors.len(), 10, "{out}");
    assert!(errors.iter().all(|l| l.contains("title=compat/schema-removed::")), "{out}");
    let warnings: Vec<&&str> = lines.iter().filter(|l| l.starts_with("::warning ")).collect();
    assert_eq!(warnings.len(), 1, "{out}");
    assert!(warnings[0].starts_with("::warning title=compat/not-annotated::3 more changes"), "{out}");
    // The three left over are still in the log, each once, as plain lines.
    let rest: Vec<&&str> = lines.iter().filter(|l| l.starts_with("not annotated: error file=")).collect();
    assert_eq!(rest.len(), 3, "{out}");
    for i in 0..13 {
        let file = format!("{b}/s{i:02}.json,");
        assert_eq!(lines.iter().filter(|l| l.contains(&file)).count(), 1, "{file} in {out}");
    }
    assert_eq!(lines.len(), 14, "{out}");
}

#[test]
fn digest_prints_the_fragment_a_ref_carries() {
    let path = std::env::temp_dir().join(format!("hapi-a2a-digest-{}.log", std::process::id()));
    std::fs::write(&path, "hello\n").unwrap();
    let o = run(&["digest", path.to_str().unwrap()], None);
    let both =
        run(&["digest", "--algorithm", "sha512", "--algorithm", "sha256", path.to_str().unwrap()], None);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "{\"digest\":{\"sha256\":\"5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03\"}}\n"
    );
    let both = stdout_json(&both);
    assert_eq!(both["digest"].as_object().unwrap().keys().collect::<Vec<_>>(), vec!["sha256", "sha512"]);
    // The same bytes through `call` give the same digest set.
    let called =
        run(&["call", "digest.compute"], Some(r#"{"text":"hello\n","algorithms":["sha256","sha512"]}"#));
    assert_eq!(stdout_json(&called)["digest"], both["digest"]);
}

#[test]
fn digest_reads_standard_input_and_refuses_what_it_cannot_compute() {
    let o = run(&["digest", "-"], Some(""));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout_json(&o)["digest"]["sha256"],
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    for args in [
        &["digest"][..],
        &["digest", "--algorithm", "md5", "-"],
        &["digest", "a", "b"],
        &["digest", "--sha", "-"],
    ] {
        let o = run(args, Some("x"));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        assert!(String::from_utf8_lossy(&o.stderr).starts_with("hapi-a2a: "), "{args:?}");
    }
    let o = run(&["digest", "/nonexistent/hapi-a2a-digest"], None);
    assert_eq!(o.status.code(), Some(2));
}
