/**
 * The photo studio of the sample shop, run in headless Chromium (WebGL2 on SwiftShader) by
 * scripts/photos/index.ts. Models the pieces the catalogue sells from a few parametric parts
 * (bands, cut stones, prongs, chains, watch cases, straps), lights them with three.js's
 * RoomEnvironment plus a key light, and sets them on a seamless sweep with a shadow catcher.
 * `window.shoot(spec)` renders one picture and returns it as a PNG data URL; the same spec always
 * gives the same pixels (no clock, no Math.random: every choice comes from spec.seed).
 */
import * as THREE from 'three';
import { RoomEnvironment } from 'three/addons/environments/RoomEnvironment.js';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import { HorizontalBlurShader } from 'three/addons/shaders/HorizontalBlurShader.js';
import { VerticalBlurShader } from 'three/addons/shaders/VerticalBlurShader.js';

// ---------------------------------------------------------------- randomness
function rngOf(seed) {
  let a = seed >>> 0 || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    pick: (arr) => arr[Math.floor(next() * arr.length) % arr.length],
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
  };
}

// ---------------------------------------------------------------- renderer
const canvas = document.createElement('canvas');
document.body.appendChild(canvas);
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true, alpha: false });
renderer.setPixelRatio(1);
renderer.toneMapping = THREE.NeutralToneMapping;
renderer.toneMappingExposure = 1.0;
renderer.outputColorSpace = THREE.SRGBColorSpace;
renderer.shadowMap.enabled = true;
renderer.shadowMap.type = THREE.PCFShadowMap;
const pmrem = new THREE.PMREMGenerator(renderer);
const roomEnv = pmrem.fromScene(new RoomEnvironment(), 0.02).texture;
/**
 * The light a cut stone sees: a grey room hung with many small, very bright softboxes and strip
 * lights, so every facet of a stone mirrors either a hot highlight or the room (the contrast that
 * reads as sparkle), and the transmitted light stays white.
 */
function gemEnvironment(tableLights = true) {
  const s = new THREE.Scene();
  s.background = new THREE.Color(0x7c7c7c);
  const panel = (w, h, x, y, z, k) => {
    const m = new THREE.Mesh(new THREE.PlaneGeometry(w, h), new THREE.MeshBasicMaterial({ color: new THREE.Color(k, k, k), side: THREE.DoubleSide }));
    m.position.set(x, y, z);
    m.lookAt(0, 0, 0);
    s.add(m);
  };
  panel(6, 6, 0, 9, 0, 22);
  panel(3, 8, -8, 3, 4, 16);
  panel(3, 8, 8, 2, 5, 14);
  panel(8, 2, 0, 1, -9, 10);
  panel(2, 2, 5, 6, -5, 26);
  panel(2, 2, -5, 5, -4, 20);
  panel(1.5, 1.5, 3, -2, 8, 16);
  panel(1.5, 4, -6, -3, -6, 9);
  // softboxes above and behind the piece: what a clear stone's table mirrors to a camera looking
  // down on it (a coloured stone's table, which would wash out to white, shows its colour instead)
  if (tableLights) {
    panel(5, 3, 0, 7, -7, 24);
    panel(2.5, 2.5, -5, 7, -6, 18);
    panel(2.5, 2.5, 5, 8, -5, 20);
  }
  // a ring of small hot spots all round: the pin-point flashes of a stone under a jeweller's lights
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    const y = [5, -1, 3, 7][i % 4];
    panel(0.9, 0.9, Math.cos(a) * 8, y, Math.sin(a) * 8, 30);
  }
  // and a few dark flags, so some facets read black
  const flag = (w, h, x, y, z) => {
    const m = new THREE.Mesh(new THREE.PlaneGeometry(w, h), new THREE.MeshBasicMaterial({ color: 0x080808, side: THREE.DoubleSide }));
    m.position.set(x, y, z);
    m.lookAt(0, 0, 0);
    s.add(m);
  };
  flag(4, 6, 0, 2, 8.5);
  flag(3, 5, -7, 1, -6);
  flag(3, 4, 7, -1, -5);
  flag(5, 2, 0, -6, 4);
  flag(2, 5, 8, 4, 1);
  flag(2, 4, -8, 6, 2);
  flag(1.5, 3, -2, 8, -6);
  flag(1.5, 3, 3, 6, 7);
  flag(2, 2, -4, 9, 3);
  return pmrem.fromScene(s, 0.0).texture;
}
const gemEnv = gemEnvironment();
const colourGemEnv = gemEnvironment(false);

