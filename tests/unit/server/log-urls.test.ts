import { describe, expect, it } from 'vitest';
import { loggableUrl } from '../../../src/server/http/log-urls';

describe('loggableUrl', () => {
  it('replaces the letter id of every query string, whatever the name’s case or escape', () => {
    expect(loggableUrl('/api/v2/Account/Letter?accountNumber=LU1.10001&letterId=57')).toBe(
      '/api/v2/Account/Letter?accountNumber=LU1.10001&letterId=[redacted]',
    );
    expect(loggableUrl('/api/Account/Letter?LETTERID=57&accountNumber=LU1.10001')).toBe(
      '/api/Account/Letter?LETTERID=[redacted]&accountNumber=LU1.10001',
    );
    expect(loggableUrl('/x?%6CetterId=57&letterId=58&letterid')).toBe(
      '/x?%6CetterId=[redacted]&letterId=[redacted]&letterid=[redacted]',
    );
  });

  it('replaces the letter segment of a letter-option page, and nothing else', () => {
    expect(loggableUrl('/letter-option/LU1.10001/57')).toBe('/letter-option/LU1.10001/[redacted]');
    expect(loggableUrl('/letter-option/LU1.10001/57/?lang=es#top')).toBe(
      '/letter-option/LU1.10001/[redacted]/?lang=es',
    );
    expect(loggableUrl('/accounts/LU1.10001?x=%E0%A4%A')).toBe('/accounts/LU1.10001?x=%E0%A4%A');
    expect(loggableUrl('/dashboard')).toBe('/dashboard');
  });
});
