/**
 * The staff portal's root island: waits for the session, sends anonymous
 * visitors to /login, and shows 'Content Management' with its seven tabs.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $session, loadSession, logout } from '#src/stores/session.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import BlogPostsTab from './blog/BlogPostsTab.tsx';
import ChangePasswordForm from './staff/ChangePasswordForm.tsx';
import OwnPasskeys from './passkeys/OwnPasskeys.tsx';
import EnquiriesTab from './desk/EnquiriesTab.tsx';
import { flashToast, showFlashedToast } from './kit/flash.ts';
import LeadManagementTab from './desk/LeadManagementTab.tsx';
import MattersTab, { linkedMatter } from './matters/MattersTab.tsx';
import ServicesTab from './site-content/ServicesTab.tsx';
import SettingsTab from './settings/SettingsTab.tsx';
import { Tabs, type TabDefinition } from './kit/Tabs.tsx';
import { rememberEnquiryLink } from './desk/useDesk.ts';
import TestimonialsTab from './site-content/TestimonialsTab.tsx';

const TABS: readonly TabDefinition[] = [
  { id: 'contact-requests', label: 'Contact Requests', render: () => <EnquiriesTab /> },
  { id: 'matters', label: 'Matters', render: () => <MattersTab /> },
  { id: 'testimonials', label: 'Testimonials', render: () => <TestimonialsTab /> },
  { id: 'services', label: 'Services', render: () => <ServicesTab /> },
  { id: 'blog-posts', label: 'Blog Posts', render: () => <BlogPostsTab /> },
  { id: 'lead-management', label: 'Lead Management', render: () => <LeadManagementTab /> },
  { id: 'settings', label: 'Settings', render: () => <SettingsTab /> },
];

/**
 * The tab the address names: `?tab=` (kept there as staff move between tabs, so a reload
 * stays put), else Matters for a matter's link, else Settings for a section's, else Lead
 * Management (the registers) for a principals' notice's link to the cash or suspicion register.
 */
function tabInAddress(): string | undefined {
  const params = new URLSearchParams(window.location.search);
  const named = params.get('tab');
  if (named && TABS.some((tab) => tab.id === named)) return named;
  if (linkedMatter()) return 'matters';
  if (params.has('section')) return 'settings';
  if (params.has('cash') || params.has('suspicion')) return 'lead-management';
  return undefined;
}

/** Writes the tab chosen into the address without a new history step (the sections and enquiries make those). */
function keepTabInAddress(id: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set('tab', id);
  if (url.href !== window.location.href) history.replaceState(history.state, '', url);
}

export default function AdminApp() {
  const session = useStore($session);
  const [loggingOut, setLoggingOut] = useState(false);

  useEffect(() => {
    showFlashedToast();
    loadSession().catch(() => {
      // Shown below as the 'error' state.
    });
  }, []);

  useEffect(() => {
    if (session.status === 'signed-out') {
      rememberEnquiryLink();
      window.location.replace('/login');
    }
  }, [session.status]);

  async function onLogout() {
    setLoggingOut(true);
    try {
      await logout();
      flashToast({ title: 'Logged out', description: 'You have been logged out successfully' });
      window.location.assign('/login');
    } catch (error) {
      setLoggingOut(false);
      showToast({
        title: 'Logout failed',
        description: error instanceof Error && error.message ? error.message : 'Please try again',
        variant: 'destructive',
      });
    }
  }

  if (session.status === 'loading' || session.status === 'signed-out') {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <Spinner
          label={session.status === 'loading' ? 'Checking your session…' : 'Redirecting to the login page…'}
          className="text-brand-700 [&>span:first-child]:size-10"
        />
      </div>
    );
  }

  if (session.status === 'error') {
    return (
      <div className="container-page py-16">
        <div role="alert" className="mx-auto max-w-lg rounded-xl border border-red-300 bg-red-50 p-6 text-red-900">
          <h1 className="text-lg font-semibold">We couldn't check your session</h1>
          <p className="mt-1">{session.message}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void loadSession().catch(() => {})}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="container-page py-8 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">Content Management</h1>
          <p className="mt-1 text-sm text-slate-700">
            Signed in as <span className="font-semibold">{session.user.username}</span>
          </p>
        </div>
        <Button variant="outline" onClick={() => void onLogout()} pending={loggingOut}>
          Logout
        </Button>
      </div>
      {session.user.mustChangePassword ? (
        // The server refuses every other call until this is done; the tabs would only fail.
        <section
          aria-labelledby="forced-password-heading"
          className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="forced-password-heading" className="text-xl font-semibold text-brand-900">
            Choose your own password
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-700">
            You signed in with an initial password. Please replace it with one only you know before you continue.
          </p>
          <ChangePasswordForm submitLabel="Change password and continue" />
        </section>
      ) : session.user.passkeyRequired ? (
        // The practice requires passkeys; the server refuses everything else until this account has one.
        <section
          aria-labelledby="forced-passkey-heading"
          className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="forced-passkey-heading" className="text-xl font-semibold text-brand-900">
            Add a passkey to continue
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-700">
            The practice requires a passkey to sign in to the staff portal. Add one for this device before you continue.
          </p>
          <OwnPasskeys />
        </section>
      ) : (
        <Tabs tabs={TABS} label="Portal sections" initial={tabInAddress()} onSelect={keepTabInAddress} />
      )}
    </div>
  );
}
