/**
 * Renders the current toast of `stores/toasts.ts` (one at a time). On public pages
 * at the top of the screen (top right from md), clear of the sticky call to action at the
 * bottom; in the staff portal (`placement="bottom"`) at the bottom, clear of the Logout
 * button and the tabs at the top, which a toast covered for five seconds. The live
 * region stays mounted so screen readers announce each new toast: polite for normal
 * toasts, assertive (role="alert") for destructive ones.
 */
import { useStore } from '@nanostores/react';
import { useHydrated } from './useHydrated.ts';
import { $toast, dismissToast, holdToast, releaseToast } from '../stores/toasts.ts';

const PLACEMENT = {
  top: 'top-0 md:top-16',
  bottom: 'bottom-0',
} as const;

export default function Toaster({ placement = 'top' }: { placement?: keyof typeof PLACEMENT }) {
  // The server renders no toast; a toast set before hydration waits for it, so the
  // first client render matches the HTML.
  const hydrated = useHydrated();
  const current = useStore($toast);
  const toast = hydrated ? current : null;
  const destructive = toast?.variant === 'destructive';
  return (
    <div
      data-toaster={placement}
      className={`pointer-events-none fixed inset-x-0 z-[100] flex flex-col p-4 md:right-0 md:left-auto md:w-full md:max-w-[420px] ${PLACEMENT[placement]}`}
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && !destructive ? <ToastCard key={toast.id} {...toast} /> : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {toast && destructive ? <ToastCard key={toast.id} {...toast} /> : null}
      </div>
    </div>
  );
}

function ToastCard({
  id,
  title,
  description,
  variant,
}: {
  id: number;
  title: string;
  description?: string;
  variant: string;
}) {
  const destructive = variant === 'destructive';
  return (
    <div
      data-testid="toast"
      data-variant={variant}
      onFocus={() => holdToast(id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) releaseToast(id);
      }}
      className={`pointer-events-auto relative w-full rounded-lg border p-4 pr-10 shadow-lg ${
        destructive ? 'border-red-800 bg-destructive text-white' : 'border-slate-200 bg-white text-slate-900'
      }`}
    >
      <p className="text-sm font-semibold">{title}</p>
      {description ? <p className="mt-1 text-sm opacity-95">{description}</p> : null}
      <button
        type="button"
        onClick={() => dismissToast(id)}
        aria-label="Close notification"
        className={`absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md ${
          destructive ? 'text-white hover:bg-white/15' : 'text-slate-600 hover:bg-slate-100'
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M5.3 4.3a1 1 0 0 1 1.4 0L10 7.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 9l3.3 3.3a1 1 0 0 1-1.4 1.4L10 10.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 9 5.3 5.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </div>
  );
}
