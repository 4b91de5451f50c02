//! `hapi-a2a`: the command line face of the core. The only code in the crate
//! that touches files, standard input and exit codes.

use std::ffi::{OsStr, OsString};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
hapi-a2a — the HAPI agent-to-agent protocol core

usage:
  hapi-a2a call <op> [FILE|-] [--pretty]
      answer one call: the call JSON comes from FILE, or from standard input
      when FILE is `-` or absent and input is piped (empty input means `{}`)
  hapi-a2a ops
      list the operations `call` answers
  hapi-a2a digest [--algorithm sha256|sha384|sha512]... FILE|-
      print the digest set of FILE's bytes (or standard input's) as the fragment
      an artifact ref or a check's output_ref carries: {\"digest\":{\"sha256\":\"…\"}}
  hapi-a2a schema-check --base <dir> --head <dir> [--policy strict|lenient]
                        [--direction backward|forward|full] [--format human|json|github]
                        [--assert-format]
      compare every JSON Schema (*.json directly in the directory) of <head> with <base>,
      paired by `$id` (else by file name); defaults: strict, full, human
  hapi-a2a --help | --version

exit codes:
  0  success answer
  1  (schema-check only) a breaking change
  2  failure answer, a usage or IO error, or an unreadable schema
";

fn main() -> ExitCode {
    // Arguments are read as the OS gives them: a file or directory name
    // need not be UTF-8, and an op name that is not is answered as JSON.
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        // The reader went away (`hapi-a2a ops | head -1`): stop quietly, as
        // other Unix tools do.
        Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            let _ = writeln!(std::io::stderr(), "hapi-a2a: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Data(message)) => {
            let _ = writeln!(std::io::stderr(), "hapi-a2a: {message}");
            ExitCode::from(2)
        }
    }
}

/// Why a command stopped without its answer.
enum Failure {
    /// The command line is wrong: the message and the usage text.
    Usage(String),
    /// A file, a directory or the data could not be read or written: the
    /// message alone.
    Data(String),
    /// Standard output was closed by its reader.
    Closed,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Usage(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        Failure::Usage(message.to_owned())
    }
}

/// Writes all of `text` to standard output; a closed pipe is [`Failure::Closed`].
fn emit(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Failure::Closed),
        Err(e) => Err(Failure::Data(format!("cannot write to standard output: {e}"))),
    }
}

/// An argument as text for a message (bytes that are not UTF-8 shown as
/// U+FFFD).
fn shown(arg: &OsStr) -> String {
    arg.to_string_lossy().into_owned()
}

fn run(args: &[OsString]) -> Result<ExitCode, Failure> {
    let (first, rest) = args.split_first().ok_or("no command given")?;
    match first.to_str().unwrap_or("") {
        "--help" | "-h" | "help" => {
            emit(USAGE)?;
            Ok(ExitCode::SUCCESS)
        }
        "--version" | "-V" => {
            emit(&format!("hapi-a2a {}\n", env!("CARGO_PKG_VERSION")))?;
            Ok(ExitCode::SUCCESS)
        }
        "ops" => {
            let mut text = String::new();
            for op in hapi_a2a_core::api::ops() {
                text.push_str(op);
                text.push('\n');
            }
            emit(&text)?;
            Ok(ExitCode::SUCCESS)
        }
        "call" => call(rest),
        "schema-check" => schema_check(rest),
        "digest" => digest(rest),
        _ => Err(format!("unknown command `{}`", shown(first)).into()),
    }
}

