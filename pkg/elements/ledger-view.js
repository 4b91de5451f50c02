// `<hapi-ledger-view>`: the element around the ledger view (viewer.js):
// its attributes and properties, where its first ledger comes from, and
// the page's listeners it holds while connected.
import { LoadError, fetchLedger } from './load.js';
import { core, shadow } from './shadow.js';
import { TEMPLATE, viewerIn } from './viewer.js';

/** Each origin of a space-separated list, as `URL` spells it; what is not an http(s) origin is left out. */
function originsIn(list) {
  const out = [];
  for (const item of (list ?? '').split(/\s+/)) {
    try {
      const u = new URL(item);
      if (u.protocol === 'http:' || u.protocol === 'https:') out.push(u.origin);
    } catch {
      // Not a URL: names no origin.
    }
  }
  return out;
}

/** The class of `<hapi-ledger-view>` (made when it is defined: it extends `HTMLElement`). */
export function ledgerViewClass() {
  class HapiLedgerView extends HTMLElement {
    static observedAttributes = ['hub', 'src', 'openers'];

    #viewer;

    #pending;

    #token = '';

    #verified = [];

    constructor() {
      super();
      this.root = shadow(this);
      this.root.append(document.createRange().createContextualFragment(TEMPLATE));
      this.#viewer = viewerIn(this.root, this);
      this.#syncOpeners();
    }

    /** Whether views follow the page's address (`#handoff=<id>`, ...): the `hash-routing` attribute. */
    get hashRouting() { return this.hasAttribute('hash-routing'); }

    /** The open ledger `{events, links, now?, namespace?}`, or null; setting it folds and shows it. */
    get ledger() { return this.#viewer.ledger ?? this.#pending ?? null; }

    set ledger(value) {
      this.#pending = value;
      if (this.isConnected) this.#openPending();
    }

    /**
     * The app's own verifications of receipts' evidence: `[{eventId,
     * instancePath, code}]`, `code` one `digestVerify` answers
     * (`digest/match`, `digest/mismatch`, `digest/nothing-to-compare`). The
     * core never fetches; an app that fetched an output and compared it
     * passes what it found, and a handoff's receipts show it.
     */
    get verified() { return this.#verified; }

    set verified(list) {
      this.#verified = Array.isArray(list) ? list : [];
      this.#viewer.setVerified(this.#verified);
    }

    /** The bearer token sent to the hub (the `token` attribute, or this property, which is never reflected). */
    get token() { return this.#token || (this.getAttribute('token') ?? ''); }

    set token(v) { this.#token = String(v ?? ''); }

    /**
     * The origins besides the page's own that a hub named by the page's
     * address (`?hub=`) may be on while the element holds a token: the
     * `hub-origins` attribute, a space-separated list.
     */
    get hubOrigins() { return originsIn(this.getAttribute('hub-origins')); }

    set hubOrigins(v) { this.setAttribute('hub-origins', (Array.isArray(v) ? v : [v]).join(' ')); }

    /**
     * Whether the token may go to `hub`, a URL the page's address named: only
     * when it is on the page's origin or one the app lists. A URL that is no
     * URL is let through, for `fetchHub` to refuse before any request.
     */
    #mayCarryToken(hub) {
      let origin;
      try {
        origin = new URL(hub.trim(), location.href).origin;
      } catch {
        return true;
      }
      return origin !== 'null' && (origin === location.origin || this.hubOrigins.includes(origin));
    }

    /** Opens a view: `open('handoff', id)`, `open('session', id)`, `open('artifact', urlOrRefJson)`. */
    open(kind, id) { return this.#viewer.openView(kind, id); }

    async #openPending() {
      const ledger = this.#pending;
      if (ledger === undefined) return;
      this.#pending = undefined;
      await core();
      await this.#viewer.openLedger(ledger, 'ledger');
    }

    #syncOpeners() {
      const shown = this.hasAttribute('openers');
      this.root.getElementById('openers').hidden = !shown;
      this.root.getElementById('demo-again').hidden = !shown || !this.hasAttribute('src');
    }

    async #load() {
      await core();
      const named = this.getAttribute('hub');
      const hub = named ?? (this.hashRouting ? new URLSearchParams(location.search).get('hub') : null);
      if (hub) {
        this.root.getElementById('hub-url').value = hub;
        // The app names where its token goes, never the page's address.
        const token = this.token;
        if (named === null && token && !this.#mayCarryToken(hub)) {
          return this.#viewer.attempt(`hub ${hub}`, async () => {
            throw new LoadError('viewer/hub-origin-not-listed',
              `the page's address names a hub on ${new URL(hub.trim(), location.href).origin}, which is not this page's origin nor one of its hub-origins: nothing was sent there`);
          });
        }
        return this.#viewer.openHub(hub, token);
      }
      if (this.#pending !== undefined) return this.#openPending();
      const src = this.getAttribute('src');
      if (src) return this.#viewer.attempt(src.endsWith('demo-ledger.json') ? 'demo ledger' : src, () => fetchLedger(src));
      return false;
    }

    attributeChangedCallback(name, old, value) {
      if (name === 'openers') this.#syncOpeners();
      else if (this.isConnected && old !== value && this.#started) this.#load();
      if (name === 'src') this.#syncOpeners();
    }

    #started = false;

    connectedCallback() {
      const l = this.#viewer.listeners;
      window.addEventListener('dragover', l.dragover);
      window.addEventListener('dragleave', l.dragleave);
      window.addEventListener('drop', l.drop);
      window.addEventListener('hashchange', l.hashchange);
      if (!this.#started) {
        this.#started = true;
        /** Settles when the first ledger is open (or could not be). */
        this.loaded = this.#load();
      }
    }

    disconnectedCallback() {
      const l = this.#viewer.listeners;
      window.removeEventListener('dragover', l.dragover);
      window.removeEventListener('dragleave', l.dragleave);
      window.removeEventListener('drop', l.drop);
      window.removeEventListener('hashchange', l.hashchange);
    }
  }

  return HapiLedgerView;
}
