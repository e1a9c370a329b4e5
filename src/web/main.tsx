import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createDOMRenderer } from '@fluentui/react-components';
import { App } from './app/app';
import { portalConfig } from './lib/config';
import { currentLanguage, initI18n } from './lib/i18n';
import { startMonitoring } from './lib/monitoring';
import { currentRole } from './lib/session';
import { setDrawingFrame } from './lib/signed-in-frame';
import './styles/global.css';

initI18n(portalConfig().texts, portalConfig().preview?.language);

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
startMonitoring();
