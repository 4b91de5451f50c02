//! The wasm-bindgen adapter: the only file that knows JavaScript exists.
//!
//! Every export decodes its input, calls the facade in [`crate::api`] and
//! encodes the answer. `call(op, json)` takes and returns JSON text; the typed
//! exports take and return plain objects (through `JSON.stringify` /
//! `JSON.parse`, so their answers are the same bytes as `call`'s). Nothing
//! throws: every problem is a `failure` answer, and an argument of the wrong
//! JavaScript type is refused (`call/invalid-argument`) before anything is
//! copied into wasm memory, and so is call text over its op's cap.

use wasm_bindgen::prelude::*;

use crate::api::host::{self, Argument, Before, Unwritable};

/// The module's allocator, in place of the standard library's dlmalloc: the
/// same speed on the package's calls and the same peak memory in
/// `ledger.view`, in about 3 KB less of gzipped module. Set here, with the
/// exports, not by the library: a wasm program that links the crate without
/// them keeps its own allocator.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[wasm_bindgen(typescript_custom_section)]
const WIRE_TYPES: &str = include_str!("../ts/wire.d.ts");

#[wasm_bindgen]
extern "C" {
    /// A JavaScript string, seen through `String.prototype.isWellFormed`.
    type CheckedString;
    /// `String.prototype.isWellFormed` (ES2024): no lone surrogate, checked
    /// by the engine without copying the string; an error where the engine
    /// predates it.
    #[wasm_bindgen(method, catch, js_name = isWellFormed)]
    fn is_well_formed(this: &CheckedString) -> Result<bool, JsValue>;
}

#[wasm_bindgen]
extern "C" {
    /// The engine's UTF-8 encoder.
    #[wasm_bindgen(js_name = TextEncoder)]
    type Utf8Encoder;
    #[wasm_bindgen(constructor, js_class = "TextEncoder")]
    fn new() -> Utf8Encoder;
    /// `TextEncoder.prototype.encodeInto`: as much of `source` as fits
    /// `dest` whole, as UTF-8, written straight into wasm memory.
    #[wasm_bindgen(method, js_name = encodeInto)]
    fn encode_into(this: &Utf8Encoder, source: &js_sys::JsString, dest: &mut [u8]) -> Encoded;
    /// What `encodeInto` did.
    type Encoded;
    /// UTF-16 units read.
    #[wasm_bindgen(method, getter)]
    fn read(this: &Encoded) -> f64;
    /// Bytes written.
    #[wasm_bindgen(method, getter)]
    fn written(this: &Encoded) -> f64;
}

thread_local! {
    static ENCODER: Utf8Encoder = Utf8Encoder::new();
}

/// A JavaScript string with no lone surrogate as Rust text, written by the
/// engine's encoder into wasm memory: room for one byte a unit first (all
/// an ASCII text needs), then, for what did not fit, three a unit (the most
/// a unit takes), so a text is never given more than its own length and
/// three times what the first room left over. `None` where the encoder's
/// output is not UTF-8 (it always is).
fn utf8(s: &js_sys::JsString) -> Option<String> {
    let units = s.length() as usize;
    let mut bytes = vec![0u8; units];
    let first = ENCODER.with(|e| e.encode_into(s, &mut bytes));
    let (read, mut len) = (first.read() as usize, first.written() as usize);
    if read < units {
        let rest = s.substring(read as u32, units as u32);
        bytes.resize(len + 3 * (units - read), 0);
        let more = ENCODER.with(|e| e.encode_into(&rest, bytes.get_mut(len..).unwrap_or_default()));
        len += more.written() as usize;
    }
    bytes.truncate(len);
    String::from_utf8(bytes).ok()
}

/// Whether a JavaScript string has no lone surrogate (the engine's own
/// check where it has one, else code unit by code unit).
fn well_formed(s: &js_sys::JsString) -> bool {
    s.unchecked_ref::<CheckedString>().is_well_formed().unwrap_or_else(|_| s.is_valid_utf16())
}

