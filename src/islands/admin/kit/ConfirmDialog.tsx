/**
 * "Are you sure?" before a delete, as a modal <dialog>: the browser traps focus, closes on
 * Escape and returns focus to the button that opened it.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '#src/ui/Button.tsx';

interface Request {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  resolve: (confirmed: boolean) => void;
}

/** `confirm(...)` resolves true only when the person confirms; render `dialog` once. */
export function useConfirm() {
  const [request, setRequest] = useState<Request | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  const confirm = useCallback(
    (options: Omit<Request, 'resolve'>) => new Promise<boolean>((resolve) => setRequest({ ...options, resolve })),
    [],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!request || !dialog || dialog.open) return;
    dialog.showModal();
    // The safe answer takes focus: Enter or Space straight after opening deletes nothing.
    cancelRef.current?.focus();
  }, [request]);

  const finish = (confirmed: boolean) => {
    request?.resolve(confirmed);
    setRequest(null);
    if (ref.current?.open) ref.current.close();
  };

  const dialog = (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => request && finish(false)}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      {request && (
        <>
          <h2 id={titleId} className="text-lg font-semibold text-brand-900">
            {request.title}
          </h2>
          <div id={bodyId} className="mt-2 text-sm text-slate-700">
            {request.body}
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button ref={cancelRef} variant="outline" onClick={() => finish(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => finish(true)}>
              {request.confirmLabel}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );

  return { confirm, dialog };
}

/** The `confirm` of a `useConfirm` owned further up, for a child whose parent renders the dialog. */
export type Confirm = ReturnType<typeof useConfirm>['confirm'];
