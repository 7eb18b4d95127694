/** Cut stones (round and fancy cuts with faceted crowns and pavilions), pearls, cabochons, and the prongs that hold them. */
import * as THREE from 'three';
import { mesh, stoneMat } from './materials';

/** How many sides each cut's outline has. */
const CUT_SEGMENTS: Record<string, number> = { round: 16, oval: 16, princess: 4, emerald: 8, cushion: 12, pear: 16 };

/** A cut stone of girdle radius r, table up (+Y), culet down. cut: round, oval, princess, emerald, cushion, pear. */
export function cutGeometry(r: number, cut = 'round'): THREE.LatheGeometry {
  const segs = CUT_SEGMENTS[cut] ?? 16;
  const crown = cut === 'emerald' ? 0.12 : 0.2;
  const pts = [
    new THREE.Vector2(0.0001, -0.44 * r),
    new THREE.Vector2(r * 0.98, -0.02 * r),
    new THREE.Vector2(r, 0.02 * r),
    new THREE.Vector2(r * (cut === 'emerald' ? 0.8 : 0.52), crown * r),
    new THREE.Vector2(0.0001, crown * r),
  ];
  const brilliant = cut === 'round' || cut === 'oval' || cut === 'pear' || cut === 'cushion';
  if (brilliant) {
    pts.splice(3, 0, new THREE.Vector2(r * 0.82, 0.1 * r));
    pts.splice(1, 0, new THREE.Vector2(r * 0.5, -0.27 * r));
  }
  const phi0 = cut === 'princess' || cut === 'emerald' ? Math.PI / segs : 0;
  const g = new THREE.LatheGeometry(pts, segs, phi0);
  if (brilliant) {
    // a brilliant's facets: every other ring of the profile turned half a step, so the flat-shaded
    // triangles become kites and stars that each catch the light at their own angle
    const p = g.getAttribute('position');
    for (let i = 0; i <= segs; i++)
      for (let j = 0; j < pts.length; j++) {
        if (j % 2 === 0) continue;
        const phi = phi0 + (i / segs) * Math.PI * 2 + Math.PI / segs;
        const k = i * pts.length + j;
        const pt = pts[j]!;
        p.setXYZ(k, Math.sin(phi) * pt.x, pt.y, Math.cos(phi) * pt.x);
      }
  }
  if (cut === 'oval') g.scale(1, 1, 1.35);
  if (cut === 'emerald') g.scale(1, 1, 1.4);
  if (cut === 'pear') {
    const p = g.getAttribute('position');
    for (let i = 0; i < p.count; i++) {
      const z = p.getZ(i);
      if (z > 0) {
        p.setZ(i, z * 1.7);
        p.setX(i, p.getX(i) * (1 - 0.45 * (z / r)));
      }
    }
  }
  g.computeVertexNormals();
  return g;
}
/** A stone of radius r: a cut stone, a pearl, or an enamel cabochon. */
export function gem(r: number, stone: string, cut = 'round'): THREE.Mesh {
  if (stone === 'pearl') return mesh(new THREE.SphereGeometry(r, 48, 32), stoneMat('pearl'));
  if (stone === 'enamel') return mesh(new THREE.SphereGeometry(r, 32, 16).scale(1, 0.45, 1), stoneMat('enamel'));
  const m = mesh(cutGeometry(r, cut), stoneMat(stone), false);
  return m;
}
/** Prongs holding a stone at (0, y) of radius r. */
export function prongs(group: THREE.Object3D, r: number, y: number, count: number, mat: THREE.Material, prongR = 0.09): void {
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + Math.PI / count;
    const x = Math.cos(a) * r * 0.96;
    const z = Math.sin(a) * r * 0.96;
    const len = r * 0.7;
    const p = mesh(new THREE.CapsuleGeometry(r * prongR, len, 4, 8), mat);
    p.position.set(x, y - len * 0.45, z);
    p.rotation.set(Math.sin(a) * 0.25, 0, -Math.cos(a) * 0.25);
    group.add(p);
  }
}
