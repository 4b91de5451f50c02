// Debian's Chromium, headless, as the browser tests and benches drive it
// (`CHROMIUM` names another binary), and a local server's address.
import { chromium } from 'playwright-core';

/** The Chromium binary. */
export const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Headless, with nothing that reaches the network on its own. */
const ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Launches Chromium with the flags above and `extra`. */
export function launchChromium(extra = []) {
  return chromium.launch({ executablePath, args: [...ARGS, ...extra] });
}

/** Starts `server` on a free port of 127.0.0.1; its base URL. */
export function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
}
