/**
 * The sign-in factor policy (flows/policies/sign-in.json, schemas/meta/sign-in-policy.schema.json):
 * which kinds of identity facts are real factors, which pairs of option1 and option2 sign a debtor
 * in, and which kinds may come as option3, the SSN step-up. The server decides VerifyIdentity by
 * `decideSignIn` alone, before it looks anything up; `checkSignInPolicy` is what check:config and
 * the server's start-up say about a policy file.
 *
 * Everything here fails closed: a kind is a factor only when the policy names it AND it is not
 * None or LastName (whatever the file says), a pair not listed is refused, a combination that
 * names a kind the policy does not count as a factor is refused, and so is any result without a
 * real factor.
 */
import type { VerificationKind } from '../generated/types/api/verify-identity-request';
import type { FactorKind, SignInPolicy } from '../generated/types/meta/sign-in-policy';

export type { FactorKind, SignInPolicy, VerificationKind };

/** Kinds that are never factors, whatever a policy file says. */
const NEVER_FACTORS: readonly string[] = ['None', 'LastName'];

/** The kind that a debtor record's "SSN required" asks for (answer 440, fieldRequired SSN). */
export const SSN_STEP_UP: FactorKind = 'SocialSecurityNumber';

export type OptionSlot = 'option1' | 'option2' | 'option3';

export interface SignInOptions {
  option1: VerificationKind;
  option2?: VerificationKind;
  option3?: VerificationKind;
}

export type SignInDecision =
  | {
      ok: true;
      /** The combination that allows option1 and option2. */
      combination: string;
      /** The real factors to match, in slot order (option1, option2, then option3). */
      factors: FactorKind[];
    }
  | { ok: false; slot: OptionSlot };

/** Whether the policy counts `kind` as a real factor. */
export function isFactor(policy: SignInPolicy, kind: string | undefined): kind is FactorKind {
  if (kind === undefined || NEVER_FACTORS.includes(kind)) return false;
  return (policy.factors as readonly string[]).includes(kind);
}

/**
 * Whether the options of a VerifyIdentity request may sign in under the policy, and which factors
 * must then match. option3 absent or None adds nothing; otherwise it must be a step-up kind that
 * is a factor and differs from option1 and option2.
 */
export function decideSignIn(policy: SignInPolicy, options: SignInOptions): SignInDecision {
  const { option1, option2 } = options;
  const option3 = options.option3 === 'None' ? undefined : options.option3;
  // A kind a combination lists counts only if it is a factor, or LastName in option2.
  const allowed = (kind: string | undefined, listed: readonly string[], slot: OptionSlot) =>
    kind !== undefined &&
    listed.includes(kind) &&
    (isFactor(policy, kind) || (slot === 'option2' && kind === 'LastName'));
  const combination = policy.combinations.find(
    (c) =>
      option1 !== option2 &&
      allowed(option1, c.option1, 'option1') &&
      allowed(option2, c.option2, 'option2'),
  );
  if (!combination) {
    const firstAllowed = policy.combinations.some((c) => allowed(option1, c.option1, 'option1'));
    return { ok: false, slot: firstAllowed ? 'option2' : 'option1' };
  }
  const factors = [option1, option2].filter((kind) => isFactor(policy, kind));
  if (option3 !== undefined) {
    const stepUp: readonly string[] = policy.stepUp.option3;
    if (!isFactor(policy, option3) || !stepUp.includes(option3) || factors.includes(option3)) {
      return { ok: false, slot: 'option3' };
    }
    factors.push(option3);
  }
  if (factors.length === 0) return { ok: false, slot: 'option1' };
  return { ok: true, combination: combination.id, factors };
}

/** What is wrong with a policy file beyond its meta-schema; empty when nothing is. */
export function checkSignInPolicy(policy: SignInPolicy): string[] {
  const problems: string[] = [];
  const factors: readonly string[] = policy.factors;
  for (const kind of NEVER_FACTORS) {
    if (factors.includes(kind)) problems.push(`/factors: ${kind} is never a factor`);
  }
  const ids = new Set<string>();
  policy.combinations.forEach((combination, i) => {
    if (ids.has(combination.id))
      problems.push(`/combinations/${i}/id: duplicate id "${combination.id}"`);
    ids.add(combination.id);
    for (const slot of ['option1', 'option2'] as const) {
      combination[slot].forEach((kind, j) => {
        if (kind === 'LastName' && slot === 'option2') return;
        if (!factors.includes(kind)) {
          problems.push(
            `/combinations/${i}/${slot}/${j}: "${kind}" is not in factors (a combination names real factors${slot === 'option2' ? ' or LastName' : ''})`,
          );
        }
      });
    }
  });
  policy.stepUp.option3.forEach((kind, j) => {
    if (!factors.includes(kind)) problems.push(`/stepUp/option3/${j}: "${kind}" is not in factors`);
  });
  if (!(policy.stepUp.option3 as readonly string[]).includes(SSN_STEP_UP)) {
    problems.push(
      `/stepUp/option3: must include ${SSN_STEP_UP} (a debtor record that requires the SSN asks for it as option3)`,
    );
  }
  return problems;
}
