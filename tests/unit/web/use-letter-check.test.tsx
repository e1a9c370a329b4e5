// @vitest-environment jsdom
/**
 * The offer-code check the verify-letter page and the letter dialog share (issue 23): a code that
 * cannot be one is turned down without asking the server; a letter found opens its session and
 * gives the options page's path (to `opened` before the check stops being busy); a letter not
 * found is tracked and says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';

const verifyLetter = vi.fn();
const establishLetterSession = vi.fn();
const track = vi.fn();
vi.mock('../../../src/web/features/verify-letter/api/verify-letter', () => ({ verifyLetter }));
vi.mock('../../../src/web/api/establish-session', () => ({ establishLetterSession }));
vi.mock('../../../src/web/lib/analytics', () => ({ track, trackSignedIn: vi.fn() }));

const { useLetterCheck, LetterNotFound } =
  await import('../../../src/web/features/verify-letter/hooks/use-letter-check');

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('useLetterCheck', () => {
  it('turns down a code that cannot be an offer code without asking the server', async () => {
    const { result } = renderHook(() => useLetterCheck('notFound'));
    await act(() =>
      expect(result.current.check('LU1-10001')).rejects.toBeInstanceOf(LetterNotFound),
    );
    expect(result.current.errorKey).toBe('notFound');
    expect(verifyLetter).not.toHaveBeenCalled();
    expect(track).toHaveBeenCalledWith('letter_verification_failed', { reason: 'invalid_code' });
  });

  it("opens the letter's session and gives its options page, busy until `opened` is done", async () => {
    verifyLetter.mockResolvedValue({ accessToken: 'a', refreshToken: 'r' });
    const { result } = renderHook(() => useLetterCheck('notFound'));
    let leave = () => {};
    let openedWith = '';
    let checked: Promise<string> = Promise.resolve('');
    await act(async () => {
      checked = result.current.check(' lu1.10001.57 ', (to) => {
        openedWith = to;
        return new Promise<void>((resolve) => (leave = resolve));
      });
      await Promise.resolve();
    });
    // The page is still on its way to the options: the check is busy.
    expect(openedWith).toBe('/letter-option/LU1.10001/57');
    expect(result.current.busy).toBe(true);
    let path = '';
    await act(async () => {
      leave();
      path = await checked;
    });
    expect(verifyLetter).toHaveBeenCalledWith({ accountNumber: 'LU1.10001', letterId: 57 });
    expect(establishLetterSession).toHaveBeenCalledTimes(1);
    expect(path).toBe('/letter-option/LU1.10001/57');
    expect(result.current.busy).toBe(false);
    expect(result.current.errorKey).toBeNull();
    expect(track).toHaveBeenCalledWith('letter_verified', {});
  });

  it('says a letter the server does not know was not found, and tracks it', async () => {
    verifyLetter.mockRejectedValue(new Error('404'));
    const { result } = renderHook(() => useLetterCheck('notFound'));
    await act(() =>
      expect(result.current.check('LU1.99999.1')).rejects.toBeInstanceOf(LetterNotFound),
    );
    expect(result.current.errorKey).toBe('notFound');
    expect(result.current.busy).toBe(false);
    expect(track).toHaveBeenCalledWith('letter_verification_failed', { reason: 'not_found' });
    act(() => result.current.clearError());
    expect(result.current.errorKey).toBeNull();
  });
});
