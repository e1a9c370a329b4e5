/**
 * Staff accounts (admins): the list (name, email, role or the role waiting for a second admin,
 * added, invited, active or disabled), disabling a member after a confirmation (their sessions
 * end at once; an admin cannot disable themselves), a new invitation link for a member who has not
 * set up their account, the roles waiting for approval (staff-grants.tsx), and a new member (the
 * engine form flows/forms/studio-staff-create.json: no password). The answer's one-time
 * invitation link is shown once, to copy and pass on privately (issue 39): the member chooses
 * their own password and authenticator with it, and the admin never sees either.
 */
import { useState } from 'react';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
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
import type { StaffCreated, StaffRecord, StaffRole } from '../api/types';
import { managesStaff, useStudioSession } from '../hooks/use-studio-session';
import { formatWhen } from '../utils/format';
import { CopyField } from './copy-field';
import { LoadState, StudioError, StudioHeading, errorKey } from './parts';
import { StaffGrants } from './staff-grants';

const FORM = 'studio-staff-create';
const createForm = loadPrecompiled(createModule);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { maxWidth: '640px' },
  heading: { margin: 0 },
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere', display: 'block', minWidth: '8em' },
  secret: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** The invitation link, shown once, with what to do with it. */
function NewInvitation({ created, onDone }: { created: StaffCreated; onDone: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { name, pendingRole } = created.staff;
  return (
    <MessageBar intent="success" layout="multiline" data-testid="studio-staff-invitation">
      <MessageBarBody className={styles.secret}>
        <MessageBarTitle>{t('studio.staff.invitedTitle', { name })}</MessageBarTitle>
        <Body1 as="p">{t('studio.staff.invitationOnce', { name })}</Body1>
        {pendingRole && (
          <Body1 as="p">
            {t('studio.staff.invitationWaits', { name, role: t(`studio.roles.${pendingRole}`) })}
          </Body1>
        )}
        <CopyField
          label={t('studio.staff.invitationLink')}
          value={created.invitation.url}
          copyLabel={t('studio.staff.copyInvitation')}
          testId="studio-invitation-link"
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
  // A new form after each member, so nothing typed stays in it.
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
        setError(status === 409 ? 'studio.staff.emailTaken' : errorKey(caught));
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
  const [changing, setChanging] = useState<StaffRecord | null>(null);
  const [newRole, setNewRole] = useState<StaffRole>('editor');
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

  // A new role: editor and client manager at once, approver and admin once a second admin approves.
  const changeRole = (member: StaffRecord, role: StaffRole) => {
    setBusy(true);
    setError(null);
    studioCall<StaffRecord>('POST', `/staff/${member.id}/role`, { body: { role } })
      .then(async (saved) => {
        await invalidateStudio();
        const name = member.name;
        const roleName = t(`studio.roles.${role}`);
        setDone(
          saved.pendingRole
            ? t('studio.staff.roleAsked', { name, role: roleName })
            : t('studio.staff.roleChanged', { name, role: roleName }),
        );
      })
      .catch((caught: unknown) => setError(errorKey(caught)))
      .finally(() => {
        setBusy(false);
        setChanging(null);
      });
  };

  // A new one-time link for a member who has not set up their account; the old one stops working.
  const newLink = (member: StaffRecord) => {
    setError(null);
    setDone(null);
    studioCall<StaffCreated>('POST', `/staff/${member.id}/invitation`, { body: {} })
      .then(async (made) => {
        await invalidateStudio();
        setCreated(made);
        window.scrollTo({ top: 0 });
      })
      .catch((caught: unknown) => setError(errorKey(caught)));
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
    {
      key: 'role',
      header: t('studio.staff.role'),
      cell: (row) => (
        <span className={styles.wrap}>
          {row.roleGranted ? t(`studio.roles.${row.role}`) : t('studio.staff.noRole')}
          {row.pendingRole && (
            <>
              <br />
              {t('studio.staff.pendingRole', { role: t(`studio.roles.${row.pendingRole}`) })}
            </>
          )}
        </span>
      ),
    },
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
          : row.status === 'invited'
            ? t('studio.staff.invited')
            : t('studio.staff.active'),
    },
    {
      key: 'actions',
      header: t('studio.staff.actions'),
      isEmpty: (row) => row.disabledAt !== null || row.id === me.id,
      cell: (row) =>
        row.disabledAt !== null || row.id === me.id ? null : (
          <span className={styles.actions}>
            {row.status === 'invited' && (
              <Button
                size="small"
                aria-label={t('studio.staff.newLinkLabel', { name: row.name })}
                onClick={() => newLink(row)}
              >
                {t('studio.staff.newLink')}
              </Button>
            )}
            <Button
              size="small"
              aria-label={t('studio.staff.changeRoleLabel', { name: row.name })}
              onClick={() => {
                setDone(null);
                setNewRole(row.pendingRole ?? row.role);
                setChanging(row);
              }}
            >
              {t('studio.staff.changeRole')}
            </Button>
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
          </span>
        ),
    },
  ];

  return (
    <div className={styles.page}>
      <StudioHeading title={t('studio.staff.title')} description={t('studio.staff.description')} />
      {created && <NewInvitation created={created} onDone={() => setCreated(null)} />}
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
      <StaffGrants />
      <NewMember
        onCreated={(made) => {
          setDone(null);
          setCreated(made);
          window.scrollTo({ top: 0 });
        }}
      />
      <ConfirmDialog
        open={changing !== null}
        testId="studio-staff-role"
        titleKey="studio.staff.changeRoleTitle"
        body={
          changing && (
            <>
              {t('studio.staff.changeRoleBody', { name: changing.name })}
              <RadioGroup
                aria-label={t('studio.staff.role')}
                value={newRole}
                onChange={(_event, data) => setNewRole(data.value as StaffRole)}
              >
                {(['editor', 'approver', 'client_manager', 'admin'] as const).map((role) => (
                  <Radio key={role} value={role} label={t(`studio.roles.${role}`)} />
                ))}
              </RadioGroup>
            </>
          )
        }
        cancelKey="studio.staff.cancel"
        actionKey="studio.staff.changeRole"
        busy={busy}
        onConfirm={() => changing && changeRole(changing, newRole)}
        onCancel={() => setChanging(null)}
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
