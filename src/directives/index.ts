/** Astro integration registering the shop's custom client directives. */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function directives(): AstroIntegration {
  return {
    name: 'shop-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interact', entrypoint: fileURLToPath(new URL('./interact.ts', import.meta.url)) });
      },
    },
  };
}