/// What a JavaScript value is, for messages.
fn js_type(v: &JsValue) -> String {
    if v.is_null() { "null".to_owned() } else { v.js_typeof().as_string().unwrap_or_default() }
}

/// Answers one call given as JSON text, as JSON text.
///
/// Both arguments are checked before anything is copied into wasm memory:
/// an `op` or `input` that is not a string answers `call/invalid-argument`
/// (`input` may be left out, or be `null`: that is the empty call `{}`).
/// Text longer than the op's size cap could ever be is refused without being
/// copied, and an unknown op is answered without reading its input. A lone
/// surrogate in the text is read as `JSON.stringify` writes it (`\udXXX`), so
/// the answer is the typed export's for the same value.
#[wasm_bindgen(js_name = call)]
pub fn call(
    #[wasm_bindgen(unchecked_param_type = "string")] op: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] input: Option<js_sys::JsString>,
) -> String {
    let Some(op_text) = op.dyn_ref::<js_sys::JsString>() else {
        return host::not_a_string(Argument::Op, &js_type(&op));
    };
    let op = if op_text.length() as usize <= host::MAX_OP_UNITS {
        String::from(op_text)
    } else {
        host::UNREAD_OP.to_owned()
    };
    let Some(input) = input else { return crate::api::call(&op, "") };
    let input = JsValue::from(input);
    let Some(text) = input.dyn_ref::<js_sys::JsString>() else {
        return host::not_a_string(Argument::Call, &js_type(&input));
    };
    answer_text(&op, text)
}

/// Answers `op` on call text that is still a JavaScript string, copying it
/// into wasm memory only when the answer depends on it.
fn answer_text(op: &str, text: &js_sys::JsString) -> String {
    match host::before_reading(op, text.length() as usize, || ascii(text)) {
        Before::Answer(answer) => answer,
        Before::Read => crate::api::call(op, &rust_text(text)),
    }
}

/// A JavaScript string as the core reads it: as it is, or with each lone
/// surrogate escaped.
fn rust_text(text: &js_sys::JsString) -> String {
    match well_formed(text).then(|| utf8(text)).flatten() {
        Some(text) => text,
        None => escape_lone_surrogates(text),
    }
}

/// Whether every code unit of a JavaScript string is ASCII, asked of the
/// engine's regular expressions without copying the string.
fn ascii(s: &js_sys::JsString) -> bool {
    s.search(&js_sys::RegExp::new("[^\\0-\\x7f]", "")) < 0
}

/// A JavaScript string as Rust text, each lone surrogate written as the six
/// characters `JSON.stringify` writes for it (`\ud800`, lowercase hex), so
/// the core reads what the typed export would hand it. The engine finds the
/// lone surrogates (a `u` regular expression's surrogate range matches no
/// half of a pair); the closure runs once per lone surrogate.
fn escape_lone_surrogates(s: &js_sys::JsString) -> String {
    let lone = js_sys::RegExp::new("[\\ud800-\\udfff]", "gu");
    let escape = Closure::<dyn Fn(js_sys::JsString) -> js_sys::JsString>::new(|unit: js_sys::JsString| {
        let code = unit.char_code_at(0);
        js_sys::JsString::from(format!("\\u{:04x}", if code.is_finite() { code as u32 } else { 0 }))
    });
    String::from(s.replace_by_pattern_with_function(&lone, escape.as_ref().unchecked_ref()))
}

/// The options of the document entry, one declaration for both faces (the
/// addon's `index.d.ts` is written from the same file).
#[wasm_bindgen(typescript_custom_section)]
const DOCUMENT_ENTRY_TYPES: &str = include_str!("../ts/document-entry.d.ts");

thread_local! {
    /// The document entry's option names as JavaScript strings, made once.
    static OPTION_NAMES: Vec<JsValue> =
        host::DOCUMENT_OPTIONS.iter().map(|(name, _)| JsValue::from_str(name)).collect();
}

