//! The Node-API face of hapi-a2a-core: the npm package's call contract,
//! compiled natively for Node and Bun.
//!
//! The module exports `call(op, json)`, `ops()`, the document entry
//! `validateDocument(document, kind, options?)` and one typed function per
//! operation of [`hapi_a2a_core::api::ops`], named by the op table's
//! JavaScript column as the npm package names them (`project.handoff` is
//! `projectHandoff`), so an operation added to the core is exported here with
//! no change to this file. What an argument is answered, and in which words,
//! is [`hapi_a2a_core::api::host`]'s, which the wasm face shares. Every export goes
//! through [`hapi_a2a_core::api::call`], so its answers are that function's
//! bytes, and every export answers as the wasm package's does for the same
//! arguments: nothing is thrown, a JavaScript value of the wrong type is a
//! `call/invalid-argument` failure, a lone surrogate in the call text is read
//! as `JSON.stringify` writes it (`\udXXX`), text longer than its operation's
//! cap is refused before it is copied, and an unknown operation is answered
//! without reading its input.
//!
//! The exports are plain Node-API functions made here (not by the
//! `#[napi]` function macro) because their number and names come from the
//! core's op list at load time, and because reading a JavaScript string
//! needs two things the generated conversions do not offer: its length
//! without copying it, and telling a lone surrogate from U+FFFD.

use std::ffi::{CString, c_char, c_void};
use std::ptr;
use std::sync::OnceLock;

use hapi_a2a_core::api;
use hapi_a2a_core::api::host::{self, Argument, Before, Unwritable, escape_lone_surrogates};
use napi::bindgen_prelude::{Env, JsValue, Object};
use napi::sys;
use napi_derive::napi;

type Value = sys::napi_value;

/// Every allocation of the addon, the core's included, goes through
/// mimalloc: a strict validation builds and drops a small tree per call,
/// where it is measurably cheaper than the platform's malloc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The core's operation names, read once; a typed export is handed the index
/// of its op in this list.
fn op_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(api::ops)
}

/// `Some(())` when a Node-API call succeeded.
fn ok(status: sys::napi_status) -> Option<()> {
    (status == sys::Status::napi_ok).then_some(())
}

/// What a JavaScript value is, as `typeof` says it (and `null` for null).
fn js_type(env: sys::napi_env, value: Value) -> &'static str {
    let mut t = sys::ValueType::napi_undefined;
    // SAFETY: `env` and `value` come from the running callback.
    if unsafe { sys::napi_typeof(env, value, &mut t) } != sys::Status::napi_ok {
        return "unknown";
    }
    match t {
        sys::ValueType::napi_undefined => "undefined",
        sys::ValueType::napi_null => "null",
        sys::ValueType::napi_boolean => "boolean",
        sys::ValueType::napi_number => "number",
        sys::ValueType::napi_string => "string",
        sys::ValueType::napi_symbol => "symbol",
        sys::ValueType::napi_function => "function",
        // `napi_bigint` (Node-API 6).
        9 => "bigint",
        // Objects, and externals, which `typeof` calls objects.
        _ => "object",
    }
}

/// The length of a JavaScript string in UTF-16 code units, read without
/// copying it.
fn utf16_len(env: sys::napi_env, s: Value) -> Option<usize> {
    let mut len = 0usize;
    // SAFETY: a null buffer asks for the length only.
    ok(unsafe { sys::napi_get_value_string_utf16(env, s, ptr::null_mut(), 0, &mut len) })?;
    Some(len)
}

/// A JavaScript string's UTF-16 code units.
fn utf16_units(env: sys::napi_env, s: Value, len: usize) -> Option<Vec<u16>> {
    let mut buf: Vec<u16> = Vec::with_capacity(len + 1);
    let mut written = 0usize;
    // SAFETY: the buffer has room for `len + 1` units (the engine writes a
    // terminating zero after at most `len`), and only the `written` units
    // the engine wrote are kept.
    unsafe {
        ok(sys::napi_get_value_string_utf16(env, s, buf.as_mut_ptr(), len + 1, &mut written))?;
        buf.set_len(written.min(len));
    }
    Some(buf)
}

