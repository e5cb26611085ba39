/**
 * The pages for a personal link that cannot be served: unknown (404, and a throttled 429
 * looks the same), ended (410), the identity details unavailable (503), and something
 * broken on our side (500). A person reads them, not a script, so they say what to do next.
 */
import type { ReactNode } from 'react';
import { identityUnavailableText } from '#src/content/amlctf.ts';
import { PRACTICE } from '#src/content/practice.ts';
import { PageDocument, PhoneLink, renderPage } from './document.tsx';

export interface PracticeContact {
  name: string;
  phone: string;
}

function NoticePage({
  title,
  practice,
  children,
}: {
  title: string;
  practice?: { name: string };
  children: ReactNode;
}) {
  return (
    <PageDocument title={practice ? `${title} – ${practice.name}` : title} practiceName={practice?.name}>
      <h1>{title}</h1>
      {children}
    </PageDocument>
  );
}

/** "Please call us on …", or "Please contact us" when the practice is not known. */
function CallUs({ practice }: { practice: PracticeContact | undefined }) {
  return practice ? (
    <>
      {' Please call us on '}
      <PhoneLink phone={practice.phone} />
    </>
  ) : (
    ' Please contact us'
  );
}

/**
 * The page for a link that does not work. `unknown` (404) says the same for every token, so
 * it tells a guesser nothing; `ended` (410) is for a link that expired or was revoked.
 */
export function engageEndedPage(kind: 'unknown' | 'ended', practice?: PracticeContact): string {
  return renderPage(
    kind === 'ended' ? (
      <NoticePage title="This link has ended" practice={practice}>
        <p>
          This link to your costs agreement has expired or been replaced, so it can no longer be used.
          <CallUs practice={practice} /> and ask us for a new one.
        </p>
      </NoticePage>
    ) : (
      <NoticePage title="This link does not work" practice={practice}>
        <p>
          We could not open this link. Check that you copied the whole link from our e-mail.
          <CallUs practice={practice} /> if it still does not work, and we will send you a new one.
        </p>
      </NoticePage>
    ),
  );
}

/** Without CDD_ENCRYPTION_KEY (503): nothing can be read or kept, and the person is told whom to call. */
export function identityUnavailablePage(phone: string = PRACTICE.phone.display): string {
  return renderPage(
    <NoticePage title="Your identity details are unavailable">
      <p>{identityUnavailableText(phone)}</p>
    </NoticePage>,
  );
}

/** Something failed on our side (500, or a store that did not answer): the same words as the API's. */
export function somethingWentWrongPage(): string {
  return renderPage(
    <NoticePage title="Something went wrong">
      <p>Something went wrong on our side. Please try again, or call us.</p>
    </NoticePage>,
  );
}
