/** Watches and smartwatches. */
import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import { lin, matte, metal, mesh } from './materials';
import type { PieceSpec } from './spec';
import { gem } from './stones';
import { variant } from './variant';

const BLACK_DIAL = 0x16171a;
const LEATHER = 0x4a2c1a;
const DIALS: Record<string, number> = { black: BLACK_DIAL, blue: 0x1b3a78, green: 0x1f4d3a, white: 0xf2f0ea, silver: 0xc9ccd0, brown: 0x5a3a24 };
const STRAPS: Record<string, number> = { leather: LEATHER, rubber: 0x17181a, silicone: 0x2b3440, fabric: 0x3c4a3a };
/** A curved ribbon (strap) of width w and thickness t along a curve in the YZ plane. */
function ribbon(curve: THREE.Curve<THREE.Vector3>, w: number, t: number, mat: THREE.Material, segs = 48): THREE.Mesh {
  const pos = [];
  const idx = [];
  for (let i = 0; i <= segs; i++) {
    const u = i / segs;
    const p = curve.getPointAt(u);
    const tan = curve.getTangentAt(u);
    const nrm = new THREE.Vector3(1, 0, 0).cross(tan).normalize();
    for (const [sx, sn] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const)
      pos.push(p.x + (sx * w) / 2, p.y + (nrm.y * sn * t) / 2, p.z + (nrm.z * sn * t) / 2);
  }
  for (let i = 0; i < segs; i++)
    for (let k = 0; k < 4; k++) {
      const a = i * 4 + k;
      const b = i * 4 + ((k + 1) % 4);
      const c = a + 4;
      const d = b + 4;
      idx.push(a, c, b, b, c, d);
    }
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
  g.setIndex(idx);
  g.computeVertexNormals();
  return mesh(g, mat);
}
/**
 * A strap's path: a loop behind the case, as a watch sits on a display cushion, from the top lug
 * (at height top, z0 behind the case) up over (rise, then fall, times top) and round to the bottom lug.
 */
