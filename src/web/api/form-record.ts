import type { FormRecord } from '../../generated/types/api/form-record';
import { useMutation } from '../lib/query-client';
import { apiRequest } from '../lib/api';

/**
 * Forms/Record (v2): the data of a form that its page only records (flows/pages, submit call
 * recordForm); the server validates it as the form and keeps it. The answer carries the
 * confirmation code.
 */
export async function recordForm(form: string, data: Record<string, unknown>): Promise<FormRecord> {
  const record = await apiRequest<FormRecord | null>('/api/v2/Forms/Record', {
    body: { form, data },
  });
  if (!record?.confirmation) throw new Error('Form not recorded');
  return record;
}

export function useRecordForm(form: string) {
  return useMutation({
    mutationFn: (data: Record<string, unknown>) => recordForm(form, data),
  });
}
