import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createDOMRenderer } from '@fluentui/react-components';
import { App } from './app/app';
import { prefetchOpenedAddress } from './app/router';
import { portalConfig } from './lib/config';
import { currentLanguage, initI18n } from './lib/i18n';
import { startMonitoring } from './lib/monitoring';
import { currentRole } from './lib/session';
import { setDrawingFrame } from './lib/signed-in-frame';
import './styles/global.css';

/**
 * The start is cut into tasks, between which the browser may paint and take input: on a slow phone
 * the modules' evaluation, reading the config, setting up the texts and matching the address each
 * take 25 to 50 ms, which in one task would block the page (already drawn by the server) for
 * 150 ms. (Not a
 * top-level await: the bundler then cut the app into twice as many chunks, 6 KB more for /login.)
 */
const inNextTask = (work: () => void) => setTimeout(work, 0);

inNextTask(() => {
  portalConfig();
  inNextTask(() => {
    initI18n(portalConfig().texts, portalConfig().preview?.language);
    inNextTask(() => {
      prefetchOpenedAddress();
      inNextTask(start);
    });
  });
});

function start(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App renderer={createDOMRenderer(document)} />
    </StrictMode>
  );
  // A public page comes drawn by the server (src/server/http/prerender.ts), signed out, in the
  // language of the portalLanguage cookie: the same visitor takes it over; anyone else (signed in,
  // another language: the stored choice decides, and initI18n has just made the cookie follow it)
  // gets the page drawn afresh. The drawn page is inert until React has it (app/prerendered.ts).
  // A signed-in screen comes as its frame (`data-signed-in`: lib/signed-in-frame.ts), drawn signed
  // in to an account: someone who is takes it over, in the frame's view until hydrated; anyone else
  // (signed out, an expired session) gets it drawn afresh, which sends them to sign-in as before.
  const prerendered = container.dataset.prerendered;
  const drawnSignedIn = container.dataset.signedIn !== undefined;
  if (
    prerendered &&
    prerendered === currentLanguage() &&
    currentRole() === (drawnSignedIn ? 'account' : 'none')
  ) {
    setDrawingFrame(drawnSignedIn);
    // In a transition, React takes the page over in short slices between which the browser stays
    // responsive, rather than in one long task (the page is already on screen meanwhile).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    container.removeAttribute('inert');
    const root = createRoot(container);
    // Also in a transition: the first render works in slices (less blocking time on a slow phone).
    startTransition(() => {
      root.render(app);
    });
  }
  // A signed-in page formats dates in the agency's time zone and amounts in dollars. A page's first
  // Intl date formatter costs a slow phone about 60 ms (ICU's locale data; the next ones, whatever
  // their options, cost next to nothing), its first currency formatter about 20: each made here, in
  // a task of its own while the page's data is on its way, not within the task that draws the data.
  if (currentRole() !== 'none') {
    const timeZone = portalConfig().calendar?.timeZone;
    setTimeout(() => new Intl.DateTimeFormat('en-US', timeZone ? { timeZone } : {}).format(0), 0);
    setTimeout(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }), 0);
  }
  startMonitoring();
}
