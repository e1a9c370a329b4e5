import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { currentLanguage } from '../lib/i18n';
import { accessToken, sessionId } from '../lib/session';

/** The dispute form's data (flows/forms/dispute.json), accountNumber included. */
export type DisputeData = Record<string, unknown>;

export interface DisputeResult {
  /** The dispute's confirmation code (also printed on the PDF the call answers). */
  confirmation: string | null;
}

/**
 * Account/SubmitDispute answers a PDF confirmation, with its code in `X-Confirmation-Code`: read
 * here with fetch, since apiRequest reads answers as JSON or text.
 */
export async function submitDispute(data: DisputeData): Promise<DisputeResult> {
  const token = accessToken();
  const response = await fetch('/api/v2/Account/SubmitDispute', {
    method: 'POST',
    headers: {
      Accept: 'application/pdf, application/json',
      'Accept-Language': currentLanguage(),
      'Content-Type': 'application/json',
      'X-Session-Id': sessionId(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(data),
  });
  if (response.status !== 200) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    throw new ApiError(response.status, body);
  }
  return { confirmation: response.headers.get('x-confirmation-code') };
}

export function useSubmitDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDispute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
