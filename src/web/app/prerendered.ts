/**
 * A page the server drew (src/server/http/prerender.ts) arrives with `inert` on #root: it shows at
 * once, but nothing in it can be focused or clicked until React has taken it over, so a click on
 * "Continue" before the code has run cannot submit the form the browser's way (its fields in the
 * address). The first page's effects lift it.
 */
export function releasePrerenderedPage(): void {
  document.getElementById('root')?.removeAttribute('inert');
}
