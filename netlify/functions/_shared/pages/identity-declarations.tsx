/**
 * The identity-details form's declarations (pages/identity-page.tsx): acting for another (and
 * the person acting), the questions asked of every customer and the source of funds of a purchase.
 */
import {
  AGENT_AUTHORITIES,
  AGENT_AUTHORITY_LABELS,
  CDD_PURPOSE_LABELS,
  CDD_PURPOSES,
  FUNDS_SOURCE_LABELS,
  FUNDS_SOURCES,
  type FundsSource,
} from '#src/content/amlctf.ts';
import { CDD_LIMITS } from '#src/shared/schemas/cdd.ts';
import type { CddDraftDeclarations } from '#src/shared/schemas/cdd-draft.ts';
import type { ReactElement } from 'react';
import { FieldError } from '#src/ui/Field.tsx';
import { field, type Messages, radios, Reveal } from './identity-fields.tsx';
import { individualFields } from './identity-parties.tsx';

const FUNDS_PREFIX = 'declarations.sourceOfFunds';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const yesNoValue = (answer: { value?: boolean } | undefined) =>
  answer?.value === undefined ? undefined : answer.value ? 'yes' : 'no';

const QUESTIONS = {
  actingForAnother: {
    legend: 'Is anyone acting on a customer’s behalf (for example under a power of attorney)?',
    details: 'If yes: details of the authority (for example the date of the power of attorney, or the office held)',
  },
  pep: {
    legend:
      'Is any customer, owner or trustee a politically exposed person (holding a prominent public position, in Australia or elsewhere), or a family member or close associate of one?',
    details: 'If yes: who, and what public position is held',
  },
  foreignPerson: {
    legend:
      'Is any customer a foreign person (not an Australian citizen or permanent resident, or a foreign company or trust)?',
    details: 'If yes: which customer, and their country of citizenship or residence',
  },
} as const;

/**
 * Under "is anyone acting for a customer?": their authority, its details and the person
 * acting, identified like a customer (s 28(2)(b), (c)). Shown once the answer is yes
 * (`Reveal`); the form drops it empty unless the answer is yes.
 */
function agentBlock(messages: Messages, acting: CddDraftDeclarations['actingForAnother']): ReactElement {
  const prefix = 'declarations.actingForAnother';
  const authority = radios(messages, {
    name: `${prefix}.authority`,
    legend: 'If yes: under what authority do they act?',
    options: AGENT_AUTHORITIES.map((value) => ({ value, label: AGENT_AUTHORITY_LABELS[value] })),
    value: acting?.authority,
    paths: [`${prefix}.authority`],
  });
  const details = field(messages, {
    name: `${prefix}.details`,
    label: QUESTIONS.actingForAnother.details,
    value: acting?.details,
    max: CDD_LIMITS.details,
    multiline: true,
  });
  const person = individualFields(messages, `${prefix}.agent`, acting?.agent ?? {}, false);
  const personErrors = messages.take('agent', [`${prefix}.agent`]);
  return (
    <Reveal when="yes">
      {authority}
      {details}
      <fieldset className="owner" id="agent">
        <legend>If yes: the person acting for the customer</legend>
        <p className="why">We identify and verify them as we do a customer.</p>
        {personErrors.length ? <FieldError messages={personErrors} className="field-error" /> : null}
        {person}
      </fieldset>
    </Reveal>
  );
}

export function declarationsBlock(
  messages: Messages,
  declarations: CddDraftDeclarations,
  buying: boolean,
): ReactElement[] {
  const questions = (['actingForAnother', 'pep', 'foreignPerson'] as const).map((key) => {
    const name = `declarations.${key}`;
    return radios(
      messages,
      {
        name: `${name}.value`,
        legend: QUESTIONS[key].legend,
        options: YES_NO,
        value: yesNoValue(declarations[key]),
        paths: [name, `${name}.value`],
      },
      key === 'actingForAnother' ? (
        agentBlock(messages, declarations.actingForAnother)
      ) : (
        <Reveal when="yes">
          {field(messages, {
            name: `${name}.details`,
            label: QUESTIONS[key].details,
            value: declarations[key]?.details,
            max: CDD_LIMITS.details,
            multiline: true,
          })}
        </Reveal>
      ),
    );
  });
  const purpose = radios(
    messages,
    {
      name: 'declarations.purpose',
      legend: 'What is the purpose of this transaction?',
      options: CDD_PURPOSES.map((value) => ({ value, label: CDD_PURPOSE_LABELS[value] })),
      value: declarations.purpose,
      paths: ['declarations.purpose'],
    },
    <Reveal when="other">
      {field(messages, {
        name: 'declarations.purposeDetails',
        label: 'If something else: what is the purpose?',
        value: declarations.purposeDetails,
        max: CDD_LIMITS.details,
        multiline: true,
      })}
    </Reveal>,
  );
  if (!buying) return [...questions, purpose];
  // Several at once (savings and a loan): checkboxes. The schema names a source's missing
  // lender or details by its place in the list (`declarations.sourceOfFunds.1.lender`).
  const sources = declarations.sourceOfFunds ?? [];
  const ticked = sources.flatMap((each) => (each.kind ? [each.kind] : []));
  const places = FUNDS_SOURCES.map((_, index) => `${FUNDS_PREFIX}.${index}`);
  const of = (kind: FundsSource) => sources.find((each) => each.kind === kind);
  const funds = radios(
    messages,
    {
      name: `${FUNDS_PREFIX}.kind`,
      legend: 'Where does the money for the purchase come from? Tick each source.',
      options: FUNDS_SOURCES.map((value) => ({ value, label: FUNDS_SOURCE_LABELS[value] })),
      multiple: ticked,
      paths: [FUNDS_PREFIX, `${FUNDS_PREFIX}.kind`, ...places, ...places.map((place) => `${place}.kind`)],
    },
    <>
      <Reveal when="loan">
        {field(messages, {
          name: `${FUNDS_PREFIX}.lender`,
          label: 'The lender’s name',
          value: of('loan')?.lender,
          max: CDD_LIMITS.name,
          autocomplete: 'off',
          claims: places.map((place) => `${place}.lender`),
        })}
      </Reveal>
      <Reveal when="other">
        {field(messages, {
          name: `${FUNDS_PREFIX}.details`,
          label: 'If something else: where does the money come from?',
          value: of('other')?.details,
          max: CDD_LIMITS.details,
          multiline: true,
          claims: places.map((place) => `${place}.details`),
        })}
      </Reveal>
    </>,
  );
  return [...questions, purpose, funds];
}
