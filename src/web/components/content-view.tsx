import { makeStyles, tokens } from '@fluentui/react-components';
import { localize } from '../../engine/i18n/split';
import { useLanguage } from '../hooks/use-language';
import { agencyInfo, type ContentBlock } from '../lib/content';
import { LinkedText } from './linked-text';

const useStyles = makeStyles({
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    lineHeight: tokens.lineHeightBase400,
    fontSize: tokens.fontSizeBase300,
  },
  heading: {
    margin: `${tokens.spacingVerticalS} 0 0`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  emphasis: { fontWeight: tokens.fontWeightSemibold },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  address: { fontStyle: 'normal' },
});

/** A flows/content document's blocks in the page language; headings at `headingLevel`. */
export function ContentView({
  blocks,
  headingLevel = 2,
}: {
  blocks: ContentBlock[];
  headingLevel?: 2 | 3;
}) {
  const styles = useStyles();
  const language = useLanguage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.body}>
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return (
              <Heading key={i} className={styles.heading}>
                {localize(block.text, language)}
              </Heading>
            );
          case 'paragraph':
            return (
              <p key={i} className={block.emphasis ? styles.emphasis : undefined}>
                <LinkedText text={localize(block.text, language)} links={block.links} />
              </p>
            );
          case 'list':
            return (
              <ul key={i} className={styles.list}>
                {block.items.map((item, j) => (
                  <li key={j}>
                    <LinkedText text={localize(item, language)} links={block.links} />
                  </li>
                ))}
              </ul>
            );
          case 'address':
            return (
              <address key={i} className={styles.address}>
                {('agency' in block ? agencyInfo().mailingAddress : block.lines).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </address>
            );
        }
      })}
    </div>
  );
}
