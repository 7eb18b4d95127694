/**
 * The photo studio of the sample shop, run in headless Chromium (WebGL2 on SwiftShader) by
 * scripts/photos/browser.ts, which bundles this module and its neighbours with esbuild. Models the
 * pieces the catalogue sells from a few parametric parts (bands, cut stones, prongs, chains, watch
 * cases, straps), lights them with three.js's RoomEnvironment plus a key light, and sets them on a
 * seamless sweep with a contact shadow. `window.shoot(spec)` renders one picture and returns it as
 * a PNG data URL; the same spec always gives the same pixels (no clock, no Math.random).
 */
import { composedShot, productShot } from './scene';
import type { StudioWindow } from './spec';

const studio = window as unknown as StudioWindow;
studio.shoot = (spec) => ('items' in spec ? composedShot(spec) : productShot(spec));
studio.studioReady = true;
