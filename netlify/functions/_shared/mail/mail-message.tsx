/**
 * The HTML part of every e-mail the product sends, made from its plain-text part, so the two
 * always say the same (docs/decisions/035-html-mail.md): the practice's logo and name at the
 * top, the text's paragraphs, its main link as one button (with the address written out
 * under it, for a client whose mail program hides buttons), and the closing lines after the
 * text's `--` in small print.
 *
 * Rendered with `renderToStaticMarkup`, which escapes every value, like the pages
 * (docs/decisions/023-server-pages-from-components.md). Mail programs ignore style sheets and
 * many drop `<style>`, so every style is inline; one column of blocks, no tables, no fixed
 * width beyond a maximum, so it reads at 320 px.
 */
import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { bankDetailsWarning } from '#src/content/matters.ts';

/** The content id of the logo the transport attaches inline (transport.ts). */
export const LOGO_CID = 'practice-logo';

/** The site's colours (src/styles/global.css: brand-900, slate-800, slate-600). */
const BRAND = '#122f52';
const INK = '#1e293b';
const MUTED = '#475569';
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { margin: 0, padding: 0, backgroundColor: '#f1f5f9' },
  frame: {
    maxWidth: '560px',
    margin: '0 auto',
    padding: '24px 16px',
    fontFamily: FONT,
    fontSize: '16px',
    lineHeight: 1.5,
    color: INK,
  },
  header: { paddingBottom: '16px', borderBottom: `3px solid ${BRAND}` },
  logo: { display: 'inline-block', verticalAlign: 'middle', border: 0, borderRadius: '8px' },
  name: {
    display: 'inline-block',
    verticalAlign: 'middle',
    marginLeft: '12px',
    fontSize: '20px',
    fontWeight: 700,
    color: BRAND,
  },
  card: { marginTop: '16px', padding: '20px 16px', backgroundColor: '#ffffff', borderRadius: '8px' },
  paragraph: { margin: '0 0 16px 0', overflowWrap: 'anywhere' },
  buttonBlock: { margin: '8px 0 24px 0' },
  button: {
    display: 'inline-block',
    padding: '12px 24px',
    backgroundColor: BRAND,
    color: '#ffffff',
    fontWeight: 700,
    textDecoration: 'none',
    borderRadius: '6px',
  },
  address: { margin: '8px 0 0 0', fontSize: '13px', color: MUTED, wordBreak: 'break-all' },
  link: { color: BRAND, wordBreak: 'break-all' },
  footer: { marginTop: '16px', padding: '0 4px', fontSize: '13px', lineHeight: 1.5, color: MUTED },
  footerParagraph: { margin: '0 0 12px 0', overflowWrap: 'anywhere' },
  warning: {
    margin: '16px 0 0 0',
    padding: '12px 16px',
    backgroundColor: '#fef3c7',
    borderLeft: '4px solid #b45309',
    borderRadius: '6px',
    fontWeight: 700,
    color: INK,
    overflowWrap: 'anywhere',
  },
} satisfies Record<string, CSSProperties>;

/** How the bank-details warning begins, whatever the phone (src/content/matters.ts). */
const WARNING_START = bankDetailsWarning('').split(':')[0]!;

/**
 * Whether a closing block is the bank-details warning: the defence against payment-redirection
 * fraud is the one closing line that must not read as small print, so it gets a box of its own.
 */
const isBankWarning = (block: Block): boolean =>
  block.kind === 'text' && block.lines.join(' ').startsWith(WARNING_START);

/** A line that is a web address and nothing else: a link the text part writes out. */
const LINK_LINE = /^https?:\/\/\S+$/;

export interface MailHtmlInput {
  subject: string;
  /** The message's plain-text part, as sent: closing lines after a line `--`. */
  text: string;
  /** The practice's name beside the logo. */
  practiceName: string;
  /** The label of the button the text's first link line becomes; without one, "Open the link". */
  button?: string;
}

type Block = { kind: 'text'; lines: string[] } | { kind: 'link'; url: string };

/** The text's paragraphs (blank lines between), a line that is only an address on its own. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  const close = () => {
    if (lines.length > 0) blocks.push({ kind: 'text', lines });
    lines = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') close();
    else if (LINK_LINE.test(line.trim())) {
      close();
      blocks.push({ kind: 'link', url: line.trim() });
    } else lines.push(line);
  }
  close();
  return blocks;
}

function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, index) => (
    <span key={index}>
      {index > 0 && <br />}
      {line}
    </span>
  ));
}

function Button({ url, label }: { url: string; label: string }) {
  return (
    <div style={styles.buttonBlock}>
      <a href={url} style={styles.button}>
        {label}
      </a>
      <p style={styles.address}>
        Or copy this address into your browser:
        <br />
        {url}
      </p>
    </div>
  );
}

export function MailMessage({ subject, text, practiceName, button }: MailHtmlInput) {
  // The closing lines (clientMailText's signature, warnings) follow the last `--`.
  const all = text.split('\n');
  const cut = all.lastIndexOf('--');
  const body = blocksOf((cut < 0 ? all : all.slice(0, cut)).join('\n'));
  const closing = cut < 0 ? [] : blocksOf(all.slice(cut + 1).join('\n'));
  const warnings = closing.filter(isBankWarning);
  const footer = closing.filter((block) => !isBankWarning(block));
  const main = body.findIndex((block) => block.kind === 'link');
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body style={styles.body}>
        <div style={styles.frame}>
          <div style={styles.header}>
            {/* fetchPriority low: otherwise React 19 adds a <link rel="preload"> for the image to the head. */}
            <img src={`cid:${LOGO_CID}`} width={48} height={48} alt="" fetchPriority="low" style={styles.logo} />
            <span style={styles.name}>{practiceName}</span>
          </div>
          <div style={styles.card}>
            {body.map((block, index) =>
              block.kind === 'link' ? (
                index === main ? (
                  <Button key={index} url={block.url} label={button ?? 'Open the link'} />
                ) : (
                  <p key={index} style={styles.paragraph}>
                    <a href={block.url} style={styles.link}>
                      {block.url}
                    </a>
                  </p>
                )
              ) : (
                <p key={index} style={styles.paragraph}>
                  <Lines lines={block.lines} />
                </p>
              ),
            )}
            {warnings.map((block, index) => (
              <p key={index} style={styles.warning}>
                {block.kind === 'text' && <Lines lines={block.lines} />}
              </p>
            ))}
          </div>
          {footer.length > 0 && (
            <div style={styles.footer}>
              {footer.map((block, index) => (
                <p key={index} style={styles.footerParagraph}>
                  {block.kind === 'link' ? block.url : <Lines lines={block.lines} />}
                </p>
              ))}
            </div>
          )}
        </div>
      </body>
    </html>
  );
}

/** The HTML part: a complete document. */
export const renderMailHtml = (input: MailHtmlInput): string =>
  `<!doctype html>\n${renderToStaticMarkup(<MailMessage {...input} />)}\n`;
