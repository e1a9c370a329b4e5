import { describe, expect, it } from 'vitest';
import { FILTERED, scrubEvent, scrubText, scrubUrl } from '../../../src/web/lib/scrub';

describe('monitoring scrubber', () => {
  it('replaces SSN, dates of birth, card, bank and phone numbers and e-mail addresses', () => {
    expect(scrubText('ssn 123-45-6789 dob 1980-01-15 or 01/15/1980')).toBe(
      `ssn ${FILTERED} dob ${FILTERED} or ${FILTERED}`,
    );
    expect(scrubText('card 4111 1111 1111 1111, routing 021000021')).toBe(
      `card ${FILTERED}, routing ${FILTERED}`,
    );
    expect(scrubText('call 555-201-0001 or (555) 201-0001, mail maria@example.com')).toBe(
      `call ${FILTERED} or ${FILTERED}, mail ${FILTERED}`,
    );
    expect(scrubText('Error 404 in step 3')).toBe('Error 404 in step 3');
  });

  it('filters account numbers and sign-in link parameters from URLs and paths', () => {
    expect(scrubUrl('/api/v2/Account/Detailed?accountNumber=LU1.10001&summaryOnly=true')).toBe(
      '/api/v2/Account/Detailed?accountNumber=%5BFiltered%5D&summaryOnly=true',
    );
    expect(scrubUrl('https://portal.example/accounts/LU1.10001/dispute?actionID=x#top')).toBe(
      'https://portal.example/accounts/:id/dispute?actionID=%5BFiltered%5D',
    );
  });

  it('drops request bodies, headers, cookies and the user from events', () => {
    const event = scrubEvent({
      message: 'failed for 123-45-6789',
      request: {
        url: '/login?accountNumber=LU1.10001',
        data: { ssn: '1234' },
        headers: { Authorization: 'Bearer x' },
        cookies: { a: 'b' },
      },
      user: { email: 'maria@example.com' },
      exception: { values: [{ type: 'Error', value: 'card 4111111111111111 declined' }] },
      breadcrumbs: [
        { category: 'fetch', data: { url: '/api/x?accountNumber=LU1.1', body: '{"ssn":"1234"}' } },
        { category: 'ui.input', message: 'input maria@example.com' },
      ],
      extra: { debtor: { email: 'maria@example.com', phone: '5552010001' } },
    });
    expect(event.request).toEqual({ url: '/login?accountNumber=%5BFiltered%5D' });
    expect(event.user).toBeUndefined();
    expect(event.message).toBe(`failed for ${FILTERED}`);
    expect(event.exception?.values?.[0]?.value).toBe(`card ${FILTERED} declined`);
    expect(event.breadcrumbs?.[0]?.data).toEqual({ url: '/api/x?accountNumber=%5BFiltered%5D' });
    expect(event.breadcrumbs?.[1]?.message).toBe(`input ${FILTERED}`);
    expect(event.extra).toEqual({ debtor: { email: FILTERED, phone: FILTERED } });
  });
});