function strapLoop(top: number, depth: number, z0: number, rise: number, fall: number): THREE.CatmullRomCurve3 {
  return new THREE.CatmullRomCurve3([
    new THREE.Vector3(0, top, z0),
    new THREE.Vector3(0, top * rise, -depth * 0.25),
    new THREE.Vector3(0, top * fall, -depth * 0.7),
    new THREE.Vector3(0, 0, -depth),
    new THREE.Vector3(0, -top * fall, -depth * 0.7),
    new THREE.Vector3(0, -top * rise, -depth * 0.25),
    new THREE.Vector3(0, -top, z0),
  ]);
}
/** A watch on a display cushion: case, bezel, dial with markers and hands at ten past ten, and a strap in a loop behind. */
export function watch(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const v = spec.v;
  const ladies = spec.design.startsWith('ladies');
  const style = spec.design.replace(/^(ladies|mens)-/, '');
  const caseMetal = spec.metal === 'two-tone' ? 'steel' : spec.metal;
  const cm = metal(caseMetal === 'silver' ? 'steel' : caseMetal, 0.12);
  const accentMetal = spec.metal === 'two-tone' ? metal('gold') : cm;
  const R = ladies ? 14 : 20;
  const face = new THREE.Group();
  // case: a short cylinder facing +Z
  const body = mesh(new THREE.CylinderGeometry(R, R * 0.97, 4, 64), cm);
  body.rotation.x = Math.PI / 2;
  face.add(body);
  const bezel = mesh(new THREE.TorusGeometry(R * 0.93, R * 0.08, 16, 64), accentMetal);
  bezel.position.z = 2.8;
  face.add(bezel);
  if (style === 'dive') {
    const ins = mesh(new THREE.RingGeometry(R * 0.78, R * 0.95, 64), matte(v % 2 ? 0x1b3a78 : 0x141414, 0.3, { clearcoat: 1 }));
    ins.position.z = 3.3;
    face.add(ins);
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      const mk = mesh(new THREE.BoxGeometry(0.5, R * 0.1, 0.2), metal('silver'));
      mk.position.set(Math.sin(a) * R * 0.865, Math.cos(a) * R * 0.865, 3.4);
      mk.rotation.z = -a;
      face.add(mk);
    }
  }
  if (ladies && v % 3 === 0) {
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      const s = gem(R * 0.055, 'crystal', 'round');
      s.rotation.x = Math.PI / 2;
      s.position.set(Math.sin(a) * R * 0.93, Math.cos(a) * R * 0.93, 3.55);
      face.add(s);
    }
  }
  const dialR = style === 'dive' ? R * 0.76 : R * 0.86;
  const dialHex = DIALS[spec.dial ?? ''] ?? BLACK_DIAL;
  const dial = mesh(
    new THREE.CircleGeometry(dialR, 64),
    new THREE.MeshPhysicalMaterial({ color: lin(dialHex), roughness: 0.35, metalness: spec.dial === 'silver' ? 0.6 : 0.1, clearcoat: 0.6, sheen: 0.3 }),
  );
  dial.position.z = 2.3;
  face.add(dial);
  const light = spec.dial === 'white' || spec.dial === 'silver';
  const markMat = light
    ? metal(caseMetal === 'rose-gold' || caseMetal === 'gold' ? caseMetal : 'steel')
    : metal(caseMetal === 'rose-gold' || caseMetal === 'gold' ? caseMetal : 'silver');
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    const big = i % 3 === 0;
    const mk = mesh(new THREE.BoxGeometry(big ? R * 0.07 : R * 0.04, big ? R * 0.16 : R * 0.1, 0.5), markMat);
    const rr = dialR * 0.84;
    mk.position.set(Math.sin(a) * rr, Math.cos(a) * rr, 2.6);
    mk.rotation.z = -a;
    face.add(mk);
  }
  if (style === 'chronograph') {
    for (const [x, y] of [
      [-0.42, 0],
      [0.42, 0],
      [0, -0.42],
    ] as const) {
      const sd = mesh(new THREE.CircleGeometry(dialR * 0.2, 40), matte(light ? 0x2a2a2e : 0xe8e6e0, 0.4, { clearcoat: 0.5 }));
      sd.position.set(x * dialR, y * dialR, 2.4);
      face.add(sd);
      const rim = mesh(new THREE.TorusGeometry(dialR * 0.2, 0.15, 6, 40), markMat);
      rim.position.copy(sd.position);
      face.add(rim);
      const sh = mesh(new THREE.BoxGeometry(0.25, dialR * 0.17, 0.2), matte(light ? 0xffffff : 0x111111));
      sh.position.set(x * dialR, y * dialR + dialR * 0.07, 2.6);
      face.add(sh);
    }
    for (const side of [-1, 1]) {
      const push = mesh(new THREE.CylinderGeometry(1.1, 1.1, 3, 16), cm);
      const a = Math.PI / 2 + side * 0.5;
      push.position.set(Math.sin(a) * (R + 1), Math.cos(a) * (R + 1), 0);
      push.rotation.z = -a;
      face.add(push);
    }
  }
  if (v % 2 === 0 && style !== 'chronograph') {
    const date = mesh(new THREE.PlaneGeometry(R * 0.14, R * 0.12), matte(0xf4f2ec, 0.5));
    date.position.set(dialR * 0.62, 0, 2.35);
    face.add(date);
  }
  // hands at ten past ten
  const handMat = markMat;
  const hand = (len: number, wid: number, angle: number, z: number, mat: THREE.Material = handMat) => {
    const h = mesh(new THREE.BoxGeometry(wid, len, 0.35), mat);
    h.geometry.translate(0, len / 2 - len * 0.12, 0);
    h.rotation.z = -angle;
    h.position.z = z;
    face.add(h);
  };
  hand(dialR * 0.58, R * 0.07, (-50 / 180) * Math.PI, 2.9);
  hand(dialR * 0.85, R * 0.05, (60 / 180) * Math.PI, 3.2);
  hand(dialR * 0.92, 0.25, (160 / 180) * Math.PI, 3.4, matte(style === 'dive' ? 0xd8502a : light ? 0x1a1a1a : 0xd8d8d8, 0.4));
  const pin = mesh(new THREE.CylinderGeometry(R * 0.04, R * 0.04, 1.5, 16), handMat);
  pin.rotation.x = Math.PI / 2;
  pin.position.z = 3.2;
  face.add(pin);
  const glass = mesh(
    new THREE.CircleGeometry(R * 0.88, 64),
    new THREE.MeshPhysicalMaterial({
      color: 0xffffff,
      transmission: 1,
      roughness: 0,
      ior: 1.5,
      thickness: 0.3,
      transparent: true,
      opacity: 1,
      envMapIntensity: 0.6,
    }),
    false,
  );
  void glass;
  const crown = mesh(new THREE.CylinderGeometry(R * 0.1, R * 0.1, R * 0.12, 24), accentMetal);
  crown.rotation.z = Math.PI / 2;
  crown.position.set(R + R * 0.06, 0, 0);
  face.add(crown);
  // lugs
  for (const sy of [-1, 1])
    for (const sx of [-1, 1]) {
      const lug = mesh(new RoundedBoxGeometry(R * 0.16, R * 0.45, 4, 2, 0.6), cm);
      lug.position.set(sx * R * 0.5, sy * R * 1.02, -0.6);
      face.add(lug);
    }
  // strap: a loop behind the case, as a watch sits on a display cushion
  const sw = R * 0.84;
  const depth = R * 2.6;
  const top = R * 1.15;
  const loop = strapLoop(top, depth, -0.8, 1.25, 1.15);
  const strap = spec.strap;
  if (strap === 'bracelet' || strap === 'mesh') {
    if (strap === 'mesh') g.add(ribbon(loop, sw, 1.6, metal(caseMetal === 'silver' ? 'steel' : caseMetal, 0.35)));
    else {
      const n = 34;
      for (let i = 0; i < n; i++) {
        const u = (i + 0.5) / n;
        const p = loop.getPointAt(u);
        const tan = loop.getTangentAt(u);
        const ang = Math.atan2(tan.z, tan.y);
        const links: [number, number, THREE.Material][] = [
          [0, sw * 0.36, accentMetal],
          [-sw * 0.34, sw * 0.3, cm],
          [sw * 0.34, sw * 0.3, cm],
        ];
        for (const [x, wd, mat] of links) {
          const link = mesh(new RoundedBoxGeometry(wd, (loop.getLength() / n) * 0.94, 2.4, 2, 0.5), mat);
          link.position.set(x, p.y, p.z);
          link.rotation.x = ang;
          g.add(link);
        }
      }
    }
  } else
    g.add(
      ribbon(loop, sw, 2.2, matte(STRAPS[strap ?? ''] ?? LEATHER, strap === 'leather' ? 0.55 : 0.7, { sheen: 0.4, clearcoat: strap === 'leather' ? 0.3 : 0 })),
    );
  g.add(face);
  g.rotation.x = 0.08;
  return g;
}
/** A smartwatch (round or square) with its activity rings lit, on a strap in a loop. */
export function smartwatch(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const v = spec.v;
  const cm = metal(spec.metal === 'titanium' ? 'titanium' : 'steel', 0.2);
  const face = new THREE.Group();
  const round = v % 2 === 0;
  const W = 20;
  const body = round ? mesh(new THREE.CylinderGeometry(W, W, 6, 64), cm) : mesh(new RoundedBoxGeometry(W * 1.8, W * 2.1, 6, 6, 5), cm);
  if (round) body.rotation.x = Math.PI / 2;
  face.add(body);
  const screen = round
    ? mesh(new THREE.CircleGeometry(W * 0.88, 64), matte(0x050506, 0.05, { clearcoat: 1 }))
    : mesh(new RoundedBoxGeometry(W * 1.6, W * 1.9, 0.4, 4, 3.5), matte(0x050506, 0.05, { clearcoat: 1 }));
  screen.position.z = 3.1;
  face.add(screen);
  // activity rings, lit
  const cols = [0xff3b5c, 0x9cff3b, 0x3bd8ff];
  cols.forEach((c, i) => {
    const r = W * (0.55 - i * 0.13);
    const arc = mesh(
      new THREE.TorusGeometry(r, W * 0.045, 8, 64, Math.PI * 2 * (0.55 + 0.15 * ((i + v) % 3))),
      new THREE.MeshBasicMaterial({ color: lin(c) }),
      false,
    );
    arc.position.z = 3.4;
    arc.rotation.z = Math.PI / 2;
    face.add(arc);
    const bg = mesh(new THREE.TorusGeometry(r, W * 0.045, 8, 64), new THREE.MeshBasicMaterial({ color: new THREE.Color(c).multiplyScalar(0.12) }), false);
    bg.position.z = 3.35;
    face.add(bg);
  });
  const btn = mesh(new THREE.CylinderGeometry(1.6, 1.6, 2.5, 16), cm);
  btn.rotation.z = Math.PI / 2;
  btn.position.set(round ? W + 1 : W * 0.9 + 1, W * 0.3, 0);
  face.add(btn);
  const sw = W * 1.1;
  const top = round ? W * 0.95 : W * 1.05;
  const depth = W * 2.6;
  const loop = strapLoop(top, depth, -1, 1.3, 1.2);
  const strapHex = spec.strap === 'bracelet' ? null : variant([0x2b3440, 0x5a6b4a, 0x8a2e3c, 0xd9cbb8, 0x1a1a1a], v);
  g.add(strapHex === null ? ribbon(loop, sw, 2, metal('steel', 0.3)) : ribbon(loop, sw, 2.4, matte(strapHex, 0.75, { sheen: 0.5 })));
  g.add(face);
  g.rotation.x = 0.08;
  return g;
}
