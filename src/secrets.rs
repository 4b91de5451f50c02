//! Secret refusal: finds credentials in JSON strings, reporting the rule and
//! the place, never the value.

use serde::Serialize;
use serde_json::Value;

use crate::pointer::Pointer;
use crate::url::Url;

crate::define_codes! {
    URL_USERINFO = "secret/url-userinfo", "a URL carries userinfo (`user:password@` or a token before `@`)";
    SIGNED_URL = "secret/signed-url", "a URL carries signed-URL parameters (AWS, Google Cloud Storage, Azure SAS, CloudFront)";
    TOKEN_PARAMETER = "secret/token-parameter", "a URL query or fragment carries a token-like parameter (`token`, `access_token`, `api_key`, ...)";
}

/// One secret found: which rule, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// The rule, a `secret/*` code.
    pub code: &'static str,
    /// Where, as an RFC 6901 pointer.
    #[serde(serialize_with = "pointer_text")]
    pub instance_path: Pointer,
}

fn pointer_text<S: serde::Serializer>(p: &Pointer, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(p.as_str())
}

/// Every secret in the strings of `value` (object keys included), with
/// pointers under `at`, sorted by pointer then code.
pub fn scan_strings(value: &Value, at: &Pointer) -> Vec<Finding> {
    let mut out = Vec::new();
    walk(value, at, &mut out);
    out.sort_by(|a, b| a.instance_path.cmp(&b.instance_path).then_with(|| a.code.cmp(b.code)));
    out.dedup();
    out
}

fn walk(value: &Value, at: &Pointer, out: &mut Vec<Finding>) {
    match value {
        Value::String(s) => {
            for code in scan_text(s) {
                out.push(Finding { code, instance_path: at.clone() });
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, &at.index(i), out);
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                let here = at.key(k);
                for code in scan_text(k) {
                    out.push(Finding { code, instance_path: here.clone() });
                }
                walk(v, &here, out);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// The rules one text breaks, sorted, each once.
pub fn scan_text(text: &str) -> Vec<&'static str> {
    let mut codes = Vec::new();
    if let Ok(u) = Url::parse(text)
        && u.userinfo.as_deref().is_some_and(|i| !i.is_empty())
    {
        codes.push(URL_USERINFO);
    }
    codes.sort_unstable();
    codes.dedup();
    codes
}
