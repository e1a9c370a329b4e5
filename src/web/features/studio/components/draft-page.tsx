/**
 * A draft's editor, for its author while it is being edited or was returned: choose a file of the
 * published version, change it in the generic editor, save it (PUT /drafts/:id/file answers the
 * draft's checks, shown in place), and submit it for review once no check fails.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { queryClient } from '@/web/lib/query-client';
import { studioCall } from '../api/client';
import { invalidateStudio, useContent, useContentFile, useDraft } from '../api/queries';
import { choiceName, fieldName } from '@/domain/studio/names';
import type { DraftDetail, PublishedContent } from '../api/types';
import { useNamesCatalogue } from '../hooks/use-field-names';
import { useStudioSession } from '../hooks/use-studio-session';
import { fieldId, placeChecks, type Check } from '../utils/checks';
import { withValueAt, type PathStep } from '@/domain/studio/json-pointer';
import { walkLeaves } from '@/domain/studio/leaves';
import { CheckSummary, targetsOf } from './check-summary';
import { FileChooser } from './file-chooser';
import { useEditorContextValue } from '../hooks/use-editor-context';
import { EditorContextProvider } from './editor-context';
import { FileEditor } from './file-editor';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { LoadState, StudioError, StudioHeading, errorKey, spanishToReview } from './parts';
import { PreviewPanel } from './preview-panel';
import { TextSearch } from './text-search';
import { MessagePreviewLink } from '../messages/preview-link';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  heading: { margin: 0, overflowWrap: 'anywhere' },
  hint: { color: tokens.colorNeutralForeground2 },
  description: { color: tokens.colorNeutralForeground2, margin: 0 },
});

/** A draft its author may still change. */
const editable = (draft: DraftDetail): boolean =>
  draft.status === 'editing' || draft.status === 'returned';

export function DraftPage() {
  const { t } = useTranslation();
  const id = Number(useParams().draftId);
  const draft = useDraft(id);
  const content = useContent();
  const { staff } = useStudioSession();
  const title = draft.data?.title ?? t('studio.editor.title');
  if (draft.data && (!editable(draft.data) || draft.data.author?.id !== staff.id)) {
    return <Navigate to={`/studio/drafts/${id}/review`} replace />;
  }
  return (
    <>
      <StudioHeading title={title} description={t('studio.editor.description')} />
      <LoadState
        pending={draft.isPending || content.isPending}
        error={draft.error ?? content.error}
        onRetry={() => void Promise.all([draft.refetch(), content.refetch()])}
      />
      {draft.data && content.data && <DraftEditor draft={draft.data} content={content.data} />}
      {draft.data && <PreviewPanel draftId={id} />}
    </>
  );
}

/** Focuses the field at `pointer` (its English box for a text) once it is drawn; true when done. */
function focusAt(pointer: string): boolean {
  const box =
    document.getElementById(fieldId(pointer, 'en')) ?? document.getElementById(fieldId(pointer));
  const control = box?.matches('input, select, textarea, [role="textbox"]')
    ? box
    : box?.querySelector<HTMLElement>('input, select, textarea, [role="textbox"]');
  if (!control) return false;
  control.scrollIntoView({ block: 'center' });
  control.focus();
  return true;
}