fn call(args: &[OsString]) -> Result<ExitCode, Failure> {
    let mut pretty = false;
    let mut positional = Vec::new();
    for a in args {
        if a == "--pretty" {
            pretty = true;
        } else if a.as_encoded_bytes().starts_with(b"--") {
            return Err(format!("unknown option `{}`", shown(a)).into());
        } else {
            positional.push(a.as_os_str());
        }
    }
    let (op, source) = match positional.as_slice() {
        [op] => (*op, None),
        [op, source] => (*op, Some(*source)),
        [] => return Err("`call` needs an operation name".into()),
        _ => return Err("`call` takes an operation and at most one FILE".into()),
    };
    let input = read_input(source).map_err(Failure::Data)?;
    // Bytes that are not UTF-8 and empty input are the core's to answer, as
    // on every other face.
    let answer = hapi_a2a_core::api::call_raw(op.as_encoded_bytes(), &input);
    let success = answer.starts_with(r#"{"type":"success""#);
    let text = if pretty {
        serde_json::from_str::<serde_json::Value>(&answer)
            .and_then(|v| serde_json::to_string_pretty(&v))
            .unwrap_or(answer)
    } else {
        answer
    };
    emit(&(text + "\n"))?;
    Ok(if success { ExitCode::SUCCESS } else { ExitCode::from(2) })
}

/// `digest`: the digest set of a file's bytes, as a ref's `digest` fragment
/// (`digest.compute`'s answer for the same bytes).
fn digest(args: &[OsString]) -> Result<ExitCode, Failure> {
    let mut algorithms = Vec::new();
    let mut source = None;
    let mut args = args.iter();
    while let Some(a) = args.next() {
        if a == "--algorithm" {
            let value = args.next().ok_or("`--algorithm` needs a value")?;
            algorithms.push(value.to_str().ok_or("`--algorithm` is not UTF-8")?.to_owned());
        } else if a.as_encoded_bytes().starts_with(b"--") {
            return Err(format!("unknown option `{}`", shown(a)).into());
        } else if source.replace(a.as_os_str()).is_some() {
            return Err("`digest` takes one FILE".into());
        }
    }
    let source = source.ok_or("`digest` needs a FILE (or `-` for standard input)")?;
    let bytes = read_input(Some(source)).map_err(Failure::Data)?;
    let set =
        hapi_a2a_core::digest::digest_set(&bytes, &algorithms).map_err(|e| Failure::Usage(e.message))?;
    let fragment = serde_json::json!({ "digest": set });
    emit(&format!("{fragment}\n"))?;
    Ok(ExitCode::SUCCESS)
}

fn read_input(source: Option<&OsStr>) -> Result<Vec<u8>, String> {
    match source {
        Some(dash) if dash == "-" => read_stdin(),
        Some(path) => std::fs::read(path).map_err(|e| format!("cannot read `{}`: {e}", shown(path))),
        None if std::io::stdin().is_terminal() => Ok(Vec::new()),
        None => read_stdin(),
    }
}

fn read_stdin() -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("cannot read standard input: {e}"))?;
    Ok(bytes)
}