/// The document entry beside `call`: the verdict on one document given as
/// a string of JSON text, written by the engine straight into wasm memory
/// (never escaped inside call JSON), or as its UTF-8 bytes (a `Uint8Array`
/// or a `Buffer`, copied in once). `true` when the verdict alone was
/// asked for (or, with `keysAsGiven`, the stored form is the document's
/// own keys as given) and the document is valid with nothing to say;
/// otherwise the answer text `call("validate", …)` gives for the same document and
/// options. Arguments are checked as `call`'s are: a document or kind that
/// is not a string, options that are not an object and an option of the
/// wrong type are refused (`call/invalid-argument`), a document over the
/// cap is refused before it is copied, and a lone surrogate in the document
/// is read as `JSON.stringify` writes it.
#[wasm_bindgen(js_name = validateDocument, unchecked_return_type = "true | string")]
pub fn validate_document(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] document: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DocumentEntryOptions")] options: Option<js_sys::Object>,
) -> JsValue {
    if document.dyn_ref::<js_sys::Uint8Array>().is_none() && document.dyn_ref::<js_sys::JsString>().is_none()
    {
        return JsValue::from_str(&host::not_a_string(Argument::Document, &js_type(&document)));
    }
    entry_answer(&document, &read_entry(&kind, options))
}

/// The document entry with its kind and options read once, now, as a
/// function of the document alone: each call answers what
/// `validateDocument(document, kind, options)` answered with the options
/// as they were read; options it refuses are refused for every document.
/// The function's memory is freed when it is collected.
#[wasm_bindgen(
    js_name = documentEntry,
    unchecked_return_type = "(document: string | Uint8Array) => true | string"
)]
pub fn document_entry(
    #[wasm_bindgen(unchecked_param_type = "string")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DocumentEntryOptions")] options: Option<js_sys::Object>,
) -> JsValue {
    let read = read_entry(&kind, options);
    Closure::<dyn Fn(JsValue) -> JsValue>::new(move |document: JsValue| entry_answer(&document, &read))
        .into_js_value()
}

/// The entry's kind and its options as read, or the answer refusing them.
type Read = Result<(String, [host::OptionValue; host::DOCUMENT_OPTIONS.len()]), String>;

/// [`Read`] of the entry's `kind` and `options` arguments.
fn read_entry(kind: &JsValue, options: Option<js_sys::Object>) -> Read {
    let Some(kind) = kind.as_string() else {
        return Err(host::not_a_string(Argument::Kind, &js_type(kind)));
    };
    let mut read = [const { host::OptionValue::Absent }; host::DOCUMENT_OPTIONS.len()];
    if let Some(options) = options {
        let options = JsValue::from(options);
        if !options.is_object() {
            return Err(host::options_not_an_object(&js_type(&options)));
        }
        OPTION_NAMES.with(|names| {
            for (name, slot) in names.iter().zip(&mut read) {
                let value = js_sys::Reflect::get(&options, name).unwrap_or(JsValue::UNDEFINED);
                *slot = option_value(&value);
            }
        });
    }
    if let Some(refused) = host::options_refusal(&read) {
        return Err(refused);
    }
    Ok((kind, read))
}

/// The entry's answer to `document` under what [`read_entry`] read.
fn entry_answer(document: &JsValue, read: &Read) -> JsValue {
    let answer = |text: String| JsValue::from_str(&text);
    let bytes = document.dyn_ref::<js_sys::Uint8Array>();
    let text = document.dyn_ref::<js_sys::JsString>();
    if bytes.is_none() && text.is_none() {
        return answer(host::not_a_string(Argument::Document, &js_type(document)));
    }
    let (kind, read) = match read {
        Ok(read) => read,
        Err(refused) => return answer(refused.clone()),
    };
    let decided = match (text, bytes) {
        (Some(text), _) => {
            if let Some(refused) = host::document_before_reading(text.length() as usize) {
                return answer(refused);
            }
            host::validate_document(&rust_text(text), kind, read)
        }
        (None, Some(bytes)) => {
            // Over the cap, refused before it is copied into wasm memory.
            if let Some(refused) = host::bytes_before_reading(bytes.length() as usize) {
                return answer(refused);
            }
            host::validate_document_bytes(&bytes.to_vec(), kind, read)
        }
        (None, None) => return answer(host::not_a_string(Argument::Document, &js_type(document))),
    };
    match decided {
        crate::api::DocumentAnswer::Clean => JsValue::TRUE,
        crate::api::DocumentAnswer::Text(text) => answer(text),
    }
}

