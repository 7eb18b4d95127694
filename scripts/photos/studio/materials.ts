/**
 * The studio's materials: metals, cut stones (clear and coloured), pearl, enamel and matte
 * surfaces, and the gem rooms (prefiltered environment maps) the stones and pearls mirror.
 */
import * as THREE from 'three';
import { pmrem } from './renderer';
import { variant } from './variant';

/**
 * The light a cut stone sees: a grey room hung with many small, very bright softboxes and strip
 * lights, so every facet of a stone mirrors either a hot highlight or the room (the contrast that
 * reads as sparkle), and the transmitted light stays white.
 */
function gemEnvironment(tableLights = true): THREE.Texture {
  const s = new THREE.Scene();
  s.background = new THREE.Color(0x7c7c7c);
  const panel = (w: number, h: number, x: number, y: number, z: number, k: number) => {
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
    const y = variant([5, -1, 3, 7], i);
    panel(0.9, 0.9, Math.cos(a) * 8, y, Math.sin(a) * 8, 30);
  }
  // and a few dark flags, so some facets read black
  const flag = (w: number, h: number, x: number, y: number, z: number) => {
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
export const gemEnv = gemEnvironment();
const colourGemEnv = gemEnvironment(false);
/** A colour given as sRGB hex, in the renderer's linear space. */
export const lin = (hex: number): THREE.Color => new THREE.Color().setHex(hex, THREE.SRGBColorSpace);
/** Metal base colours (reflectance at normal incidence, linear). */
const SILVER = [0.95, 0.94, 0.92] as const;
const METAL_RGB: Record<string, readonly [number, number, number]> = {
  'yellow-gold': [1.0, 0.74, 0.36],
  gold: [1.0, 0.74, 0.36],
  'rose-gold': [0.97, 0.62, 0.52],
  'white-gold': [0.86, 0.85, 0.82],
  silver: SILVER,
  platinum: [0.8, 0.8, 0.79],
  steel: [0.72, 0.73, 0.74],
  titanium: [0.6, 0.6, 0.6],
};
/** A polished metal by name (yellow-gold, rose-gold, white-gold, silver, platinum, steel, titanium; black: a lacquer). */
export function metal(name: string, rough = 0.14): THREE.MeshPhysicalMaterial {
  if (name === 'black') return new THREE.MeshPhysicalMaterial({ color: 0x121212, metalness: 0, roughness: 0.18, clearcoat: 1, clearcoatRoughness: 0.05 });
  const c = METAL_RGB[name] ?? SILVER;
  return new THREE.MeshPhysicalMaterial({
    color: new THREE.Color(c[0], c[1], c[2]),
    metalness: 1,
    roughness: name === 'steel' || name === 'titanium' ? rough + 0.1 : rough,
    envMapIntensity: 1.25,
  });
}
/** Stone looks: body colour (sRGB hex, saturated: what the transmitted light takes on), index of refraction, dispersion, the colour light deepens to inside the stone. */
interface StoneLook {
  color: number;
  ior: number;
  disp: number;
  att?: number;
  dist?: number;
}
const DIAMOND: StoneLook = { color: 0xffffff, ior: 2.42, disp: 5 };
const STONES: Record<string, StoneLook> = {
  diamond: DIAMOND,
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
/** A stone's material by name (the STONES, pearl, enamel; anything else looks like a diamond). */
export function stoneMat(name: string): THREE.MeshPhysicalMaterial {
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
  const s = STONES[name] ?? DIAMOND;
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
export function enamelMat(hex: number): THREE.MeshPhysicalMaterial {
  return new THREE.MeshPhysicalMaterial({ color: lin(hex), roughness: 0.22, clearcoat: 1, clearcoatRoughness: 0.04 });
}
/** A non-metal surface of a colour (sRGB hex), with any other physical material parameters. */
export const matte = (hex: number, rough = 0.8, extra: THREE.MeshPhysicalMaterialParameters = {}): THREE.MeshPhysicalMaterial =>
  new THREE.MeshPhysicalMaterial({ color: lin(hex), roughness: rough, metalness: 0, ...extra });

/** A mesh that receives shadows and (unless told not to) casts them. */
export function mesh(geo: THREE.BufferGeometry, mat: THREE.Material, shadow = true): THREE.Mesh {
  const m = new THREE.Mesh(geo, mat);
  m.castShadow = shadow;
  m.receiveShadow = true;
  return m;
}
