/**
 * What a journey stage shows from its facts (flows/pages `stages[].blocks`): texts, lists of
 * strings (or message bars), tables of rows and lines of amounts, side by side in `columns`.
 * Every word is a text key of flows/texts or a string of the call's answer.
 */
import {
  Body1,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/web/components/data-table';
import type { Facts } from '../utils/page-model';
import { holds } from '../utils/page-model';
import { blockItems, itemValues, type Formatter, type StageBlock } from '../utils/stage-model';
import { evaluate, type JsonLogic } from '@/engine/rules/json-logic';

const useStyles = makeStyles({
  block: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
  text: { margin: 0 },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  item: { marginBottom: tokens.spacingVerticalXS },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
  },
  amounts: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  line: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  amount: { margin: 0, textAlign: 'end', fontWeight: tokens.fontWeightSemibold },
});

interface BlockProps {
  block: StageBlock;
  facts: Facts;
  values: Record<string, string>;
  format: Formatter;
  testId: string;
}

function Heading({ textKey, values }: { textKey?: string; values: Record<string, string> }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (!textKey) return null;
  return (
    <Subtitle2 as="h3" className={styles.heading}>
      {t(textKey, values)}
    </Subtitle2>
  );
}

function Block({ block, facts, values, format, testId }: BlockProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (!holds(block.when, facts)) return null;
  const id = block.id ? `${testId}-${block.id}` : undefined;

  if (block.kind === 'columns') {
    return (
      <div className={styles.columns} data-testid={id}>
        {(block.blocks ?? []).map((inner, i) => (
          <Block
            key={inner.id ?? i}
            block={inner}
            facts={facts}
            values={values}
            format={format}
            testId={testId}
          />
        ))}
      </div>
    );
  }

  if (block.kind === 'text') {
    return (
      <div className={styles.block} data-testid={id}>
        <Heading textKey={block.heading} values={values} />
        {block.text &&
          (block.intent ? (
            <MessageBar intent={block.intent} layout="multiline">
              <MessageBarBody>{t(block.text, values)}</MessageBarBody>
            </MessageBar>
          ) : (
            <Body1 as="p" className={styles.text}>
              {t(block.text, values)}
            </Body1>
          ))}
      </div>
    );
  }

  if (block.kind === 'list') {
    const items = blockItems(block.items, facts).filter(
      (item): item is string => typeof item === 'string',
    );
    if (items.length === 0) return null;
    return (
      <div className={styles.block} data-testid={id}>
        <Heading textKey={block.heading} values={values} />
        {block.intent ? (
          items.map((item) => (
            <MessageBar key={item} intent={block.intent} layout="multiline">
              <MessageBarBody>{item}</MessageBarBody>
            </MessageBar>
          ))
        ) : (
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item} className={styles.item}>
                <Body1>{item}</Body1>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  if (block.kind === 'table') {
    const rows = blockItems(block.rows, facts);
    const columns = (block.columns ?? []).map((column) => ({
      key: column.field,
      header: t(column.header, values),
      cell: (row: unknown) =>
        itemValues(row, { [column.field]: column.format ?? 'text' }, format)[column.field] ?? '',
    }));
    return (
      <div className={styles.block} data-testid={id}>
        <Heading textKey={block.heading} values={values} />
        {rows.length === 0 ? (
          block.empty && (
            <Body1 as="p" className={styles.text}>
              {t(block.empty, values)}
            </Body1>
          )
        ) : (
          <DataTable
            label={
              block.heading ? t(block.heading, values) : columns.map((c) => c.header).join(', ')
            }
            columns={columns}
            rows={rows}
            rowKey={(row) => rows.indexOf(row)}
          />
        )}
      </div>
    );
  }

  // amounts
  const lines = Array.isArray(block.items) ? block.items : [];
  return (
    <div className={styles.block} data-testid={id}>
      <Heading textKey={block.heading} values={values} />
      <dl className={styles.amounts}>
        {lines
          .filter((line) => holds(line.when, facts))
          .map((line) => (
            <div key={line.label} className={styles.line}>
              <dt className={styles.term}>
                <Body1>{t(line.label, values)}</Body1>
              </dt>
              <dd className={styles.amount}>
                <Body1>{format(evaluate(line.value as JsonLogic, facts), line.format)}</Body1>
              </dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

/** A stage's blocks, in order. */
export function DisplayBlocks({
  blocks,
  ...rest
}: Omit<BlockProps, 'block'> & { blocks: readonly StageBlock[] }) {
  return (
    <>
      {blocks.map((block, i) => (
        <Block key={block.id ?? i} block={block} {...rest} />
      ))}
    </>
  );
}
