import { useRef, useState, type RefObject } from 'react';
import type { IssuedClientLink } from '#src/shared/schemas/engagement.ts';
import { Button } from '#src/ui/Button.tsx';
import { formatDateTime } from '../kit/format.ts';

/** A link just issued, with what became of the e-mail. */
export interface IssuedLink {
  /** Only when it was not e-mailed: the API keeps an e-mailed link the client's alone. */
  url?: string;
  expiresAt: string;
  emailed: boolean;
  what: 'sent' | 'resent' | 'reissued';
  /** Joint clients: each one's link (a link only where it was not e-mailed). */
  clients?: IssuedClientLink[];
}

const HEADINGS: Record<IssuedLink['what'], string> = {
  sent: 'Engagement sent',
  resent: 'New link issued: the old one no longer works',
  reissued: 'New link issued: the old one no longer works',
};

/**
 * The link just issued. E-mailed, it is only said so: the link is the client's. Not
 * e-mailed, it is shown once (the server keeps only its hash), with a Copy button, for
 * staff to pass on.
 */
export function IssuedLinkBox({
  link,
  email,
  headingRef,
  headingId,
  onDismiss,
}: {
  link: IssuedLink;
  email: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  headingId: string;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState<string>('');
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    if (!link.url) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('Link copied');
    } catch {
      // No clipboard (permissions, an old browser): select it for Ctrl+C instead.
      field.current?.select();
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected link');
    }
  }

  const mailed =
    link.emailed || !link.url
      ? `The link was e-mailed to ${email}. Only the client has it: it is not shown here.`
      : 'The link was not e-mailed (outgoing e-mail is not set up, or sending failed). Send it to the client yourself.';

  if (link.clients && link.clients.length > 1) {
    return (
      <JointLinks
        link={link}
        clients={link.clients}
        headingRef={headingRef}
        headingId={headingId}
        onDismiss={onDismiss}
      />
    );
  }

  return (
    <div className="mt-3 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-950">
      <h5 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold focus-visible:outline-none">
        {HEADINGS[link.what]}
      </h5>
      <p className="mt-1" data-testid="engagement-emailed">
        {mailed}
      </p>
      {link.url ? (
        <>
          <label htmlFor={`${headingId}-url`} className="mt-2 block font-medium">
            Link for the client (shown only now)
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              ref={field}
              id={`${headingId}-url`}
              readOnly
              value={link.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-10 min-w-0 grow basis-60 rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-xs text-slate-900"
            />
            <Button variant="outline" onClick={() => void copy()}>
              Copy link
            </Button>
          </div>
          <p role="status" className="mt-1 min-h-5">
            {copied}
          </p>
        </>
      ) : null}
      {link.what === 'reissued' ? null : (
        <p>
          It works until <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>.
        </p>
      )}
      <Button variant="ghost" className="mt-1" onClick={onDismiss}>
        Done
      </Button>
    </div>
  );
}

/** Joint clients' links: each client's own, said e-mailed or shown once for staff to pass on. */
function JointLinks({
  link,
  clients,
  headingRef,
  headingId,
  onDismiss,
}: {
  link: IssuedLink;
  clients: IssuedClientLink[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  headingId: string;
  onDismiss: () => void;
}) {
  return (
    <div className="mt-3 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-950">
      <h5 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold focus-visible:outline-none">
        {link.what === 'sent' ? HEADINGS.sent : 'New links issued: the old ones no longer work'}
      </h5>
      <p className="mt-1">Each client has their own link and accepts for themselves.</p>
      <ul className="mt-2 space-y-2" data-testid="engagement-client-links">
        {clients.map((client, index) => (
          <li key={client.email}>
            {client.url ? (
              <>
                <label htmlFor={`${headingId}-url-${index}`} className="block font-medium">
                  {`Link for ${client.name} (not e-mailed: send it yourself; shown only now)`}
                </label>
                <input
                  id={`${headingId}-url-${index}`}
                  readOnly
                  value={client.url}
                  onFocus={(event) => event.currentTarget.select()}
                  className="mt-1 min-h-10 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-xs text-slate-900"
                />
              </>
            ) : (
              <p>{`${client.name}: the link was e-mailed to ${client.email}. Only they have it: it is not shown here.`}</p>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        They work until <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>.
      </p>
      <Button variant="ghost" className="mt-1" onClick={onDismiss}>
        Done
      </Button>
    </div>
  );
}
