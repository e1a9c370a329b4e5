/**
 * Messages in My documents (issue 43, item 4), `/api/v2` only:
 * - GET Messages: the e-mails and texts sent to the signed-in debtor (status `sent`: accepted by
 *   the receiving server), newest first; never a message that was not sent (skipped, held,
 *   bounced, waiting). GET Messages/{id}: one exactly as it was sent (subject, HTML, plain text,
 *   text message), in the language it was sent in. Another debtor's message is 404.
 * - POST Messages/Click: a message's sign-in link was opened (`/login?accountNumber=…&m=<id>`);
 *   the sign-in page says so, for the studio's counts (clicked through to a payment within 7
 *   days). It signs no one in and answers 204 whatever it is given, so it tells nothing about a
 *   message; a click is kept only for a sent message of that account, at most MAX_CLICKS each.
 */
import type { FastifyInstance } from 'fastify';
import type { DocumentMessage } from '@/generated/types/api/document-message';
import type { DocumentMessageList } from '@/generated/types/api/document-message-list';
import type { DocumentMessageParams } from '@/generated/types/api/document-message-params';
import type { MessageClickRequest } from '@/generated/types/api/message-click-request';
import { authOf, requireRole } from '../auth/guard';
import type { PortalConfig } from '../config';
import type { PortalContext } from '../context';
import { ApiError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import '../messages/clicks-tables';
import type { MessagesTable } from '../messages/outbox/tables';
import { randomHex } from '../random-hex';
import { kindTitle } from '../studio/messages-records';
import { normalizeAccountNumber } from './ownership';

/** Clicks kept per message: enough for the counts, never a table anyone can grow. */
export const MAX_CLICKS = 20;
export const CLICK_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** What a debtor sees of their messages: only those that went out. */
const SHOWN: MessagesTable['status'][] = ['sent'];

type Row = Pick<
  MessagesTable,
  'id' | 'kind' | 'channel' | 'language' | 'subject' | 'sent_at' | 'created_at' | 'account_number'
>;
const entryOf = (config: PortalConfig, row: Row): DocumentMessageList[number] => ({
  id: row.id,
  kind: row.kind,
  title: kindTitle(config, row.kind),
  channel: row.channel,
  language: row.language,
  subject: row.subject,
  sentAt: row.sent_at ?? row.created_at,
  accountNumber: row.account_number,
});

export function registerMessageRoutes(api: FastifyInstance, ctx: PortalContext): void {
  if (api.prefix !== '/api/v2') return;
  api.get(
    '/Messages',
    {
      onRequest: requireRole(ctx, ['account']),
      schema: {
        summary: 'The messages sent to the debtor, newest first',
        description:
          'E-mails and texts that were sent to the signed-in debtor (accepted by the receiving server), each as it was sent at Messages/{id}.',
        response: { 200: schemaRef(ctx.schemas, 'document-message-list') },
      },
    },
    async (request): Promise<DocumentMessageList> => {
      const rows = await ctx.db
        .selectFrom('messages')
        .select(['id', 'kind', 'channel', 'language', 'subject', 'sent_at', 'created_at'])
        .select('account_number')
        .where('debtor_id', '=', authOf(request).debtorId)
        .where('status', 'in', SHOWN)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return rows.map((row) => entryOf(ctx.content.current().config, row));
    },
  );

  api.get<{ Params: DocumentMessageParams }>(
    '/Messages/:id',
    {
      onRequest: requireRole(ctx, ['account']),
      schema: {
        summary: 'One message as it was sent',
        description: "Another debtor's message, or one that was not sent, is 404.",
        params: schemaRef(ctx.schemas, 'document-message-params'),
        response: {
          200: schemaRef(ctx.schemas, 'document-message'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
    },
    async (request): Promise<DocumentMessage> => {
      const row = await ctx.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('debtor_id', '=', authOf(request).debtorId)
        .where('status', 'in', SHOWN)
        .executeTakeFirst();
      if (!row) throw new ApiError(404, 'notFound');
      return {
        message: entryOf(ctx.content.current().config, row),
        html: row.html,
        text: row.text,
        sms: row.sms,
      };
    },
  );

  api.post<{ Body: MessageClickRequest }>(
    '/Messages/Click',
    {
      onRequest: ctx.limits.guestByAddress,
      schema: {
        summary: "A message's sign-in link was opened",
        description:
          'Sent by the sign-in page for `/login?accountNumber=…&m=<message id>`; signs no one in. Answers 204 whatever the message.',
        body: schemaRef(ctx.schemas, 'message-click-request'),
      },
      config: { noContent: true, auth: 'optional' },
    },
    async (request, reply) => {
      const { message, accountNumber } = request.body;
      const now = ctx.now();
      const row = await ctx.db
        .selectFrom('messages')
        .select(['id', 'account_number'])
        .where('id', '=', message)
        .where('status', 'in', ['sent', 'bounced', 'outbox'])
        .executeTakeFirst();
      if (row && row.account_number === normalizeAccountNumber(accountNumber)) {
        const seen = await ctx.db
          .selectFrom('message_clicks')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('message_id', '=', message)
          .executeTakeFirst();
        if (Number(seen?.n ?? 0) < MAX_CLICKS) {
          await ctx.db
            .insertInto('message_clicks')
            .values({
              id: `clk_${randomHex(12)}`,
              message_id: message,
              clicked_at: now.toISOString(),
              until_at: new Date(now.getTime() + CLICK_WINDOW_MS).toISOString(),
            })
            .execute();
        }
      }
      return reply.code(204).send();
    },
  );
}
