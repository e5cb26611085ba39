// Lets `.astro` files type-check `<Island client:interaction />` and `client:companion`.
declare global {
  namespace Astro {
    interface ClientDirectives {
      /** true, or a sessionStorage key whose presence hydrates the island at once. */
      'client:interaction'?: boolean | string;
      'client:companion'?: boolean;
    }
  }
}
export {};
