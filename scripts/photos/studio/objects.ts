/** What is not jewellery: gift boxes, gift cards, services and guides. */
import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import { lin, matte, metal, mesh } from './materials';
import { ring } from './rings';
import type { PieceSpec } from './spec';
import { variant } from './variant';

/** A gift box with a ribbon and bow. */
export function giftbox(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const v = spec.v;
  const col = variant([0x1f2a44, 0x6e1f2e, 0x1f4a3a, 0xefe7da, 0x2a2a2a], v);
  const W = variant([40, 34, 46], v);
  const H = W * 0.55;
  const boxMat = matte(col, 0.6, { sheen: 0.6, sheenColor: lin(0xffffff), sheenRoughness: 0.5 });
  const base = mesh(new RoundedBoxGeometry(W, H, W, 3, 0.8), boxMat);
  base.position.y = H / 2;
  g.add(base);
  const lid = mesh(new RoundedBoxGeometry(W * 1.04, H * 0.3, W * 1.04, 3, 0.8), boxMat);
  lid.position.y = H + H * 0.12;
  g.add(lid);
  const rib = new THREE.MeshPhysicalMaterial({
    color: lin(col === 0xefe7da ? 0x9b1c31 : 0xd8b45a),
    roughness: 0.3,
    metalness: col === 0xefe7da ? 0 : 0.5,
    sheen: 1,
    sheenColor: lin(0xffffff),
  });
  for (const rot of [0, Math.PI / 2]) {
    const r = mesh(new THREE.BoxGeometry(W * 1.06, H * 1.34, W * 0.12), rib);
    r.position.y = H * 0.67;
    r.rotation.y = rot;
    g.add(r);
  }
  for (const side of [-1, 1]) {
    const loopG = mesh(new THREE.TorusGeometry(W * 0.14, W * 0.035, 10, 32), rib);
    loopG.scale.set(1.4, 1, 0.6);
    loopG.position.set(side * W * 0.17, H * 1.42, 0);
    loopG.rotation.z = side * 0.35;
    g.add(loopG);
  }
  const knot = mesh(new THREE.SphereGeometry(W * 0.06, 16, 12), rib);
  knot.position.y = H * 1.35;
  g.add(knot);
  g.rotation.y = 0.5;
  return g;
}
/** A gift card with a foil emblem, resting on a small box. */
export function giftcard(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const v = spec.v;
  const col = variant([0x1f2a44, 0x111111, 0x6e1f2e], v);
  const card = mesh(new RoundedBoxGeometry(54, 0.9, 34, 3, 0.4), matte(col, 0.4, { clearcoat: 0.8 }));
  card.position.y = 3;
  card.rotation.set(0, 0.3, 0);
  const foil = metal('gold', 0.25);
  const emblem = new THREE.Group();
  const ringE = mesh(new THREE.TorusGeometry(5, 0.5, 12, 48), foil);
  ringE.rotation.x = Math.PI / 2;
  emblem.add(ringE);
  const line = mesh(new THREE.BoxGeometry(40, 0.3, 0.5), foil);
  line.position.z = 10;
  emblem.add(line);
  emblem.position.y = 0.5;
  card.add(emblem);
  // resting on a small gift box
  const stand = mesh(new RoundedBoxGeometry(30, 2.2, 24, 2, 0.5), matte(0xe9e1d3, 0.7));
  stand.position.set(8, 1.1, -10);
  g.add(stand, card);
  card.position.y = 2.8;
  card.rotation.z = 0.0;
  return g;
}
/** A service: a solitaire ring with a jeweller's loupe beside it. */
export function service(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const r = ring({
    kind: 'ring',
    metal: variant(['yellow-gold', 'white-gold', 'platinum', 'rose-gold'], spec.v),
    design: 'solitaire',
    v: spec.v,
    stone: 'diamond',
  });
  r.position.set(-6, 0, 0);
  g.add(r);
  // a jeweller's loupe lying beside it
  const loupe = new THREE.Group();
  const barrel = mesh(new THREE.CylinderGeometry(6, 7, 8, 48, 1, true), matte(0x1b1b1b, 0.4, { side: THREE.DoubleSide }));
  loupe.add(barrel);
  const rim = mesh(new THREE.TorusGeometry(6.9, 0.6, 12, 48), metal('steel'));
  rim.rotation.x = Math.PI / 2;
  rim.position.y = -4;
  loupe.add(rim);
  loupe.rotation.z = Math.PI / 2;
  loupe.position.set(16, 7, 8);
  g.add(loupe);
  return g;
}
/** A guide: a book with a foil emblem, and a band beside it. */
export function guide(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const col = variant([0x1f2a44, 0x6e1f2e, 0x1f4a3a], spec.v);
  const book = mesh(new RoundedBoxGeometry(42, 3, 56, 2, 0.6), matte(col, 0.55, { sheen: 0.5 }));
  book.position.y = 1.5;
  book.rotation.y = -0.25;
  const pages = mesh(new THREE.BoxGeometry(41, 2.2, 55), matte(0xf4efe4, 0.9));
  pages.position.set(0.8, 1.4, 0);
  pages.rotation.y = -0.25;
  g.add(pages, book);
  const foil = metal('gold', 0.25);
  const emb = mesh(new THREE.TorusGeometry(6, 0.6, 12, 48), foil);
  emb.rotation.x = Math.PI / 2;
  emb.position.set(0, 3.1, -4);
  g.add(emb);
  const r = ring({ kind: 'ring', metal: 'yellow-gold', design: 'band', v: spec.v, stone: null });
  r.rotation.x = -Math.PI / 2;
  r.position.set(26, 0.9, 20);
  g.add(r);
  return g;
}
