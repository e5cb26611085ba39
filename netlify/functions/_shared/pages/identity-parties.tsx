/**
 * The identity-details form's customers (pages/identity-page.tsx): each party's box (an
 * individual, a company or a trust), an individual's fields and a company's or trust's owners.
 */
import { CDD_LIMITS } from '#src/shared/schemas/cdd.ts';
import type { CddDraftParty } from '#src/shared/schemas/cdd-draft.ts';
import type { ReactElement } from 'react';
import { FieldError } from '#src/ui/Field.tsx';
import { ActionButton, field, type Messages, type Owner } from './identity-fields.tsx';

/** An individual's fields under `prefix` (`parties.0` or `parties.1.owners.0`). */
export function individualFields(messages: Messages, prefix: string, person: Owner, customer: boolean): ReactElement[] {
  // The client's own details are most likely the first customer's: the browser may offer them.
  // An owner is somebody else, whose details the browser must not fill in with the client's.
  const auto = (token: string) => (customer ? token : 'off');
  return [
    field(messages, {
      name: `${prefix}.fullName`,
      label: 'Full name',
      value: person.fullName,
      max: CDD_LIMITS.name,
      autocomplete: auto('name'),
    }),
    field(messages, {
      name: `${prefix}.otherNames`,
      label: 'Other names used (optional)',
      hint: 'For example a former or maiden name',
      value: person.otherNames,
      max: CDD_LIMITS.otherNames,
      autocomplete: 'off',
    }),
    field(messages, {
      name: `${prefix}.dateOfBirth`,
      label: 'Date of birth',
      value: person.dateOfBirth,
      max: 10,
      type: 'date',
      autocomplete: auto('bday'),
    }),
    field(messages, {
      name: `${prefix}.address`,
      label: 'Residential address',
      hint: 'Where the person lives, not a post office box',
      value: person.address,
      max: CDD_LIMITS.address,
      autocomplete: auto('street-address'),
      // A box of lines: the one kind of field a whole street address may autofill.
      multiline: true,
    }),
    field(messages, {
      name: `${prefix}.phone`,
      label: 'Phone',
      value: person.phone,
      max: CDD_LIMITS.phone,
      type: 'tel',
      autocomplete: auto('tel'),
    }),
    field(messages, {
      name: `${prefix}.email`,
      label: 'E-mail',
      value: person.email,
      max: CDD_LIMITS.email,
      type: 'email',
      autocomplete: auto('email'),
    }),
  ];
}

/** A list of names, one per line (directors, trustees, beneficiaries): each line a name, at most `CDD_LIMITS.list`. */
const namesField = (messages: Messages, options: { name: string; label: string; hint: string; names?: string[] }) =>
  field(messages, {
    name: options.name,
    label: options.label,
    hint: options.hint,
    value: (options.names ?? []).join('\n'),
    max: CDD_LIMITS.list * (CDD_LIMITS.name + 1),
    multiline: true,
    within: true,
  });

function ownersBlock(messages: Messages, index: number, owners: Owner[]): ReactElement {
  const entries = owners.map((owner, o) => (
    <fieldset key={o} className="owner" id={`party-${index}-owner-${o}`}>
      <legend>{`Owner ${o + 1}`}</legend>
      {individualFields(messages, `parties.${index}.owners.${o}`, owner, false)}
      <p>
        <ActionButton action={`remove-owner:${index}.${o}`} context={`(owner ${o + 1} of customer ${index + 1})`}>
          Remove this owner
        </ActionButton>
      </p>
    </fieldset>
  ));
  const listErrors = messages.take(`party-${index}-owners`, [`parties.${index}.owners`]);
  return (
    <fieldset key="owners" className="my-5 min-w-0" id={`party-${index}-owners`}>
      <legend>People who own 25% or more, or control it</legend>
      <p className="why">
        Each individual who owns 25% or more of it, directly or through other companies or trusts, or who controls it.
      </p>
      {listErrors.length ? <FieldError messages={listErrors} className="field-error" /> : null}
      {entries.length ? entries : <p>No owners added yet.</p>}
      {owners.length < CDD_LIMITS.list ? (
        <p>
          <ActionButton action={`add-owner:${index}`} context={`to customer ${index + 1}`}>
            Add an owner (25% or more)
          </ActionButton>
        </p>
      ) : null}
    </fieldset>
  );
}

