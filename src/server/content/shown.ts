/**
 * The content version whose texts a debtor was shown (issue 24): a payment's authorization and a
 * plan change's statement are made of that version's texts, and record its number, even when a
 * publish came between the page load and the click. The page config carries `contentVersion`;
 * the web app sends it back with the call.
 */
import type { PortalContext } from '../context';
import { ApiError } from '../http/errors';
import type { PublishedContent } from './store';

/** The version asked for (422 `unknownContentVersion` when never published), or the one served. */
export async function shownContent(
  ctx: PortalContext,
  version: number | undefined,
): Promise<PublishedContent> {
  if (version === undefined) return ctx.content.current();
  const content = await ctx.content.get(version);
  if (!content) throw new ApiError(422, 'unknownContentVersion');
  return content;
}
