/**
 * The sign-in factor policy on the server (flows/policies/sign-in.json): checked at start-up
 * against its meta-schema and the domain's own checks. A missing or broken policy stops the
 * server: without it nobody could be proofed, and a guess would be a default that allows.
 */
import { checkSignInPolicy, type SignInPolicy } from '../../domain/sign-in-policy';
import { metaSchemaCheck } from '../ajv';
import type { PortalConfig } from '../config';

export function loadSignInPolicy(config: PortalConfig): SignInPolicy {
  const file = (config.policies as Record<string, unknown> | undefined)?.['sign-in'];
  if (file === undefined) throw new Error('flows/policies/sign-in.json is missing');
  metaSchemaCheck('sign-in-policy')(file, 'flows/policies/sign-in.json');
  const policy = file as SignInPolicy;
  const problems = checkSignInPolicy(policy);
  if (problems.length > 0) throw new Error(`flows/policies/sign-in.json: ${problems.join('; ')}`);
  return policy;
}
