/**
 * The two kinds of picture: a product photograph (one piece on the sweep, framed for its view)
 * and a composed scene (pieces on plinths, for banners, category tiles, shops, blog posts and the
 * social feed, framed to leave the title's side clear).
 */
import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import { createRng, type Rng } from '../../lib/prng';
import { DETAIL_AT, RING_HERO, STAGE, VIEWS, frame, placeOnFloor } from './camera';
import { contactShadow, keyLight, studio } from './lighting';
import { matte, mesh } from './materials';
import { giftbox, giftcard, guide, service } from './objects';
import { bangle, bracelet, charm, earrings, necklace, pendant } from './pieces';
import { dispose, renderScene } from './renderer';
import { ring } from './rings';
import type { PieceKind, PieceSpec, ProductShotSpec, SceneShotSpec } from './spec';
import { smartwatch, watch } from './watches';

/**
 * The model of each kind. Each builder gets the shot's random stream (from its seed, scripts/lib/prng.ts);
 * none draws from it yet: a piece's look comes from its spec alone (design, metal, stone, variant).
 */
const BUILDERS: Record<PieceKind, (spec: PieceSpec, rng: Rng) => THREE.Group> = {
  ring,
  pendant,
  necklace,
  earrings,
  bangle,
  bracelet,
  charm,
  watch,
  smartwatch,
  giftbox,
  giftcard,
  service,
  guide,
};

/** One product photograph; returns it as a PNG data URL. */
export function productShot(spec: ProductShotSpec): string {
  const scene = new THREE.Scene();
  const obj = BUILDERS[spec.kind](spec, createRng(spec.seed ?? 1));
  const hero = spec.kind === 'ring' ? RING_HERO[spec.view] : null;
  // a ring's hero and detail shots: the ring leans its head towards the camera (as in a ring
  // clip), so the stone faces the lens instead of showing its girdle
  if (hero) obj.rotation.x = spec.tilt ?? hero[3];
  scene.add(obj);
  const box = placeOnFloor(obj);
  const floor = studio(scene, box, spec.bg ?? 0xf3efe9);
  keyLight(scene, box);
  contactShadow(scene, box, [floor], { reach: Math.max(1.2, box.getSize(new THREE.Vector3()).y * 0.12) });
  const focus =
    obj.userData.focus && spec.view !== 'angle' ? new THREE.Box3().setFromObject(obj.userData.focus).expandByScalar(obj.userData.focusPad ?? 0) : box;
  const camera = new THREE.PerspectiveCamera(28, spec.w / spec.h, 0.1, 5000);
  const [az, el, zoom] = spec.cam ?? hero ?? VIEWS[STAGE[spec.kind]][spec.view] ?? VIEWS.object.front;
  frame(camera, focus, az, el, zoom, spec.view === 'detail' ? (DETAIL_AT[spec.kind] ?? 0.6) : null, spec.fill ?? 0.8);
  const url = renderScene(scene, camera, spec.w, spec.h);
  dispose(scene);
  return url;
}

/** A plinth (cylinder or block) in a soft material. */
function plinth(r: number, h: number, hex: number, round = true): THREE.Mesh {
  const m = matte(hex, 0.55, { clearcoat: 0.2 });
  const p = round ? mesh(new THREE.CylinderGeometry(r, r, h, 64), m) : mesh(new RoundedBoxGeometry(r * 2, h, r * 2, 3, 0.6), m);
  p.position.y = h / 2;
  return p;
}
/**
 * A composed scene: items are product specs with a position (x, z in scene units), a plinth
 * height and a scale; the camera frames everything, shifted so the picture's `clear` side stays
 * empty for the HTML title over it.
 */
export function composedShot(spec: SceneShotSpec): string {
  const scene = new THREE.Scene();
  const rng = createRng(spec.seed ?? 1);
  const all = new THREE.Group();
  for (const it of spec.items) {
    const holder = new THREE.Group();
    const obj = BUILDERS[it.kind]({ v: 0, ...it }, rng);
    // rings lean their heads towards the camera (as in a ring clip), so their stones face the lens
    if (it.kind === 'ring') obj.rotation.x = it.lean ?? 0.35;
    const inner = new THREE.Group();
    inner.add(obj);
    inner.scale.setScalar(it.scale ?? 1);
    placeOnFloor(inner);
    if (it.rotY) inner.rotation.y = it.rotY;
    const ph = it.plinth ?? 0;
    if (ph > 0) {
      const ib = new THREE.Box3().setFromObject(inner, true);
      const pr = it.plinthR ?? Math.max(ib.max.x - ib.min.x, ib.max.z - ib.min.z) * 0.5 + 3;
      holder.add(plinth(pr, ph, it.plinthColour ?? spec.plinth ?? 0xe9e1d3, !it.block));
      inner.position.y += ph;
    }
    holder.add(inner);
    holder.position.set(it.x ?? 0, 0, it.z ?? 0);
    all.add(holder);
  }
  scene.add(all);
  all.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(all, true);
  const floor = studio(scene, box, spec.bg, spec.shadow ?? 0.16);
  if (spec.wall) {
    // a back wall with shelves (store windows)
    const wall = new THREE.Mesh(new THREE.PlaneGeometry(2000, 800), matte(spec.wall, 0.9));
    wall.position.set(0, 200, box.min.z - 40);
    wall.receiveShadow = true;
    scene.add(wall);
    const shelfM = matte(spec.shelf ?? 0x6b4a2f, 0.5, { clearcoat: 0.3 });
    for (const y of [60, 130]) {
      const s = mesh(new THREE.BoxGeometry(600, 3, 30), shelfM);
      s.position.set(0, y, box.min.z - 25);
      scene.add(s);
    }
    for (let i = 0; i < 9; i++) {
      const lamp = new THREE.Mesh(new THREE.CircleGeometry(4, 24), new THREE.MeshBasicMaterial({ color: 0xfff2d8 }));
      lamp.position.set(-240 + i * 60, 175, box.min.z - 39);
      scene.add(lamp);
    }
  }
  keyLight(scene, box, spec.light ?? 2.4, spec.lightFrom ?? [-0.45, 2.0, 0.7]);
  contactShadow(scene, box, [floor], { reach: 4, blur: 2.5, opacity: 0.6 });
  const camera = new THREE.PerspectiveCamera(spec.fov ?? 26, spec.w / spec.h, 0.1, 8000);
  frame(camera, box, spec.az ?? 0, spec.el ?? 20, 1, null, spec.fill ?? 0.85, spec.shift ?? 0);
  const url = renderScene(scene, camera, spec.w, spec.h);
  dispose(scene);
  return url;
}
