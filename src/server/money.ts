/**
 * Cents <-> dollars at the API edge. Kept private to the server until src/domain offers the same.
 */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function toDollarsOrNull(cents: number | null | undefined): number | null {
  return cents == null ? null : toDollars(cents);
}

/** Dollars (at most 2 decimals) to integer cents; null when the amount has more than 2 decimals. */
export function toCents(dollars: number): number | null {
  const cents = Math.round(dollars * 100);
  return Math.abs(cents - dollars * 100) < 1e-6 ? cents : null;
}
