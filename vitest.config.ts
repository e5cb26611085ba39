import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The build's content collections, loaded from the test's Blobs (tests/functions/astro-content.ts).
  resolve: {
    alias: { 'astro:content': fileURLToPath(new URL('./tests/functions/astro-content.ts', import.meta.url)) },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/functions/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file gets its own process, and with it its own throwaway Blobs server.
    pool: 'forks',
  },
});
