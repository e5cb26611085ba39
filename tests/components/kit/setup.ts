/** Every component test starts from an empty page, no toast, no stored flash and the real `fetch` back. */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '#src/stores/toasts.ts';

afterEach(() => {
  cleanup();
  dismissToast();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
