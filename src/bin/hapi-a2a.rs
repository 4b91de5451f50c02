//! `hapi-a2a`: the command line face of the core. The only code in the crate
//! that touches files, standard input and exit codes.

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
hapi-a2a — the HAPI agent-to-agent protocol core

usage:
  hapi-a2a call <op> [FILE|-] [--pretty]
      answer one call: the call JSON comes from FILE, or from standard input
      when FILE is `-` or absent and input is piped (empty input means `{}`)
  hapi-a2a ops
      list the operations `call` answers
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
    let args: Vec<String> = std::env::args().skip(1).collect();
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

fn run(args: &[String]) -> Result<ExitCode, Failure> {
    let (first, rest) = args.split_first().ok_or("no command given")?;
    match first.as_str() {
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
        other => Err(format!("unknown command `{other}`").into()),
    }
}

fn call(args: &[String]) -> Result<ExitCode, Failure> {
    let mut pretty = false;
    let mut positional = Vec::new();
    for a in args {
        match a.as_str() {
            "--pretty" => pretty = true,
            s if s.starts_with("--") => return Err(format!("unknown option `{s}`").into()),
            _ => positional.push(a.as_str()),
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
    let answer = hapi_a2a_core::api::call_bytes(op, &input);
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

fn read_input(source: Option<&str>) -> Result<Vec<u8>, String> {
    match source {
        Some("-") => read_stdin(),
        Some(path) => std::fs::read(path).map_err(|e| format!("cannot read `{path}`: {e}")),
        None if std::io::stdin().is_terminal() => Ok(Vec::new()),
        None => read_stdin(),
    }
}

fn read_stdin() -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("cannot read standard input: {e}"))?;
    Ok(bytes)
}

fn schema_check(args: &[String]) -> Result<ExitCode, Failure> {
    use hapi_a2a_core::compat::{self, Direction, Options, Policy, Side};
    let (mut base, mut head, mut format) = (None, None, "human".to_owned());
    let mut options = Options::default();
    let mut direction = Direction::Full;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("`{name}` needs a value"));
        match a.as_str() {
            "--base" => base = Some(value("--base")?),
            "--head" => head = Some(value("--head")?),
            "--policy" => {
                options.policy = match value("--policy")?.as_str() {
                    "strict" => Policy::Strict,
                    "lenient" => Policy::Lenient,
                    other => return Err(format!("unknown policy `{other}`; use strict or lenient").into()),
                }
            }
            "--direction" => {
                direction = match value("--direction")?.as_str() {
                    "backward" => Direction::Backward,
                    "forward" => Direction::Forward,
                    "full" => Direction::Full,
                    other => {
                        return Err(
                            format!("unknown direction `{other}`; use backward, forward or full").into()
                        );
                    }
                }
            }
            "--format" => {
                format = value("--format")?;
                if !matches!(format.as_str(), "human" | "json" | "github") {
                    return Err(format!("unknown format `{format}`; use human, json or github").into());
                }
            }
            "--assert-format" => options.assert_format = true,
            other => return Err(format!("unknown option `{other}` for schema-check").into()),
        }
    }
    let base = base.ok_or("`schema-check` needs `--base <dir>`")?;
    let head = head.ok_or("`schema-check` needs `--head <dir>`")?;
    let (base_files, base_unread) = read_schema_dir(&base).map_err(Failure::Data)?;
    let (head_files, head_unread) = read_schema_dir(&head).map_err(Failure::Data)?;
    // A file that could not even be read is a problem of its own.
    let mut unread = Vec::new();
    for (side, files) in [("base", base_unread), ("head", head_unread)] {
        unread.extend(files.into_iter().map(|(file, message)| compat::FileProblem {
            side,
            file,
            line: 1,
            error: hapi_a2a_core::CallError::new(hapi_a2a_core::error::UNREADABLE_FILE, message),
        }));
    }
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
        "github" => compat::render_github_files(
            &report,
            &problems,
            direction,
            Side { dir: &base, files: &base_files },
            Side { dir: &head, files: &head_files },
        ),
        _ => {
            let mut text = String::new();
            for p in &problems {
                text.push_str(&format!(
                    "{}/{}:{}: {}: {}\n",
                    if p.side == "base" { &base } else { &head }.trim_end_matches('/'),
                    p.file,
                    p.line,
                    p.error.code,
                    p.error.message
                ));
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

/// Every `*.json` file directly in `dir` (subdirectories are not read, so a
/// baseline copy may live inside the directory it guards), sorted by name,
/// and the files that could not be read, with why.
type SchemaDir = (Vec<hapi_a2a_core::compat::SchemaFile>, Vec<(String, String)>);

fn read_schema_dir(dir: &str) -> Result<SchemaDir, String> {
    let root = std::path::Path::new(dir);
    if !root.is_dir() {
        return Err(format!("`{dir}` is not a directory"));
    }
    let mut out = Vec::new();
    let mut unread = Vec::new();
    let entries = std::fs::read_dir(root).map_err(|e| format!("cannot list `{dir}`: {e}"))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("cannot list `{dir}`: {e}"))?.path();
        if path.is_file() && path.extension().is_some_and(|x| x == "json") {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            match std::fs::read(&path) {
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(text) => out.push(hapi_a2a_core::compat::SchemaFile::new(name, text)),
                    Err(e) => unread.push((
                        name,
                        format!(
                            "cannot read `{}`: not UTF-8 at byte {}",
                            path.display(),
                            e.utf8_error().valid_up_to()
                        ),
                    )),
                },
                Err(e) => unread.push((name, format!("cannot read `{}`: {e}", path.display()))),
            }
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    unread.sort();
    Ok((out, unread))
}
