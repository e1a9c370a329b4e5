import { useRef, useState } from 'react';
import { Badge, Body1, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAccountsOverview } from '@/web/api/accounts-overview';
import { useDeleteFundingMethod } from '@/web/api/funding-methods-delete';
import { useFundingMethods, type FundingMethod } from '@/web/api/funding-methods';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { useNotify } from '@/web/components/notify';
import { PageHeader } from '@/web/components/page-header';
import { Panel } from '@/web/components/panel';
import { QueryError } from '@/web/components/query-error';
import { methodDisplay } from '../utils/method-display';
import { DeleteMethodDialog } from './delete-method-dialog';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', maxWidth: '760px', width: '100%' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  region: { ':focus': { outline: 'none' } },
  item: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  name: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  meta: { color: tokens.colorNeutralForeground2 },
});

/** Saved payment methods with delete (spec §2 Funding methods page). Methods are added when paying. */
export default function FundingMethodsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const accounts = useAccountsOverview();
  const scope = accounts.data?.[0]?.accountNumber ?? '';
  const methods = useFundingMethods(scope, scope !== '');
  const deletion = useDeleteFundingMethod();
  const [selected, setSelected] = useState<FundingMethod | null>(null);
  const [open, setOpen] = useState(false);
  // The dialog mounts when first opened and then stays: it closes through `open`, never by
  // unmounting (fluentui#35139).
  const [dialogMounted, setDialogMounted] = useState(false);
  const region = useRef<HTMLDivElement>(null);

  const label = (method: FundingMethod) => {
    const display = methodDisplay(method);
    return t('funding-methods.methodName', { kind: t(display.kindKey), last4: display.last4 });
  };

  const confirmDelete = () => {
    if (!selected) return;
    deletion.mutate(
      { accountNumber: scope, fundingId: selected.id },
      {
        onSuccess: () => {
          setOpen(false);
          notify({ intent: 'success', titleKey: 'funding-methods.deleted' });
          // The deleted method's button is gone: focus goes to the list (or the empty state).
          region.current?.focus();
        },
        onError: () => {
          setOpen(false);
          notify({ intent: 'error', titleKey: 'funding-methods.deleteError' });
        },
      },
    );
  };

  let content;
  if (accounts.isError || methods.isError) content = <QueryError inline />;
  else if (!accounts.data || (scope !== '' && !methods.data)) content = <DelayedSpinner />;
  else if (!methods.data || methods.data.length === 0) {
    content = <Body1 data-testid="funding-methods-empty">{t('funding-methods.empty')}</Body1>;
  } else {
    content = (
      <ul
        className={styles.list}
        aria-label={t('funding-methods.listLabel')}
        data-testid="funding-methods"
      >
        {methods.data.map((method) => {
          const display = methodDisplay(method);
          return (
            <li key={method.id} data-testid="funding-method">
              <Panel className={styles.item}>
                <div className={styles.details}>
                  <div className={styles.name}>
                    <Text weight="semibold">{label(method)}</Text>
                    {method.isExpired && (
                      <Badge appearance="filled" color="danger" data-testid="expired">
                        {t('funding-methods.expired')}
                      </Badge>
                    )}
                  </div>
                  <Text size={200} className={styles.meta}>
                    {[
                      display.detailKey && t(display.detailKey),
                      display.expiry &&
                        t(
                          method.isExpired
                            ? 'funding-methods.expiredOn'
                            : 'funding-methods.expires',
                          { date: display.expiry },
                        ),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                <Button
                  appearance="secondary"
                  aria-label={t('funding-methods.deleteLabel', { name: label(method) })}
                  onClick={() => {
                    setSelected(method);
                    setDialogMounted(true);
                    setOpen(true);
                  }}
                >
                  {t('funding-methods.delete')}
                </Button>
              </Panel>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('funding-methods.title')}
        description={t('funding-methods.description')}
      />
      <div ref={region} tabIndex={-1} className={styles.region}>
        {content}
      </div>
      {dialogMounted && (
        <DeleteMethodDialog
          open={open}
          name={selected ? label(selected) : ''}
          busy={deletion.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setOpen(false)}
        />
      )}
    </div>
  );
}
