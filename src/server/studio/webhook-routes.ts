/**
 * Webhook endpoints in the studio (issue 42): admins register, rotate, disable and enable
 * endpoints and redeliver; admins and approvers read the endpoints and their delivery log. The
 * secret is in the answer of a creation or rotation only (endpoints.ts). Every change is audited;
 * the audit never holds a secret. The dispatcher (webhooks/dispatcher.ts) does the sending.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StudioWebhookCreateRequest } from '@/generated/types/api/studio-webhook-create-request';
import type { StudioWebhookDeliveriesQuery } from '@/generated/types/api/studio-webhook-deliveries-query';
import type { StudioWebhookDeliveryParams } from '@/generated/types/api/studio-webhook-delivery-params';
import type { StudioWebhookParams } from '@/generated/types/api/studio-webhook-params';
import { ApiError, languageOf } from '../http/errors';
import { schemaRef } from '../http/validation';
import {
  allowedUrl,
  createEndpoint,
  endpointRecords,
  rotateSecret,
  setEnabled,
  type EndpointRecord,
} from '../webhooks/endpoints';
import { deliveryRecord, listDeliveries, redeliver } from '../webhooks/log';
import type { ContentRoutesOptions } from './content-routes';
import { staffOf } from './guard';

export function registerWebhookRoutes(
  studio: FastifyInstance,
  { ctx, record }: Pick<ContentRoutesOptions, 'ctx' | 'record'>,
): void {
  const params = { params: schemaRef(ctx.schemas, 'studio-webhook-params') };
  const key = ctx.keys.webhookKey;

  const endpointOf = async (id: string): Promise<EndpointRecord> => {
    const [endpoint] = await endpointRecords(ctx.db, ctx.now(), id);
    if (!endpoint) throw new ApiError(404, 'notFound');
    return endpoint;
  };

  const audit = (
    request: FastifyRequest,
    action: 'webhook.create' | 'webhook.rotate' | 'webhook.disable' | 'webhook.enable',
    endpoint: EndpointRecord,
  ) =>
    record(request, {
      staffId: staffOf(request).staffId,
      action,
      subject: endpoint.id,
      detail: { url: endpoint.url, clientCode: endpoint.clientCode },
    });

  studio.get('/webhooks', async () => ({ endpoints: await endpointRecords(ctx.db, ctx.now()) }));

  studio.post<{ Body: StudioWebhookCreateRequest }>(
    '/webhooks',
    { schema: { body: schemaRef(ctx.schemas, 'studio-webhook-create-request') } },
    async (request, reply) => {
      const { url, description, clientCode } = request.body;
      // https anywhere; plain http only to this machine (fails closed on anything else).
      if (!allowedUrl(url)) {
        const message = request.server.catalog.keywordMessage('pattern', languageOf(request));
        throw new ApiError(400, 'invalidRequest', {
          errors: [{ path: '/url', keyword: 'pattern', message }],
        });
      }
      const made = await createEndpoint(
        ctx.db,
        key,
        { url, description, clientCode: clientCode ?? null },
        ctx.now(),
      );
      const endpoint = await endpointOf(made.id);
      await audit(request, 'webhook.create', endpoint);
      return reply.code(201).send({ endpoint, secret: made.secret });
    },
  );

  studio.post<{ Params: StudioWebhookParams }>(
    '/webhooks/:id/rotate',
    { schema: params },
    async (request) => {
      const secret = await rotateSecret(ctx.db, key, request.params.id, ctx.now());
      if (secret === null) throw new ApiError(404, 'notFound');
      const endpoint = await endpointOf(request.params.id);
      await audit(request, 'webhook.rotate', endpoint);
      return { endpoint, secret };
    },
  );

  for (const [action, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    studio.post<{ Params: StudioWebhookParams }>(
      `/webhooks/:id/${action}`,
      { schema: params },
      async (request) => {
        if (!(await setEnabled(ctx.db, request.params.id, enabled, ctx.now()))) {
          throw new ApiError(404, 'notFound');
        }
        const endpoint = await endpointOf(request.params.id);
        await audit(request, `webhook.${action}`, endpoint);
        return { endpoint };
      },
    );
  }

  studio.get<{ Params: StudioWebhookParams; Querystring: StudioWebhookDeliveriesQuery }>(
    '/webhooks/:id/deliveries',
    {
      schema: {
        ...params,
        querystring: schemaRef(ctx.schemas, 'studio-webhook-deliveries-query'),
      },
    },
    async (request) => {
      await endpointOf(request.params.id);
      return listDeliveries(ctx.db, request.params.id, request.query);
    },
  );

  studio.post<{ Params: StudioWebhookDeliveryParams }>(
    '/webhooks/deliveries/:id/redeliver',
    { schema: { params: schemaRef(ctx.schemas, 'studio-webhook-delivery-params') } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await redeliver(ctx.db, id, ctx.now()))) throw new ApiError(404, 'notFound');
      const delivery = await deliveryRecord(ctx.db, id);
      if (!delivery) throw new ApiError(404, 'notFound');
      await record(request, {
        staffId: staffOf(request).staffId,
        action: 'webhook.redeliver',
        subject: delivery.id,
        detail: { eventId: delivery.eventId },
      });
      return reply.code(202).send({ delivery });
    },
  );
}
