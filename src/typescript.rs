//! TypeScript declarations for every wire type, derived from the Rust types
//! (feature `ts`). `tests/typescript.rs` writes them to `ts/wire.d.ts`, which
//! the wasm build embeds in the npm package's `.d.ts`; nothing is written by
//! hand beside the Rust types.

use std::any::TypeId;
use std::collections::BTreeMap;

use ts_rs::{Config, TS, TypeVisitor};

struct Collect<'c> {
    cfg: &'c Config,
    seen: Vec<TypeId>,
    decls: BTreeMap<String, String>,
}

impl TypeVisitor for Collect<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        let id = TypeId::of::<T>();
        if self.seen.contains(&id) {
            return;
        }
        self.seen.push(id);
        if T::output_path().is_some() {
            let mut decl = String::new();
            if let Some(docs) = T::docs() {
                decl.push_str(&docs);
            }
            decl.push_str("export ");
            decl.push_str(&T::decl(self.cfg));
            self.decls.insert(T::ident(self.cfg), decl);
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The declarations of every wire type of the public API, sorted by name.
pub fn declarations() -> String {
    let cfg = Config::new();
    let mut c = Collect { cfg: &cfg, seen: Vec::new(), decls: BTreeMap::new() };
    crate::api::visit_wire_types(&mut c);
    let mut out = String::from(
        "// Wire types of hapi-a2a-core, generated from the Rust types; do not edit.\n\
         // Raw JSON is `unknown`, never `any`.\n\n",
    );
    for decl in c.decls.values() {
        out.push_str(decl);
        out.push_str("\n\n");
    }
    let ops: Vec<String> = crate::api::ops().iter().map(|op| format!("\"{op}\"")).collect();
    out.push_str(&format!(
        "/** Every operation name `call` answers. */\nexport type Op = {};\n",
        ops.join(" | ")
    ));
    out
}