// ---------------------------------------------------------------- materials
const lin = (hex) => new THREE.Color().setHex(hex, THREE.SRGBColorSpace);
/** Metal base colours (reflectance at normal incidence, linear). */
const METAL_RGB = {
  'yellow-gold': [1.0, 0.74, 0.36],
  gold: [1.0, 0.74, 0.36],
  'rose-gold': [0.97, 0.62, 0.52],
  'white-gold': [0.86, 0.85, 0.82],
  silver: [0.95, 0.94, 0.92],
  platinum: [0.8, 0.8, 0.79],
  steel: [0.72, 0.73, 0.74],
  titanium: [0.6, 0.6, 0.6],
};
function metal(name, rough = 0.14) {
  if (name === 'black') return new THREE.MeshPhysicalMaterial({ color: 0x121212, metalness: 0, roughness: 0.18, clearcoat: 1, clearcoatRoughness: 0.05 });
  const c = METAL_RGB[name] ?? METAL_RGB.silver;
  return new THREE.MeshPhysicalMaterial({
    color: new THREE.Color(c[0], c[1], c[2]),
    metalness: 1,
    roughness: name === 'steel' || name === 'titanium' ? rough + 0.1 : rough,
    envMapIntensity: 1.25,
  });
}
/** Stone looks: body colour (sRGB hex, saturated: what the transmitted light takes on), index of refraction, dispersion, the colour light deepens to inside the stone. */
const STONES = {
  diamond: { color: 0xffffff, ior: 2.42, disp: 5 },
  'lab-grown-diamond': { color: 0xffffff, ior: 2.42, disp: 5 },
  'cubic-zirconia': { color: 0xffffff, ior: 2.17, disp: 6 },
  crystal: { color: 0xfdfdff, ior: 1.7, disp: 6 },
  sapphire: { color: 0x2f6bff, ior: 1.77, disp: 1, att: 0x1440e0, dist: 2.5 },
  emerald: { color: 0x22d27a, ior: 1.58, disp: 1, att: 0x0a9a52, dist: 2.5 },
  ruby: { color: 0xff2a55, ior: 1.77, disp: 1, att: 0xd0102f, dist: 2.5 },
  amethyst: { color: 0xb070ff, ior: 1.55, disp: 1, att: 0x7a2ad8, dist: 3 },
  'blue-topaz': { color: 0x6fd3ff, ior: 1.62, disp: 1, att: 0x2fa8e8, dist: 4 },
  tanzanite: { color: 0x7466ff, ior: 1.69, disp: 1, att: 0x3a28d8, dist: 2.5 },
};
function stoneMat(name) {
  if (name === 'pearl')
    return new THREE.MeshPhysicalMaterial({
      color: lin(0xd2c6b6),
      roughness: 0.45,
      metalness: 0,
      clearcoat: 1,
      clearcoatRoughness: 0.03,
      iridescence: 0.7,
      iridescenceIOR: 1.45,
      iridescenceThicknessMinimum: 250,
      iridescenceThicknessMaximum: 520,
      // the gem room's softboxes and dark flags: crisp window highlights and a shaded rim (orient)
      envMap: gemEnv,
      envMapIntensity: 1.15,
    });
  if (name === 'enamel') return new THREE.MeshPhysicalMaterial({ color: lin(0xc8283c), roughness: 0.2, clearcoat: 1, clearcoatRoughness: 0.05 });
  const s = STONES[name] ?? STONES.diamond;
  if (!s.att)
    // A clear stone mirrors the gem room in every facet (a brilliant returns the light through its
    // crown by total internal reflection, so what the lens sees is the lights and the dark of the
    // room, not the sweep behind): hot white, black and grey facets side by side, with a thin
    // iridescent film for the coloured flashes of fire.
    return new THREE.MeshPhysicalMaterial({
      color: 0xffffff,
      metalness: 1,
      roughness: 0.05,
      envMap: gemEnv,
      envMapIntensity: 1.9,
      iridescence: 0.55,
      iridescenceIOR: 1.9,
      iridescenceThicknessMinimum: 180,
      iridescenceThicknessMaximum: 620,
      flatShading: true,
    });
  // Clear stones pass the bright sweep through white and mirror the gem room's hot spots in their
  // facets (sparkle), with dispersion for fire; coloured stones take their colour from the body
  // and deepen it with depth, never to black.
  return new THREE.MeshPhysicalMaterial({
    color: lin(s.color),
    metalness: 0,
    roughness: 0,
    transmission: 1,
    thickness: s.att ? 1.6 : 1.0,
    ior: s.ior,
    dispersion: s.disp,
    attenuationColor: lin(s.att ?? 0xc9cdd6),
    attenuationDistance: s.dist ?? 2.5,
    specularIntensity: 1,
    envMap: s.att ? colourGemEnv : gemEnv,
    envMapIntensity: s.att ? 1.2 : 3,
    flatShading: true,
  });
}
function enamelMat(hex) {
  return new THREE.MeshPhysicalMaterial({ color: lin(hex), roughness: 0.22, clearcoat: 1, clearcoatRoughness: 0.04 });
}
const matte = (hex, rough = 0.8, extra = {}) => new THREE.MeshPhysicalMaterial({ color: lin(hex), roughness: rough, metalness: 0, ...extra });

