/** Chains (links along a curve) and the extruded motifs of pendants and charms (heart, star, moon, clover, drop, disc). */
import * as THREE from 'three';
import { enamelMat, mesh } from './materials';
import { gem } from './stones';

/** A chain of alternating links along a curve (THREE.Curve of Vector3). */
export function chain(curve: THREE.Curve<THREE.Vector3>, linkLen: number, mat: THREE.Material, thick = 0.12): THREE.InstancedMesh {
  const len = curve.getLength();
  const n = Math.max(2, Math.floor(len / (linkLen * 0.72)));
  const geo = new THREE.TorusGeometry(linkLen * 0.34, linkLen * thick, 6, 14);
  geo.scale(1.45, 1, 1);
  const inst = new THREE.InstancedMesh(geo, mat, n);
  inst.castShadow = true;
  inst.receiveShadow = true;
  const q = new THREE.Quaternion();
  const q2 = new THREE.Quaternion();
  const mtx = new THREE.Matrix4();
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const p = curve.getPointAt(t);
    const tan = curve.getTangentAt(t);
    q.setFromUnitVectors(new THREE.Vector3(1, 0, 0), tan);
    q2.setFromAxisAngle(new THREE.Vector3(1, 0, 0), i % 2 ? Math.PI / 2 : 0.15);
    const qq = q.clone().multiply(q2);
    mtx.compose(p, qq, new THREE.Vector3(1, 1, 1));
    inst.setMatrixAt(i, mtx);
  }
  return inst;
}
/** A necklace chain lying on the floor in a soft U, ends off the top of the frame, meeting at (0, 0, 0). */
export function necklaceCurve(spread = 26, depth = 34, y = 0.5): THREE.CatmullRomCurve3 {
  return new THREE.CatmullRomCurve3([
    new THREE.Vector3(-spread, y, -depth),
    new THREE.Vector3(-spread * 0.82, y, -depth * 0.45),
    new THREE.Vector3(-spread * 0.45, y, -depth * 0.08),
    new THREE.Vector3(0, y, 0),
    new THREE.Vector3(spread * 0.45, y, -depth * 0.08),
    new THREE.Vector3(spread * 0.82, y, -depth * 0.45),
    new THREE.Vector3(spread, y, -depth),
  ]);
}

function heartShape(s: number): THREE.Shape {
  const sh = new THREE.Shape();
  sh.moveTo(0, -s);
  sh.bezierCurveTo(s * 0.2, -s * 0.6, s * 1.1, -s * 0.1, s * 1.0, s * 0.45);
  sh.bezierCurveTo(s * 0.9, s * 1.05, s * 0.15, s * 1.0, 0, s * 0.5);
  sh.bezierCurveTo(-s * 0.15, s * 1.0, -s * 0.9, s * 1.05, -s * 1.0, s * 0.45);
  sh.bezierCurveTo(-s * 1.1, -s * 0.1, -s * 0.2, -s * 0.6, 0, -s);
  return sh;
}
function starShape(s: number, points = 5, inner = 0.45): THREE.Shape {
  const sh = new THREE.Shape();
  for (let i = 0; i < points * 2; i++) {
    const a = Math.PI / 2 + (i / (points * 2)) * Math.PI * 2;
    const r = i % 2 ? s * inner : s;
    if (i === 0) sh.moveTo(Math.cos(a) * r, Math.sin(a) * r);
    else sh.lineTo(Math.cos(a) * r, Math.sin(a) * r);
  }
  return sh;
}
function circleShape(s: number): THREE.Shape {
  const sh = new THREE.Shape();
  sh.absarc(0, 0, s, 0, Math.PI * 2, false);
  return sh;
}
function moonShape(s: number): THREE.Shape {
  const sh = new THREE.Shape();
  sh.absarc(0, 0, s, Math.PI * 0.25, Math.PI * 1.75, false);
  sh.absarc(s * 0.55, 0, s * 0.78, Math.PI * 1.6, Math.PI * 0.4, true);
  return sh;
}
function cloverShapes(s: number): THREE.Shape[] {
  return [0, 1, 2, 3].map((i) => {
    const sh = heartShape(s * 0.5);
    const pts = sh.getPoints(24).map((p) => {
      const a = (i * Math.PI) / 2;
      const y = p.y - s * 0.5;
      return new THREE.Vector2(p.x * Math.cos(a) - y * Math.sin(a), p.x * Math.sin(a) + y * Math.cos(a));
    });
    return new THREE.Shape(pts);
  });
}
function dropShape(s: number): THREE.Shape {
  const sh = new THREE.Shape();
  sh.moveTo(0, s * 1.2);
  sh.bezierCurveTo(s * 0.5, s * 0.4, s, -s * 0.1, s * 0.9, -s * 0.55);
  sh.bezierCurveTo(s * 0.7, -s * 1.1, -s * 0.7, -s * 1.1, -s * 0.9, -s * 0.55);
  sh.bezierCurveTo(-s, -s * 0.1, -s * 0.5, s * 0.4, 0, s * 1.2);
  return sh;
}
function motifShapes(motif: string, s: number): THREE.Shape[] {
  switch (motif) {
    case 'heart':
    case 'mum':
    case 'sister':
      return [heartShape(s)];
    case 'star':
    case 'christmas-tree':
      return [starShape(s, 5)];
    case 'snowflake':
    case 'angel-wing':
      return [starShape(s, 6, 0.35)];
    case 'moon':
      return [moonShape(s)];
    case 'four-leaf-clover':
    case 'butterfly':
      return cloverShapes(s);
    case 'dragonfly':
    case 'bee':
      return [starShape(s, 4, 0.4)];
    case 'drop':
      return [dropShape(s)];
    default:
      return [circleShape(s)];
  }
}
/** An extruded metal motif lying in the XY plane facing +Z, with an enamel or stone face. */
export function motifPiece(motif: string, s: number, m: THREE.Material, stone: string | null | undefined, accentHex: number, v: number): THREE.Group {
  const g = new THREE.Group();
  const depth = s * 0.22;
  for (const sh of motifShapes(motif, s)) {
    const geo = new THREE.ExtrudeGeometry(sh, {
      depth,
      bevelEnabled: true,
      bevelThickness: s * 0.08,
      bevelSize: s * 0.07,
      bevelSegments: 3,
      curveSegments: 24,
    });
    g.add(mesh(geo, m));
    if (stone === 'enamel') {
      const inner = new THREE.ExtrudeGeometry(sh, { depth: s * 0.05, bevelEnabled: false, curveSegments: 24 });
      inner.scale(0.8, 0.8, 1);
      const e = mesh(inner, enamelMat(accentHex));
      e.position.z = depth + s * 0.06;
      g.add(e);
    }
  }
  if (stone && stone !== 'enamel') {
    const cz = gem(s * (v % 2 ? 0.28 : 0.36), stone, 'round');
    cz.rotation.x = Math.PI / 2;
    cz.position.set(0, 0, depth + s * 0.1);
    if (motif === 'moon') cz.position.x = -s * 0.55;
    g.add(cz);
  }
  // jump ring at the top
  const jr = mesh(new THREE.TorusGeometry(s * 0.22, s * 0.05, 8, 24), m);
  jr.position.set(0, s * (motif === 'drop' ? 1.38 : 1.15), depth / 2);
  jr.rotation.y = Math.PI / 2;
  g.add(jr);
  return g;
}