/// A JavaScript string as UTF-8 text, each lone surrogate written as the six
/// characters `JSON.stringify` writes for it (`\ud800`, lowercase hex), so
/// the core reads what a typed export would hand it (`None` if the engine
/// refuses the read).
///
/// The engine transcodes to UTF-8 itself (fast), but writes a lone surrogate
/// as U+FFFD (V8) or as the bytes of a surrogate code point (JavaScriptCore
/// may), so text with U+FFFD or invalid UTF-8 in it is read again as UTF-16
/// to tell a lone surrogate from a real U+FFFD.
fn read_text(env: sys::napi_env, s: Value, units: usize) -> Option<String> {
    // Room for the most the engine can write (three bytes a UTF-16 unit),
    // so that it transcodes once: asking for the length first is a second
    // pass over the text.
    let len = units.checked_mul(3)?;
    let mut buf: Vec<u8> = Vec::with_capacity(len + 1);
    let mut written = 0usize;
    // SAFETY: the buffer has room for `len + 1` bytes (the text and the
    // engine's terminating zero), and only the `written` bytes the engine
    // wrote are kept.
    unsafe {
        ok(sys::napi_get_value_string_utf8(
            env,
            s,
            buf.as_mut_ptr().cast::<c_char>(),
            len + 1,
            &mut written,
        ))?;
        buf.set_len(written.min(len));
    }
    match String::from_utf8(buf) {
        Ok(text) if !text.contains('\u{FFFD}') => Some(text),
        _ => Some(escape_lone_surrogates(&utf16_units(env, s, units)?)),
    }
}

/// The length of a JavaScript string in UTF-8 bytes as the engine writes it,
/// without copying it.
fn utf8_len(env: sys::napi_env, s: Value) -> Option<usize> {
    let mut len = 0usize;
    // SAFETY: a null buffer asks for the UTF-8 length only.
    ok(unsafe { sys::napi_get_value_string_utf8(env, s, ptr::null_mut(), 0, &mut len) })?;
    Some(len)
}

/// Answers `op` on call text that is still a JavaScript string, copying it
/// only when the answer depends on it.
fn answer_text(env: sys::napi_env, op: &str, input: Value) -> String {
    let Some(units) = utf16_len(env, input) else { return host::unreadable() };
    match host::before_reading(op, units, || utf8_len(env, input) == Some(units)) {
        Before::Answer(answer) => answer,
        Before::Read => match read_text(env, input, units) {
            Some(text) => api::call(op, &text),
            None => host::unreadable(),
        },
    }
}

/// A JavaScript string made from Rust text (`None` if the engine refuses).
fn js_string(env: sys::napi_env, text: &str) -> Option<Value> {
    let mut out = ptr::null_mut();
    let len = isize::try_from(text.len()).ok()?;
    // SAFETY: `text` is valid UTF-8 of `len` bytes.
    ok(unsafe { sys::napi_create_string_utf8(env, text.as_ptr().cast::<c_char>(), len, &mut out) })?;
    Some(out)
}

/// JavaScript `null`.
fn js_null(env: sys::napi_env) -> Value {
    let mut out = ptr::null_mut();
    // SAFETY: `env` is the running callback's.
    unsafe { sys::napi_get_null(env, &mut out) };
    out
}

