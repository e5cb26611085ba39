/**
 * The engagement as plain text, for the e-mail that carries the link (its plain-text part):
 * the practice, the matter, the disclosure and the terms, in the page's order
 * (pages/engagement-page.tsx), and the few readings of the record both share.
 */
import type { EngagementView } from '#src/shared/schemas/engagement.ts';
import { PROPERTY_TYPES, QUOTE_ROLES } from '#src/shared/quote-options.ts';
import { formatIsoDate } from '#src/shared/quote.ts';

/** The disclosure section printed as a list (its lines are the client's rights, one each). */
export const RIGHTS_HEADING = 'Your rights';

export const labelOf = (options: readonly { value: string; label: string }[], value: string): string =>
  options.find((option) => option.value === value)?.label ?? value;

export const roleLabel = (role: string): string => labelOf(QUOTE_ROLES, role);
export const propertyTypeLabel = (type: string): string => labelOf(PROPERTY_TYPES, type);

/** Paragraphs of a text, split at blank lines. */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

const underline = (heading: string, char: string): string => `${heading}\n${char.repeat(heading.length)}`;

export function engagementText(view: EngagementView): string {
  const { practice, solicitor, matter, terms } = view;
  const blocks = [
    underline('Your costs agreement', '='),
    [
      `Practice: ${practice.name}`,
      `Responsible solicitor: ${solicitor.name}${solicitor.role ? `, ${solicitor.role}` : ''}`,
      ...(solicitor.practisingCertificate ? [`Practising certificate: ${solicitor.practisingCertificate}`] : []),
      `Phone: ${practice.phone}`,
      `E-mail: ${practice.email}`,
      `Address: ${practice.address}`,
    ].join('\n'),
    [
      `Buying or selling: ${roleLabel(matter.role)}`,
      `Property type: ${propertyTypeLabel(matter.propertyType)}`,
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
