/** Where the camera stands for each kind and view, and how it frames what it sees. */
import * as THREE from 'three';
import type { PieceKind, ViewName } from './spec';

/** Azimuth and elevation (degrees) and zoom. */
type Camera = readonly [number, number, number];
/** How a kind stands: upright (rings, watches), flat on the floor (chains, pendants), or as an object. */
type Stage = 'upright' | 'flat' | 'object';

/** How each kind stands and where the camera goes for each view: [azimuth deg, elevation deg, zoom]. */
export const VIEWS: Record<Stage, Record<ViewName, Camera>> = {
  upright: { front: [0, 8, 1], angle: [38, 22, 1], detail: [12, 28, 2.0], top: [-30, 55, 1.05] },
  flat: { front: [0, 58, 1], angle: [30, 38, 1], detail: [8, 50, 2.2], top: [0, 89, 1] },
  object: { front: [0, 18, 1], angle: [35, 28, 1], detail: [15, 35, 1.7], top: [0, 70, 1] },
};
export const STAGE: Record<PieceKind, Stage> = {
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
export const RING_HERO: Partial<Record<ViewName, readonly [number, number, number, number]>> = { angle: [30, 42, 1.12, 0.12], detail: [14, 44, 2.0, 0.12] };
/** Where the detail view looks, as a fraction of the object's height (0 floor, 1 top). */
export const DETAIL_AT: Partial<Record<PieceKind, number>> = { ring: 0.82, watch: 0.5, smartwatch: 0.5, pendant: 0.5, earrings: 0.5, charm: 0.5 };

/** Stands an object on the floor (y = 0), centred over the origin; returns its box there. */
export function placeOnFloor(obj: THREE.Object3D): THREE.Box3 {
  obj.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(obj);
  const c = box.getCenter(new THREE.Vector3());
  obj.position.x -= c.x;
  obj.position.z -= c.z;
  obj.position.y -= box.min.y;
  obj.updateMatrixWorld(true);
  return new THREE.Box3().setFromObject(obj);
}

/**
 * Frames a box from (azimuth, elevation): the camera looks at the box, then the distance and aim
 * are refined from the projected corners so the box fills `fill` of the picture, centred.
 */
export function frame(
  camera: THREE.PerspectiveCamera,
  box: THREE.Box3,
  az: number,
  el: number,
  zoom: number,
  lookFrac: number | null = null,
  fill = 0.8,
  offsetX = 0,
): void {
  const sphere = box.getBoundingSphere(new THREE.Sphere());
  const target = sphere.center.clone();
  if (lookFrac !== null) target.y = box.min.y + (box.max.y - box.min.y) * lookFrac;
  const a = (az * Math.PI) / 180;
  const e = (el * Math.PI) / 180;
  const dir = new THREE.Vector3(Math.cos(e) * Math.sin(a), Math.sin(e), Math.cos(e) * Math.cos(a));
  let dist = sphere.radius * 3;
  const corners: THREE.Vector3[] = [];
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
