/**
 * Which deploy this function runs in: Netlify's deploy context (`production`,
 * `deploy-preview`, `branch-deploy`, `dev`), from the runtime's `Netlify.context` or else
 * the `CONTEXT` variable Netlify sets (and the local server and tests may set). Unset
 * locally, where `npm start` is neither production nor a preview.
 */
export function deployContext(): string | undefined {
  const netlify = (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } }).Netlify;
  return netlify?.context?.deploy?.context ?? (process.env.CONTEXT || undefined);
}

/** The site clients use: the only deploy where rules meant for real clients apply. */
export const isProductionDeploy = (): boolean => deployContext() === 'production';
