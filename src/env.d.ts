/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island (or with the elements the selector names). */
    'client:interact'?: boolean | string;
  }
}
export {};
