/**
 * Staff accounts (admins): the list (name, email, role, added, active or disabled), disabling a
 * member after a confirmation (their sessions end at once; an admin cannot disable themselves),
 * and a new member (the engine form flows/forms/studio-staff-create.json). A new member's TOTP
 * secret is shown once, as the setup key and the otpauth link to copy, with what to do with it;
 * it is never asked for again (the server keeps it encrypted and never answers it twice).
 */
import { useState } from 'react';
import {
  Body1,
  Button,
  Field,
  Textarea,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as createModule from '@/generated/validators/studio-staff-create';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { DataTable, type Column } from '@/web/components/data-table';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { isApiError } from '@/web/lib/api';
import { portalConfig } from '@/web/lib/config';
import { studioCall } from '../api/client';
import { invalidateStudio, useStaff } from '../api/queries';
import type { StaffCreated, StaffRecord } from '../api/types';
import { managesStaff, useStudioSession } from '../hooks/use-studio-session';
import { formatWhen } from '../utils/format';
import { LoadState, StudioError, StudioHeading, errorKey } from './parts';

const FORM = 'studio-staff-create';
const createForm = loadPrecompiled(createModule);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { maxWidth: '640px' },
  heading: { margin: 0 },
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere', display: 'block', minWidth: '8em' },
  secret: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // On a phone the Copy button goes under its field, so neither leaves the page.
  copyRow: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
  },
  copyField: { flexGrow: 1, flexBasis: '16em', minWidth: 0 },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

/** A read-only value with a Copy button that says when it copied. */
function CopyField({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.copyRow}>
      <Field
        label={label}
        className={styles.copyField}
        hint={copied ? t('studio.staff.copied') : undefined}
      >
        {/* A text area, so the whole key wraps and shows at 375 px too (an input cut it off). */}
        <Textarea
          readOnly
          resize="none"
          rows={Math.max(1, Math.ceil(value.length / 28))}
          value={value}
          textarea={{ className: styles.mono }}
          onFocus={(event) => event.target.select()}
        />
      </Field>
      <Button
        aria-label={copyLabel}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {t('studio.staff.copy')}
      </Button>
    </div>
  );
}

