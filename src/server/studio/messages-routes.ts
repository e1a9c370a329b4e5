/**
 * Messages in the studio (issue 43, items 1 and 4; issue 44, item 4):
 * - `GET /messages/preview?kind=&draft=&client=`: a kind as it would be sent, in English and
 *   Spanish, from a draft's words (its base version's files with its own over them) or the
 *   published version's, with the glossary's sample values: the e-mail's subject, HTML and plain
 *   text, and the text message with its encoding and segment count. Any member who reads drafts.
 * - `GET /messages` (the outbox: status, account, kind; pages by `before`) and `GET /messages/:id`
 *   (one message exactly as recorded before it was sent, with the history of the content version
 *   its words came from): approvers and admins, as the other screens with debtors' contact
 *   details (guard.ts). Every look-up is audited (`messages.view`).
 * - `GET /message-counts?from=&to=`: made, sent, delivered, bounced, skipped, opted out and
 *   clicked through to a payment within 7 days, per kind and client (messages-records.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { StudioMessageCounts } from '@/generated/types/api/studio-message-counts';
import type { StudioMessageCountsQuery } from '@/generated/types/api/studio-message-counts-query';
import type { StudioMessageEvidence } from '@/generated/types/api/studio-message-evidence';
import type { StudioMessageList } from '@/generated/types/api/studio-message-list';
import type { StudioMessageParams } from '@/generated/types/api/studio-message-params';
import type { Rendering, StudioMessagePreview } from '@/generated/types/api/studio-message-preview';
import type { StudioMessagePreviewQuery } from '@/generated/types/api/studio-message-preview-query';
import type { StudioMessagesQuery } from '@/generated/types/api/studio-messages-query';
import { zonedInstant } from '../../domain/dates';
import type { PortalConfig } from '../config';
import { treeToConfig } from '../content/tree';
import { addDays, calendarDay } from '../dates';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import { unsubscribeUrl } from '../messages/outbox/build';
import { MessageRenderError, renderMessage } from '../messages/render';
import { sampleValues } from '../messages/samples';
import { contentHelpers, type ContentRoutesOptions } from './content-routes';
import { findDraft } from './drafts';
import { ownOrigin, staffOf } from './guard';
import {
  countMessages,
  kindTitle,
  listMessages,
  messageRecord,
  summaryOfMessage,
} from './messages-records';

export const DEFAULT_MESSAGES_PAGE = 50;
/** The counts' default span: the last 30 days of the agency. */
export const DEFAULT_COUNT_DAYS = 30;

/**
 * The message id the preview's links carry: as long as a real one, so the text message's length
 * and segments are those a debtor gets. The preview's unsubscribe link is signed with a key of
 * zeros, which opens nothing.
 */
export const SAMPLE_MESSAGE_ID = 'msg_5a3f0c2e9b7d41e8a6c0f1b2';
const SAMPLE_KEY = Buffer.alloc(32);

const dayStart = (day: string, timeZone: string): string =>
  zonedInstant(day, 0, 0, timeZone).toISOString();

async function rendering(
  config: PortalConfig,
  kind: string,
  client: string,
  language: 'en' | 'es',
  origin: string,
): Promise<Rendering> {
  try {
    const message = await renderMessage(config, {
      kind,
      language,
      client,
      values: sampleValues(config, language),
      links: {
        portal: origin,
        unsubscribe: unsubscribeUrl(origin, SAMPLE_KEY, SAMPLE_MESSAGE_ID),
        reference: SAMPLE_MESSAGE_ID,
      },
    });
    return {
      subject: message.subject,
      html: message.html,
      text: message.text,
      sms: message.sms,
      segments: message.smsSegments,
      problem: null,
    };
  } catch (error) {
    if (!(error instanceof MessageRenderError)) throw error;
    return {
      subject: null,
      html: null,
      text: null,
      sms: null,
      segments: null,
      problem: { code: error.code, detail: error.detail },
    };
  }
}