/// The arguments of a callback (missing ones are `undefined`) and the data
/// pointer its function was made with.
fn callback_args<const N: usize>(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Option<([Value; N], *mut c_void)> {
    let mut argv: [Value; N] = [ptr::null_mut(); N];
    let mut argc = N;
    let mut data = ptr::null_mut();
    // SAFETY: `argv` has room for `argc` values; the engine fills the ones
    // not passed with `undefined`.
    ok(unsafe {
        sys::napi_get_cb_info(env, info, &mut argc, argv.as_mut_ptr(), ptr::null_mut(), &mut data)
    })?;
    Some((argv, data))
}

/// Answers `call(op, input)` as JSON text (see the module docs).
fn call_text(env: sys::napi_env, op: Value, input: Value) -> String {
    if js_type(env, op) != "string" {
        return host::not_a_string(Argument::Op, js_type(env, op));
    }
    let op = match utf16_len(env, op) {
        Some(n) if n <= host::MAX_OP_UNITS => match utf16_units(env, op, n) {
            Some(units) => String::from_utf16_lossy(&units),
            None => host::UNREAD_OP.to_owned(),
        },
        _ => host::UNREAD_OP.to_owned(),
    };
    let input_type = js_type(env, input);
    if input_type == "undefined" || input_type == "null" {
        return api::call(&op, "");
    }
    if input_type != "string" {
        return host::not_a_string(Argument::Call, input_type);
    }
    answer_text(env, &op, input)
}

/// `call(op, input)`: JSON text in, JSON text out.
extern "C" fn call_export(env: sys::napi_env, info: sys::napi_callback_info) -> Value {
    let Some(([op, input], _)) = callback_args::<2>(env, info) else { return ptr::null_mut() };
    js_string(env, &call_text(env, op, input)).unwrap_or_else(|| js_null(env))
}

/// `ops()`: every operation name `call` answers.
extern "C" fn ops_export(env: sys::napi_env, _info: sys::napi_callback_info) -> Value {
    let names = op_names();
    let mut array = ptr::null_mut();
    // SAFETY: `env` is the running callback's.
    if unsafe { sys::napi_create_array_with_length(env, names.len(), &mut array) } != sys::Status::napi_ok {
        return js_null(env);
    }
    for (i, name) in names.iter().enumerate() {
        let (Some(s), Ok(i)) = (js_string(env, name), u32::try_from(i)) else { return js_null(env) };
        // SAFETY: `array` and `s` are live values of this callback.
        unsafe { sys::napi_set_element(env, array, i, s) };
    }
    array
}

/// `globalThis[name]` of the calling realm.
fn global_property(env: sys::napi_env, name: &std::ffi::CStr) -> Option<Value> {
    let mut global = ptr::null_mut();
    let mut out = ptr::null_mut();
    // SAFETY: out-pointers to locals; `env` is the running callback's.
    unsafe {
        ok(sys::napi_get_global(env, &mut global))?;
        ok(sys::napi_get_named_property(env, global, name.as_ptr(), &mut out))?;
    }
    Some(out)
}

/// `JSON[name]` of the calling realm.
fn json_function(env: sys::napi_env, name: &std::ffi::CStr) -> Option<(Value, Value)> {
    let json = global_property(env, c"JSON")?;
    let mut f = ptr::null_mut();
    // SAFETY: out-pointer to a local; `json` is a live value of this callback.
    ok(unsafe { sys::napi_get_named_property(env, json, name.as_ptr(), &mut f) })?;
    Some((json, f))
}

/// Calls `JSON[name](arg)`; `Err` with what it threw, if anything could be
/// caught (the exception is cleared).
fn call_json(env: sys::napi_env, name: &std::ffi::CStr, arg: Value) -> Result<Value, Option<Value>> {
    let (json, f) = json_function(env, name).ok_or(None)?;
    let mut out = ptr::null_mut();
    // SAFETY: one argument, from a live local.
    let status = unsafe { sys::napi_call_function(env, json, f, 1, &arg, &mut out) };
    if status == sys::Status::napi_ok {
        return Ok(out);
    }
    let mut pending = false;
    let mut exception = ptr::null_mut();
    // SAFETY: out-pointers to locals.
    unsafe {
        sys::napi_is_exception_pending(env, &mut pending);
        if pending && sys::napi_get_and_clear_last_exception(env, &mut exception) == sys::Status::napi_ok {
            return Err(Some(exception));
        }
    }
    Err(None)
}

/// Whether `value instanceof globalThis[class]`.
fn is_instance(env: sys::napi_env, value: Value, class: &std::ffi::CStr) -> bool {
    let Some(constructor) = global_property(env, class) else { return false };
    if js_type(env, value) != "object" {
        return false;
    }
    let mut is = false;
    // SAFETY: both are live values of this callback; `is` is a local.
    let status = unsafe { sys::napi_instanceof(env, value, constructor, &mut is) };
    status == sys::Status::napi_ok && is
}

/// An error's `message`, when it is a short string.
fn error_message(env: sys::napi_env, error: Value) -> Option<String> {
    let mut message = ptr::null_mut();
    // SAFETY: out-pointer to a local; `error` is a live object.
    ok(unsafe { sys::napi_get_named_property(env, error, c"message".as_ptr(), &mut message) })?;
    if js_type(env, message) != "string" {
        return None;
    }
    let n = utf16_len(env, message).filter(|&n| n <= 256)?;
    Some(String::from_utf16_lossy(&utf16_units(env, message, n)?))
}

/// The failure answer for a call object `JSON.stringify` threw on, as the
/// npm package words it.
fn unwritable(env: sys::napi_env, thrown: Option<Value>) -> String {
    let range = thrown
        .filter(|&e| is_instance(env, e, c"RangeError"))
        .map(|error| error_message(env, error).unwrap_or_default());
    let type_error = thrown.is_some_and(|e| is_instance(env, e, c"TypeError"));
    Unwritable::of(range.as_deref(), type_error).answer()
}

/// An answer's text as a plain object (`JSON.parse`), or `null` if the
/// engine cannot build it.
fn answer_object(env: sys::napi_env, answer: &str) -> Value {
    js_string(env, answer).and_then(|s| call_json(env, c"parse", s).ok()).unwrap_or_else(|| js_null(env))
}

/// A typed export: its op is `op_names()[data]`; a plain object in (through
/// `JSON.stringify`), a plain object out (through `JSON.parse`).
extern "C" fn typed_export(env: sys::napi_env, info: sys::napi_callback_info) -> Value {
    let Some(([input], data)) = callback_args::<1>(env, info) else { return ptr::null_mut() };
    let Some(op) = op_names().get(data as usize) else { return js_null(env) };
    let answer = match js_type(env, input) {
        "undefined" | "null" => api::call(op, "{}"),
        input_type => match call_json(env, c"stringify", input) {
            Ok(s) if js_type(env, s) == "string" => answer_text(env, op, s),
            // A function, a symbol, or a toJSON returning undefined: written
            // as nothing, which is not a call (only undefined and null are
            // the empty call).
            Ok(_) => host::written_as_nothing(input_type),
            // Never throw: a failure answer.
            Err(thrown) => unwritable(env, thrown),
        },
    };
    answer_object(env, &answer)
}

/// JavaScript `true`.
fn js_true(env: sys::napi_env) -> Value {
    let mut out = ptr::null_mut();
    // SAFETY: `env` is the running callback's.
    unsafe { sys::napi_get_boolean(env, true, &mut out) };
    out
}

/// One option of the document entry as the core takes it.
fn option_value(env: sys::napi_env, value: Value) -> host::OptionValue {
    match js_type(env, value) {
        "undefined" | "null" => host::OptionValue::Absent,
        "boolean" => {
            let mut b = false;
            // SAFETY: `value` is a live boolean of this callback.
            unsafe { sys::napi_get_value_bool(env, value, &mut b) };
            host::OptionValue::Flag(b)
        }
        "string" => match utf16_len(env, value).and_then(|n| utf16_units(env, value, n)) {
            Some(units) => host::OptionValue::Text(String::from_utf16_lossy(&units)),
            None => host::OptionValue::Other("string"),
        },
        other => host::OptionValue::Other(other),
    }
}

/// Where a `Uint8Array`'s bytes lie (a `Buffer` is one) and how many
/// there are; `None` for any other value. Nothing is read.
fn uint8_view(env: sys::napi_env, value: Value) -> Option<(*const u8, usize)> {
    let mut is = false;
    // SAFETY: `value` is a live value of this callback; `is` a local.
    if unsafe { sys::napi_is_typedarray(env, value, &mut is) } != sys::Status::napi_ok || !is {
        return None;
    }
    let (mut kind, mut len, mut data) = (0, 0usize, ptr::null_mut());
    let (mut buffer, mut offset) = (ptr::null_mut(), 0usize);
    // SAFETY: out-pointers to locals; `value` is a typed array.
    let status = unsafe {
        sys::napi_get_typedarray_info(env, value, &mut kind, &mut len, &mut data, &mut buffer, &mut offset)
    };
    if status != sys::Status::napi_ok || kind != sys::TypedarrayType::uint8_array {
        return None;
    }
    Some((data.cast::<u8>().cast_const(), if data.is_null() { 0 } else { len }))
}

/// A copy of `len` bytes at `data` (a view [`uint8_view`] found). Copied,
/// never borrowed: the array may lie over a `SharedArrayBuffer` that a
/// worker writes while the core reads, and the core's reading of UTF-8
/// relies on bytes that do not change under it.
fn copy_bytes(data: *const u8, len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    if len > 0 {
        // SAFETY: Node-API gave `data` as the start of `len` bytes of the
        // array, alive while the callback runs (the array is one of its
        // arguments); `out` has room for `len` bytes, all written here.
        unsafe {
            ptr::copy_nonoverlapping(data, out.as_mut_ptr(), len);
            out.set_len(len);
        }
    }
    out
}

/// The document entry's option names as C strings, made once (an
/// option's name holds no NUL).
fn option_names() -> &'static [CString] {
    static NAMES: OnceLock<Vec<CString>> = OnceLock::new();
    NAMES.get_or_init(|| {
        host::DOCUMENT_OPTIONS.iter().map(|(name, _)| CString::new(*name).unwrap_or_default()).collect()
    })
}