/** The new member's secret, shown once, with what to do with it. */
function NewSecret({ created, onDone }: { created: StaffCreated; onDone: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const name = created.staff.name;
  const key = new URL(created.otpauthUri).searchParams.get('secret') ?? '';
  return (
    <MessageBar intent="success" layout="multiline" data-testid="studio-staff-secret">
      <MessageBarBody className={styles.secret}>
        <MessageBarTitle>{t('studio.staff.created_title', { name })}</MessageBarTitle>
        <Body1 as="p">{t('studio.staff.secretOnce', { name })}</Body1>
        <CopyField
          label={t('studio.staff.secretKey')}
          value={key}
          copyLabel={t('studio.staff.copyKey')}
        />
        <CopyField
          label={t('studio.staff.setupLink')}
          value={created.otpauthUri}
          copyLabel={t('studio.staff.copyLink')}
        />
        <div>
          <Button appearance="primary" onClick={onDone}>
            {t('studio.staff.done')}
          </Button>
        </div>
      </MessageBarBody>
    </MessageBar>
  );
}

function NewMember({ onCreated }: { onCreated: (created: StaffCreated) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new form after each member, so nothing typed (the password) stays in it.
  const [round, setRound] = useState(0);
  const flow = portalConfig().forms[FORM];
  if (!flow) throw new Error(`flows/forms/${FORM}.json is missing`);
  const create = (data: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    studioCall<StaffCreated>('POST', '/staff', { body: data })
      .then(async (created) => {
        await invalidateStudio();
        setBusy(false);
        setRound((n) => n + 1);
        onCreated(created);
      })
      .catch((caught: unknown) => {
        const status = isApiError(caught) ? caught.status : 0;
        setError(
          status === 409
            ? 'studio.staff.emailTaken'
            : status === 400
              ? 'studio.staff.weakPassword'
              : errorKey(caught),
        );
        setBusy(false);
      });
  };
  return (
    <section aria-labelledby="studio-staff-add" className={styles.section}>
      <Title2 as="h2" id="studio-staff-add" className={styles.heading}>
        {t('studio.staff.add')}
      </Title2>
      <Panel className={styles.form}>
        <SchemaForm
          key={round}
          id={FORM}
          flow={flow}
          schema={createForm.schema}
          validator={createForm.validator}
          busy={busy}
          onSubmit={create}
        >
          <StudioError textKey={error} id="studio-staff-create-error" />
        </SchemaForm>
      </Panel>
    </section>
  );
}

export function StaffPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { staff: me, role } = useStudioSession();
  const staff = useStaff();
  const [created, setCreated] = useState<StaffCreated | null>(null);
  const [disabling, setDisabling] = useState<StaffRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!managesStaff(role)) return <Navigate to="/studio" replace />;
  const timeZone = portalConfig().calendar?.timeZone;

  const disable = (member: StaffRecord) => {
    setBusy(true);
    setError(null);
    studioCall<StaffRecord>('POST', `/staff/${member.id}/disable`, { body: {} })
      .then(async () => {
        await invalidateStudio();
        setDone(t('studio.staff.disabled', { name: member.name }));
      })
      .catch((caught: unknown) => setError(errorKey(caught)))
      .finally(() => {
        setBusy(false);
        setDisabling(null);
      });
  };

  const columns: Column<StaffRecord>[] = [
    {
      key: 'name',
      header: t('studio.staff.name'),
      cell: (row) => (
        <span className={styles.wrap}>
          {row.id === me.id ? t('studio.staff.you', { name: row.name }) : row.name}
        </span>
      ),
    },
    {
      key: 'email',
      header: t('studio.staff.email'),
      cell: (row) => <span className={styles.wrap}>{row.email}</span>,
    },
    { key: 'role', header: t('studio.staff.role'), cell: (row) => t(`studio.roles.${row.role}`) },
    {
      key: 'created',
      header: t('studio.staff.created'),
      cell: (row) => formatWhen(row.createdAt, language, timeZone),
    },
    {
      key: 'status',
      header: t('studio.staff.status'),
      cell: (row) =>
        row.disabledAt
          ? t('studio.staff.disabledOn', { when: formatWhen(row.disabledAt, language, timeZone) })
          : t('studio.staff.active'),
    },
    {
      key: 'actions',
      header: t('studio.staff.disable'),
      isEmpty: (row) => row.disabledAt !== null || row.id === me.id,
      cell: (row) =>
        row.disabledAt !== null || row.id === me.id ? null : (
          <Button
            size="small"
            aria-label={t('studio.staff.disableLabel', { name: row.name })}
            onClick={() => {
              setDone(null);
              setDisabling(row);
            }}
          >
            {t('studio.staff.disable')}
          </Button>
        ),
    },
  ];

  return (
    <div className={styles.page}>
      <StudioHeading title={t('studio.staff.title')} description={t('studio.staff.description')} />
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      <div role="status">{done && <Body1 as="p">{done}</Body1>}</div>
      <StudioError textKey={error} id="studio-staff-error" />
      <LoadState
        pending={staff.isPending}
        error={staff.error}
        onRetry={() => void staff.refetch()}
      />
      {staff.data && (
        <DataTable
          label={t('studio.staff.table')}
          columns={columns}
          rows={staff.data}
          rowKey={(row) => row.id}
          testId="studio-staff-table"
        />
      )}
      <NewMember
        onCreated={(made) => {
          setDone(null);
          setCreated(made);
          window.scrollTo({ top: 0 });
        }}
      />
      <ConfirmDialog
        open={disabling !== null}
        testId="studio-staff-disable"
        titleKey="studio.staff.confirmTitle"
        body={
          disabling
            ? t('studio.staff.confirmBody', { name: disabling.name, email: disabling.email })
            : ''
        }
        cancelKey="studio.staff.cancel"
        actionKey="studio.staff.disable"
        busy={busy}
        destructive
        onConfirm={() => disabling && disable(disabling)}
        onCancel={() => setDisabling(null)}
      />
    </div>
  );
}
