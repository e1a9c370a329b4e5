import { DISPUTE_REASONS } from '../../domain/dispute';
import { useMutation, useQueryClient } from '../lib/query-client';
import { apiResponse } from '../lib/api';
import { track } from '../lib/analytics';
import { keepDocument, type KeptDocument } from '../lib/documents';

/** The dispute form's data (flows/forms/dispute.json), accountNumber included. */
export type DisputeData = Record<string, unknown>;

export interface DisputeResult {
  /** The dispute's confirmation code (also printed on the PDF the call answers). */
  confirmation: string | null;
  /** The PDF confirmation, kept for download on the account page. */
  document: KeptDocument | null;
}

/** The file name of a Content-Disposition header (`attachment; filename="x.pdf"`). */
export function attachmentName(disposition: string | null): string | null {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match ? match[1]! : null;
}

/**
 * Account/SubmitDispute answers the PDF confirmation, with its code in `X-Confirmation-Code`. The
 * file is kept (per account) so the account page can offer it for download.
 */
export async function submitDispute(data: DisputeData): Promise<DisputeResult> {
  const response = await apiResponse('/api/v2/Account/SubmitDispute', {
    body: data,
    accept: 'application/pdf, application/json',
  });
  const confirmation = response?.headers.get('x-confirmation-code') ?? null;
  let document: KeptDocument | null = null;
  if (response?.headers.get('content-type')?.startsWith('application/pdf')) {
    const blob = await response.blob();
    const fileName =
      attachmentName(response.headers.get('content-disposition')) ??
      `dispute-${confirmation ?? 'confirmation'}.pdf`;
    document = keepDocument(`dispute:${String(data.accountNumber)}`, {
      blob,
      fileName,
      confirmation,
    });
  }
  return { confirmation, document };
}

export function useSubmitDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDispute,
    onSuccess: (_result, data) => {
      track('dispute_submitted', {
        reasons: DISPUTE_REASONS.filter((reason) => data[reason]).length,
      });
      return queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}
