/**
 * The content version whose texts a debtor was shown (issue 24): a payment's authorization and a
 * plan change's statement are made of that version's texts, and record its number, even when a
 * publish came between the page load and the click. The page config carries `contentVersion`;
 * the web app sends it back with the call.
 *
 * A client may send any number, so the server takes only a version the session could have been
 * shown (issue 39, item 5): one in force at some moment since the session signed in. Version V is
 * in force from its `published_at` until the next version's; it qualifies when that interval meets
 * [the session's start, now]. A version never published is 422 `unknownContentVersion`; one
 * replaced before the session signed in (or a session without a row: fail closed) is 422
 * `contentVersionNotInForce`. The version this process serves needs no read: it is in force now
 * (or was a moment ago, when another process has published since and this one has not yet heard).
 */
import type { PortalContext } from '../context';
import { ApiError } from '../http/errors';
import type { PublishedContent } from './store';

/** The version asked for, checked as above, or the one served when none is asked for. */
export async function shownContent(
  ctx: PortalContext,
  version: number | undefined,
  sid: string,
): Promise<PublishedContent> {
  const current = ctx.content.current();
  if (version === undefined || version === current.version) return current;
  const [content, session, next] = await Promise.all([
    ctx.content.get(version),
    ctx.db.selectFrom('sessions').select('started_at').where('sid', '=', sid).executeTakeFirst(),
    Number.isSafeInteger(version)
      ? ctx.db
          .selectFrom('content_versions')
          .select('published_at')
          .where('version', '>', version)
          .orderBy('version', 'asc')
          .limit(1)
          .executeTakeFirst()
      : undefined,
  ]);
  if (!content) throw new ApiError(422, 'unknownContentVersion');
  // Replaced at or before the sign-in: never in force while this session lasted.
  if (!session || (next !== undefined && next.published_at <= session.started_at)) {
    throw new ApiError(422, 'contentVersionNotInForce');
  }
  return content;
}
