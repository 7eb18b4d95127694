/**
 * The studio's one WebGL renderer and its canvas (WebGL2 on SwiftShader in headless Chromium):
 * neutral tone mapping, sRGB output, soft shadow maps, and three.js's RoomEnvironment as the light
 * every scene is lit by.
 */
import * as THREE from 'three';
import { RoomEnvironment } from 'three/addons/environments/RoomEnvironment.js';

const canvas = document.createElement('canvas');
document.body.appendChild(canvas);
export const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true, alpha: false });
renderer.setPixelRatio(1);
renderer.toneMapping = THREE.NeutralToneMapping;
renderer.toneMappingExposure = 1.0;
renderer.outputColorSpace = THREE.SRGBColorSpace;
renderer.shadowMap.enabled = true;
renderer.shadowMap.type = THREE.PCFShadowMap;
/** Prefilters environment scenes for image-based lighting (the room here, the gem rooms in materials.ts). */
export const pmrem = new THREE.PMREMGenerator(renderer);
const roomEnv = pmrem.fromScene(new RoomEnvironment(), 0.02).texture;

/** Renders a scene at w x h in the room's light; returns the picture as a PNG data URL. */
export function renderScene(scene: THREE.Scene, camera: THREE.Camera, w: number, h: number): string {
  renderer.setSize(w, h, false);
  canvas.width = w;
  canvas.height = h;
  renderer.setViewport(0, 0, w, h);
  scene.environment = roomEnv;
  renderer.render(scene, camera);
  return canvas.toDataURL('image/png');
}

/** Frees the geometry and textures of a shot; materials are kept, so their shader programs stay compiled (SwiftShader compiles slowly). */
export function dispose(scene: THREE.Scene): void {
  scene.traverse((o) => {
    if (!(o instanceof THREE.Mesh)) return;
    o.geometry.dispose();
    // the contact shadow's plane carries a texture; the pieces' materials have none
    (o.material as THREE.Material & { map?: THREE.Texture | null }).map?.dispose();
  });
}