/// One option as the document entry takes it.
fn option_value(value: &JsValue) -> host::OptionValue {
    if value.is_undefined() || value.is_null() {
        host::OptionValue::Absent
    } else if let Some(b) = value.as_bool() {
        host::OptionValue::Flag(b)
    } else if let Some(s) = value.as_string() {
        host::OptionValue::Text(s)
    } else {
        host::OptionValue::Other(match value.js_typeof().as_string().as_deref() {
            Some("number") => "number",
            Some("bigint") => "bigint",
            Some("symbol") => "symbol",
            Some("function") => "function",
            _ => "object",
        })
    }
}

/// Every operation name `call` answers.
#[wasm_bindgen(js_name = ops)]
pub fn ops() -> Vec<String> {
    crate::api::ops().into_iter().map(str::to_owned).collect()
}

/// The failure answer for a call object `JSON.stringify` threw on.
fn unwritable(thrown: &JsValue) -> String {
    let range = thrown.dyn_ref::<js_sys::RangeError>().map(|e| String::from(e.message()));
    Unwritable::of(range.as_deref(), thrown.is_instance_of::<js_sys::TypeError>()).answer()
}

fn call_object(op: &str, input: JsValue) -> JsValue {
    let answer = if input.is_undefined() || input.is_null() {
        crate::api::call(op, "{}")
    } else {
        match js_sys::JSON::stringify(&input) {
            Ok(text) if JsValue::from(&text).is_string() => answer_text(op, &text),
            // A function, a symbol, or a toJSON returning undefined: written
            // as nothing, which is not a call (only undefined and null are
            // the empty call).
            Ok(_) => host::written_as_nothing(&js_type(&input)),
            // Never throw: a failure answer.
            Err(thrown) => unwritable(&thrown),
        }
    };
    js_sys::JSON::parse(&answer).unwrap_or(JsValue::NULL)
}

