/**
 * The signed-in frame: a signed-in screen (the dashboard, an account page) drawn by the server for
 * no one in particular (src/server/http/prerender.ts `FRAME_PATHS`): the signed-in header, the
 * page's heading where it needs no data, and skeletons where the data goes. The server cannot know
 * who is signed in (the session is in sessionStorage), so the frame holds nothing personal.
 *
 * While the server draws a frame, and while the browser takes one over (hydration, for a visitor
 * signed in to an account: src/web/main.tsx), the hooks here give the frame's view: the role
 * `account` and "drawing the frame". React reads these as the server snapshot of
 * useSyncExternalStore, which it uses only while drawing on the server and while hydrating, so the
 * browser's first render equals the server's markup however far the page's requests have got;
 * right after hydration React renders again with the browser's own values (the session, the data).
 */
import { useDeferredValue, useSyncExternalStore } from 'react';

let drawingFrame = false;

/** Set around a frame's drawing (server) and before its hydration (browser). */
export function setDrawingFrame(value: boolean): void {
  drawingFrame = value;
}

/** Whether a drawing or hydration is of a signed-in frame (useRole's server snapshot). */
export function isDrawingFrame(): boolean {
  return drawingFrame;
}

const unchanging = () => () => undefined;
const notDrawing = () => false;

/**
 * True while the server draws the signed-in frame and while the browser hydrates it: the page then
 * shows its skeletons whatever its queries hold. False otherwise.
 *
 * Deferred: React ends a hydration whose server snapshot differs from the browser's with a
 * synchronous render, in one task it cannot interrupt. Drawing the page's data in that render (a
 * dashboard of account cards) took 230 ms of a slow phone's processor in one task. The deferred
 * flag keeps the skeletons for that render (cheap), and React draws the data in a background
 * render it slices.
 */
export function useDrawingFrame(): boolean {
  return useDeferredValue(useSyncExternalStore(unchanging, notDrawing, isDrawingFrame));
}
