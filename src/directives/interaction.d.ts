// Lets `.astro` files type-check `<Island client:interaction />`.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
export {};
