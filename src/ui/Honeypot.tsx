/**
 * The spam trap (see HONEYPOT_FIELD): hidden from people, from screen readers and from
 * the tab order; autofill is off so browsers never fill it in.
 */
import type { Ref } from 'react';
import { HONEYPOT_FIELD } from '../shared/enquiry-labels.ts';

export function Honeypot({ inputRef, idPrefix }: { inputRef: Ref<HTMLInputElement>; idPrefix: string }) {
  return (
    <div hidden aria-hidden="true">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input
        ref={inputRef}
        id={`${idPrefix}-${HONEYPOT_FIELD}`}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
