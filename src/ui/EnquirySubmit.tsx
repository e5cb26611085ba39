/**
 * The end of both enquiry forms: the hidden honeypot, the submit button with its
 * pending label, and the privacy collection notice.
 */
import type { RefObject } from 'react';
import { Button } from './Button.tsx';
import { Honeypot } from './Honeypot.tsx';
import { PrivacyNotice } from './PrivacyNotice.tsx';

interface Props {
  idPrefix: string;
  honeypot: RefObject<HTMLInputElement | null>;
  pending: boolean;
  label: string;
  buttonClassName: string;
}

export function EnquirySubmit({ idPrefix, honeypot, pending, label, buttonClassName }: Props) {
  return (
    <>
      <Honeypot inputRef={honeypot} idPrefix={idPrefix} />
      <Button type="submit" pending={pending} className={buttonClassName}>
        {pending ? 'Submitting...' : label}
      </Button>
      <div className="mt-3">
        <PrivacyNotice />
      </div>
    </>
  );
}
