// `<hapi-peer-badge>`: a peer message's badge, as the core's `peerBadge`
// answers it.
import { peerBadge } from '#core';
import { el } from './dom.js';
import { core, shadow } from './shadow.js';

/**
 * Whether a browser follows the path `href` as it is written: no segment is
 * `.` or `..`, plain or escaped, which would step out of it (the badge of a
 * session `..` would link to the site's root).
 */
function followsAsWritten(href) {
  return !href.split(/[?#]/, 1)[0].split('/').some((s) => /^(?:\.|%2e){1,2}$/i.test(s));
}

/** The class of `<hapi-peer-badge>` (made when it is defined: it extends `HTMLElement`). */
export function peerBadgeClass() {
  class HapiPeerBadge extends HTMLElement {
    static observedAttributes = ['meta', 'source-listed', 'describe'];

    #meta;

    constructor() {
      super();
      this.root = shadow(this);
    }

    /** The message's `meta` (an object); the `meta` attribute holds it as JSON. */
    get meta() {
      if (this.#meta !== undefined) return this.#meta;
      const attr = this.getAttribute('meta');
      if (attr === null) return undefined;
      try {
        return JSON.parse(attr);
      } catch {
        return attr;
      }
    }

    set meta(value) {
      this.#meta = value;
      this.render();
    }

    /** Whether the source session is listed for this user (the `source-listed` attribute). */
    get sourceListed() { return this.hasAttribute('source-listed'); }

    set sourceListed(v) { this.toggleAttribute('source-listed', Boolean(v)); }

    /** The core's last answer for this badge. */
    get answer() { return this._answer; }

    attributeChangedCallback() { this.render(); }

    connectedCallback() { this.render(); }

    async render() {
      if (!this.isConnected) return;
      await core();
      const meta = this.meta;
      if (meta === undefined) {
        this.root.replaceChildren(this.root.firstChild);
        return;
      }
      const call = { meta };
      if (this.hasAttribute('source-listed')) call.sourceListed = true;
      const a = peerBadge(call);
      this._answer = a;
      let body;
      if (a.type !== 'success') {
        body = el('span', { class: 'invalid', part: 'badge failure' }, `${a.error.code}: ${a.error.message}`);
      } else {
        const chip = a.navigable && a.href && followsAsWritten(a.href)
          ? el('a', { class: 'badge peer', part: 'badge link', href: a.href, title: a.tooltip }, a.label)
          : el('span', { class: 'badge peer', part: 'badge', title: a.tooltip }, a.label);
        if (chip.tagName === 'A') {
          chip.addEventListener('click', (e) => {
            const go = this.dispatchEvent(new CustomEvent('hapi-open', { detail: { kind: 'peer', id: a.href }, bubbles: true, composed: true, cancelable: true }));
            if (!go) e.preventDefault();
          });
        }
        body = el('span', {}, chip, this.hasAttribute('describe') ? el('span', { class: 'muted', part: 'tooltip' }, ` ${a.tooltip.replaceAll('\n', ' · ')}`) : '');
      }
      this.root.replaceChildren(this.root.firstChild, body);
    }
  }

  return HapiPeerBadge;
}