function DraftEditor({ draft, content }: { draft: DraftDetail; content: PublishedContent }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const path = search.get('file') ?? undefined;
  const at = search.get('at') ?? undefined;
  const files = content.files.filter((file) => file.area === draft.area);
  const file = files.find((candidate) => candidate.path === path);
  const names = useNamesCatalogue(draft.baseVersion, draft.files);
  const base = useContentFile(path, draft.baseVersion);
  // Unsaved changes, by file: kept while another file is open.
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState<'save' | 'discard' | 'submit' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What the last save said, as a text key and its values (it follows the language).
  const [status, setStatus] = useState<{ key: string; count?: number } | null>(null);

  const saved =
    path !== undefined && Object.hasOwn(draft.files, path) ? draft.files[path] : base.data?.json;
  const working = path !== undefined && Object.hasOwn(edits, path) ? edits[path] : saved;
  const dirty = Object.keys(edits).length > 0;
  // A file that names no meta-schema still has its texts (and typed values) edited.
  const metaSchema = base.data ? (base.data.metaSchema ?? true) : undefined;
  // Each field named for people (flows/studio/); the name follows the value (a form's own label).
  const leaves = useMemo(
    () =>
      metaSchema !== undefined && working !== undefined && path !== undefined && names
        ? walkLeaves(working, metaSchema).map((leaf) => ({
            ...leaf,
            ...fieldName(names, path, working, leaf.path, language),
            ...(leaf.kind === 'string' &&
              leaf.options && {
                optionNames: leaf.options.map((option) => choiceName(names, option, language)),
              }),
          }))
        : [],
    [working, metaSchema, names, path, language],
  );
  // A text opened from the search: focused once its field is drawn.
  useEffect(() => {
    if (at !== undefined && leaves.length > 0 && focusAt(at))
      setSearch(path ? { file: path } : {}, { replace: true });
  }, [at, leaves, path, setSearch]);
  const nameOfFile = (file: string) =>
    content.files.find((candidate) => candidate.path === file)?.name ?? '';
  const whereOf = (check: Check) => {
    const leaf =
      check.path === path
        ? [...leaves].reverse().find((one) => check.pointer.startsWith(one.pointer))
        : undefined;
    return leaf?.name ?? nameOfFile(check.path);
  };
  const placed = useMemo(
    () => placeChecks(draft.checks, path, leaves),
    [draft.checks, path, leaves],
  );
  const targets = useMemo(() => targetsOf(placed.atField), [placed]);
  // The texts whose English is changed and not saved (flagged "Spanish needs review" at once).
  const englishUnsaved = useMemo(() => {
    if (metaSchema === undefined || saved === undefined || working === saved) return [];
    const before = new Map(
      walkLeaves(saved, metaSchema).flatMap((leaf) =>
        leaf.kind === 'text' ? [[leaf.pointer, leaf.value.en] as const] : [],
      ),
    );
    return leaves.flatMap((leaf) =>
      leaf.kind === 'text' && before.get(leaf.pointer) !== leaf.value.en ? [leaf.pointer] : [],
    );
  }, [leaves, saved, working, metaSchema]);
  const editorContext = useEditorContextValue(draft, path, edits, englishUnsaved);
  // The number of texts the confirmation names; 0 while it is closed.
  const [confirming, setConfirming] = useState(0);

  const change = useCallback(
    (at: readonly PathStep[], value: unknown) => {
      if (path === undefined) return;
      setEdits((before) => ({
        ...before,
        [path]: withValueAt(Object.hasOwn(before, path) ? before[path] : saved, at, value),
      }));
    },
    // Not the working copy: the handler stays the same while typing, so only the field typed in draws again.
    [path, saved],
  );

  // PUT and DELETE answer the whole draft, its checks with it.
  const keepDraft = (next: DraftDetail) =>
    queryClient.setQueryData<DraftDetail>(['studio', 'draft', draft.id], next);
  const forget = (file: string) =>
    setEdits((before) => Object.fromEntries(Object.entries(before).filter(([k]) => k !== file)));

  const save = () => {
    if (path === undefined) return;
    const json = working;
    setBusy('save');
    setError(null);
    studioCall<DraftDetail>('PUT', `/drafts/${draft.id}/file`, { body: { path, json } })
      .then((next) => {
        const { checks } = next;
        keepDraft(next);
        forget(path);
        setStatus(
          checks.length === 0
            ? { key: 'studio.editor.savedClean' }
            : { key: 'studio.editor.savedProblems', count: checks.length },
        );
        void invalidateStudio();
      })
      .catch((caught: unknown) => setError(errorKey(caught)))
      .finally(() => setBusy(null));
  };

  const discard = () => {
    if (path === undefined) return;
    setBusy('discard');
    setError(null);
    studioCall<DraftDetail>('DELETE', `/drafts/${draft.id}/file`, { query: { path } })
      .then((next) => {
        keepDraft(next);
        forget(path);
        setStatus({ key: 'studio.editor.discarded' });
        void invalidateStudio();
      })
      .catch((caught: unknown) => setError(errorKey(caught)))
      .finally(() => setBusy(null));
  };

  const submit = (confirmSpanishReview = false) => {
    // Texts whose Spanish needs review: the author confirms first (recorded in the audit log).
    if (draft.translations.length > 0 && !confirmSpanishReview) {
      setConfirming(draft.translations.length);
      return;
    }
    setConfirming(0);
    setBusy('submit');
    setError(null);
    studioCall('POST', `/drafts/${draft.id}/submit`, { body: { confirmSpanishReview } })
      .then(async () => {
        await invalidateStudio();
        navigate(`/studio/drafts/${draft.id}/review`);
      })
      .catch((caught: unknown) => {
        setBusy(null);
        void invalidateStudio();
        // The server knew of texts to review that this page did not (saved in another tab, or an
        // answer that came late): it asks the author, as it would have.
        const flagged = spanishToReview(caught);
        if (flagged > 0) setConfirming(flagged);
        else setError(errorKey(caught));
      });
  };

  const changedFiles = Object.keys(draft.files);
  const blocked = draft.checks.length > 0 || dirty || changedFiles.length === 0;
  const blockedKey =
    draft.checks.length > 0
      ? 'studio.editor.blockedChecks'
      : dirty
        ? 'studio.editor.blockedUnsaved'
        : 'studio.editor.blockedEmpty';

  return (
    <div className={styles.page}>
      {draft.status === 'returned' && draft.reviewComment && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t('studio.editor.returned', { comment: draft.reviewComment })}
          </MessageBarBody>
        </MessageBar>
      )}
      <CheckSummary
        checks={draft.checks}
        openFile={path}
        placed={targets}
        draftId={draft.id}
        whereOf={whereOf}
      />
      <TextSearch
        draftId={draft.id}
        onOpen={(result) => setSearch({ file: result.path, at: result.pointer })}
      />
      <FileChooser
        content={content}
        files={files}
        value={path}
        changed={changedFiles}
        unsaved={Object.keys(edits)}
        onChoose={(chosen) => setSearch(chosen ? { file: chosen } : {}, { replace: true })}
      />
      {path === undefined ? (
        <Body1 as="p">{t('studio.editor.noFile')}</Body1>
      ) : (
        <section aria-labelledby="studio-file-heading" className={styles.page}>
          <Title2 as="h2" id="studio-file-heading" className={styles.heading}>
            {file?.name}
          </Title2>
          {file && (
            <Body1 as="p" className={styles.description}>
              {file.description}
            </Body1>
          )}
          <MessagePreviewLink path={path} draftId={draft.id} unsaved={Object.hasOwn(edits, path)} />
          <LoadState
            pending={base.isPending || names === undefined}
            error={base.error}
            onRetry={() => void base.refetch()}
          />
          {base.data &&
            (leaves.length === 0 ? (
              <Body1 as="p">{t('studio.editor.nothingToEdit')}</Body1>
            ) : (
              <EditorContextProvider value={editorContext}>
                <FileEditor
                  json={working}
                  leaves={leaves}
                  checks={placed.atField}
                  onChange={change}
                />
              </EditorContextProvider>
            ))}
        </section>
      )}
      <div className={styles.bar}>
        {path !== undefined && (
          <Button
            appearance="primary"
            onClick={save}
            disabled={busy !== null || !Object.hasOwn(edits, path)}
            data-testid="studio-save"
          >
            {t('studio.editor.save')}
          </Button>
        )}
        {path !== undefined && changedFiles.includes(path) && (
          <Button onClick={discard} disabled={busy !== null}>
            {t('studio.editor.discard')}
          </Button>
        )}
        <Button
          onClick={() => submit()}
          disabled={busy !== null || blocked}
          aria-describedby={blocked ? 'studio-submit-hint' : undefined}
          data-testid="studio-submit"
        >
          {t('studio.editor.submit')}
        </Button>
        {blocked && (
          <Body1 id="studio-submit-hint" className={styles.hint}>
            {t(blockedKey)}
          </Body1>
        )}
        <Body1 role="status" className={styles.hint}>
          {status && t(status.key, { count: status.count })}
        </Body1>
      </div>
      <StudioError textKey={error} id="studio-editor-error" />
      {/* Texts whose Spanish needs review (issue 44, item 5): the author confirms (the server
          records the confirmation in the audit log) or goes back. */}
      <ConfirmDialog
        open={confirming > 0}
        testId="studio-submit-confirm"
        titleKey="studio.translations.confirmTitle"
        body={t('studio.translations.confirmBody', { count: confirming })}
        cancelKey="studio.translations.cancel"
        actionKey="studio.translations.confirm"
        onConfirm={() => submit(true)}
        onCancel={() => setConfirming(0)}
      />
    </div>
  );
}
