/** Toasts go after 5 seconds, except while focus is in one. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast, dismissToast, holdToast, releaseToast, showToast, TOAST_DURATION_MS } from '#src/stores/toasts.ts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('go after 5 seconds', () => {
    showToast({ title: 'Saved' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toast.get()?.title).toBe('Saved');
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('stay while held, and go 5 seconds after being let go', () => {
    showToast({ title: 'Saved' });
    const id = $toast.get()!.id;
    vi.advanceTimersByTime(4_000);
    holdToast(id);
    vi.advanceTimersByTime(60_000);
    expect($toast.get()?.id).toBe(id);
    releaseToast(id);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toast.get()?.id).toBe(id);
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('letting go of an old toast never cuts a newer one short', () => {
    showToast({ title: 'First' });
    const first = $toast.get()!.id;
    holdToast(first);
    showToast({ title: 'Second' });
    vi.advanceTimersByTime(3_000);
    releaseToast(first);
    vi.advanceTimersByTime(1_999);
    expect($toast.get()?.title).toBe('Second');
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });
});
