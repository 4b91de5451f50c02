//! `hapi-a2a`: the command line face of the core. The only code in the crate
//! that touches files, standard input and exit codes.

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
hapi-a2a — the HAPI agent-to-agent protocol core

usage:
  hapi-a2a call <op> [FILE|-] [--pretty]
      answer one call: the call JSON comes from FILE, or from standard input
      when FILE is `-` or absent and input is piped (no input means `{}`)
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
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "hapi-a2a: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<ExitCode, String> {
    let (first, rest) = args.split_first().ok_or("no command given")?;
    match first.as_str() {
        "--help" | "-h" | "help" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        "--version" | "-V" => {
            println!("hapi-a2a {}", env!("CARGO_PKG_VERSION"));
            Ok(ExitCode::SUCCESS)
        }
        "ops" => {
            for op in hapi_a2a_core::api::ops() {
                println!("{op}");
            }
            Ok(ExitCode::SUCCESS)
        }
        "call" => call(rest),
        "schema-check" => schema_check(rest),
        other => Err(format!("unknown command `{other}`")),
    }
}

fn call(args: &[String]) -> Result<ExitCode, String> {
    let mut pretty = false;
    let mut positional = Vec::new();
    for a in args {
        match a.as_str() {
            "--pretty" => pretty = true,
            s if s.starts_with("--") => return Err(format!("unknown option `{s}`")),
            _ => positional.push(a.as_str()),
        }
    }
    let (op, source) = match positional.as_slice() {
        [op] => (*op, None),
        [op, source] => (*op, Some(*source)),
        [] => return Err("`call` needs an operation name".to_owned()),
        _ => return Err("`call` takes an operation and at most one FILE".to_owned()),
    };
    let input = read_input(source)?;
    let input = if input.trim().is_empty() { "{}".to_owned() } else { input };
    let answer = hapi_a2a_core::api::call(op, &input);
    let success = answer.starts_with(r#"{"type":"success""#);
    let text = if pretty {
        serde_json::from_str::<serde_json::Value>(&answer)
            .and_then(|v| serde_json::to_string_pretty(&v))
            .unwrap_or(answer)
    } else {
        answer
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").map_err(|e| format!("cannot write the answer: {e}"))?;
    Ok(if success { ExitCode::SUCCESS } else { ExitCode::from(2) })
}

fn read_input(source: Option<&str>) -> Result<String, String> {
    match source {
        Some("-") => read_stdin(),
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("cannot read `{path}`: {e}")),
        None if std::io::stdin().is_terminal() => Ok(String::new()),
        None => read_stdin(),
    }
}

fn read_stdin() -> Result<String, String> {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read standard input: {e}"))?;
    Ok(s)
}

fn schema_check(args: &[String]) -> Result<ExitCode, String> {
    use hapi_a2a_core::compat::{self, Direction, Options, Policy};
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
                    other => return Err(format!("unknown policy `{other}`; use strict or lenient")),
                }
            }
            "--direction" => {
                direction = match value("--direction")?.as_str() {
                    "backward" => Direction::Backward,
                    "forward" => Direction::Forward,
                    "full" => Direction::Full,
                    other => {
                        return Err(format!("unknown direction `{other}`; use backward, forward or full"));
                    }
                }
            }
            "--format" => {
                format = value("--format")?;
                if !matches!(format.as_str(), "human" | "json" | "github") {
                    return Err(format!("unknown format `{format}`; use human, json or github"));
                }
            }
            "--assert-format" => options.assert_format = true,
            other => return Err(format!("unknown option `{other}` for schema-check")),
        }
    }
    let base = base.ok_or("`schema-check` needs `--base <dir>`")?;
    let head = head.ok_or("`schema-check` needs `--head <dir>`")?;
    let (base_files, head_files) = (read_schema_dir(&base)?, read_schema_dir(&head)?);
    let report = compat::check_dirs(&base_files, &head_files, options)
        .map_err(|e| format!("{}: {}", e.code, e.message))?;
    let text = match format.as_str() {
        "json" => {
            serde_json::to_string_pretty(&report).map_err(|e| format!("cannot write the report: {e}"))? + "\n"
        }
        "github" => compat::render_github(&report, direction, &head),
        _ => compat::render_human(&report, direction, options),
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(|e| format!("cannot write the report: {e}"))?;
    Ok(if report.breaks(direction) { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// Every `*.json` file directly in `dir` (subdirectories are not read, so a
/// baseline copy may live inside the directory it guards), sorted by name.
fn read_schema_dir(dir: &str) -> Result<Vec<hapi_a2a_core::compat::SchemaFile>, String> {
    let root = std::path::Path::new(dir);
    if !root.is_dir() {
        return Err(format!("`{dir}` is not a directory"));
    }
    let mut out = Vec::new();
    let entries = std::fs::read_dir(root).map_err(|e| format!("cannot list `{dir}`: {e}"))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("cannot list `{dir}`: {e}"))?.path();
        if path.is_file() && path.extension().is_some_and(|x| x == "json") {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            out.push(hapi_a2a_core::compat::SchemaFile::new(name, text));
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}
