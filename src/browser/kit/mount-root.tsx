/** Renders an island into a new element at the end of the body, outside Astro's hydration (used by lazy.ts). */
import { createElement, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/** Mounts `Component` once per `name` (its host is `.{name}-host`). */
export function mountRoot<P extends object>(name: string, Component: ComponentType<P>, props: P): void {
  if (document.querySelector(`.${name}-host`)) return;
  const host = document.createElement('div');
  host.className = `${name}-host`;
  document.body.append(host);
  createRoot(host).render(createElement(Component, props));
}
