// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Registers the `client:interaction` and `client:companion` directives
 * (src/directives/) with Astro. Astro bundles a directive into the pages that use it,
 * inline and tiny.
 * @returns {import('astro').AstroIntegration}
 */
export default function clientInteraction() {
  return {
    name: 'client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../directives/interaction.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'companion',
          entrypoint: fileURLToPath(new URL('../directives/companion.ts', import.meta.url)),
        });
      },
    },
  };
}
