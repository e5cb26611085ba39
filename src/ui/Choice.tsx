/**
 * A checkbox or a radio with its words beside it: a large box, and the label makes the
 * whole line a 44 px target. Uncontrolled (`defaultChecked`), so a page rendered on the
 * server posts it as it stands.
 */
export interface ChoiceProps {
  type: 'checkbox' | 'radio';
  id: string;
  name: string;
  value: string;
  label: string;
  checked?: boolean;
  required?: boolean;
  /** The id of the message(s) that say what is wrong, when something is. */
  errorId?: string;
}

export function Choice({ type, id, name, value, label, checked, required, errorId }: ChoiceProps) {
  return (
    <div className="grid grid-cols-[1.5rem_1fr] items-start gap-x-3">
      <input
        type={type}
        id={id}
        name={name}
        value={value}
        required={required}
        defaultChecked={checked}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="mt-2.5 size-6 accent-brand-800"
      />
      <label htmlFor={id} className="min-h-11 cursor-pointer py-2">
        {label}
      </label>
    </div>
  );
}
