// Lets `.astro` files type-check `<Island client:interaction />` and `client:companion`.
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:interaction'?: boolean;
      'client:companion'?: boolean;
    }
  }
}
export {};