fn schema_check(args: &[OsString]) -> Result<ExitCode, Failure> {
    use hapi_a2a_core::compat::{self, Direction, Options, Side};
    let (mut base, mut head, mut format) = (None, None, "human".to_owned());
    let mut options = Options::default();
    let mut direction = Direction::Full;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut path = |name: &str| it.next().cloned().ok_or(format!("`{name}` needs a value"));
        match a.to_str().unwrap_or("") {
            "--base" => base = Some(path("--base")?),
            "--head" => head = Some(path("--head")?),
            option => {
                let mut value = || match path(option) {
                    Ok(v) => v.into_string().map_err(|v| format!("unknown {option} `{}`", shown(&v))),
                    Err(e) => Err(e),
                };
                schema_option(option, &mut value, &mut options, &mut direction, &mut format).map_err(
                    |e| e.unwrap_or_else(|| format!("unknown option `{}` for schema-check", shown(a))),
                )?;
            }
        }
    }
    let base = base.ok_or("`schema-check` needs `--base <dir>`")?;
    let head = head.ok_or("`schema-check` needs `--head <dir>`")?;
    // Annotations name the files by their paths as text.
    let text_of = |dir: OsString, flag: &str| {
        dir.into_string().map_err(|dir| {
            Failure::Data(format!(
                "{}: the {flag} directory's name `{}` is not UTF-8, so no annotation could name its files",
                hapi_a2a_core::error::INVALID_UTF8.as_str(),
                shown(&dir)
            ))
        })
    };
    let (base, head) = (text_of(base, "--base")?, text_of(head, "--head")?);
    // A file that could not even be read is a problem of its own.
    let (base_files, mut unread) = read_schema_dir(&base, "base").map_err(Failure::Data)?;
    let (head_files, head_unread) = read_schema_dir(&head, "head").map_err(Failure::Data)?;
    unread.extend(head_unread);
    let (report, problems) = compat::check_dirs_each(&base_files, &head_files, options, unread);
    let text = match format.as_str() {
        "json" => {
            let mut value = serde_json::to_value(&report)
                .map_err(|e| Failure::Data(format!("cannot write the report: {e}")))?;
            if let Some(map) = value.as_object_mut().filter(|_| !problems.is_empty()) {
                let listed = problems
                    .iter()
                    .map(|p| {
                        serde_json::json!({
                            "side": p.side, "file": p.file, "line": p.line,
                            "code": p.error.code, "message": p.error.message,
                        })
                    })
                    .collect();
                map.insert("problems".to_owned(), serde_json::Value::Array(listed));
            }
            serde_json::to_string_pretty(&value)
                .map_err(|e| Failure::Data(format!("cannot write the report: {e}")))?
                + "\n"
        }
        "github" => capped_annotations(&compat::render_github_files(
            &report,
            &problems,
            direction,
            Side { dir: &base, files: &base_files },
            Side { dir: &head, files: &head_files },
        )),
        _ => {
            let mut text = String::new();
            for p in &problems {
                let dir = if p.side == "base" { &base } else { &head }.trim_end_matches('/');
                let place = format!("{dir}/{}", p.file);
                let place = if p.line == 0 { place } else { format!("{place}:{}", p.line) };
                let line = format!("{place}: {}: {}", p.error.code, p.error.message);
                text.push_str(&hapi_a2a_core::diagnostic::escape(&line));
                text.push('\n');
            }
            text + &compat::render_human(&report, direction, options)
        }
    };
    emit(&text)?;
    Ok(if !problems.is_empty() {
        ExitCode::from(2)
    } else if report.breaks(direction) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// GitHub shows at most this many annotations of each level (error,
/// warning, notice) per step and drops the rest without a word.
const ANNOTATIONS_PER_LEVEL: usize = 10;

/// The annotation levels, as workflow commands open.
const LEVELS: [&str; 3] = ["::error ", "::warning ", "::notice "];

/// Keeps the workflow annotations GitHub will show, at most
/// [`ANNOTATIONS_PER_LEVEL`] of each level, and prints the others as plain
/// log lines under one warning that says how many could not be annotated,
/// so that none is lost silently. That warning takes one of the warnings'
/// places, so it is itself always shown.
fn capped_annotations(text: &str) -> String {
    let level_of = |line: &str| LEVELS.iter().position(|l| line.starts_with(l));
    let total = |i: usize| text.lines().filter(|l| level_of(l) == Some(i)).count();
    let overflows = (0..LEVELS.len()).any(|i| total(i) > ANNOTATIONS_PER_LEVEL);
    // Room left per level; the count of the rest takes a warning's.
    let mut room = [ANNOTATIONS_PER_LEVEL; LEVELS.len()];
    if overflows {
        room[1] -= 1;
    }
    let (mut kept, mut over) = (String::new(), Vec::new());
    for line in text.lines() {
        match level_of(line).and_then(|i| room.get_mut(i)) {
            Some(0) => {
                over.push(line);
                continue;
            }
            Some(left) => *left -= 1,
            None => {}
        }
        kept.push_str(line);
        kept.push('\n');
    }
    if over.is_empty() {
        return kept;
    }
    kept.push_str(&format!(
        "::warning title=compat/not-annotated::{} more changes or problems are not annotated \
         (GitHub shows {ANNOTATIONS_PER_LEVEL} annotations of each level per step); \
         they are listed in the log below and in the full report\n",
        over.len()
    ));
    for line in over {
        kept.push_str("not annotated: ");
        kept.push_str(line.get(2..).unwrap_or(line));
        kept.push('\n');
    }
    kept
}

/// Reads one of `schema-check`'s value options (`--policy`, `--direction`,
/// `--format`) or the flag `--assert-format`; `Err(None)` for an option it
/// does not know.
fn schema_option(
    option: &str,
    value: &mut dyn FnMut() -> Result<String, String>,
    options: &mut hapi_a2a_core::compat::Options,
    direction: &mut hapi_a2a_core::compat::Direction,
    format: &mut String,
) -> Result<(), Option<String>> {
    use hapi_a2a_core::compat::{Direction, Policy};
    match option {
        "--policy" => {
            options.policy = match value()?.as_str() {
                "strict" => Policy::Strict,
                "lenient" => Policy::Lenient,
                other => return Err(Some(format!("unknown policy `{other}`; use strict or lenient"))),
            }
        }
        "--direction" => {
            *direction = match value()?.as_str() {
                "backward" => Direction::Backward,
                "forward" => Direction::Forward,
                "full" => Direction::Full,
                other => {
                    return Err(Some(format!("unknown direction `{other}`; use backward, forward or full")));
                }
            }
        }
        "--format" => {
            *format = value()?;
            if !matches!(format.as_str(), "human" | "json" | "github") {
                return Err(Some(format!("unknown format `{format}`; use human, json or github")));
            }
        }
        "--assert-format" => options.assert_format = true,
        _ => return Err(None),
    }
    Ok(())
}

/// Every `*.json` file directly in `dir` (subdirectories are not read, so a
/// baseline copy may live inside the directory it guards), sorted by name,
/// and a problem for each `*.json` entry that cannot be read as a schema
/// file: a directory, a broken link, text that is not UTF-8, or a name that
/// is not UTF-8 or holds a character a reader would not see (an annotation
/// could not name it faithfully).
type SchemaDir = (Vec<hapi_a2a_core::compat::SchemaFile>, Vec<hapi_a2a_core::compat::FileProblem>);

fn read_schema_dir(dir: &str, side: &'static str) -> Result<SchemaDir, String> {
    use hapi_a2a_core::error::{INVALID_UTF8, UNREADABLE_FILE};
    let root = Path::new(dir);
    if !root.is_dir() {
        return Err(format!("`{dir}` is not a directory"));
    }
    let mut out = Vec::new();
    let mut unread = Vec::new();
    let mut problem = |file: String, line: usize, code, message: String| {
        unread.push(hapi_a2a_core::compat::FileProblem {
            side,
            file,
            line,
            error: hapi_a2a_core::CallError::new(code, message),
        });
    };
    let entries = std::fs::read_dir(root).map_err(|e| format!("cannot list `{dir}`: {e}"))?;
    for entry in entries {
        let name = entry.map_err(|e| format!("cannot list `{dir}`: {e}"))?.file_name();
        if !name.as_encoded_bytes().ends_with(b".json") {
            continue;
        }
        let path: PathBuf = root.join(&name);
        let Some(text_name) = name.to_str() else {
            let valid = std::str::from_utf8(name.as_encoded_bytes()).err().map_or(0, |e| e.valid_up_to());
            let message = format!("the file name is not UTF-8: an invalid byte at offset {valid}");
            problem(shown(&name), 0, INVALID_UTF8, message);
            continue;
        };
        if let Some(c) = text_name.chars().find(|&c| hapi_a2a_core::sanitize::is_neutralized(c)) {
            let message = format!(
                "the file name holds U+{:04X}, which a reader would not see; rename the file",
                u32::from(c)
            );
            problem(text_name.to_owned(), 0, UNREADABLE_FILE, message);
            continue;
        }
        let name = text_name.to_owned();
        if path.is_dir() {
            problem(
                name,
                1,
                UNREADABLE_FILE,
                format!("cannot read `{}`: a directory, not a file", path.display()),
            );
            continue;
        }
        match std::fs::read(&path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => out.push(hapi_a2a_core::compat::SchemaFile::new(name, text)),
                Err(e) => {
                    let at = e.utf8_error().valid_up_to();
                    let line =
                        1 + e.as_bytes().get(..at).map_or(0, |b| b.iter().filter(|&&b| b == b'\n').count());
                    let message =
                        format!("`{}` is not UTF-8 text: an invalid byte at offset {at}", path.display());
                    problem(name, line, INVALID_UTF8, message);
                }
            },
            Err(e) => problem(name, 1, UNREADABLE_FILE, format!("cannot read `{}`: {e}", path.display())),
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    unread.sort_by(|a, b| a.file.cmp(&b.file));
    Ok((out, unread))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn annotations(level: &str, n: usize) -> String {
        (0..n).map(|i| format!("::{level} file=s{i}.json,title=t::m{i}\n")).collect()
    }

    #[test]
    fn ten_of_each_level_pass_untouched() {
        let text = annotations("error", 10) + &annotations("warning", 10) + &annotations("notice", 10);
        assert_eq!(capped_annotations(&text), text);
    }

    #[test]
    fn the_count_of_the_rest_takes_a_warnings_place_so_github_shows_it() {
        let text = annotations("error", 11) + &annotations("warning", 10);
        let out = capped_annotations(&text);
        let shown = |level: &str| out.lines().filter(|l| l.starts_with(&format!("::{level} "))).count();
        assert_eq!((shown("error"), shown("warning")), (10, 10), "{out}");
        assert!(out.lines().any(|l| l.starts_with("::warning title=compat/not-annotated::2 more")), "{out}");
        let rest: Vec<&str> = out.lines().filter(|l| l.starts_with("not annotated: ")).collect();
        assert_eq!(
            rest,
            [
                "not annotated: error file=s10.json,title=t::m10",
                "not annotated: warning file=s9.json,title=t::m9"
            ]
        );
    }
}
