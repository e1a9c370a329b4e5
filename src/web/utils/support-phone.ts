import { formatPhone } from '../../engine/form/theme/format';

/** The phone to call about an account: its own, else its client's, else the default; as 800-555-0100. */
export function supportPhone(
  accountPhone: string | null | undefined,
  clientPhone: string | null | undefined,
  defaultPhone: string,
): string {
  const phone = [accountPhone, clientPhone].find((value) => value && value.trim() !== '');
  return phone ? formatPhone(phone) : defaultPhone;
}
