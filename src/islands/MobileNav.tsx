/**
 * The mobile menu: a hamburger that opens a right-side drawer (18rem, at most
 * 75% of the viewport) over a dark overlay. It is a modal <dialog> labelled by its
 * heading: focus stays inside it, and Escape, a click on the overlay or choosing an item
 * close it and return focus to the hamburger. Shown below 1024 px; it hydrates on the
 * first pointerdown, focus or key on the hamburger (client:interaction), and that first
 * tap still opens it.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

export interface MobileNavProps {
  items: readonly { label: string; href: string }[];
  quoteHref: string;
  phoneHref: string;
  phoneDisplay: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function MobileNav({ items, quoteHref, phoneHref, phoneDisplay }: MobileNavProps) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.style.overflow = 'hidden';
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // The dialog closes itself on Escape; keep state and focus in step whichever way it closes.
  const onClose = () => {
    document.documentElement.style.overflow = '';
    setOpen(false);
    triggerRef.current?.focus({ preventScroll: true });
  };

  // A click on the dialog element itself is a click on its backdrop (the overlay).
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) setOpen(false);
  };

  // Keep Tab and Shift+Tab cycling inside the drawer.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const close = () => setOpen(false);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-md text-brand-900 hover:bg-brand-50 lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(true)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="24"
          height="24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes it; Escape, handled by <dialog> itself, does for the keyboard */}
      <dialog
        ref={dialogRef}
        id="mobile-menu"
        aria-labelledby="mobile-menu-title"
        onClose={onClose}
        onClick={onDialogClick}
        onKeyDown={onKeyDown}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-[75vw] bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/60"
      >
        <div className="flex h-full flex-col overflow-y-auto p-5">
          <div className="mb-4 flex items-center justify-between">
            <h2 id="mobile-menu-title" className="text-lg font-bold text-brand-900">
              Menu
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label="Close menu"
              className="inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.label}>
                  <a
                    href={item.href}
                    onClick={close}
                    className="block rounded-md px-3 py-3 font-medium hover:bg-brand-50"
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-6 flex flex-col gap-3">
            <a href={quoteHref} onClick={close} className="btn btn-primary">
              Get Quote
            </a>
            <a href={phoneHref} className="btn btn-outline">
              Call {phoneDisplay}
            </a>
          </div>
        </div>
      </dialog>
    </>
  );
}