const PARTY_NOUN = { individual: 'an individual', company: 'a company', trust: 'a trust' } as const;

/** One customer's box; `only`: the form's one customer, which cannot be removed (there must be one). */
export function partyBlock(messages: Messages, party: CddDraftParty, index: number, only: boolean): ReactElement {
  const prefix = `parties.${index}`;
  let fields: ReactElement[];
  if (party.type === 'individual') {
    fields = individualFields(messages, prefix, party, true);
  } else if (party.type === 'company') {
    fields = [
      field(messages, {
        name: `${prefix}.name`,
        label: 'Company name',
        value: party.name,
        max: CDD_LIMITS.name,
        autocomplete: 'organization',
      }),
      field(messages, {
        name: `${prefix}.acnOrAbn`,
        label: 'ACN or ABN',
        hint: 'The 9-digit ACN or the 11-digit ABN',
        value: party.acnOrAbn,
        max: CDD_LIMITS.acnOrAbn,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.registeredAddress`,
        label: 'Registered office address',
        value: party.registeredAddress,
        max: CDD_LIMITS.address,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.principalPlace`,
        label: 'Principal place of business',
        value: party.principalPlace,
        max: CDD_LIMITS.address,
        autocomplete: 'off',
      }),
      namesField(messages, {
        name: `${prefix}.directors`,
        label: 'Directors’ full names',
        hint: 'One name per line',
        names: party.directors,
      }),
      ownersBlock(messages, index, party.owners ?? []),
    ];
  } else {
    fields = [
      field(messages, {
        name: `${prefix}.name`,
        label: 'Name of the trust',
        value: party.name,
        max: CDD_LIMITS.name,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.trustType`,
        label: 'Type of trust',
        hint: 'For example a family (discretionary) trust or a unit trust',
        value: party.trustType,
        max: CDD_LIMITS.trustType,
        autocomplete: 'off',
      }),
      namesField(messages, {
        name: `${prefix}.trustees`,
        label: 'Trustees’ full names',
        hint: 'One name per line; for a company trustee, its name',
        names: party.trustees,
      }),
      field(messages, {
        name: `${prefix}.settlor`,
        label: 'Settlor (if known)',
        value: party.settlor,
        max: CDD_LIMITS.name,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.appointor`,
        label: 'Appointor (optional)',
        value: party.appointor,
        max: CDD_LIMITS.name,
        autocomplete: 'off',
      }),
      namesField(messages, {
        name: `${prefix}.beneficiaries`,
        label: 'Named beneficiaries, or their classes',
        hint: 'One per line, for example “the settlor’s grandchildren”',
        names: party.beneficiaries,
      }),
      ownersBlock(messages, index, party.owners ?? []),
    ];
  }
  const partyErrors = messages.take(`party-${index}`, [prefix, `${prefix}.type`]);
  return (
    <fieldset key={index} className="party" id={`party-${index}`}>
      <legend>{`Customer ${index + 1}: ${PARTY_NOUN[party.type]}`}</legend>
      <input type="hidden" name={`${prefix}.type`} value={party.type} />
      {partyErrors.length ? <FieldError messages={partyErrors} className="field-error" /> : null}
      {fields}
      {only ? null : (
        <p>
          <ActionButton action={`remove-party:${index}`} context={`(customer ${index + 1})`}>
            Remove this party
          </ActionButton>
        </p>
      )}
    </fieldset>
  );
}
