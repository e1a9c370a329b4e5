/**
 * Per-client settings from flows/clients/<clientId>.json (schemas/meta/client.schema.json).
 * Validated once at start-up; an account whose client has no file gets default.json. Money in
 * the files is in dollars (like every other config); the server works with cents.
 */
import { metaSchemaCheck } from '../ajv';
import { toCents } from '../money';
import type { Client } from '../../generated/types/meta/client';

/** A flows/clients file as the server keeps it (its `$schema` and `$comment` are for editors). */
export type ClientFile = Omit<Client, '$schema' | '$comment'>;

/** A client's settings with the amounts the server computes with. */
export interface ClientSettings extends ClientFile {
  id: string;
  minSinglePaymentCents: number;
  minMonthlyPaymentCents: number;
}

export const DEFAULT_CLIENT = 'default';

/**
 * Used only when flows/clients/default.json does not exist: the spec's section 9 fallbacks
 * (minimum single payment 25 dollars, payment dates up to 15 days ahead), every funding type,
 * no settlement tiers.
 */
const BUILT_IN_DEFAULT: ClientSettings = {
  id: DEFAULT_CLIENT,
  name: 'Built-in default',
  payment: {
    minSinglePayment: 25,
    minMonthlyPayment: 25,
    allowCreditCard: true,
    allowDebitCard: true,
    allowBankAccount: true,
    maxMonthlyPayments: 12,
    allowSifArr: false,
    allowPifArr: true,
    maxSinglePayDaysInFuture: 15,
    allowPcoMinPay: true,
  },
  settlementTiers: [],
  minSinglePaymentCents: 2500,
  minMonthlyPaymentCents: 2500,
};

export class ClientDirectory {
  private constructor(private readonly clients: Map<string, ClientSettings>) {}

  /**
   * From the `clients` folder of the loaded flows config (name -> parsed JSON). Throws, naming
   * the file and the JSON path, when a file breaks the meta-schema.
   */
  static fromConfig(files: Record<string, unknown> | undefined): ClientDirectory {
    const check = metaSchemaCheck('client');
    const clients = new Map<string, ClientSettings>();
    for (const [id, file] of Object.entries(files ?? {})) {
      check(file, `flows/clients/${id}.json`);
      const client = file as ClientFile;
      clients.set(id, {
        ...client,
        id,
        minSinglePaymentCents: toCents(client.payment.minSinglePayment) ?? 0,
        minMonthlyPaymentCents: toCents(client.payment.minMonthlyPayment) ?? 0,
      });
    }
    if (!clients.has(DEFAULT_CLIENT)) clients.set(DEFAULT_CLIENT, BUILT_IN_DEFAULT);
    return new ClientDirectory(clients);
  }

  /** The settings for an account's client id (default.json when the client has no file). */
  forClient(clientId: string | null | undefined): ClientSettings {
    const found = clientId ? this.clients.get(clientId) : undefined;
    return found ?? (this.clients.get(DEFAULT_CLIENT) as ClientSettings);
  }

  ids(): string[] {
    return [...this.clients.keys()].sort();
  }
}
