/**
 * The names for people of a file's values (issue 44): the catalogue of flows/studio/ as the draft
 * has it (its base version's files, with the draft's own over them), so a name the draft changes
 * shows at once. Undefined until every catalogue file is read.
 */
import { useMemo } from 'react';
import { readNames, type Names } from '@/domain/studio/names';
import { useQueries } from '@/web/lib/query-client';
import { studioCall } from '../api/client';
import { useContent } from '../api/queries';
import type { ContentFile } from '../api/types';

export function useNamesCatalogue(
  version: number | undefined,
  draftFiles: Readonly<Record<string, unknown>>,
): Names | undefined {
  const content = useContent();
  const paths = (content.data?.files ?? [])
    .map((file) => file.path)
    .filter((path) => path.startsWith('studio/'));
  const files = useQueries({
    queries: paths.map((path) => ({
      queryKey: ['studio', 'file', path, version],
      queryFn: () => studioCall<ContentFile>('GET', '/content/file', { query: { path, version } }),
      enabled: version !== undefined,
      staleTime: Infinity,
    })),
  });
  const jsons = paths.map((path, index) =>
    Object.hasOwn(draftFiles, path) ? draftFiles[path] : files[index]?.data?.json,
  );
  const ready = content.data !== undefined && jsons.every((json) => json !== undefined);
  const key = ready ? JSON.stringify(jsons) : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the catalogue's content is the key
  return useMemo(() => (ready ? readNames(jsons) : undefined), [key]);
}
