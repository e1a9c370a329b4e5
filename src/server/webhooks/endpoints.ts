/**
 * Webhook endpoints (issue 42): made, rotated, disabled and enabled by an admin in the studio
 * (studio/webhook-routes.ts). The signing secret is `whsec_` and 32 random bytes in base64 (the
 * Standard Webhooks form the `standardwebhooks` package reads), shown once when it is made and
 * stored only encrypted (AES-256-GCM, a key derived from the server secret: auth/keys.ts). A
 * rotation keeps the previous secret for 24 hours, during which every delivery carries both
 * signatures (send.ts), so a receiver can switch to the new secret at its own pace.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/types';
import { decryptSecret, encryptSecret } from '../studio/totp';
import type { DeliveryStatus, WebhookEndpointsTable } from './tables';

export const SECRET_PREFIX = 'whsec_';
/** How long the previous secret still signs after a rotation. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export interface EndpointRecord {
  id: string;
  url: string;
  description: string;
  clientCode: string | null;
  enabled: boolean;
  createdAt: string;
  secretRotatedAt: string | null;
  previousSecretExpiresAt: string | null;
  counts: Record<DeliveryStatus, number>;
}

export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

const LOOPBACK = new Set(['localhost', '[::1]', '::1']);

/** True for a host name that is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOOPBACK.has(host) || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Whether the portal may POST to `url`: https to any host, plain http only to this machine (a
 * receiver in a test or beside the server), never with a user name or password in it.
 */
export function allowedUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '' || parsed.hostname === '') return false;
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
}

/** The secrets a delivery is signed with now: the current one, and the previous during 24 h. */
export function signingSecrets(
  key: Buffer,
  row: Pick<WebhookEndpointsTable, 'secret' | 'previous_secret' | 'previous_expires_at'>,
  now: Date,
): string[] {
  const secrets = [decryptSecret(key, row.secret)];
  if (
    row.previous_secret &&
    row.previous_expires_at &&
    row.previous_expires_at > now.toISOString()
  ) {
    secrets.push(decryptSecret(key, row.previous_secret));
  }
  return secrets;
}

/** Endpoints (all, or the one of `id`) as the studio shows them, with their delivery counts. */
export async function endpointRecords(db: Db, now: Date, id?: string): Promise<EndpointRecord[]> {
  let query = db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  let counts = db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', 'status', sql<number | string>`count(*)`.as('n')])
    .groupBy(['endpoint_id', 'status']);
  if (id !== undefined) counts = counts.where('endpoint_id', '=', id);
  const tally = new Map<string, Record<DeliveryStatus, number>>();
  for (const row of await counts.execute()) {
    const entry = tally.get(row.endpoint_id) ?? { pending: 0, delivered: 0, failed: 0 };
    entry[row.status] = Number(row.n);
    tally.set(row.endpoint_id, entry);
  }
  const stamp = now.toISOString();
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    description: row.description,
    clientCode: row.client_id,
    enabled: Number(row.enabled) === 1,
    createdAt: row.created_at,
    secretRotatedAt: row.secret_rotated_at,
    previousSecretExpiresAt:
      row.previous_expires_at !== null && row.previous_expires_at > stamp
        ? row.previous_expires_at
        : null,
    counts: tally.get(row.id) ?? { pending: 0, delivered: 0, failed: 0 },
  }));
}

/**
 * Makes an endpoint; answers its id and secret (the only time the secret is seen). It receives
 * the events written from now on: its cursor starts at the feed's last one.
 */
export async function createEndpoint(
  db: Db,
  key: Buffer,
  input: { url: string; description: string; clientCode: string | null },
  now: Date,
): Promise<{ id: string; secret: string }> {
  const secret = newSecret();
  const id = `wh_${randomBytes(8).toString('hex')}`;
  const stamp = now.toISOString();
  const counter = await db
    .selectFrom('event_cursors')
    .select('value')
    .where('name', '=', 'events')
    .executeTakeFirst();
  await db
    .insertInto('webhook_endpoints')
    .values({
      id,
      url: input.url,
      description: input.description,
      client_id: input.clientCode,
      enabled: 1,
      secret: encryptSecret(key, secret),
      previous_secret: null,
      previous_expires_at: null,
      secret_rotated_at: null,
      event_cursor: Number(counter?.value ?? 0),
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return { id, secret };
}

/**
 * A new secret for endpoint `id`; the current one becomes the previous, valid 24 h more (a
 * previous one still valid is dropped: only two sign at once). Null for an unknown endpoint.
 */
export async function rotateSecret(
  db: Db,
  key: Buffer,
  id: string,
  now: Date,
): Promise<string | null> {
  const secret = newSecret();
  const stamp = now.toISOString();
  const result = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret: eb.ref('secret'),
      previous_expires_at: new Date(now.getTime() + PREVIOUS_SECRET_MS).toISOString(),
      secret: encryptSecret(key, secret),
      secret_rotated_at: stamp,
      updated_at: stamp,
    }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? secret : null;
}

/** Enables or disables endpoint `id`; false for an unknown endpoint. */
export async function setEnabled(
  db: Db,
  id: string,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: enabled ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
