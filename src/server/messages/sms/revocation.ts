/**
 * Whether an inbound text reply revokes consent to texts (TCPA, 47 CFR 64.1200(a)(10)-(12), FCC
 * 24-18: any reasonable means, in any language). The words are data, flows/policies/
 * sms-revocation.json; the rule:
 *
 * 1. The reply is normalized: lower case, accents dropped (NFD), every run of anything but a
 *    letter or digit one space, apostrophes removed (`don't` → `dont`).
 * 2. It revokes when it contains a phrase of either language anywhere, as whole words ("please
 *    stop texting me", "dejen de escribirme", "unsubscribe me").
 * 3. It revokes when it starts with a leading word (the strongest keywords: STOP, unsubscribe,
 *    revoke, opt out, basta, parar, alto), whatever follows ("STOP I already paid"): a reply that
 *    opens with STOP is read as one, as carriers and people use it.
 * 4. It revokes when, after taking out every keyword of either language (as whole words, a
 *    multi-word keyword as words in a row), at least one keyword was there and every word left is
 *    a filler ("STOP.", "Stop please", "no mas por favor", "basta ya", "STOP STOP").
 *
 * A keyword within an ordinary sentence does not revoke ("I can't stop paying", "when does it
 * end?", "ya no puedo pagar"): a reply may be a question about the debt, and the keyword lists
 * stay short words that carriers and people use to stop texts. Where a reply is unclear, the
 * phrases lean to honouring (a "wrong number" reply stops texts to that number). Both languages
 * are always read: a debtor may answer in either.
 */
import policyFile from '../../../../flows/policies/sms-revocation.json';

interface LanguageWords {
  keywords: readonly string[];
  leading: readonly string[];
  fillers: readonly string[];
  phrases: readonly string[];
}

export interface RevocationPolicy {
  english: LanguageWords;
  spanish: LanguageWords;
  confirmation: { en: string; es: string };
}

/** The shipped flows/policies/sms-revocation.json. */
export const SHIPPED_REVOCATION_POLICY: RevocationPolicy = policyFile;

/** Lower case, no accents, words separated by one space (apostrophes joined: dont). */
export function normalizeReply(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Compiled {
  phrases: RegExp | null;
  keywords: RegExp | null;
  leading: RegExp | null;
  fillers: ReadonlySet<string>;
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One regular expression matching any of `entries` as whole words (longest first). */
function anyOf(entries: readonly string[]): RegExp | null {
  const words = [...new Set(entries.map(normalizeReply).filter((w) => w.length > 0))];
  if (words.length === 0) return null;
  words.sort((a, b) => b.length - a.length);
  return new RegExp(`(?:^| )(?:${words.map(escape).join('|')})(?= |$)`, 'g');
}

const compiledCache = new WeakMap<RevocationPolicy, Compiled>();

function compile(policy: RevocationPolicy): Compiled {
  let compiled = compiledCache.get(policy);
  if (!compiled) {
    const both = [policy.english, policy.spanish];
    compiled = {
      phrases: anyOf(both.flatMap((l) => l.phrases)),
      keywords: anyOf(both.flatMap((l) => l.keywords)),
      leading: anyOf(both.flatMap((l) => l.leading)),
      fillers: new Set(both.flatMap((l) => l.fillers.map(normalizeReply))),
    };
    compiledCache.set(policy, compiled);
  }
  return compiled;
}

/** Whether a reasonable person reads `text` as "stop texting me" (the rule above). */
export function isRevocation(
  text: string,
  policy: RevocationPolicy = SHIPPED_REVOCATION_POLICY,
): boolean {
  const reply = normalizeReply(text);
  if (reply.length === 0) return false;
  const { phrases, keywords, leading, fillers } = compile(policy);
  if (phrases && new RegExp(phrases.source).test(reply)) return true;
  if (leading && new RegExp(leading.source).exec(reply)?.index === 0) return true;
  if (!keywords) return false;
  let found = false;
  // A keyword match takes its leading space; what is left is split on spaces.
  const rest = reply.replace(new RegExp(keywords.source, 'g'), () => {
    found = true;
    return ' ';
  });
  if (!found) return false;
  return rest
    .split(' ')
    .filter((w) => w.length > 0)
    .every((w) => fillers.has(w));
}
