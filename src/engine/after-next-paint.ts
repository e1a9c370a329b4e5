/**
 * Runs `run` after the browser's next paint: a task queued from the frame's animation callback,
 * so it comes after that frame is drawn. Returns a cleanup that cancels it if it has not run.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Runs `run` when the browser is idle (requestIdleCallback, within `timeout` ms; a timer where
 * there is none). Returns a cleanup that cancels it if it has not run.
 */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1);
  return () => clearTimeout(timer);
}
