/**
 * The sign-in factor policy on the server (flows/policies/sign-in.json): checked at start-up
 * against its meta-schema and the domain's own checks. A missing or broken policy stops the
 * server: without it nobody could be proofed, and a guess would be a default that allows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkSignInPolicy, type SignInPolicy } from '../../domain/sign-in-policy';
import { createAjv } from '../ajv';
import type { PortalConfig } from '../config';

const metaSchemaFile = path.resolve(
  import.meta.dirname,
  '../../../schemas/meta/sign-in-policy.schema.json',
);

export function loadSignInPolicy(config: PortalConfig): SignInPolicy {
  const file = (config.policies as Record<string, unknown> | undefined)?.['sign-in'];
  if (file === undefined) throw new Error('flows/policies/sign-in.json is missing');
  const validate = createAjv({ strict: false }).compile(
    JSON.parse(readFileSync(metaSchemaFile, 'utf8')) as object,
  );
  if (!validate(file)) {
    const where = (validate.errors ?? [])
      .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
      .join('; ');
    throw new Error(`flows/policies/sign-in.json: ${where}`);
  }
  const policy = file as SignInPolicy;
  const problems = checkSignInPolicy(policy);
  if (problems.length > 0) throw new Error(`flows/policies/sign-in.json: ${problems.join('; ')}`);
  return policy;
}
