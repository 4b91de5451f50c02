/*
 * Loads a Node-API addon the way Node does (dlopen, every symbol bound at
 * once) without a Node: scripts/release.sh builds it against a libc that
 * has no Node of its own (musl) and runs it under that libc's loader, so an
 * addon that needs a library or a symbol the libc lacks fails here as it
 * would in Node. Prints `loaded` and the module's Node-API entry points.
 *
 *   dlopen-check <addon.node>
 *
 * Exit codes: 0 loaded and registers a module; 1 the loader refused it;
 * 2 it loaded but exports no `napi_register_module_v1`; 64 usage.
 *
 * Node-API functions the addon imports at load time are provided by stubs
 * compiled in beside this file (release.sh writes them from the addon's
 * undefined symbols) and exported with -rdynamic, as Node exports its own.
 * Stubs are never called: the check stops before registering the module.
 */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s <addon.node>\n", argc > 0 ? argv[0] : "dlopen-check");
    return 64;
  }
  void *addon = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (addon == NULL) {
    const char *why = dlerror();
    fprintf(stderr, "dlopen %s: %s\n", argv[1], why != NULL ? why : "refused");
    return 1;
  }
  void *registers = dlsym(addon, "napi_register_module_v1");
  if (registers == NULL) {
    fprintf(stderr, "%s exports no napi_register_module_v1\n", argv[1]);
    return 2;
  }
  int (*api_version)(void) = (int (*)(void))dlsym(addon, "node_api_module_get_api_version_v1");
  printf("loaded; exports napi_register_module_v1");
  if (api_version != NULL) printf(", node_api_module_get_api_version_v1 = %d", api_version());
  printf("\n");
  return 0;
}
