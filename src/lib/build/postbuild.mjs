// @ts-check
/**
 * Post-processing of the built site (astro:build:done): pages whose route ends in '.html'
 * (/pwa.html, /no-js.html, /append-prepend.html, and their /de, /it twins) are written by Astro
 * as 'x.html/index.html'; they become the file 'x.html' the URL names.
 */
import { existsSync, readdirSync, renameSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Moves every `<dir>/name.html/index.html` to `<dir>/name.html`; returns the paths moved.
 * @param {string} root
 * @returns {string[]}
 */
export function flattenHtmlDirs(root) {
  /** @type {string[]} */
  const moved = [];
  /** @param {string} dir @param {number} depth */
  const walk = (dir, depth) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (!statSync(full).isDirectory() || name === '_astro') continue;
      if (name.endsWith('.html') && existsSync(join(full, 'index.html')) && readdirSync(full).length === 1) {
        const tmp = `${full}.__tmp`;
        renameSync(join(full, 'index.html'), tmp);
        rmdirSync(full);
        renameSync(tmp, full);
        moved.push(full);
      } else if (depth < 1) {
        walk(full, depth + 1);
      }
    }
  };
  walk(root, 0);
  return moved;
}

/**
 * The Astro integration running the post-processing.
 * @returns {import('astro').AstroIntegration}
 */
export function postBuild() {
  return {
    name: 'pj-postbuild',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const moved = flattenHtmlDirs(root);
        logger.info(`flattened ${moved.length} '.html' page(s): ${moved.map((m) => m.slice(root.length - 1)).join(', ')}`);
      },
    },
  };
}
