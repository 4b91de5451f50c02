//! Linker flags a Node-API module needs on some platforms (macOS leaves the
//! `napi_*` symbols to be resolved by the host at load time).
fn main() {
    napi_build::setup();
}
