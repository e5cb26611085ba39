/**
 * False while the server renders and while the island hydrates, true from the render right
 * after: for controls that do nothing until the island is live, and for output the server
 * cannot know, which the first client render must leave out to match the HTML.
 */
import { useSyncExternalStore } from 'react';

// Nothing to subscribe to: the answer changes once, when React swaps the server snapshot
// for the client one after hydration.
const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
