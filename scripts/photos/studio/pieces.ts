/** Pendants, necklaces, earrings, bangles, bracelets and charms. */
import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import { metal, mesh } from './materials';
import { chain, motifPiece, necklaceCurve } from './motifs';
import { band } from './rings';
import type { PieceSpec } from './spec';
import { gem, prongs } from './stones';
import { variant } from './variant';

/** A pendant on its chain, lying on the floor: a motif, or a stone in a bezel (with a halo). */
export function pendant(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const v = spec.v;
  g.add(chain(necklaceCurve(24, 40, 0.35), 1.3, m));
  const stone = spec.stone || 'diamond';
  const piece = new THREE.Group();
  const design = spec.design;
  if (design === 'heart' || design === 'disc' || design === 'drop' || design === 'star') {
    const p = motifPiece(design, 5.2, m, stone, 0xb0203a, v);
    piece.add(p);
  } else {
    const size = variant([2.6, 3.2, 2.9], v) * (stone === 'pearl' ? 1.25 : 1);
    const cut = stone === 'pearl' ? 'round' : variant(['round', 'pear', 'oval', 'cushion'], v);
    const s = gem(size, stone, cut);
    s.rotation.x = Math.PI / 2;
    if (cut === 'pear') s.rotation.z = Math.PI;
    piece.add(s);
    if (stone !== 'pearl') {
      const bez = mesh(new THREE.TorusGeometry(size * 1.02, size * 0.12, 8, 40), m);
      if (cut === 'oval') bez.scale.set(1, 1.35, 1);
      piece.add(bez);
      if (design === 'halo') {
        const n = 14;
        for (let i = 0; i < n; i++) {
          const a = (i / n) * Math.PI * 2;
          const h = gem(size * 0.22, 'diamond', 'round');
          h.rotation.x = Math.PI / 2;
          h.position.set(Math.cos(a) * size * 1.38, Math.sin(a) * size * 1.38 * (cut === 'oval' ? 1.3 : 1), 0);
          piece.add(h);
        }
      }
    }
    const bail = mesh(new THREE.TorusGeometry(size * 0.32, size * 0.09, 8, 20), m);
    bail.position.y = size * (design === 'halo' ? 1.85 : 1.45);
    bail.rotation.y = Math.PI / 2;
    piece.add(bail);
  }
  // lies on the floor, face up
  piece.rotation.x = -Math.PI / 2;
  piece.position.set(0, 1.2, 5.5);
  g.add(piece);
  g.userData.focus = piece;
  g.userData.focusPad = 7;
  return g;
}
/** A necklace in a soft U: a pearl strand, or a chain with stations of stones or a bar. */
export function necklace(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const v = spec.v;
  const stone = spec.stone;
  const curve = necklaceCurve(26, 42, 0.45);
  if (stone === 'pearl' && v % 2 === 0) {
    const n = 44;
    for (let i = 0; i < n; i++) {
      const p = curve.getPointAt((i + 0.5) / n);
      const s = gem(1.25, 'pearl');
      s.position.copy(p).setY(1.25);
      g.add(s);
    }
    return g;
  }
  g.add(chain(curve, v % 3 === 2 ? 1.9 : 1.35, m, v % 3 === 2 ? 0.16 : 0.12));
  if (stone) {
    // one stone at the centre, or five along the front
    const stations = v % 2 ? 5 : 1;
    for (let i = 0; i < stations; i++) {
      const t = stations === 1 ? 0.5 : 0.3 + (i / (stations - 1)) * 0.4;
      const p = curve.getPointAt(t);
      const s = gem(stone === 'pearl' ? 1.6 : 1.3, stone, 'round');
      s.position.copy(p).setY(stone === 'pearl' ? 1.6 : 1.0);
      g.add(s);
      if (stone !== 'pearl') {
        const bz = mesh(new THREE.TorusGeometry(1.35, 0.25, 8, 24), m);
        bz.rotation.x = Math.PI / 2;
        bz.position.copy(p).setY(0.7);
        g.add(bz);
      }
    }
  } else {
    // a bar or disc centrepiece
    const bar = mesh(new RoundedBoxGeometry(v % 2 ? 14 : 6, 0.9, v % 2 ? 2.2 : 6, 3, 0.4), m);
    bar.position.set(0, 0.5, 0.8);
    g.add(bar);
  }
  return g;
}
/** A pair of earrings: hoops, drops on hooks, or studs in claw settings. */
export function earrings(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const v = spec.v;
  const stone = spec.stone || 'diamond';
  const one = () => {
    const e = new THREE.Group();
    if (spec.design === 'hoop') {
      const R = variant([7, 9, 11], v);
      const hoop = mesh(new THREE.TorusGeometry(R, variant([0.9, 1.3, 0.7], v), 16, 64), m);
      e.add(hoop);
      e.rotation.x = -Math.PI / 2 + 0.05;
      e.position.y = 1.1;
      return e;
    }
    if (spec.design === 'drop') {
      const hook = mesh(new THREE.TorusGeometry(3.2, 0.22, 8, 32, Math.PI * 1.3), m);
      hook.position.set(0, 9, 0);
      hook.rotation.z = -0.4;
      e.add(hook);
      const c = chain(new THREE.LineCurve3(new THREE.Vector3(0, 6, 0), new THREE.Vector3(0, 1.5, 0)), 0.9, m);
      e.add(c);
      const s = gem(stone === 'pearl' ? 2.4 : 2.2, stone, stone === 'pearl' ? 'round' : 'pear');
      s.rotation.x = Math.PI / 2;
      s.rotation.z = Math.PI;
      s.position.y = -2.2;
      e.add(s);
      if (stone !== 'pearl') {
        const bz = mesh(new THREE.TorusGeometry(2.25, 0.2, 8, 32), m);
        bz.position.y = -2.0;
        bz.scale.set(1, 1.5, 1);
        e.add(bz);
      }
      e.rotation.x = -Math.PI / 2;
      e.position.y = 1.3;
      return e;
    }
    // stud: stone in a four or six claw setting with a post
    const size = variant([2.2, 2.6, 3.0, 2.0], v);
    const s = gem(size, stone, stone === 'pearl' ? 'round' : variant(['round', 'princess', 'round', 'cushion'], v));
    s.position.y = size * 0.5 + 1.2;
    e.add(s);
    if (stone !== 'pearl') {
      prongs(e, size, s.position.y + size * 0.12, v % 2 ? 4 : 6, m);
      const basket = mesh(new THREE.CylinderGeometry(size * 0.5, size * 0.25, size * 0.7, 16, 1, true), m);
      basket.position.y = s.position.y - size * 0.35;
      e.add(basket);
    } else {
      const cup = mesh(new THREE.SphereGeometry(size * 0.45, 16, 8, 0, Math.PI * 2, Math.PI / 2, Math.PI / 2), m);
      cup.position.y = size * 0.5 + 0.3;
      e.add(cup);
    }
    const post = mesh(new THREE.CylinderGeometry(0.18, 0.18, 7, 8), m);
    post.rotation.z = Math.PI / 2;
    post.position.set(3.5, 0.4, 0);
    e.add(post);
    return e;
  };
  const a = one();
  const b = one();
  const gap = spec.design === 'hoop' ? variant([16, 20, 24], v) : spec.design === 'drop' ? 12 : 9;
  a.position.x = -gap / 2 - (spec.design === 'hoop' ? 2 : 0);
  b.position.x = gap / 2;
  if (spec.design !== 'hoop') {
    b.position.z = -2;
    b.rotation.y = spec.design === 'stud' ? Math.PI : 0.3;
  } else b.position.z = -4;
  g.add(a, b);
  return g;
}
/** A bangle leaning on its edge, plain, two-tone or set with stones. */
export function bangle(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const v = spec.v;
  const R = 30;
  const w = variant([4, 7, 10], v);
  const b = band(R, w, 2.4, v % 2 ? 'flat' : 'court', m);
  g.add(b);
  if (spec.metal === 'two-tone' || spec.design === 'two-tone') {
    b.material = metal('silver');
    const inset = band(R + 0.2, w * 0.4, 2.45, 'court', metal('rose-gold'));
    g.add(inset);
  }
  if (spec.stone) {
    const n = 9;
    for (let i = 0; i < n; i++) {
      const a = Math.PI / 2 + ((i - (n - 1) / 2) / n) * 0.9;
      const s = gem(1.1, spec.stone, 'round');
      s.position.set(Math.cos(a) * (R + 2.5), Math.sin(a) * (R + 2.5), 0);
      s.rotation.z = a - Math.PI / 2;
      g.add(s);
    }
  }
  // leaning: standing on its edge, turned to show its face
  g.rotation.set(-0.5, 0.5, 0);
  return g;
}
/** A bracelet lying in an oval: a tennis line of stones, or a chain with charms. */
export function bracelet(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const v = spec.v;
  const curve = new THREE.EllipseCurve(0, 0, 30, 24, 0, Math.PI * 2, false, 0);
  const pts = curve.getPoints(64).map((p) => new THREE.Vector3(p.x, 0.6, p.y));
  const c3 = new THREE.CatmullRomCurve3(pts, true);
  if (spec.design === 'tennis') {
    const n = 40;
    for (let i = 0; i < n; i++) {
      const t = i / n;
      const p = c3.getPointAt(t);
      const tan = c3.getTangentAt(t);
      const s = gem(1.35, spec.stone || 'diamond', v % 2 ? 'princess' : 'round');
      s.position.copy(p).setY(1.6);
      g.add(s);
      const cup = mesh(new RoundedBoxGeometry(2.9, 1.3, 2.9, 2, 0.4), m);
      cup.position.copy(p).setY(0.7);
      cup.rotation.y = Math.atan2(tan.x, tan.z);
      g.add(cup);
    }
    return g;
  }
  g.add(chain(c3, v % 2 ? 2.6 : 2.0, m, 0.15));
  const motifs = ['heart', 'star', 'moon', 'four-leaf-clover', 'disc'];
  const count = 3 + (v % 3);
  for (let i = 0; i < count; i++) {
    const t = 0.1 + (i / count) * 0.8;
    const p = c3.getPointAt(t);
    const charm = motifPiece(variant(motifs, i + v), 3.4, m, i % 2 ? 'enamel' : 'cubic-zirconia', variant([0xb0203a, 0x1d4fa0, 0xe07aa0, 0x1f7a4f], i + v), i);
    charm.rotation.x = -Math.PI / 2;
    const out = p.clone().setY(0).normalize();
    charm.position.copy(p).add(out.multiplyScalar(4.5)).setY(1.0);
    charm.rotation.z = Math.atan2(out.x, out.z) + Math.PI;
    g.add(charm);
  }
  return g;
}
/** A charm filling the picture, with a length of bracelet behind it. */
export function charm(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const accent = variant([0xb0203a, 0x1d4fa0, 0xe07aa0, 0x1f7a4f, 0x6a3fb0], spec.v);
  const p = motifPiece(spec.design, 6, m, spec.stone, accent, spec.v);
  p.rotation.x = -Math.PI / 2 + 0.25;
  p.position.y = 2.5;
  g.add(p);
  // the charm fills the picture; the bracelet behind runs out of it
  g.userData.focus = p;
  g.userData.focusPad = 3;
  // a short length of bracelet behind it, for scale
  g.add(
    chain(
      new THREE.CatmullRomCurve3([
        new THREE.Vector3(-22, 0.4, -14),
        new THREE.Vector3(-8, 0.4, -9),
        new THREE.Vector3(0, 0.4, -8.5),
        new THREE.Vector3(8, 0.4, -9),
        new THREE.Vector3(22, 0.4, -14),
      ]),
      1.6,
      m,
      0.15,
    ),
  );
  return g;
}
