/** The collection notice beside each enquiry form (links to /privacy). */
export function PrivacyNotice({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const text = tone === 'dark' ? 'text-brand-100' : 'text-slate-600';
  const link = tone === 'dark' ? 'text-white' : 'text-brand-700';
  return (
    <p className={`text-xs ${text}`}>
      We collect these details only to answer your enquiry; staff of the practice read them and they are never sold. See
      our{' '}
      <a href="/privacy/" className={`font-semibold underline underline-offset-2 ${link}`}>
        privacy policy
      </a>{' '}
      for access or deletion.
    </p>
  );
}
