/**
 * The HTML part of a message's e-mail (issue 43), with react-email: table-based, one column up to
 * 600 px wide and the full width of a phone below it. Accessible: `lang` and `dir` on the root, the
 * subject as the document's title, the first heading block an h1 and any other an h2, the content
 * in a `main` landmark (named by the subject), text at least 16 px (the footer 14 px) in colours of at least 7:1 against
 * white, the action a real link styled as a button at least 44 px high, and no image (so no
 * picture without words: the agency's name is text). Every value is escaped by React.
 */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactElement } from 'react';
import type { ComposedMessage, FilledBlock } from './compose';

const INK = '#1a1a1a'; // 17.4:1 on white
const MUTED = '#3d3d3d'; // 11.0:1 on white
const ACCENT = '#0b4f8a'; // 8.4:1 on white; white on it the same
const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";

const styles = {
  body: { backgroundColor: '#f2f4f7', margin: 0, padding: '24px 0', fontFamily: FONT },
  container: {
    backgroundColor: '#ffffff',
    border: '1px solid #d0d5dd',
    borderRadius: '8px',
    maxWidth: '600px',
    width: '100%',
  },
  header: { padding: '20px 24px 0' },
  brand: { color: ACCENT, fontSize: '18px', fontWeight: 700, lineHeight: '24px', margin: 0 },
  main: { padding: '8px 24px 8px' },
  h1: { color: INK, fontSize: '24px', lineHeight: '32px', margin: '16px 0 8px' },
  h2: { color: INK, fontSize: '20px', lineHeight: '28px', margin: '16px 0 8px' },
  paragraph: { color: INK, fontSize: '16px', lineHeight: '24px', margin: '12px 0' },
  action: {
    backgroundColor: ACCENT,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '16px',
    fontWeight: 700,
    lineHeight: '20px',
    padding: '12px 24px',
    textDecoration: 'none',
  },
  actionRow: { margin: '20px 0' },
  disclosure: {
    color: INK,
    fontSize: '16px',
    fontWeight: 700,
    lineHeight: '24px',
    margin: '16px 0',
  },
  optOut: { color: MUTED, fontSize: '14px', lineHeight: '22px', margin: '12px 0' },
  link: { color: ACCENT, textDecoration: 'underline' },
  rule: { borderColor: '#d0d5dd', margin: '8px 0' },
  footer: { padding: '0 24px 20px' },
  footerLine: { color: MUTED, fontSize: '14px', lineHeight: '20px', margin: '4px 0' },
} satisfies Record<string, CSSProperties>;

function Block({ block, first }: { block: FilledBlock; first: boolean }): ReactElement {
  switch (block.type) {
    case 'heading':
      return first ? (
        <Heading as="h1" style={styles.h1}>
          {block.text}
        </Heading>
      ) : (
        <Heading as="h2" style={styles.h2}>
          {block.text}
        </Heading>
      );
    case 'action':
      return (
        <Section style={styles.actionRow}>
          <Button href={block.href} style={styles.action}>
            {block.text}
          </Button>
        </Section>
      );
    case 'disclosure':
      return <Text style={styles.disclosure}>{block.text}</Text>;
    case 'optOut':
      return (
        <Text style={styles.optOut}>
          {block.before}
          <Link href={block.href} style={styles.link}>
            {block.link}
          </Link>
          {block.after}
        </Text>
      );
    default:
      return <Text style={styles.paragraph}>{block.text}</Text>;
  }
}

function MessageEmail({ message }: { message: ComposedMessage }): ReactElement {
  const firstHeading = message.blocks.findIndex((block) => block.type === 'heading');
  return (
    <Html lang={message.language} dir="ltr">
      <Head>
        <title>{message.subject}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{message.preheader}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section role="main" aria-label={message.subject}>
            {message.agency ? (
              <Section style={styles.header}>
                <Text style={styles.brand}>{message.agency}</Text>
              </Section>
            ) : null}
            <Section style={styles.main}>
              {message.blocks.map((block, i) => (
                <Block key={i} block={block} first={i === firstHeading} />
              ))}
            </Section>
            <Hr style={styles.rule} />
            <Section style={styles.footer}>
              {message.footer.map((line, i) => (
                <Text key={i} style={styles.footerLine}>
                  {line}
                </Text>
              ))}
            </Section>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The e-mail's HTML document. */
export function emailHtml(message: ComposedMessage): Promise<string> {
  return render(<MessageEmail message={message} />);
}