/// The document entry's kind and options as a face reads them: its kind's
/// text and each option of [`host::DOCUMENT_OPTIONS`], or the answer that
/// refuses them (a kind that is not a string, options that are not an
/// object, an option of the wrong type), unread.
type Read = Result<(String, [host::OptionValue; host::DOCUMENT_OPTIONS.len()]), String>;

/// [`Read`] of the entry's `kind` and `options` arguments.
fn read_entry(env: sys::napi_env, kind: Value, options: Value) -> Read {
    if js_type(env, kind) != "string" {
        return Err(host::not_a_string(Argument::Kind, js_type(env, kind)));
    }
    let kind = match utf16_len(env, kind) {
        Some(n) if n <= host::MAX_OP_UNITS => utf16_units(env, kind, n).map(|u| String::from_utf16_lossy(&u)),
        _ => Some(host::UNREAD_OP.to_owned()),
    };
    let Some(kind) = kind else { return Err(host::unreadable()) };
    let mut read = [const { host::OptionValue::Absent }; host::DOCUMENT_OPTIONS.len()];
    match js_type(env, options) {
        "undefined" | "null" => {}
        "object" => {
            for (c_name, slot) in option_names().iter().zip(&mut read) {
                let mut value = ptr::null_mut();
                // SAFETY: `options` is a live object of this callback;
                // `value` is a local out-pointer.
                if unsafe { sys::napi_get_named_property(env, options, c_name.as_ptr(), &mut value) }
                    == sys::Status::napi_ok
                {
                    *slot = option_value(env, value);
                } else {
                    // A getter threw: the option is not given, as in the
                    // wasm package, and nothing is thrown on.
                    let mut thrown = ptr::null_mut();
                    // SAFETY: an out-pointer to a local.
                    unsafe { sys::napi_get_and_clear_last_exception(env, &mut thrown) };
                }
            }
        }
        other => return Err(host::options_not_an_object(other)),
    }
    if let Some(refused) = host::options_refusal(&read) {
        return Err(refused);
    }
    Ok((kind, read))
}