export function registerMessageRoutes(
  studio: FastifyInstance,
  { ctx, record }: Pick<ContentRoutesOptions, 'ctx' | 'record'>,
): void {
  const helpers = contentHelpers(ctx);

  studio.get<{ Querystring: StudioMessagePreviewQuery }>(
    '/messages/preview',
    { schema: { querystring: schemaRef(ctx.schemas, 'studio-message-preview-query') } },
    async (request): Promise<StudioMessagePreview> => {
      const { kind, draft } = request.query;
      const client = request.query.client ?? 'default';
      let config: PortalConfig;
      let version: number;
      if (draft !== undefined) {
        const row = await findDraft(ctx.db, draft);
        config = treeToConfig(await helpers.draftTree(row));
        version = row.base_version;
      } else {
        const current = ctx.content.current();
        config = current.config;
        version = current.version;
      }
      const title = kindTitle(config, kind);
      if (!title) throw new ApiError(404, 'notFound');
      const file = (config.messages ?? {})[kind] as { channels?: ('email' | 'sms')[] };
      const origin = ownOrigin(request);
      return {
        kind,
        title,
        client,
        version,
        draft: draft ?? null,
        channels: file.channels ?? [],
        languages: {
          en: await rendering(config, kind, client, 'en', origin),
          es: await rendering(config, kind, client, 'es', origin),
        },
      };
    },
  );

  studio.get<{ Querystring: StudioMessagesQuery }>(
    '/messages',
    { schema: { querystring: schemaRef(ctx.schemas, 'studio-messages-query') } },
    async (request): Promise<StudioMessageList> => {
      const staff = staffOf(request);
      const limit = request.query.limit ?? DEFAULT_MESSAGES_PAGE;
      const page = await listMessages(ctx.db, ctx.content.current().config, {
        ...request.query,
        limit,
      });
      const { status, kind, before, account } = request.query;
      await record(request, {
        staffId: staff.staffId,
        action: 'messages.view',
        subject: account ?? null,
        detail: {
          ...(status !== undefined && { status }),
          ...(kind !== undefined && { kind }),
          ...(before !== undefined && { before }),
          shown: page.messages.length,
        },
      });
      return page;
    },
  );

  studio.get<{ Params: StudioMessageParams }>(
    '/messages/:id',
    { schema: { params: schemaRef(ctx.schemas, 'studio-message-params') } },
    async (request): Promise<StudioMessageEvidence> => {
      const staff = staffOf(request);
      const found = await messageRecord(ctx.db, request.params.id);
      await record(request, {
        staffId: staff.staffId,
        action: 'messages.view',
        subject: request.params.id,
        detail: { found: found !== undefined },
      });
      if (!found) throw new ApiError(404, 'notFound');
      const { row, clicks } = found;
      const number = Number(row.template_version);
      const history = Number.isSafeInteger(number)
        ? await ctx.db
            .selectFrom('content_versions')
            .select(['version', 'comment', 'published_at'])
            .where('version', '=', number)
            .executeTakeFirst()
        : undefined;
      return {
        message: summaryOfMessage(ctx.content.current().config, row),
        html: row.html,
        text: row.text,
        sms: row.sms,
        dueAt: row.due_at,
        attempts: Number(row.attempt_count),
        error: row.error,
        clicks,
        version: history
          ? {
              version: Number(history.version),
              comment: history.comment,
              publishedAt: history.published_at,
            }
          : null,
      };
    },
  );

  studio.get<{ Querystring: StudioMessageCountsQuery }>(
    '/message-counts',
    { schema: { querystring: schemaRef(ctx.schemas, 'studio-message-counts-query') } },
    async (request): Promise<StudioMessageCounts> => {
      const today = calendarDay(ctx.now(), ctx.timeZone);
      const to = request.query.to ?? today;
      const from = request.query.from ?? addDays(to, 1 - DEFAULT_COUNT_DAYS);
      // A range that ends before it begins is a mistake, not an empty answer.
      if (to < from) throw new ApiError(400, 'invalidRequest');
      const rows = await countMessages(
        ctx.db,
        ctx.content.current().config,
        dayStart(from, ctx.timeZone),
        dayStart(addDays(to, 1), ctx.timeZone),
      );
      return { from, to, rows };
    },
  );
}
