/**
 * Removes personal data from monitoring events before they leave the browser (spec §1: user input
 * masked). Request bodies, cookies and headers go; sensitive query parameters are filtered; paths
 * lose their identifiers; anything in free text that looks like an SSN, a date of birth, a card or
 * bank number, a phone number or an e-mail address is replaced. Pure, so it is unit tested.
 */

export const FILTERED = '[Filtered]';

/** Query parameters whose values never leave the browser (sign-in links carry the first three). */
const SENSITIVE_PARAMS = new Set([
  'accountnumber',
  'actionid',
  'idps',
  'letterid',
  'lettercode',
  'fundingid',
  'paymentid',
  'email',
  'phone',
  'ssn',
  'dob',
  'dateofbirth',
  'debtors',
]);

const PATTERNS: RegExp[] = [
  /[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g, // e-mail
  /\b\d{4}-\d{2}-\d{2}\b/g, // ISO date (date of birth)
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, // US date
  /\b\d{3}-\d{2}-\d{4}\b/g, // SSN
  /\b\d(?:[ -]?\d){8,18}\b/g, // 9 to 19 digits: SSN, phone, card, bank and routing numbers
  /\(\d{3}\)\s?\d{3}-\d{4}/g, // phone (555) 201-0001
];

/** Free text with personal-looking values replaced. */
export function scrubText(text: string): string {
  return PATTERNS.reduce((out, pattern) => out.replace(pattern, FILTERED), text);
}

/** Account numbers, letter and payment ids (API versions such as `v2` are not). */
const isIdentifier = (segment: string) => (segment.match(/\d/g)?.length ?? 0) >= 2;

/** A URL with sensitive query values filtered and identifier path segments replaced by :id. */
export function scrubUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return scrubText(url);
  }
  parsed.pathname = parsed.pathname
    .split('/')
    .map((segment) => (isIdentifier(segment) ? ':id' : segment))
    .join('/');
  for (const key of [...parsed.searchParams.keys()]) {
    if (SENSITIVE_PARAMS.has(key.toLowerCase())) parsed.searchParams.set(key, FILTERED);
    else parsed.searchParams.set(key, scrubText(parsed.searchParams.get(key) ?? ''));
  }
  parsed.hash = '';
  const relative = parsed.origin === 'http://relative.invalid';
  return relative ? `${parsed.pathname}${parsed.search}` : parsed.toString();
}

/** Every string inside plain data scrubbed (depth-limited; functions and class instances dropped). */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      SENSITIVE_PARAMS.has(key.toLowerCase()) ? FILTERED : scrubValue(item, depth + 1),
    ]),
  );
}

interface ScrubbableBreadcrumb {
  message?: string;
  data?: Record<string, unknown>;
}

interface ScrubbableEvent {
  message?: string;
  request?: {
    url?: string;
    data?: unknown;
    query_string?: unknown;
    cookies?: unknown;
    headers?: unknown;
    env?: unknown;
  };
  exception?: { values?: { value?: string }[] };
  breadcrumbs?: ScrubbableBreadcrumb[];
  user?: unknown;
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  transaction?: string;
  spans?: { description?: string; data?: Record<string, unknown> }[];
}

/** Span names such as `GET /api/v2/Account/Detailed?accountNumber=…`: each URL-like word scrubbed. */
function scrubDescription(text: string): string {
  return text
    .split(' ')
    .map((word) => (/^(\/|https?:)/.test(word) ? scrubUrl(word) : scrubText(word)))
    .join(' ');
}

function scrubBreadcrumb<B extends ScrubbableBreadcrumb>(crumb: B): B {
  const out = { ...crumb };
  if (out.message) out.message = scrubText(out.message);
  if (out.data) {
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(out.data)) {
      if (['body', 'request_body', 'response_body', 'input', 'value'].includes(key)) continue;
      data[key] =
        typeof value === 'string' && /^(\/|https?:|\?)/.test(value)
          ? scrubUrl(value)
          : scrubValue(value);
    }
    out.data = data;
  }
  return out;
}

/** A monitoring event (error or transaction) with nothing personal left in it. */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  const out = { ...event };
  if (out.request) {
    const { url } = out.request;
    out.request = url ? { url: scrubUrl(url) } : {};
  }
  if (out.message) out.message = scrubText(out.message);
  if (out.transaction) out.transaction = scrubDescription(out.transaction);
  if (out.spans) {
    out.spans = out.spans.map((span) => ({
      ...span,
      ...(span.description ? { description: scrubDescription(span.description) } : {}),
      ...(span.data ? { data: scrubBreadcrumb({ data: span.data }).data } : {}),
    }));
  }
  if (out.exception?.values) {
    out.exception = {
      ...out.exception,
      values: out.exception.values.map((value) =>
        value.value ? { ...value, value: scrubText(value.value) } : value,
      ),
    };
  }
  if (out.breadcrumbs) out.breadcrumbs = out.breadcrumbs.map(scrubBreadcrumb);
  delete out.user;
  if (out.extra) out.extra = scrubValue(out.extra) as Record<string, unknown>;
  if (out.contexts) out.contexts = scrubValue(out.contexts) as Record<string, unknown>;
  if (out.tags) out.tags = scrubValue(out.tags) as Record<string, unknown>;
  return out;
}

/** The same for one breadcrumb as it is recorded (Sentry's beforeBreadcrumb). */
export { scrubBreadcrumb };
