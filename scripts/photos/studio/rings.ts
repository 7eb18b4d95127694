/** Rings: bands of three profiles, and the settings on them. */
import * as THREE from 'three';
import { metal, mesh } from './materials';
import { gem, prongs } from './stones';
import type { PieceSpec } from './spec';
import { variant } from './variant';

/** A band of inner radius R, cross-section (width w along the axis, thickness t). Axis along Z (standing ring facing the camera). */
export function band(R: number, w: number, t: number, profile: string, mat: THREE.Material): THREE.Mesh {
  const pts: THREE.Vector2[] = [];
  const n = 28;
  for (let i = 0; i <= n; i++) {
    const a = (i / n) * Math.PI * 2;
    let c = Math.cos(a);
    let s = Math.sin(a);
    if (profile === 'flat') {
      c = Math.sign(c) * Math.pow(Math.abs(c), 0.35);
      s = Math.sign(s) * Math.pow(Math.abs(s), 0.35);
    } else if (profile === 'd') {
      if (c < 0) c = -Math.pow(Math.abs(c), 0.12);
    } else if (c < 0) c = -Math.pow(Math.abs(c), 0.5);
    pts.push(new THREE.Vector2(R + t / 2 + (t / 2) * c, (w / 2) * s));
  }
  const g = new THREE.LatheGeometry(pts, 96);
  g.rotateX(Math.PI / 2);
  return mesh(g, mat);
}
/** A ring: a plain band, an eternity band, or a band with a head (solitaire, halo, trilogy, dress). */
export function ring(spec: PieceSpec): THREE.Group {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const R = 8.6;
  const design = spec.design;
  const v = spec.v;
  const stone = spec.stone || 'diamond';
  const cut = variant(['round', 'oval', 'princess', 'cushion', 'emerald'], v);
  if (design === 'band') {
    const w = variant([2.5, 3.5, 4.5, 5.5, 6], v);
    const profile = variant(['court', 'flat', 'd'], Math.floor(v / 2));
    g.add(band(R, w, 1.7, profile, m));
    if (v % 4 === 3) g.add(band(R + 0.05, w * 0.35, 1.72, 'court', metal('white-gold', 0.45))); // a brushed centre line
    return g;
  }
  const thin = design === 'eternity' ? 2.4 : 2.0;
  g.add(band(R, thin, 1.55, 'court', m));
  const top = R + 1.55;
  if (design === 'eternity') {
    const n = 15;
    const gr = 1.05;
    for (let i = 0; i < n; i++) {
      const a = Math.PI / 2 + ((i - (n - 1) / 2) / n) * Math.PI * 1.05;
      const s = gem(gr, stone, 'round');
      s.position.set(Math.cos(a) * (top + 0.1), Math.sin(a) * (top + 0.1), 0);
      s.rotation.z = a - Math.PI / 2;
      g.add(s);
      for (const side of [-1, 1]) {
        const bead = mesh(new THREE.SphereGeometry(0.22, 10, 8), m);
        bead.position.set(Math.cos(a + side * 0.07) * (top + 0.45), Math.sin(a + side * 0.07) * (top + 0.45), side * 0.9);
        g.add(bead);
      }
    }
    return g;
  }
  const size = variant([2.6, 3.0, 3.4, 2.8, 3.8], v + 2) * (design === 'dress' ? 1.25 : 1);
  const cy = top + size * 0.9;
  // head: a gallery basket under the stone
  const head = mesh(new THREE.CylinderGeometry(size * 0.55, size * 0.3, size * 0.7, 20, 1, true), m);
  head.position.y = top + size * 0.35;
  g.add(head);
  const centre = gem(size, stone, stone === 'pearl' ? 'round' : cut);
  centre.position.y = cy + (stone === 'pearl' ? size * 0.2 : 0);
  g.add(centre);
  if (stone !== 'pearl') prongs(g, size, cy + size * 0.12, cut === 'princess' || cut === 'emerald' ? 4 : v % 2 ? 4 : 6, m);
  if (design === 'halo') {
    const n = 18;
    const hr = size * 1.32;
    const tor = mesh(new THREE.TorusGeometry(hr, 0.35, 8, 48), m);
    tor.rotation.x = Math.PI / 2;
    tor.position.y = cy - 0.35;
    g.add(tor);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      const s = gem(size * 0.2, 'diamond', 'round'); // a halo is of small diamonds, whatever the centre stone
      s.position.set(Math.cos(a) * hr, cy - 0.05, Math.sin(a) * hr);
      g.add(s);
    }
    // shoulders set with small stones
    for (let i = 1; i <= 6; i++)
      for (const side of [-1, 1]) {
        const a = Math.PI / 2 + side * i * 0.12;
        const s = gem(0.55, 'diamond', 'round');
        s.position.set(Math.cos(a) * (top + 0.05), Math.sin(a) * (top + 0.05), 0);
        s.rotation.z = a - Math.PI / 2;
        g.add(s);
      }
  }
  if (design === 'trilogy') {
    for (const side of [-1, 1]) {
      const a = Math.PI / 2 + side * 0.36;
      const sr = size * 0.68;
      const s = gem(sr, stone === 'pearl' ? 'diamond' : stone === 'sapphire' || stone === 'ruby' || stone === 'emerald' ? 'diamond' : stone, 'round');
      const rr = top + sr * 0.75;
      s.position.set(Math.cos(a) * rr, Math.sin(a) * rr, 0);
      s.rotation.z = a - Math.PI / 2;
      g.add(s);
      const pg = new THREE.Group();
      prongs(pg, sr, sr * 0.12, 4, m);
      pg.position.copy(s.position);
      pg.rotation.z = s.rotation.z;
      g.add(pg);
    }
  }
  if (design === 'dress' && v % 3 === 1) {
    // a cluster: petals of small stones round the centre
    const n = 10;
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      const s = gem(size * 0.28, 'cubic-zirconia', 'round');
      s.position.set(Math.cos(a) * size * 1.3, cy - size * 0.2, Math.sin(a) * size * 1.3);
      g.add(s);
    }
  }
  return g;
}
