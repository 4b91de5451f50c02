//! The wasm-bindgen adapter: the only file that knows JavaScript exists.
//!
//! Every export decodes its input, calls the facade in [`crate::api`] and
//! encodes the answer. `call(op, json)` takes and returns JSON text; the typed
//! exports take and return plain objects (through `JSON.stringify` /
//! `JSON.parse`, so their answers are the same bytes as `call`'s). Nothing
//! throws: every problem is a `failure` answer, and an argument of the wrong
//! JavaScript type is refused (`call/invalid-argument`) before anything is
//! copied into wasm memory.

use wasm_bindgen::prelude::*;

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

/// Whether a JavaScript string has no lone surrogate (the engine's own
/// check where it has one, else code unit by code unit).
fn well_formed(s: &js_sys::JsString) -> bool {
    s.unchecked_ref::<CheckedString>().is_well_formed().unwrap_or_else(|_| s.is_valid_utf16())
}

/// The failure answer for an argument of `call` that cannot be read.
fn refused(code: crate::diagnostic::Code, message: String) -> String {
    let failure: crate::Answer<()> = crate::Answer::Failure { error: crate::CallError::new(code, message) };
    serde_json::to_string(&failure).unwrap_or_default()
}

/// What a JavaScript value is, for messages.
fn js_type(v: &JsValue) -> String {
    if v.is_null() { "null".to_owned() } else { v.js_typeof().as_string().unwrap_or_default() }
}

/// Answers one call given as JSON text, as JSON text.
///
/// Both arguments are checked before anything is copied into wasm memory:
/// an `op` or `input` that is not a string answers `call/invalid-argument`
/// (`input` may be left out, or be `null`: that is the empty call `{}`), and
/// an `input` with a lone surrogate answers `parse/lone-surrogate`, as the
/// typed exports do for the same value. Text longer than the op's size cap
/// could ever be is refused without being copied.
#[wasm_bindgen(js_name = call)]
pub fn call(
    #[wasm_bindgen(unchecked_param_type = "string")] op: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] input: Option<js_sys::JsString>,
) -> String {
    let Some(op_text) = op.dyn_ref::<js_sys::JsString>() else {
        return refused(
            crate::error::INVALID_ARGUMENT,
            format!("the operation name is {}, not a string; nothing was read", js_type(&op)),
        );
    };
    // No op name is this long: a longer one is answered as unknown unread.
    const MAX_OP_UNITS: u32 = 64;
    let op = if op_text.length() <= MAX_OP_UNITS { String::from(op_text) } else { "\u{2026}".to_owned() };
    let Some(input) = input else { return crate::api::call(&op, "") };
    let input = JsValue::from(input);
    let Some(text) = input.dyn_ref::<js_sys::JsString>() else {
        return refused(
            crate::error::INVALID_ARGUMENT,
            format!("the call is {}, not a string of JSON text; nothing was read", js_type(&input)),
        );
    };
    // A UTF-16 code unit is at least one UTF-8 byte: a string with more units
    // than the op's cap has bytes is over it.
    let units = text.length() as usize;
    let cap = crate::api::max_call_bytes(&op).unwrap_or(crate::api::MAX_CALL_BYTES);
    if units > cap {
        return refused(
            crate::error::TOO_LARGE,
            format!("the call is {units} UTF-16 code units, over the cap of {cap} bytes"),
        );
    }
    if !well_formed(text) {
        return refused(
            crate::json::LONE_SURROGATE,
            "the call is not JSON: a string holds a lone UTF-16 surrogate".to_owned(),
        );
    }
    crate::api::call(&op, &String::from(text))
}

/// Every operation name `call` answers.
#[wasm_bindgen(js_name = ops)]
pub fn ops() -> Vec<String> {
    crate::api::ops().into_iter().map(str::to_owned).collect()
}

fn call_object(op: &str, input: JsValue) -> JsValue {
    let text = if input.is_undefined() || input.is_null() {
        "{}".to_owned()
    } else {
        match js_sys::JSON::stringify(&input) {
            Ok(s) => s.as_string().unwrap_or_default(),
            // A cyclic object or a BigInt: answer with a failure, never throw.
            Err(_) => {
                return js_sys::JSON::parse(&refused(
                    crate::error::INVALID_ARGUMENT,
                    "the call object cannot be written as JSON (it holds a cycle or a BigInt)".to_owned(),
                ))
                .unwrap_or(JsValue::NULL);
            }
        }
    };
    let answer = crate::api::call(op, &text);
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
