/**
 * What the server derives from a content version, and the check a version must pass before it is
 * served (content/store.ts calls it on the first start, on publish and on every refresh): the
 * tree must load as everything the server makes of its config at start-up. A version that fails
 * is refused by publish, and never served.
 */
import { isDeepStrictEqual } from 'node:util';
import { loadSignInPolicy } from '../auth/policy';
import type { PortalConfig } from '../config';
import type { Db } from '../db/types';
import { recordedFormsOf } from '../forms/recorded';
import { createCatalog } from '../http/messages';
import type { SchemaEnums } from '../http/validation';
import { docsPagesOf } from '../openapi/page';
import { journeyEnums } from '../payments/journey';
import { paymentServices } from '../payments/services';
import { checkBodyForms } from '../routes/form-bodies';
import { perConfig } from './per-config';
import { ContentRefused, type PublishedContent } from './store';

/** The API's answer texts (flows/texts/api.json) of a version. */
export const catalogOf = perConfig((config: PortalConfig) => createCatalog(config.texts));

/** flows/policies/sign-in.json of a version, checked. */
export const signInPolicyOf = perConfig(loadSignInPolicy);

export interface ContentCheckOptions {
  db: Db;
  schemasDir: string;
  /**
   * The journey's id lists the API's schemas were built with at start-up (undefined before): the
   * request schemas are compiled once, so a version whose payment journey has other variants
   * cannot be served without a restart, and is refused.
   */
  enums: () => SchemaEnums | undefined;
}

/** Throws a ContentRefused naming every problem the server has loading this content. */
export function serverContentCheck(
  options: ContentCheckOptions,
): (content: PublishedContent) => void {
  const recorded = recordedFormsOf(options.schemasDir);
  return ({ config }) => {
    const problems: string[] = [];
    const attempt = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
    };
    attempt(() => catalogOf(config));
    attempt(() => docsPagesOf(config.texts));
    attempt(() => signInPolicyOf(config));
    attempt(() => checkBodyForms(config));
    attempt(() => recorded(config));
    // As at start-up: a folder without client files serves everything but payments.
    if (config.clients && Object.keys(config.clients).length > 0) {
      attempt(() => paymentServices(config, options.db));
    }
    const started = options.enums();
    if (started) {
      attempt(() => {
        const enums = journeyEnums(config);
        if (!isDeepStrictEqual(enums, started)) {
          throw new Error(
            `flows/journeys/payment.json: a publish may not change the payment journey's variants (the API's request schemas list them, built when the server starts): ${JSON.stringify(started)} would become ${JSON.stringify(enums)}`,
          );
        }
      });
    }
    if (problems.length > 0) throw new ContentRefused(problems);
  };
}
