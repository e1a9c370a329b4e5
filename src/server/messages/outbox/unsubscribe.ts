/**
 * Opting out of e-mail from a message (issue 43, Reg F 1006.6(e), RFC 8058):
 * - GET /unsubscribe?token=…: a page (words: flows/texts/unsubscribe.json, in the message's
 *   language) whose one button opts the address out;
 * - POST /unsubscribe?token=…: opts out. The RFC 8058 one-click POST (body
 *   `List-Unsubscribe=One-Click`, sent by a mail client) gets 200 with no page; the page's own
 *   button (body `confirm=1`) gets the page saying it is done.
 * A token is signed per message (tokens.ts); a bad one is a 400 (a page for a browser). The address
 * is the one the message went to; the opt-out is the one of Guest/OptOut (opt-out.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PortalContext } from '../../context';
import { pickLanguage } from '../../http/messages';
import { optOutEmail } from './opt-out';
import { verifyUnsubscribeToken } from './tokens';

type Language = 'en' | 'es';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function words(ctx: PortalContext, key: string, language: Language, address = ''): string {
  const texts = (ctx.config.texts as Record<string, Record<string, Record<Language, string>>>)
    .unsubscribe;
  const text = texts?.[key]?.[language] ?? key;
  return text.replace(/\{\{\s*email\s*\}\}/g, address);
}

/**
 * The page's look: the portal's and its messages' (messages/email.tsx) colours, a readable width,
 * a button at least 44 px high; no script (the form posts by itself).
 */
const STYLE = `*{box-sizing:border-box}
body{margin:0;background:#f2f4f7;color:#1a1a1a;font:16px/1.5 "Segoe UI",-apple-system,BlinkMacSystemFont,Roboto,"Helvetica Neue",Arial,sans-serif}
header{background:#fff;border-bottom:1px solid #d0d5dd}
header p,main{max-width:36rem;margin:0 auto;padding:16px 24px}
header p{color:#0b4f8a;font-size:18px;font-weight:700}
main{background:#fff;margin-top:24px;border:1px solid #d0d5dd;border-radius:4px}
h1{font-size:24px;line-height:32px;margin:8px 0 16px}
p{margin:12px 0}
a{color:#0b4f8a}
button{min-height:44px;min-width:44px;padding:10px 20px;margin:12px 0;border:0;border-radius:4px;background:#0b4f8a;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#083b66}
button:focus-visible,a:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
@media (max-width:40rem){main{margin:0;border:0;border-radius:0}}`;

function page(language: Language, agency: string, title: string, body: string): string {
  const banner = agency ? `<header><p>${escape(agency)}</p></header>` : '';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head>
<body>${banner}<main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

interface Query {
  token?: string;
}

export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  ctx: PortalContext,
  key: Buffer,
): void {
  const schema = {
    summary: 'Opt an address out of e-mail from a message (RFC 8058)',
    hide: true,
    querystring: {
      type: 'object',
      properties: { token: { type: 'string', maxLength: 200 } },
    },
  };

  /** The agency's name (flows/content/agency.json), the page's header. */
  const agency = () => {
    const name = ((ctx.config.content?.agency ?? {}) as { name?: unknown }).name;
    return typeof name === 'string' ? name : '';
  };

  /** The message a token names: its address and language; null for a bad token. */
  const messageOf = async (token: unknown) => {
    const id = verifyUnsubscribeToken(key, token);
    if (!id) return null;
    const row = await ctx.db
      .selectFrom('messages')
      .select(['address', 'masked_address', 'language'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.address ? { ...row, address: row.address } : null;
  };

  const bad = (reply: FastifyReply, language: Language) =>
    reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        page(
          language,
          agency(),
          words(ctx, 'badTitle', language),
          `<p>${escape(words(ctx, 'bad', language))}</p><p><a href="/login">${escape(
            words(ctx, 'signIn', language),
          )}</a></p>`,
        ),
      );

  app.get<{ Querystring: Query }>('/unsubscribe', { schema }, async (request, reply) => {
    const message = await messageOf(request.query.token);
    if (!message) return bad(reply, pickLanguage(request.headers['accept-language']));
    const language: Language = message.language === 'es' ? 'es' : 'en';
    const masked = message.masked_address ?? '';
    const action = `/unsubscribe?${new URLSearchParams({ token: request.query.token ?? '' }).toString()}`;
    const body = `<p>${escape(words(ctx, 'intro', language, masked))}</p>
<form method="post" action="${escape(action)}"><input type="hidden" name="confirm" value="1">
<button type="submit">${escape(words(ctx, 'button', language))}</button></form>`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(language, agency(), words(ctx, 'title', language), body));
  });

  app.register(async (scope) => {
    // Both the RFC 8058 POST and the page's form send application/x-www-form-urlencoded.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.post<{ Querystring: Query; Body: Record<string, string> | undefined }>(
      '/unsubscribe',
      { schema },
      async (request, reply) => {
        const message = await messageOf(request.query.token);
        const fromPage = request.body?.confirm === '1';
        if (!message) {
          const language = pickLanguage(request.headers['accept-language']);
          if (fromPage) return bad(reply, language);
          return reply.code(400).send({ message: words(ctx, 'bad', language) });
        }
        const stamp = ctx.now().toISOString();
        await ctx.db.transaction().execute((trx) => optOutEmail(trx, message.address, stamp));
        request.log.info('e-mail opt-out recorded from a message');
        if (!fromPage) return reply.code(200).header('cache-control', 'no-store').send();
        const language: Language = message.language === 'es' ? 'es' : 'en';
        const masked = message.masked_address ?? '';
        const body = `<p role="status">${escape(words(ctx, 'done', language, masked))}</p>
<p><a href="/login">${escape(words(ctx, 'signIn', language))}</a></p>`;
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(page(language, agency(), words(ctx, 'doneTitle', language), body));
      },
    );
  });
}
