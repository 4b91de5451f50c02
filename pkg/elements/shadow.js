// What each element starts from: the core, initialised once, and a shadow
// root holding the elements' style sheet.
import init from '#core';

const STYLE = `
:host {
  --hapi-fg: #1d2330; --hapi-bg: #f6f7f9; --hapi-panel: #fff; --hapi-muted: #5b6576; --hapi-accent: #1f5fd6;
  --hapi-focus: #1f5fd6; --hapi-line: #e3e6eb; --hapi-code-bg: #f2f4f7; --hapi-head-bg: #f9fafb; --hapi-head-fg: #344054;
  --hapi-node: #fff; --hapi-edge: #667085;
  display: block; color: var(--hapi-fg); font-family: inherit; line-height: 1.4; min-width: 0;
  /* A value as long as the protocol allows (a 2,048-character summary, a 300-character status) wraps anywhere. */
  overflow-wrap: anywhere;
}
@media (prefers-color-scheme: dark) {
  :host(:not([theme=light])) {
    --hapi-fg: #e6e9ef; --hapi-bg: #0f1729; --hapi-panel: #182135; --hapi-muted: #a3acbd; --hapi-accent: #8fb3ff;
    --hapi-focus: #8fb3ff; --hapi-line: #2c3850; --hapi-code-bg: #222d45; --hapi-head-bg: #1d2840; --hapi-head-fg: #cdd5e3;
    --hapi-node: #1d2840; --hapi-edge: #a3acbd;
  }
}
:host([theme=dark]) {
  --hapi-fg: #e6e9ef; --hapi-bg: #0f1729; --hapi-panel: #182135; --hapi-muted: #a3acbd; --hapi-accent: #8fb3ff;
  --hapi-focus: #8fb3ff; --hapi-line: #2c3850; --hapi-code-bg: #222d45; --hapi-head-bg: #1d2840; --hapi-head-fg: #cdd5e3;
  --hapi-node: #1d2840; --hapi-edge: #a3acbd;
}
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
h2 { font-size: 1.1rem; margin: .25rem 0 .5rem; border-bottom: 1px solid var(--hapi-line); padding-bottom: .25rem; }
h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
p { margin: .4rem 0; }
.muted { color: var(--hapi-muted); }
.small { font-size: .85rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.invalid { color: #b42318; }

/* Panels: one column on narrow screens, the fleet and the detail side by side from 900px. */
.panel { background: var(--hapi-panel); border: 1px solid var(--hapi-line); border-radius: 8px; padding: .6rem 1rem 1rem; margin: .9rem 0; min-width: 0; }
.columns { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 1rem; align-items: start; }
.columns > .panel { margin: .9rem 0 0; }
@media (min-width: 900px) {
  .columns { grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); }
}

/* Opening a ledger. */
.open-grid { display: grid; grid-template-columns: minmax(0, 1fr); gap: .75rem; }
@media (min-width: 900px) { .open-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.open-way { display: flex; flex-direction: column; gap: .35rem; border: 1px solid var(--hapi-line); border-radius: 6px; padding: .6rem; min-width: 0; }
.open-way label { font-weight: 600; font-size: .9rem; }
.open-way label.small { font-weight: 400; }
.drop-zone { border: 2px dashed var(--hapi-line); }
.drop-zone.dragging { border-color: var(--hapi-focus); background: #eef4ff; }
.source { font-size: .9rem; overflow-wrap: anywhere; }
.load-error { border: 1px solid #fda29b; background: #fef3f2; color: #7a271a; border-radius: 6px; padding: .4rem .75rem; margin: .5rem 0; overflow-wrap: anywhere; }

input, textarea, select, button { font: inherit; max-width: 100%; }
input:not([type=file]), textarea { width: 100%; border: 1px solid var(--hapi-line); border-radius: 4px; padding: .3rem .4rem; }
input[type=file] { width: 100%; }
textarea { font-family: ui-monospace, monospace; font-size: .85rem; }
button { align-self: flex-start; background: var(--hapi-accent); color: var(--hapi-panel); border: 1px solid var(--hapi-accent); border-radius: 4px; padding: .3rem .8rem; cursor: pointer; }
button.link-button { background: none; color: var(--hapi-accent); border: none; padding: 0; text-decoration: underline; }
.inline-form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-bottom: .5rem; }
.inline-form input { flex: 1 1 16rem; width: auto; }

/* Focus is always visible, for every control and link. */
:focus-visible { outline: 3px solid var(--hapi-focus); outline-offset: 2px; border-radius: 2px; }
#detail-panel:focus-visible, #detail-panel:focus { outline: 3px solid var(--hapi-focus); outline-offset: 0; }
a { color: var(--hapi-accent); }
a[aria-current] { font-weight: 700; color: var(--hapi-fg); }

/* Tables scroll inside their box instead of widening the page. */
.table-scroll { overflow-x: auto; max-width: 100%; margin: .25rem 0 .5rem; }
table { border-collapse: collapse; width: 100%; font-size: .88rem; }
th, td { text-align: left; padding: .25rem .45rem; border-bottom: 1px solid var(--hapi-line); vertical-align: top; }
th { font-weight: 600; color: var(--hapi-head-fg); background: var(--hapi-head-bg); }
td .when { display: block; font-size: .78rem; color: var(--hapi-muted); }
#session-events { table-layout: fixed; }
#session-events th:nth-child(1) { width: 34%; }
#session-events th:nth-child(2) { width: 22%; }
h3.project { font-size: .95rem; margin: .8rem 0 .2rem; }

code { background: var(--hapi-code-bg); padding: 0 .25rem; border-radius: 3px; overflow-wrap: anywhere; font-size: .85em; }
pre { background: #0f1729; color: #e6e9ef; padding: .75rem; border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; max-width: 100%; }
details { margin: .6rem 0; border: 1px solid var(--hapi-line); border-radius: 6px; padding: .3rem .6rem; }
summary { cursor: pointer; font-weight: 600; padding: .15rem 0; }

.verdict { font-weight: 600; }
.verdict.valid { color: #067647; }
.verdict.invalid { color: #b42318; }
.diagnostics { list-style: none; padding: 0; margin: .3rem 0; }
.diag { font-size: .88rem; margin: .25rem 0; padding: .2rem .4rem; border-left: 3px solid #d0d5dd; overflow-wrap: anywhere; }
.diag .sev { font-weight: 700; text-transform: uppercase; font-size: .72rem; }
.sev-error { border-color: #d92d20; } .sev-error .sev { color: #b42318; }
.sev-warning { border-color: #f79009; } .sev-warning .sev { color: #b54708; }
.sev-info { border-color: #98a2b3; } .sev-info .sev { color: #475467; }

.badge { display: inline-block; max-width: 100%; background: #eef4ff; color: #3538cd; border-radius: 999px; padding: 0 .5rem; font-size: .8rem; }
.badge.stale { background: #fef0c7; color: #93370d; margin-left: .25rem; }
.stale-reason { display: block; font-size: .78rem; color: #93370d; margin-top: .1rem; }
.checks { list-style: none; padding: 0; margin: .2rem 0; }
.checks > li { border: 1px solid var(--hapi-line); border-radius: 6px; padding: .3rem .5rem; margin: .3rem 0; }
/* A badge's colour is one of these tones, which the element picks from a verdict, never from row text. */
.status-good, .check-passed { background: #dcfae6; color: #067647; }
.status-bad, .check-failed { background: #fee4e2; color: #b42318; }
.status-wait { background: #fef0c7; color: #93370d; }
.status-neutral { background: var(--hapi-code-bg); color: var(--hapi-head-fg); }
.status-unknown, .check-unknown { background: none; color: var(--hapi-fg); border: 1px dashed var(--hapi-muted); }
.status-unknown::after, .check-unknown::after { content: " ?"; color: var(--hapi-muted); }
.badge.peer { background: #f4ebff; color: #6941c6; text-decoration: none; }

.link-list { padding-left: 1.2rem; margin: .3rem 0; }
.link-list li { margin: .2rem 0; overflow-wrap: anywhere; }
.chain { margin: .3rem 0; padding-left: 1.4rem; }
.chain li { margin: .25rem 0; overflow-wrap: anywhere; }
.chain-human { color: #067647; }
.chain-broken { color: #b42318; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .15rem .75rem; margin: .3rem 0; font-size: .88rem; }
.facts dt { color: var(--hapi-muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
.receipts { padding-left: 1.2rem; }
.receipts > li { margin: .5rem 0; }
.summary { font-weight: 500; }
#badges { list-style: none; padding: 0; }
#badges li { margin: .3rem 0; overflow-wrap: anywhere; }
.fleet-project { table-layout: fixed; }
.fleet-project th:nth-child(1) { width: 28%; }
.fleet-project th:nth-child(2) { width: 36%; }

/* The work graph: scrolls inside its box; nodes are focusable. */
.graph-scroll { overflow-x: auto; max-width: 100%; border: 1px solid var(--hapi-line); border-radius: 6px; margin: .3rem 0; }
.graph svg { display: block; font-size: 11px; }
.graph .node rect { fill: var(--hapi-node); stroke: var(--hapi-line); stroke-width: 1.5; }
.graph .node.current rect { stroke: var(--hapi-accent); stroke-width: 2.5; }
.graph .node[tabindex] { cursor: pointer; }
.graph .node:focus { outline: none; }
.graph .node:focus-visible { outline: 3px solid var(--hapi-focus); }
.graph .node:focus-visible rect { stroke: var(--hapi-focus); stroke-width: 3; }
.graph .node text { fill: var(--hapi-fg); }
.graph .node .kind { font-weight: 700; }
.graph .edge { fill: none; stroke: var(--hapi-edge); stroke-width: 1.3; }
.graph .edge-label { fill: var(--hapi-muted); font-size: 10px; }
.graph marker path { fill: var(--hapi-edge); }

/* Long lists come a page at a time; a value past TEXT_LIMIT is cut, with a button to see it whole. */
.more-bar { margin: .2rem 0 .6rem; }
.cut .show-whole { font-size: .85em; }
.cut.whole { display: block; max-height: 24rem; overflow-y: auto; }
`;

let ready;
/** The core, initialised once (in Node it already is). */
const core = () => (ready ??= init());

function shadow(host) {
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  root.append(style);
  return root;
}

export { core, shadow };