/// The document entry's answer to a document under what [`read_entry`]
/// read.
fn entry_answer(env: sys::napi_env, document: Value, read: &Read) -> api::DocumentAnswer {
    let refused = api::DocumentAnswer::Text;
    let is_text = js_type(env, document) == "string";
    if !is_text && uint8_view(env, document).is_none() {
        return refused(host::not_a_string(Argument::Document, js_type(env, document)));
    }
    let (kind, options) = match read {
        Ok(read) => read,
        Err(answer) => return refused(answer.clone()),
    };
    if !is_text {
        let Some((data, len)) = uint8_view(env, document) else {
            return refused(host::not_a_string(Argument::Document, js_type(env, document)));
        };
        if let Some(answer) = host::bytes_before_reading(len) {
            return refused(answer);
        }
        return host::validate_document_bytes(&copy_bytes(data, len), kind, options);
    }
    let Some(units) = utf16_len(env, document) else { return refused(host::unreadable()) };
    if let Some(answer) = host::document_before_reading(units) {
        return refused(answer);
    }
    match read_text(env, document, units) {
        Some(text) => host::validate_document(&text, kind, options),
        None => refused(host::unreadable()),
    }
}

/// An answer as JavaScript: `true` for [`api::DocumentAnswer::Clean`], else
/// its text.
fn entry_value(env: sys::napi_env, answer: api::DocumentAnswer) -> Value {
    match answer {
        api::DocumentAnswer::Clean => js_true(env),
        api::DocumentAnswer::Text(text) => js_string(env, &text).unwrap_or_else(|| js_null(env)),
    }
}

/// `validateDocument(document, kind, options?)`: the document entry beside
/// `call`, as the wasm package has it: `true` when the verdict alone was
/// asked for and the document is valid with nothing to say, else `call`'s
/// answer text for the same document and options. A document that is not
/// a string or bytes is refused before the options are read, as before: an
/// option's getter could detach a typed array's buffer, whose bytes are
/// copied only once the options are read.
extern "C" fn validate_document_export(env: sys::napi_env, info: sys::napi_callback_info) -> Value {
    let Some(([document, kind, options], _)) = callback_args::<3>(env, info) else { return ptr::null_mut() };
    if js_type(env, document) != "string" && uint8_view(env, document).is_none() {
        let refused = host::not_a_string(Argument::Document, js_type(env, document));
        return entry_value(env, api::DocumentAnswer::Text(refused));
    }
    let read = read_entry(env, kind, options);
    entry_value(env, entry_answer(env, document, &read))
}

