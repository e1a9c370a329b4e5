/** The studio's reads, through the app's query client (keys under `studio`, dropped at sign-out). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient, useQuery } from '@/web/lib/query-client';
import { studioCall } from './client';
import type {
  AuditEntry,
  AuditFilters,
  ContentFile,
  DraftDetail,
  DraftReview,
  DraftSummary,
  Evidence,
  FlaggedTranslations,
  PublishedContent,
  StaffGrant,
  StaffRecord,
  VersionEntry,
} from './types';

const fresh = { staleTime: 0, refetchOnMount: 'always' as const };

export function useContent() {
  return useQuery({
    queryKey: ['studio', 'content'],
    queryFn: () => studioCall<PublishedContent>('GET', '/content'),
    ...fresh,
  });
}

export function useContentFile(path: string | undefined, version: number | undefined) {
  return useQuery({
    queryKey: ['studio', 'file', path, version],
    queryFn: () => studioCall<ContentFile>('GET', '/content/file', { query: { path, version } }),
    enabled: path !== undefined && version !== undefined,
    // A published version never changes.
    staleTime: Infinity,
  });
}

export function useVersions() {
  return useQuery({
    queryKey: ['studio', 'versions'],
    queryFn: () => studioCall<VersionEntry[]>('GET', '/versions'),
    ...fresh,
  });
}

export function useDrafts() {
  return useQuery({
    queryKey: ['studio', 'drafts'],
    queryFn: () => studioCall<DraftSummary[]>('GET', '/drafts'),
    ...fresh,
  });
}

export function useDraft(id: number) {
  return useQuery({
    queryKey: ['studio', 'draft', id],
    queryFn: () => studioCall<DraftDetail>('GET', `/drafts/${id}`),
    ...fresh,
  });
}

export function useReview(id: number) {
  return useQuery({
    queryKey: ['studio', 'review', id],
    queryFn: () => studioCall<DraftReview>('GET', `/drafts/${id}/review`),
    ...fresh,
  });
}

export function useTranslations() {
  return useQuery({
    queryKey: ['studio', 'translations'],
    queryFn: () => studioCall<FlaggedTranslations>('GET', '/translations'),
    ...fresh,
  });
}

export function useEvidence(confirmation: string | undefined) {
  return useQuery({
    queryKey: ['studio', 'evidence', confirmation],
    queryFn: () =>
      studioCall<Evidence>('GET', `/evidence/${encodeURIComponent(confirmation ?? '')}`),
    enabled: confirmation !== undefined,
  });
}

export function useAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: ['studio', 'audit', filters],
    queryFn: () => studioCall<AuditEntry[]>('GET', '/audit', { query: { ...filters } }),
    ...fresh,
  });
}

export function useStaff() {
  return useQuery({
    queryKey: ['studio', 'staff'],
    queryFn: () => studioCall<StaffRecord[]>('GET', '/staff'),
    ...fresh,
  });
}

/** Roles waiting for a second admin (admins). */
export function useStaffGrants() {
  return useQuery({
    queryKey: ['studio', 'staff-grants'],
    queryFn: () => studioCall<StaffGrant[]>('GET', '/staff/grants'),
    ...fresh,
  });
}

/** After a change: every studio list and draft is read again when next shown. */
export function invalidateStudio(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['studio'] });
}

/**
 * What the server words (a draft's checks) is in the language of the call: when the member
 * switches the language, the screen's reads are made again in the new one.
 */
export function useReadsFollowLanguage(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const follow = () => void invalidateStudio();
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n]);
}
