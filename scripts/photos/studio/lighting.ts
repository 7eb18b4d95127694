/** The studio's set and light: the seamless sweep, the contact shadow under a piece, and the key, fill and rim lights. */
import * as THREE from 'three';
import { HorizontalBlurShader } from 'three/addons/shaders/HorizontalBlurShader.js';
import { VerticalBlurShader } from 'three/addons/shaders/VerticalBlurShader.js';
import { lin } from './materials';
import { renderer } from './renderer';

/** A seamless studio sweep of one colour with a shadow catcher for the key light's (faint) shadow; returns the floor. */
export function studio(scene: THREE.Scene, box: THREE.Box3, bg: number, shadowOpacity = 0.12): THREE.Mesh {
  scene.background = lin(bg);
  const size = box.getSize(new THREE.Vector3());
  const span = Math.max(size.x, size.z, size.y) * 8 + 200;
  const floor = new THREE.Mesh(new THREE.PlaneGeometry(span, span), new THREE.ShadowMaterial({ opacity: shadowOpacity, color: 0x2a2018 }));
  floor.rotation.x = -Math.PI / 2;
  floor.receiveShadow = true;
  scene.add(floor);
  return floor;
}

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
export function contactShadow(scene: THREE.Scene, box: THREE.Box3, hide: THREE.Object3D[] = [], { reach = 3, blur = 2.2, opacity = 0.7 } = {}): void {
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
  const pass = (mat: THREE.ShaderMaterial, from: THREE.WebGLRenderTarget, to: THREE.WebGLRenderTarget, amount: number) => {
    quad.material = mat;
    mat.uniforms.tDiffuse!.value = from.texture;
    if (mat === hBlur) mat.uniforms.h!.value = amount / CONTACT_RES;
    else mat.uniforms.v!.value = amount / CONTACT_RES;
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
  hide.forEach((o, i) => (o.visible = visible[i]!));
  group.add(plane);
}
/** The key light (casting the faint shadow), a cool fill and a rim light, scaled to the box. */
export function keyLight(scene: THREE.Scene, box: THREE.Box3, intensity = 2.2, from: readonly [number, number, number] = [-0.45, 2.0, 0.7]): void {
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