/// `documentEntry(kind, options?)`: the document entry with its kind and
/// options read once, now, as a function of the document alone. Each of
/// its calls answers what `validateDocument(document, kind, options)`
/// answered with the options as they were read; options it refuses are
/// refused for every document.
extern "C" fn document_entry_export(env: sys::napi_env, info: sys::napi_callback_info) -> Value {
    let Some(([kind, options], _)) = callback_args::<2>(env, info) else { return ptr::null_mut() };
    let read = Box::into_raw(Box::new(read_entry(env, kind, options)));
    let name = c"validateDocument";
    let mut f = ptr::null_mut();
    // SAFETY: `read` is a live box whose ownership passes to the function:
    // `napi_wrap` frees it when the function is collected, and until then
    // each call reads it through the callback's data.
    unsafe {
        let made =
            sys::napi_create_function(env, name.as_ptr(), 16, Some(prepared_export), read.cast(), &mut f);
        if made != sys::Status::napi_ok
            || sys::napi_wrap(env, f, read.cast(), Some(drop_read), ptr::null_mut(), ptr::null_mut())
                != sys::Status::napi_ok
        {
            drop(Box::from_raw(read));
            return ptr::null_mut();
        }
    }
    f
}

/// Frees what [`document_entry_export`] read, once its function is collected.
unsafe extern "C" fn drop_read(_env: sys::napi_env, data: *mut c_void, _hint: *mut c_void) {
    // SAFETY: `data` is the box `document_entry_export` leaked, freed once.
    drop(unsafe { Box::from_raw(data.cast::<Read>()) });
}

/// A function [`document_entry_export`] made: the answer to its document.
extern "C" fn prepared_export(env: sys::napi_env, info: sys::napi_callback_info) -> Value {
    let Some(([document], data)) = callback_args::<1>(env, info) else { return ptr::null_mut() };
    // SAFETY: the data of a function `document_entry_export` made is its
    // box, alive while the function is (it is freed when it is collected).
    let Some(read) = (unsafe { data.cast::<Read>().as_ref() }) else { return ptr::null_mut() };
    entry_value(env, entry_answer(env, document, read))
}

/// Sets `exports[name]` to a new function calling `cb` with `data`.
fn export_function(
    env: sys::napi_env,
    exports: Value,
    name: &str,
    cb: extern "C" fn(sys::napi_env, sys::napi_callback_info) -> Value,
    data: usize,
) -> napi::Result<()> {
    let fail = |what: &str| napi::Error::from_reason(format!("cannot {what} the export `{name}`"));
    let c_name = CString::new(name).map_err(|_| fail("name"))?;
    let len = isize::try_from(name.len()).map_err(|_| fail("name"))?;
    let mut f = ptr::null_mut();
    // SAFETY: `c_name` outlives both calls; `data` is an index, never
    // dereferenced.
    unsafe {
        ok(sys::napi_create_function(env, c_name.as_ptr(), len, Some(cb), data as *mut c_void, &mut f))
            .ok_or_else(|| fail("create"))?;
        ok(sys::napi_set_named_property(env, exports, c_name.as_ptr(), f)).ok_or_else(|| fail("set"))?;
    }
    Ok(())
}

/// Fills the module's exports: `call`, `ops`, and a typed function per op.
#[napi(module_exports)]
pub fn init(exports: Object, env: Env) -> napi::Result<()> {
    let (env, exports) = (env.raw(), exports.raw());
    export_function(env, exports, "call", call_export, 0)?;
    export_function(env, exports, "ops", ops_export, 0)?;
    export_function(env, exports, "validateDocument", validate_document_export, 0)?;
    export_function(env, exports, "documentEntry", document_entry_export, 0)?;
    for (i, op) in op_names().iter().enumerate() {
        let name = host::js_name(op)
            .ok_or_else(|| napi::Error::from_reason(format!("`{op}` has no export name")))?;
        export_function(env, exports, name, typed_export, i)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_has_a_distinct_export_name() {
        let mut names: Vec<&str> = op_names().iter().filter_map(|op| host::js_name(op)).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), op_names().len());
        assert!(!names.iter().any(|n| ["call", "ops", "validateDocument", "documentEntry"].contains(n)));
    }
}
