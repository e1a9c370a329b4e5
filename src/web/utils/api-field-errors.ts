import type { ExternalError } from '../../engine/form/SchemaForm';
import { isApiError } from '../lib/api';

interface ErrorBody {
  errors?: { path?: unknown; keyword?: unknown }[];
}

/**
 * The field errors of a failed form call (`{ errors: [{ path: '/phones/1', keyword }] }`) as the
 * form engine shows them (`{ field: 'phones.1', keyword }`); errors about the whole body are left
 * out. Empty for anything else.
 */
export function apiFieldErrors(error: unknown): ExternalError[] {
  if (!isApiError(error) || error.body === null || typeof error.body !== 'object') return [];
  const { errors } = error.body as ErrorBody;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item) => {
    if (typeof item.path !== 'string' || typeof item.keyword !== 'string') return [];
    const field = item.path.split('/').filter(Boolean).join('.');
    return field ? [{ field, keyword: item.keyword }] : [];
  });
}