/// The typed exports, one per row of the op table
/// ([`for_each_op!`](crate::api)): `jsName(call)` is `call("op.name", call)`
/// with a plain object in and a tagged answer object out. Each op's module
/// holds the JavaScript types of its call and answer.
macro_rules! typed_exports {
    ($(
        $(#[doc = $doc:literal])*
        $id:ident ($op:literal, js $js:literal) [$cap:expr]
            => $call:ident => $answer:ident ($answer_ts:literal) = $f:expr $(, text $text:expr)?;
    )*) => {
        $(
            #[doc = concat!("The JavaScript types of `", $js, "`.")]
            pub mod $id {
                use wasm_bindgen::prelude::*;

                #[wasm_bindgen]
                extern "C" {
                    #[doc = concat!("The `", $js, "` call object.")]
                    #[wasm_bindgen(typescript_type = $call)]
                    pub type Call;
                    #[doc = concat!("The `", $js, "` answer object.")]
                    #[wasm_bindgen(typescript_type = $answer_ts)]
                    pub type Answer;
                }
            }

            #[doc = concat!("`", $js, "` with a plain object in and a tagged answer object out.")]
            #[wasm_bindgen(js_name = $js)]
            pub fn $id(call: $id::Call) -> $id::Answer {
                call_object($op, call.into()).unchecked_into()
            }
        )*
    };
}

crate::api::for_each_op!(typed_exports);

/// A ledger folded once and asked many views (`OpenLedger` of the Rust
/// API): what the ledger viewer keeps while a ledger is open, so that each
/// view after the first costs the view alone. Free it (`free()`) when the
/// ledger is closed.
#[wasm_bindgen(js_name = LedgerFold)]
pub struct LedgerFold {
    open: Option<crate::api::OpenLedger>,
    answer: String,
    /// Rows given a chunk at a time, until `finish`.
    rows: Option<crate::api::LedgerRows>,
}

#[wasm_bindgen(js_class = LedgerFold)]
impl LedgerFold {
    /// Folds a `ledger.view` call given as JSON text. `answer` is then what
    /// `call("ledger.view", text)` answers, and the fold is kept when the
    /// call could be read (`isOpen`). Never throws: an argument that is not
    /// a string, or text over the cap, is a failure `answer`.
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(unchecked_param_type = "string")] input: JsValue) -> LedgerFold {
        let text = match input.dyn_ref::<js_sys::JsString>() {
            None => Err(host::not_a_string(Argument::Call, &js_type(&input))),
            Some(text) => match host::before_reading("ledger.view", text.length() as usize, || false) {
                Before::Answer(answer) => Err(answer),
                Before::Read => Ok(rust_text(text)),
            },
        };
        match text {
            Ok(text) => {
                let (open, answer) = crate::api::OpenLedger::open(&text);
                LedgerFold { open, answer, rows: None }
            }
            Err(answer) => LedgerFold { open: None, answer, rows: None },
        }
    }

    /// A fold to be given its rows a chunk at a time (`addRows`), then the
    /// rest of its call (`finish`), so that rows are folded while the next
    /// ones are still being written.
    pub fn begin() -> LedgerFold {
        LedgerFold { open: None, answer: String::new(), rows: Some(crate::api::LedgerRows::new()) }
    }

    /// Adds a chunk of rows: `table` is `"events"` or `"links"`, `rows` the
    /// JSON text of an array of rows. Answers `""`, or the failure answer
    /// when the chunk cannot be added (the fold then takes no more).
    #[wasm_bindgen(js_name = addRows)]
    pub fn add_rows(
        &mut self,
        table: &str,
        #[wasm_bindgen(unchecked_param_type = "string")] rows: JsValue,
    ) -> String {
        let Some(fold) = &mut self.rows else {
            return host::refused(
                crate::error::INVALID_CALL,
                "this fold takes no rows: it was not begun with `begin()`, or is finished".to_owned(),
            );
        };
        let Some(text) = rows.dyn_ref::<js_sys::JsString>() else {
            self.rows = None;
            return host::not_a_string(Argument::Rows, &js_type(&rows));
        };
        let text = rust_text(text);
        match fold.add(table, &text) {
            Ok(()) => String::new(),
            Err(error) => {
                self.rows = None;
                let failure: crate::Answer<()> = crate::Answer::Failure { error };
                serde_json::to_string(&failure).unwrap_or_default()
            }
        }
    }

    /// Answers the call of the rows given and `rest` (the JSON text of
    /// `{"now", "query", "namespace"?, "page"?}`) as `call("ledger.view",
    /// …)` answers the whole call; `answer` and `isOpen` then say what the
    /// constructor's would.
    pub fn finish(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] rest: JsValue) -> String {
        let Some(rows) = self.rows.take() else {
            return host::refused(
                crate::error::INVALID_CALL,
                "this fold has no rows to finish: it was not begun with `begin()`, is finished, or a chunk failed"
                    .to_owned(),
            );
        };
        let Some(rest) = rest.as_string() else {
            return host::not_a_string(Argument::Call, &js_type(&rest));
        };
        let (open, answer) = rows.finish(&rest);
        self.open = open;
        self.answer.clone_from(&answer);
        answer
    }

    /// The answer to the call that opened the fold.
    #[wasm_bindgen(getter)]
    pub fn answer(&self) -> String {
        self.answer.clone()
    }

    /// Whether the fold was kept: the opening call could be read.
    #[wasm_bindgen(getter, js_name = isOpen)]
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Answers `{"query": …, "page"?: …}` (JSON text) over the kept fold,
    /// as the `ledger.view` call with those fields would be answered.
    pub fn ask(&self, #[wasm_bindgen(unchecked_param_type = "string")] input: JsValue) -> String {
        let Some(open) = &self.open else {
            return host::refused(
                crate::error::INVALID_CALL,
                "no ledger is open: the call that opened this fold could not be read".to_owned(),
            );
        };
        match input.as_string() {
            Some(text) => open.ask(&text),
            None => host::not_a_string(Argument::Query, &js_type(&input)),
        }
    }
}
