// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Registers the `client:interaction` directive (src/directives/interaction.ts) with
 * Astro. Astro bundles the directive into the pages that use it, inline and tiny.
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
      },
    },
  };
}
