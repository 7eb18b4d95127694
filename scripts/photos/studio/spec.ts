/**
 * What the studio is asked to render: a product photograph (one piece, one view) or a composed
 * scene (pieces on plinths). scripts/photos/browser.ts checks every spec against these schemas
 * before it reaches the page, so a wrong kind or a missing size fails with the field named instead
 * of as a TypeError inside Chromium; the page's modules import only the types.
 */
import { z } from 'zod';
import { SHOT_VIEWS, type ShotView } from '../../lib/sample-photos';
import { ART_KINDS, type ArtKind } from '../../lib/sample-svg';

/** The kinds of piece the studio models (one builder each, scene.ts): the sample's kinds. */
export type PieceKind = ArtKind;

/** The views of a product photograph: the sample's. */
export type ViewName = ShotView;

const colour = z.number().int().min(0).max(0xffffff);
const size = z.number().int().min(16).max(4096);
const xyz = z.tuple([z.number(), z.number(), z.number()]);

/** A piece as the studio models it: kind, design, metal, stone, dial and strap, and a variant of size and cut. */
const piece = {
  kind: z.enum(ART_KINDS),
  design: z.string().min(1),
  metal: z.string(),
  stone: z.string().nullish(),
  dial: z.string().optional(),
  strap: z.string().optional(),
  v: z.number().int().min(0),
};
/** Every choice of a picture comes from its spec; `seed` starts the studio's random stream (scripts/lib/prng.ts). */
const common = { w: size, h: size, seed: z.number().int().optional(), quality: z.number().int().min(1).max(100).optional() };

export const pieceSchema = z.object(piece);
export type PieceSpec = z.infer<typeof pieceSchema>;

export const productShotSchema = z.object({
  ...piece,
  ...common,
  view: z.enum(SHOT_VIEWS),
  bg: colour.optional(),
  /** A ring's lean towards the camera (rad), instead of its view's. */
  tilt: z.number().optional(),
  /** The camera instead of the view's: azimuth and elevation in degrees, zoom. */
  cam: xyz.optional(),
  /** The share of the picture the piece fills. */
  fill: z.number().positive().max(1).optional(),
});
export type ProductShotSpec = z.infer<typeof productShotSchema>;

export const sceneItemSchema = z.object({
  ...piece,
  v: piece.v.optional(),
  /** Where it stands, in scene units. */
  x: z.number().optional(),
  z: z.number().optional(),
  scale: z.number().positive().optional(),
  rotY: z.number().optional(),
  /** A ring's lean towards the camera (rad). */
  lean: z.number().optional(),
  /** The plinth under it: height (0: none), radius, colour, and a block instead of a drum. */
  plinth: z.number().min(0).optional(),
  plinthR: z.number().positive().optional(),
  plinthColour: colour.optional(),
  block: z.boolean().optional(),
});
export type SceneItem = z.infer<typeof sceneItemSchema>;

export const sceneShotSchema = z.object({
  ...common,
  items: z.array(sceneItemSchema).min(1),
  bg: colour,
  /** The plinths' colour. */
  plinth: colour.optional(),
  /** The key light's shadow on the floor (opacity). */
  shadow: z.number().min(0).max(1).optional(),
  /** A back wall with shelves of these colours (shop windows). */
  wall: colour.optional(),
  shelf: colour.optional(),
  light: z.number().positive().optional(),
  lightFrom: xyz.optional(),
  fov: z.number().positive().optional(),
  az: z.number().optional(),
  el: z.number().optional(),
  fill: z.number().positive().max(1).optional(),
  /** How far the pieces keep to one side (the title's side stays clear), as a share of the width. */
  shift: z.number().min(-1).max(1).optional(),
});
export type SceneShotSpec = z.infer<typeof sceneShotSchema>;

export type ShotSpec = ProductShotSpec | SceneShotSpec;

/** Checks a spec as a composed scene when it has `items`, else as a product shot (so the issues name that kind's fields). */
export function parseShot(spec: unknown): { success: true; data: ShotSpec } | { success: false; error: z.ZodError } {
  return typeof spec === 'object' && spec !== null && 'items' in spec ? sceneShotSchema.safeParse(spec) : productShotSchema.safeParse(spec);
}

/** The studio page's interface (main.ts sets it, browser.ts calls it). */
export interface StudioWindow {
  /** Renders one spec; returns the picture as a PNG data URL. */
  shoot(spec: ShotSpec): string;
  studioReady: boolean;
}
