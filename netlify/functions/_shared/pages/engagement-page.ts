/**
 * The client's engagement page (`GET /engage/{token}`) as server-rendered HTML, its 404 and
 * 410 pages, and the same document as plain text for the e-mail that carries the link.
 *
 * Pure functions of the view: no Blobs, no clock, no request. The page has no JavaScript at
 * all, so it reads and posts the same on any phone, with a keyboard and a screen reader, and
 * with scripts off; its only asset is the static stylesheet `/engage.css` (the site's CSP
 * allows `style-src 'self'`, never inline styles). Every interpolated value goes through
 * `escapeHtml`: names and addresses come from people.
 */
import { ENGAGEMENT_LIMITS, ACCEPT_CONSENTS, CONSENT_KEYS } from '../../../../src/shared/schemas/engagement.ts';
import type { ConsentKey, DocumentSection, EngagementView } from '../../../../src/shared/schemas/engagement.ts';
import { PROPERTY_TYPES, QUOTE_ROLES } from '../../../../src/shared/quote-options.ts';
import { formatIsoDate } from '../../../../src/shared/quote.ts';
import { sydneyFormat } from '../../../../src/shared/sydney-time.ts';

/** The form as the client last posted it, with the server's messages (a re-render after a 400). */
export interface EngageFormState {
  values: { fullName: string; understood: boolean; accept: boolean; instruct: boolean };
  error?: string;
  fieldErrors?: Record<string, string[]>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and for quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** The disclosure section printed as a list (its lines are the client's rights, one each). */
const RIGHTS_HEADING = 'Your rights';

/** "23 November 2026 at 6:30 pm": the practice is in Sydney, and so is the record. */
const sydneyDateTime = sydneyFormat('en-AU', { dateStyle: 'long', timeStyle: 'short' });
export const formatSydney = (iso: string): string => `${sydneyDateTime.format(new Date(iso))} (Sydney time)`;

const labelOf = (options: readonly { value: string; label: string }[], value: string): string =>
  options.find((option) => option.value === value)?.label ?? value;

/** A dialable `tel:` address from the number as the practice writes it. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

// ---- The document ----------------------------------------------------------------------

export function documentShell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/engage.css">
</head>
<body>
${body}
</body>
</html>
`;
}

export function header(practiceName: string | undefined): string {
  return `<a class="skip-link" href="#main">Skip to the content</a>
<header class="site-header">
<div class="wrap"><p class="site-name">${escapeHtml(practiceName ?? 'Costs agreement')}</p></div>
</header>`;
}

function practiceSection(view: EngagementView): string {
  const { practice, solicitor } = view;
  return `<section aria-labelledby="who-heading">
<h2 id="who-heading">Who will act for you</h2>
<dl class="details">
<dt>Practice</dt><dd>${escapeHtml(practice.name)}</dd>
<dt>Responsible solicitor</dt><dd>${escapeHtml(solicitor.name)}${solicitor.role ? `, ${escapeHtml(solicitor.role)}` : ''}</dd>
<dt>Phone</dt><dd><a href="${escapeHtml(telHref(practice.phone))}">${escapeHtml(practice.phone)}</a></dd>
<dt>E-mail</dt><dd><a href="mailto:${escapeHtml(practice.email)}">${escapeHtml(practice.email)}</a></dd>
<dt>Address</dt><dd>${escapeHtml(practice.address)}</dd>
</dl>
</section>`;
}

function matterSection(view: EngagementView): string {
  const { matter } = view;
  return `<section aria-labelledby="matter-heading">
<h2 id="matter-heading">Your matter</h2>
<dl class="details">
<dt>Buying or selling</dt><dd>${escapeHtml(labelOf(QUOTE_ROLES, matter.role))}</dd>
<dt>Property type</dt><dd>${escapeHtml(labelOf(PROPERTY_TYPES, matter.propertyType))}</dd>
<dt>Property address</dt><dd>${matter.propertyAddress ? escapeHtml(matter.propertyAddress) : 'Not yet given'}</dd>
<dt>Description</dt><dd>${escapeHtml(matter.description)}</dd>
</dl>
</section>`;
}

function disclosureSection(sections: DocumentSection[]): string {
  const parts = sections.map((section) => {
    const lines =
      section.heading === RIGHTS_HEADING
        ? `<ul>\n${section.paragraphs.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}\n</ul>`
        : section.paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
    return `<h3>${escapeHtml(section.heading)}</h3>\n${lines}`;
  });
  return `<section aria-labelledby="disclosure-heading">
<h2 id="disclosure-heading">Costs disclosure</h2>
${parts.join('\n')}
</section>`;
}

function termsSection(terms: EngagementView['terms']): string {
  const paragraphs = paragraphsOf(terms.text)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>\n')}</p>`)
    .join('\n');
  return `<section aria-labelledby="terms-heading">
<h2 id="terms-heading">Costs agreement</h2>
<p class="meta">Terms version ${escapeHtml(terms.version)}, effective ${escapeHtml(formatIsoDate(terms.effective))}</p>
${paragraphs}
</section>`;
}

function privacySection(privacy: string): string {
  return `<section aria-labelledby="privacy-heading">
<h2 id="privacy-heading">Your privacy</h2>
${paragraphsOf(privacy)
  .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
  .join('\n')}
</section>`;
}

function acceptedSection(token: string, view: EngagementView): string {
  const when = view.acceptedAt ? ` on ${escapeHtml(formatSydney(view.acceptedAt))}` : '';
  const hash = view.documentSha256
    ? `\n<p>SHA-256 of the signed PDF: <code class="hash">${escapeHtml(view.documentSha256)}</code></p>`
    : '';
  return `<section class="panel panel-success" aria-labelledby="accepted-heading">
<h2 id="accepted-heading">Accepted</h2>
<p>You accepted this costs agreement${when}. Thank you: we are now acting for you in this matter.</p>
<p><a class="button" href="/api/engage/${encodeURIComponent(token)}/document.pdf" download>Download the signed costs agreement (PDF)</a></p>${hash}
<h3>Next: your identity details</h3>
<p>The law requires us to identify you before we act in a property transaction. Please give us your details: you can save them and come back with this link.</p>
<p><a class="button" href="/engage/${encodeURIComponent(token)}/identity">Continue to your identity details</a></p>
</section>`;
}

const FIELD_LABELS: Record<'fullName' | ConsentKey, string> = { fullName: 'Your full name', ...ACCEPT_CONSENTS };

function errorSummary(form: EngageFormState): string {
  const fieldErrors = form.fieldErrors ?? {};
  const items = Object.entries(fieldErrors).flatMap(([field, messages]) =>
    messages.map((message) =>
      field in FIELD_LABELS
        ? `<li><a href="#${escapeHtml(field)}">${escapeHtml(message)}</a></li>`
        : `<li>${escapeHtml(message)}</li>`,
    ),
  );
  if (!items.length && !form.error) return '';
  // Focused on load (autofocus needs no script), so a screen reader hears it first.
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-heading" tabindex="-1" autofocus>
<h3 id="error-summary-heading">There is a problem</h3>
${form.error ? `<p>${escapeHtml(form.error)}</p>\n` : ''}${items.length ? `<ul>\n${items.join('\n')}\n</ul>\n` : ''}</div>
`;
}

/** The field's messages, and the attributes that tie them to it for assistive technology. */
function fieldMessages(form: EngageFormState | undefined, field: string): { html: string; attributes: string } {
  const messages = form?.fieldErrors?.[field] ?? [];
  if (!messages.length) return { html: '', attributes: '' };
  const id = `${field}-error`;
  return {
    html: `<p class="field-error" id="${id}">${messages.map(escapeHtml).join('<br>')}</p>\n`,
    attributes: ` aria-invalid="true" aria-describedby="${id}"`,
  };
}

function acceptForm(token: string, form: EngageFormState | undefined): string {
  const values = form?.values;
  const name = fieldMessages(form, 'fullName');
  const consents = CONSENT_KEYS.map((key) => {
    const errors = fieldMessages(form, key);
    return `<div class="field checkbox${errors.html ? ' has-error' : ''}">
${errors.html}<input type="checkbox" id="${key}" name="${key}" value="true" required${values?.[key] ? ' checked' : ''}${errors.attributes}>
<label for="${key}">${escapeHtml(ACCEPT_CONSENTS[key])}</label>
</div>`;
  }).join('\n');
  return `<section class="panel accept-panel" aria-labelledby="accept-heading">
<h2 id="accept-heading">Accept and instruct us</h2>
<p>To accept the costs agreement and instruct us, type your full name and tick each box. We keep a record of your acceptance.</p>
<form method="post" action="/api/engage/${encodeURIComponent(token)}/accept" novalidate>
${form ? errorSummary(form) : ''}<div class="field${name.html ? ' has-error' : ''}">
<label for="fullName">Your full name</label>
${name.html}<input type="text" id="fullName" name="fullName" autocomplete="name" autocapitalize="words" spellcheck="false" maxlength="${ENGAGEMENT_LIMITS.fullName}" required value="${escapeHtml(values?.fullName ?? '')}"${name.attributes}>
</div>
<fieldset>
<legend>Your confirmation</legend>
${consents}
</fieldset>
<button type="submit">Accept and instruct</button>
</form>
</section>`;
}

function endedNotice(view: EngagementView): string {
  return `<section class="panel" aria-labelledby="ended-heading">
<h2 id="ended-heading">This link has ended</h2>
<p>This link can no longer be used to accept. Please call us on <a href="${escapeHtml(telHref(view.practice.phone))}">${escapeHtml(view.practice.phone)}</a> and ask us for a new one.</p>
</section>`;
}

/**
 * The whole page for one engagement: what the client reads, then the acceptance form while
 * the link is open (`sent`, `viewed`), or the confirmation once accepted (shown first, since
 * the accept post lands back here).
 */
export function engagePage(input: { token: string; view: EngagementView; form?: EngageFormState }): string {
  const { token, view, form } = input;
  const open = view.status === 'sent' || view.status === 'viewed';
  const accepted = view.status === 'accepted';
  const invalid = Boolean(form && (form.error || Object.keys(form.fieldErrors ?? {}).length));
  const title = `${invalid ? 'Error: ' : ''}Costs agreement – ${view.practice.name}`;
  const intro = open
    ? `<p class="lead">Please read your costs disclosure and the costs agreement below. If they are right for you, accept them at the end of this page. This link works until ${escapeHtml(formatSydney(view.expiresAt))}.</p>`
    : '';
  const body = `${header(view.practice.name)}
<main id="main" class="wrap">
<h1>Your costs agreement</h1>
${accepted ? acceptedSection(token, view) : intro}
${practiceSection(view)}
${matterSection(view)}
${disclosureSection(view.disclosure)}
${termsSection(view.terms)}
${privacySection(view.privacy)}
${open ? acceptForm(token, form) : accepted ? '' : endedNotice(view)}
</main>`;
  return documentShell(title, body);
}

/**
 * The page for a link that does not work. `unknown` (404) says the same for every token, so
 * it tells a guesser nothing; `ended` (410) is for a link that expired or was revoked.
 */
export function engageEndedPage(kind: 'unknown' | 'ended', practice?: { name: string; phone: string }): string {
  const call = practice
    ? ` Please call us on <a href="${escapeHtml(telHref(practice.phone))}">${escapeHtml(practice.phone)}</a>`
    : ' Please contact us';
  const [title, message] =
    kind === 'ended'
      ? [
          'This link has ended',
          `This link to your costs agreement has expired or been replaced, so it can no longer be used.${call} and ask us for a new one.`,
        ]
      : [
          'This link does not work',
          `We could not open this link. Check that you copied the whole link from our e-mail.${call} if it still does not work, and we will send you a new one.`,
        ];
  const body = `${header(practice?.name)}
<main id="main" class="wrap">
<h1>${title}</h1>
<p>${message}</p>
</main>`;
  return documentShell(practice ? `${title} – ${practice.name}` : title, body);
}

// ---- Plain text -------------------------------------------------------------------------

const underline = (heading: string, char: string): string => `${heading}\n${char.repeat(heading.length)}`;

/**
 * The same document as plain text, for the e-mail that carries the link (its plain-text
 * part): the practice, the matter, the disclosure and the terms, in the page's order.
 */
export function engagementText(view: EngagementView): string {
  const { practice, solicitor, matter, terms } = view;
  const blocks = [
    underline('Your costs agreement', '='),
    [
      `Practice: ${practice.name}`,
      `Responsible solicitor: ${solicitor.name}${solicitor.role ? `, ${solicitor.role}` : ''}`,
      `Phone: ${practice.phone}`,
      `E-mail: ${practice.email}`,
      `Address: ${practice.address}`,
    ].join('\n'),
    [
      `Buying or selling: ${labelOf(QUOTE_ROLES, matter.role)}`,
      `Property type: ${labelOf(PROPERTY_TYPES, matter.propertyType)}`,
      `Property address: ${matter.propertyAddress || 'Not yet given'}`,
      `Description: ${matter.description}`,
    ].join('\n'),
    underline('Costs disclosure', '='),
    ...view.disclosure.map((section) =>
      [
        underline(section.heading, '-'),
        ...(section.heading === RIGHTS_HEADING
          ? [section.paragraphs.map((line) => `- ${line}`).join('\n')]
          : section.paragraphs),
      ].join('\n\n'),
    ),
    underline('Costs agreement', '='),
    `Terms version ${terms.version}, effective ${formatIsoDate(terms.effective)}`,
    ...paragraphsOf(terms.text),
    underline('Your privacy', '='),
    ...paragraphsOf(view.privacy),
  ];
  return `${blocks.join('\n\n')}\n`;
}