function mesh(geo, mat, shadow = true) {
  const m = new THREE.Mesh(geo, mat);
  m.castShadow = shadow;
  m.receiveShadow = true;
  return m;
}

// ---------------------------------------------------------------- stones
/** A cut stone of girdle radius r, table up (+Y), culet down. cut: round, oval, princess, emerald, cushion, pear. */
function cutGeometry(r, cut = 'round') {
  const segs = { round: 16, oval: 16, princess: 4, emerald: 8, cushion: 12, pear: 16 }[cut] ?? 16;
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
    const p = g.attributes.position;
    for (let i = 0; i <= segs; i++)
      for (let j = 0; j < pts.length; j++) {
        if (j % 2 === 0) continue;
        const phi = phi0 + (i / segs) * Math.PI * 2 + Math.PI / segs;
        const k = i * pts.length + j;
        p.setXYZ(k, Math.sin(phi) * pts[j].x, pts[j].y, Math.cos(phi) * pts[j].x);
      }
  }
  if (cut === 'oval') g.scale(1, 1, 1.35);
  if (cut === 'emerald') g.scale(1, 1, 1.4);
  if (cut === 'pear') {
    const p = g.attributes.position;
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
function gem(r, stone, cut = 'round') {
  if (stone === 'pearl') return mesh(new THREE.SphereGeometry(r, 48, 32), stoneMat('pearl'));
  if (stone === 'enamel') return mesh(new THREE.SphereGeometry(r, 32, 16).scale(1, 0.45, 1), stoneMat('enamel'));
  const m = mesh(cutGeometry(r, cut), stoneMat(stone), false);
  return m;
}
/** Prongs holding a stone at (0, y) of radius r. */
function prongs(group, r, y, count, mat, prongR = 0.09) {
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

// ---------------------------------------------------------------- rings
/** A band of inner radius R, cross-section (width w along the axis, thickness t). Axis along Z (standing ring facing the camera). */
function band(R, w, t, profile, mat) {
  const pts = [];
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
function ring(spec) {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const R = 8.6;
  const design = spec.design;
  const v = spec.v;
  const stone = spec.stone || 'diamond';
  const cut = ['round', 'oval', 'princess', 'cushion', 'emerald'][v % 5];
  if (design === 'band') {
    const w = [2.5, 3.5, 4.5, 5.5, 6][v % 5];
    const profile = ['court', 'flat', 'd'][Math.floor(v / 2) % 3];
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
  const size = [2.6, 3.0, 3.4, 2.8, 3.8][(v + 2) % 5] * (design === 'dress' ? 1.25 : 1);
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
      const s = gem(size * 0.2, stone === 'pearl' ? 'diamond' : 'diamond', 'round');
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

// ---------------------------------------------------------------- chains
/** A chain of alternating links along a curve (THREE.Curve of Vector3). */
function chain(curve, linkLen, mat, thick = 0.12) {
  const len = curve.getLength();
  const n = Math.max(2, Math.floor(len / (linkLen * 0.72)));
  const geo = new THREE.TorusGeometry(linkLen * 0.34, linkLen * thick, 6, 14);
  geo.scale(1.45, 1, 1);
  const inst = new THREE.InstancedMesh(geo, mat, n);
  inst.castShadow = true;
  inst.receiveShadow = true;
  const up = new THREE.Vector3(0, 1, 0);
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
  void up;
  return inst;
}
/** A necklace chain lying on the floor in a soft U, ends off the top of the frame, meeting at (0, 0, 0). */
function necklaceCurve(spread = 26, depth = 34, y = 0.5) {
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

// ---------------------------------------------------------------- shapes for pendants and charms
function heartShape(s) {
  const sh = new THREE.Shape();
  sh.moveTo(0, -s);
  sh.bezierCurveTo(s * 0.2, -s * 0.6, s * 1.1, -s * 0.1, s * 1.0, s * 0.45);
  sh.bezierCurveTo(s * 0.9, s * 1.05, s * 0.15, s * 1.0, 0, s * 0.5);
  sh.bezierCurveTo(-s * 0.15, s * 1.0, -s * 0.9, s * 1.05, -s * 1.0, s * 0.45);
  sh.bezierCurveTo(-s * 1.1, -s * 0.1, -s * 0.2, -s * 0.6, 0, -s);
  return sh;
}
function starShape(s, points = 5, inner = 0.45) {
  const sh = new THREE.Shape();
  for (let i = 0; i < points * 2; i++) {
    const a = Math.PI / 2 + (i / (points * 2)) * Math.PI * 2;
    const r = i % 2 ? s * inner : s;
    if (i === 0) sh.moveTo(Math.cos(a) * r, Math.sin(a) * r);
    else sh.lineTo(Math.cos(a) * r, Math.sin(a) * r);
  }
  return sh;
}
function circleShape(s) {
  const sh = new THREE.Shape();
  sh.absarc(0, 0, s, 0, Math.PI * 2, false);
  return sh;
}
function moonShape(s) {
  const sh = new THREE.Shape();
  sh.absarc(0, 0, s, Math.PI * 0.25, Math.PI * 1.75, false);
  sh.absarc(s * 0.55, 0, s * 0.78, Math.PI * 1.6, Math.PI * 0.4, true);
  return sh;
}
function cloverShapes(s) {
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
function dropShape(s) {
  const sh = new THREE.Shape();
  sh.moveTo(0, s * 1.2);
  sh.bezierCurveTo(s * 0.5, s * 0.4, s, -s * 0.1, s * 0.9, -s * 0.55);
  sh.bezierCurveTo(s * 0.7, -s * 1.1, -s * 0.7, -s * 1.1, -s * 0.9, -s * 0.55);
  sh.bezierCurveTo(-s, -s * 0.1, -s * 0.5, s * 0.4, 0, s * 1.2);
  return sh;
}
function motifShapes(motif, s) {
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
function motifPiece(motif, s, m, stone, accentHex, v) {
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
    cz.position.set(0, motif === 'moon' ? 0 : 0, depth + s * 0.1);
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

// ---------------------------------------------------------------- pendants, necklaces, earrings, bracelets
function pendant(spec) {
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
    const size = [2.6, 3.2, 2.9][v % 3] * (stone === 'pearl' ? 1.25 : 1);
    const cut = stone === 'pearl' ? 'round' : ['round', 'pear', 'oval', 'cushion'][v % 4];
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
function necklace(spec) {
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
  const stations = stone ? (v % 2 ? 5 : 1) : 0;
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
  if (!stone) {
    // a bar or disc centrepiece
    const bar = mesh(new RoundedBoxGeometry(v % 2 ? 14 : 6, 0.9, v % 2 ? 2.2 : 6, 3, 0.4), m);
    bar.position.set(0, 0.5, 0.8);
    g.add(bar);
  }
  return g;
}
function earrings(spec) {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const v = spec.v;
  const stone = spec.stone || 'diamond';
  const one = () => {
    const e = new THREE.Group();
    if (spec.design === 'hoop') {
      const R = [7, 9, 11][v % 3];
      const hoop = mesh(new THREE.TorusGeometry(R, [0.9, 1.3, 0.7][v % 3], 16, 64), m);
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
    const size = [2.2, 2.6, 3.0, 2.0][v % 4];
    const s = gem(size, stone, stone === 'pearl' ? 'round' : ['round', 'princess', 'round', 'cushion'][v % 4]);
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
  const gap = spec.design === 'hoop' ? [16, 20, 24][v % 3] : spec.design === 'drop' ? 12 : 9;
  a.position.x = -gap / 2 - (spec.design === 'hoop' ? 2 : 0);
  b.position.x = gap / 2;
  if (spec.design !== 'hoop') {
    b.position.z = -2;
    b.rotation.y = spec.design === 'stud' ? Math.PI : 0.3;
  } else b.position.z = -4;
  g.add(a, b);
  return g;
}
function bangle(spec) {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const v = spec.v;
  const R = 30;
  const w = [4, 7, 10][v % 3];
  const b = band(R, w, 2.4, v % 2 ? 'flat' : 'court', m);
  g.add(b);
  if (spec.metal === 'two-tone' || spec.design === 'two-tone') {
    g.children[0].material = metal('silver');
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
function bracelet(spec) {
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
    const charm = motifPiece(
      motifs[(i + v) % motifs.length],
      3.4,
      m,
      i % 2 ? 'enamel' : 'cubic-zirconia',
      [0xb0203a, 0x1d4fa0, 0xe07aa0, 0x1f7a4f][(i + v) % 4],
      i,
    );
    charm.rotation.x = -Math.PI / 2;
    const out = p.clone().setY(0).normalize();
    charm.position.copy(p).add(out.multiplyScalar(4.5)).setY(1.0);
    charm.rotation.z = Math.atan2(out.x, out.z) + Math.PI;
    g.add(charm);
  }
  return g;
}
function charm(spec) {
  const g = new THREE.Group();
  const m = metal(spec.metal);
  const accent = [0xb0203a, 0x1d4fa0, 0xe07aa0, 0x1f7a4f, 0x6a3fb0][spec.v % 5];
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

// ---------------------------------------------------------------- watches
const DIALS = { black: 0x16171a, blue: 0x1b3a78, green: 0x1f4d3a, white: 0xf2f0ea, silver: 0xc9ccd0, brown: 0x5a3a24 };
const STRAPS = { leather: 0x4a2c1a, rubber: 0x17181a, silicone: 0x2b3440, fabric: 0x3c4a3a };
/** A curved ribbon (strap) of width w and thickness t along a curve in the YZ plane. */
function ribbon(curve, w, t, mat, segs = 48) {
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
    ])
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
function watch(spec) {
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
  const dialHex = DIALS[spec.dial] ?? DIALS.black;
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
    ]) {
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
  const hand = (len, wid, angle, z, mat = handMat) => {
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
  const loop = new THREE.CatmullRomCurve3([
    new THREE.Vector3(0, top, -0.8),
    new THREE.Vector3(0, top * 1.25, -depth * 0.25),
    new THREE.Vector3(0, top * 1.15, -depth * 0.7),
    new THREE.Vector3(0, 0, -depth),
    new THREE.Vector3(0, -top * 1.15, -depth * 0.7),
    new THREE.Vector3(0, -top * 1.25, -depth * 0.25),
    new THREE.Vector3(0, -top, -0.8),
  ]);
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
        for (const [x, wd, mat] of [
          [0, sw * 0.36, accentMetal],
          [-sw * 0.34, sw * 0.3, cm],
          [sw * 0.34, sw * 0.3, cm],
        ]) {
          const link = mesh(new RoundedBoxGeometry(wd, (loop.getLength() / n) * 0.94, 2.4, 2, 0.5), mat);
          link.position.set(x, p.y, p.z);
          link.rotation.x = ang;
          g.add(link);
        }
      }
    }
  } else
    g.add(
      ribbon(loop, sw, 2.2, matte(STRAPS[strap] ?? STRAPS.leather, strap === 'leather' ? 0.55 : 0.7, { sheen: 0.4, clearcoat: strap === 'leather' ? 0.3 : 0 })),
    );
  g.add(face);
  g.rotation.x = 0.08;
  return g;
}
function smartwatch(spec) {
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
  const loop = new THREE.CatmullRomCurve3([
    new THREE.Vector3(0, top, -1),
    new THREE.Vector3(0, top * 1.3, -depth * 0.25),
    new THREE.Vector3(0, top * 1.2, -depth * 0.7),
    new THREE.Vector3(0, 0, -depth),
    new THREE.Vector3(0, -top * 1.2, -depth * 0.7),
    new THREE.Vector3(0, -top * 1.3, -depth * 0.25),
    new THREE.Vector3(0, -top, -1),
  ]);
  const strapHex = spec.strap === 'bracelet' ? null : [0x2b3440, 0x5a6b4a, 0x8a2e3c, 0xd9cbb8, 0x1a1a1a][v % 5];
  g.add(strapHex === null ? ribbon(loop, sw, 2, metal('steel', 0.3)) : ribbon(loop, sw, 2.4, matte(strapHex, 0.75, { sheen: 0.5 })));
  g.add(face);
  g.rotation.x = 0.08;
  return g;
}

// ---------------------------------------------------------------- gift boxes, cards, services, guides
function giftbox(spec) {
  const g = new THREE.Group();
  const v = spec.v;
  const col = [0x1f2a44, 0x6e1f2e, 0x1f4a3a, 0xefe7da, 0x2a2a2a][v % 5];
  const W = [40, 34, 46][v % 3];
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
function giftcard(spec) {
  const g = new THREE.Group();
  const v = spec.v;
  const col = [0x1f2a44, 0x111111, 0x6e1f2e][v % 3];
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
function service(spec) {
  const g = new THREE.Group();
  const r = ring({ metal: ['yellow-gold', 'white-gold', 'platinum', 'rose-gold'][spec.v % 4], design: 'solitaire', v: spec.v, stone: 'diamond' });
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
function guide(spec) {
  const g = new THREE.Group();
  const col = [0x1f2a44, 0x6e1f2e, 0x1f4a3a][spec.v % 3];
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
  const r = ring({ metal: 'yellow-gold', design: 'band', v: spec.v, stone: null });
  r.rotation.x = -Math.PI / 2;
  r.position.set(26, 0.9, 20);
  g.add(r);
  return g;
}

const BUILDERS = { ring, pendant, necklace, earrings, bangle, bracelet, charm, watch, smartwatch, giftbox, giftcard, service, guide };

// ---------------------------------------------------------------- staging
/** How each kind stands and where the camera goes for each view: [azimuth deg, elevation deg, zoom]. */
const VIEWS = {
  upright: { front: [0, 8, 1], angle: [38, 22, 1], detail: [12, 28, 2.0], top: [-30, 55, 1.05] },
  flat: { front: [0, 58, 1], angle: [30, 38, 1], detail: [8, 50, 2.2], top: [0, 89, 1] },
  object: { front: [0, 18, 1], angle: [35, 28, 1], detail: [15, 35, 1.7], top: [0, 70, 1] },
};
const STAGE = {
  ring: 'upright',
  watch: 'upright',
  smartwatch: 'upright',
  pendant: 'flat',
  necklace: 'flat',
  earrings: 'flat',
  bracelet: 'flat',
  charm: 'flat',
  bangle: 'object',
  giftbox: 'object',
  giftcard: 'object',
  service: 'object',
  guide: 'object',
};
/** Rings' own angle and detail views: [azimuth, elevation, zoom, lean of the ring towards the camera (rad)]. */
const RING_HERO = { angle: [30, 42, 1.12, 0.12], detail: [14, 44, 2.0, 0.12] };
/** Where the detail view looks, as a fraction of the object's height (0 floor, 1 top). */
const DETAIL_AT = { ring: 0.82, watch: 0.5, smartwatch: 0.5, pendant: 0.5, earrings: 0.5, charm: 0.5 };

function placeOnFloor(obj) {
  obj.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(obj);
  const c = box.getCenter(new THREE.Vector3());
  obj.position.x -= c.x;
  obj.position.z -= c.z;
  obj.position.y -= box.min.y;
  obj.updateMatrixWorld(true);
  return new THREE.Box3().setFromObject(obj);
}

/** A seamless studio sweep of one colour with a shadow catcher for the key light's (faint) shadow; returns the floor. */
function studio(scene, box, bg, shadowOpacity = 0.12) {
  scene.background = lin(bg);
  const size = box.getSize(new THREE.Vector3());
  const span = Math.max(size.x, size.z, size.y) * 8 + 200;
  const floor = new THREE.Mesh(new THREE.PlaneGeometry(span, span), new THREE.ShadowMaterial({ opacity: shadowOpacity, color: 0x2a2018 }));
  floor.rotation.x = -Math.PI / 2;
  floor.receiveShadow = true;
  scene.add(floor);
  return floor;
}

// ---------------------------------------------------------------- contact shadow
// A studio contact shadow (after three.js's webgl_shadow_contact example): the scene seen from
// under the floor by an orthographic camera only `reach` deep, each surface darker the nearer it
// is to the floor, blurred twice; laid on the floor as a texture. Only what touches or nearly
// touches the floor darkens it, tight under the piece (a ring's band where it stands, a chain
// along its links, a plinth's foot), never a blob under the piece's whole outline.
const CONTACT_RES = 512;
const contactRT = new THREE.WebGLRenderTarget(CONTACT_RES, CONTACT_RES);
const contactBlurRT = new THREE.WebGLRenderTarget(CONTACT_RES, CONTACT_RES);
contactRT.texture.generateMipmaps = contactBlurRT.texture.generateMipmaps = false;
const contactDepth = new THREE.MeshDepthMaterial();
contactDepth.userData.darkness = { value: 1.6 };
contactDepth.onBeforeCompile = (shader) => {
  shader.uniforms.darkness = contactDepth.userData.darkness;
  shader.fragmentShader = `uniform float darkness;\n${shader.fragmentShader.replace(
    'gl_FragColor = vec4( vec3( 1.0 - fragCoordZ ), opacity );',
    'gl_FragColor = vec4( vec3( 0.0 ), pow( 1.0 - fragCoordZ, 2.0 ) * darkness );',
  )}`;
};
contactDepth.depthTest = false;
contactDepth.depthWrite = false;
const hBlur = new THREE.ShaderMaterial(HorizontalBlurShader);
const vBlur = new THREE.ShaderMaterial(VerticalBlurShader);
hBlur.depthTest = vBlur.depthTest = false;
/**
 * Lays a contact shadow under everything in `scene` (the floor and anything in `hide` are left out).
 * reach: how far above the floor a surface still darkens it; blur: softness in texels of 512.
 */
function contactShadow(scene, box, hide = [], { reach = 3, blur = 2.2, opacity = 0.7 } = {}) {
  const size = box.getSize(new THREE.Vector3());
  const c = box.getCenter(new THREE.Vector3());
  const W = Math.max(size.x, size.z) * 1.25 + reach * 4;
  const group = new THREE.Group();
  group.position.set(c.x, 0.02, c.z);
  const geo = new THREE.PlaneGeometry(W, W).rotateX(Math.PI / 2);
  const plane = new THREE.Mesh(geo, new THREE.MeshBasicMaterial({ map: contactRT.texture, opacity, transparent: true, depthWrite: false }));
  plane.renderOrder = 1;
  plane.scale.y = -1; // the texture is seen from below
  const cam = new THREE.OrthographicCamera(-W / 2, W / 2, W / 2, -W / 2, 0, reach);
  cam.rotation.x = Math.PI / 2; // looking up
  group.add(cam);
  scene.add(group);
  group.updateMatrixWorld(true);

  const bg = scene.background;
  const visible = hide.map((o) => o.visible);
  hide.forEach((o) => (o.visible = false));
  scene.background = null;
  scene.overrideMaterial = contactDepth;
  renderer.setClearColor(0x000000, 0);
  renderer.setRenderTarget(contactRT);
  renderer.clear();
  renderer.render(scene, cam);
  scene.overrideMaterial = null;
  const quad = new THREE.Mesh(new THREE.PlaneGeometry(W, W).rotateX(Math.PI / 2), hBlur);
  quad.updateMatrixWorld(true);
  cam.updateMatrixWorld(true);
  const quadCam = new THREE.OrthographicCamera(-W / 2, W / 2, W / 2, -W / 2, -1, 1);
  quadCam.rotation.x = Math.PI / 2;
  quadCam.updateMatrixWorld(true);
  const pass = (mat, from, to, amount) => {
    quad.material = mat;
    mat.uniforms.tDiffuse.value = from.texture;
    if (mat === hBlur) mat.uniforms.h.value = amount / CONTACT_RES;
    else mat.uniforms.v.value = amount / CONTACT_RES;
    renderer.setRenderTarget(to);
    renderer.clear();
    renderer.render(quad, quadCam);
  };
  for (const amount of [blur, blur * 0.4]) {
    pass(hBlur, contactRT, contactBlurRT, amount);
    pass(vBlur, contactBlurRT, contactRT, amount);
  }
  quad.geometry.dispose();
  renderer.setRenderTarget(null);
  renderer.setClearColor(0x000000, 1);
  scene.background = bg;
  hide.forEach((o, i) => (o.visible = visible[i]));
  group.add(plane);
}
function keyLight(scene, box, intensity = 2.2, from = [-0.45, 2.0, 0.7]) {
  const size = box.getSize(new THREE.Vector3()).length();
  const dl = new THREE.DirectionalLight(0xfff6ea, intensity);
  dl.position.set(from[0] * size, from[1] * size, from[2] * size);
  dl.castShadow = true;
  dl.shadow.mapSize.set(1024, 1024);
  dl.shadow.camera.left = dl.shadow.camera.bottom = -size;
  dl.shadow.camera.right = dl.shadow.camera.top = size;
  dl.shadow.camera.near = 0.1;
  dl.shadow.camera.far = size * 4;
  dl.shadow.radius = 6;
  dl.shadow.bias = -0.0005;
  dl.shadow.normalBias = 0.02;
  scene.add(dl);
  const fill = new THREE.DirectionalLight(0xeef3ff, intensity * 0.35);
  fill.position.set(size, size * 0.5, size);
  scene.add(fill);
  const rim = new THREE.DirectionalLight(0xffffff, intensity * 0.5);
  rim.position.set(0.3 * size, size * 0.8, -size);
  scene.add(rim);
}
/**
 * Frames a box from (azimuth, elevation): the camera looks at the box, then the distance and aim
 * are refined from the projected corners so the box fills `fill` of the picture, centred.
 */
function frame(camera, box, az, el, zoom, w, h, lookFrac = null, fill = 0.8, offsetX = 0) {
  const sphere = box.getBoundingSphere(new THREE.Sphere());
  const target = sphere.center.clone();
  if (lookFrac !== null) target.y = box.min.y + (box.max.y - box.min.y) * lookFrac;
  const a = (az * Math.PI) / 180;
  const e = (el * Math.PI) / 180;
  const dir = new THREE.Vector3(Math.cos(e) * Math.sin(a), Math.sin(e), Math.cos(e) * Math.cos(a));
  let dist = sphere.radius * 3;
  const corners = [];
  for (const x of [box.min.x, box.max.x])
    for (const y of [box.min.y, box.max.y]) for (const z of [box.min.z, box.max.z]) corners.push(new THREE.Vector3(x, y, z));
  const place = () => {
    camera.position.copy(target).addScaledVector(dir, dist);
    camera.near = dist / 60;
    camera.far = dist * 30;
    camera.lookAt(target);
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld(true);
  };
  for (let i = 0; i < 6; i++) {
    place();
    let x0 = Infinity,
      x1 = -Infinity,
      y0 = Infinity,
      y1 = -Infinity;
    for (const c of corners) {
      const p = c.clone().project(camera);
      x0 = Math.min(x0, p.x);
      x1 = Math.max(x1, p.x);
      y0 = Math.min(y0, p.y);
      y1 = Math.max(y1, p.y);
    }
    // with an offset (a banner's title side), the pieces keep to the other side of the picture
    const ext = offsetX ? Math.max((x1 - x0) / 2 / (1 - Math.abs(offsetX)), (y1 - y0) / 2) : Math.max((x1 - x0) / 2, (y1 - y0) / 2);
    // recentre: move the target by the NDC offset of the box centre, in camera space
    const cx = (x0 + x1) / 2;
    const cy = lookFrac === null ? (y0 + y1) / 2 : 0;
    const halfH = Math.tan((camera.fov * Math.PI) / 360) * dist;
    const right = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
    const up = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 1);
    target.addScaledVector(right, cx * halfH * camera.aspect).addScaledVector(up, cy * halfH);
    dist *= ext / (fill * zoom);
  }
  place();
  if (offsetX) {
    const halfH = Math.tan((camera.fov * Math.PI) / 360) * dist;
    const right = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
    target.addScaledVector(right, -offsetX * 2 * halfH * camera.aspect);
    place();
  }
}

function renderScene(scene, camera, w, h) {
  renderer.setSize(w, h, false);
  canvas.width = w;
  canvas.height = h;
  renderer.setViewport(0, 0, w, h);
  scene.environment = roomEnv;
  renderer.render(scene, camera);
  return canvas.toDataURL('image/png');
}
/** Frees the geometry and textures of a shot; materials are kept, so their shader programs stay compiled (SwiftShader compiles slowly). */
function dispose(scene) {
  scene.traverse((o) => {
    o.geometry?.dispose?.();
    o.material?.map?.dispose?.();
  });
}

/** One product photograph. spec: { kind, design, metal, stone, v, view, w, h, dial?, strap?, bg? } */
function productShot(spec) {
  const scene = new THREE.Scene();
  const obj = BUILDERS[spec.kind](spec, rngOf(spec.seed ?? 1));
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
  frame(camera, focus, az, el, zoom, spec.w, spec.h, spec.view === 'detail' ? (DETAIL_AT[spec.kind] ?? 0.6) : null, spec.fill ?? 0.8);
  const url = renderScene(scene, camera, spec.w, spec.h);
  dispose(scene);
  return url;
}

// ---------------------------------------------------------------- composed scenes (banners, stores, editorial, social)
/** A plinth (cylinder or block) in a soft material. */
function plinth(r, h, hex, round = true) {
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
function composedShot(spec) {
  const scene = new THREE.Scene();
  const rng = rngOf(spec.seed ?? 1);
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
  frame(camera, box, spec.az ?? 0, spec.el ?? 20, 1, spec.w, spec.h, null, spec.fill ?? 0.85, spec.shift ?? 0);
  const url = renderScene(scene, camera, spec.w, spec.h);
  dispose(scene);
  return url;
}

window.shoot = (spec) => (spec.items ? composedShot(spec) : productShot(spec));
window.studioReady = true;
