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
  hapi-a2a --help | --version

exit codes:
  0  success answer
  1  (schema-check only) a breaking change
  2  failure answer, or a usage or IO error
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
