// Lets `.astro` files type-check `<Island client:interaction />`.
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:interaction'?: boolean;
    }
  }
}
export {};
