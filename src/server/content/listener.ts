/**
 * The content store's LISTEN (PostgreSQL): a connection of its own, outside the pool, that calls
 * `refresh` on every notification of the channel; reconnected 2 s after a drop, then refreshed
 * (the store's poll covers the gap). On SQLite there is nothing to listen to.
 */
import type pg from 'pg';
import { dedicatedPostgresClient } from '../db/database';
import type { Db } from '../db/types';

export type Log = (
  level: 'info' | 'warn' | 'error',
  detail: Record<string, unknown>,
  msg: string,
) => void;

const RECONNECT_MS = 2_000;

export class ContentListener {
  private client: pg.Client | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly channel: string,
    private readonly log: Log,
    private readonly refresh: () => Promise<void>,
  ) {}

  /** Connects and listens; a failure is logged and retried (polling only until it connects). */
  async start(): Promise<void> {
    const client = dedicatedPostgresClient(this.db);
    if (!client) return;
    const retry = () => {
      if (this.closed || this.reconnect) return;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      this.reconnect = setTimeout(() => {
        this.reconnect = undefined;
        void this.start().then(() => this.refresh().catch(() => undefined));
      }, RECONNECT_MS);
      this.reconnect.unref();
    };
    client.on('notification', (message) => {
      if (message.channel !== this.channel) return;
      this.refresh().catch((error: unknown) =>
        this.log('warn', { err: error }, 'content refresh after a notification failed'),
      );
    });
    client.on('error', (error) => {
      this.log('warn', { err: error }, 'content listener connection failed');
      retry();
    });
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
    } catch (error) {
      this.log(
        'warn',
        { err: error },
        'content listener did not connect: polling only until it does',
      );
      retry();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
