import type { Debtor } from '../../domain/types';

export type DebtorName =
  | { kind: 'person'; firstName: string; lastName: string }
  | { kind: 'business'; businessName: string };

/** A debtor with no first name is a business (spec §3): its name is the business name. */
export function debtorName(
  debtor: Pick<Debtor, 'firstName' | 'lastName' | 'businessName'>,
): DebtorName {
  const firstName = debtor.firstName?.trim();
  if (firstName) return { kind: 'person', firstName, lastName: debtor.lastName?.trim() ?? '' };
  return { kind: 'business', businessName: (debtor.businessName || debtor.lastName || '').trim() };
}

/** "Maria Garcia" or "Acme Supply LLC". */
export function debtorFullName(
  debtor: Pick<Debtor, 'firstName' | 'lastName' | 'businessName'>,
): string {
  const name = debtorName(debtor);
  return name.kind === 'person' ? `${name.firstName} ${name.lastName}`.trim() : name.businessName;
}
