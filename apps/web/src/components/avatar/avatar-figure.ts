import type { AvatarLookParams } from '@xr/contract/avatars';
import {
  BoxGeometry,
  CapsuleGeometry,
  Color,
  CylinderGeometry,
  Group,
  type Material,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  SphereGeometry,
  TorusGeometry,
} from 'three';

/** Body width factor of each shape. */
const WIDTH: Record<AvatarLookParams['body'], number> = { slim: 0.84, regular: 1, broad: 1.22 };
/** Figure height at `height` 1, in metres. */
export const AVATAR_BASE_HEIGHT = 1.75;

interface Parts {
  chest: Object3D;
  head: Object3D;
  armL: Object3D;
  armR: Object3D;
  /** Random phase so that a room of figures does not breathe in step. */
  phase: number;
}

function material(color: string, roughness = 0.75): MeshStandardMaterial {
  return new MeshStandardMaterial({ color: new Color(color), roughness, metalness: 0.02 });
}

function mesh(geometry: ConstructorParameters<typeof Mesh>[0], mat: Material, x = 0, y = 0, z = 0): Mesh {
  const m = new Mesh(geometry, mat);
  m.position.set(x, y, z);
  m.castShadow = true;
  m.receiveShadow = true;
  return m;
}

/** A slightly darker shade of a colour (collars, soles, seams). */
const shade = (hex: string, f = 0.7) => `#${new Color(hex).multiplyScalar(f).getHexString()}`;

function buildHair(look: AvatarLookParams, hair: MeshStandardMaterial): Object3D {
  const g = new Group();
  const style = look.hair_style;
  if (style === 'none') return g;
  if (style === 'mohawk') {
    g.add(mesh(new BoxGeometry(0.045, 0.09, 0.26), hair, 0, 0.13, -0.01));
    return g;
  }
  // A cap over the top and back of the head.
  const cap = mesh(new SphereGeometry(0.142, 20, 12, 0, Math.PI * 2, 0, Math.PI * 0.52), hair, 0, 0.012, -0.008);
  cap.rotation.x = -0.22;
  g.add(cap);
  if (style === 'long') {
    const back = mesh(new CapsuleGeometry(0.11, 0.2, 4, 12), hair, 0, -0.14, -0.07);
    back.scale.set(1.2, 1, 0.55);
    g.add(back);
  } else if (style === 'bun') {
    g.add(mesh(new SphereGeometry(0.07, 14, 10), hair, 0, 0.13, -0.09));
  } else if (style === 'curly') {
    for (let i = 0; i < 14; i++) {
      const a = (i / 14) * Math.PI * 2;
      g.add(mesh(new SphereGeometry(0.045, 10, 8), hair, Math.cos(a) * 0.125, 0.06 + (i % 2) * 0.04, Math.sin(a) * 0.12 - 0.01));
    }
    g.add(mesh(new SphereGeometry(0.06, 10, 8), hair, 0, 0.14, 0));
  }
  return g;
}

function buildAccessory(look: AvatarLookParams, dark: MeshStandardMaterial, top: MeshStandardMaterial): Object3D {
  const g = new Group();
  switch (look.accessory) {
    case 'glasses': {
      const lens = new TorusGeometry(0.032, 0.007, 8, 20);
      g.add(mesh(lens, dark, -0.048, 0.012, 0.128), mesh(lens, dark, 0.048, 0.012, 0.128));
      g.add(mesh(new BoxGeometry(0.03, 0.008, 0.008), dark, 0, 0.015, 0.13));
      break;
    }
    case 'hat': {
      g.add(mesh(new CylinderGeometry(0.23, 0.23, 0.015, 28), dark, 0, 0.085, 0));
      g.add(mesh(new CylinderGeometry(0.125, 0.14, 0.14, 24), dark, 0, 0.16, 0));
      g.add(mesh(new CylinderGeometry(0.141, 0.141, 0.03, 24), top, 0, 0.105, 0));
      break;
    }
    case 'cap': {
      const crown = mesh(new SphereGeometry(0.148, 20, 10, 0, Math.PI * 2, 0, Math.PI / 2), top, 0, 0.03, 0);
      g.add(crown);
      const visor = mesh(new CylinderGeometry(0.11, 0.11, 0.012, 20, 1, false, -Math.PI / 2, Math.PI), top, 0, 0.035, 0.1);
      visor.rotation.x = 0.08;
      g.add(visor);
      break;
    }
    case 'headphones': {
      const band = mesh(new TorusGeometry(0.155, 0.014, 8, 28, Math.PI), dark, 0, 0.01, 0);
      g.add(band);
      const cup = new CylinderGeometry(0.05, 0.05, 0.04, 18);
      for (const side of [-1, 1]) {
        const c = mesh(cup, top, side * 0.15, 0, 0);
        c.rotation.z = Math.PI / 2;
        g.add(c);
      }
      break;
    }
    default:
      break;
  }
  return g;
}

/** One arm, hanging from its shoulder pivot: sleeve, forearm (sleeve or skin) and hand. */
function buildArm(long: boolean, sleeve: MeshStandardMaterial, skin: MeshStandardMaterial, w: number): Object3D {
  const arm = new Group();
  const r = 0.052 * Math.sqrt(w);
  arm.add(mesh(new CapsuleGeometry(r + 0.008, 0.2, 4, 10), sleeve, 0, -0.13, 0));
  arm.add(mesh(new CapsuleGeometry(r, 0.2, 4, 10), long ? sleeve : skin, 0, -0.37, 0.01));
  arm.add(mesh(new SphereGeometry(r + 0.008, 12, 10), skin, 0, -0.51, 0.015));
  return arm;
}

/**
 * A built-in avatar generated in code from its look: low-poly primitives (capsules, spheres, cylinders, tori),
 * feet on y = 0, facing +z, about 1.75 m × `height`. Used by the avatar editor's preview and the meta world rooms;
 * call `animateAvatar` each frame for its idle motion and `disposeAvatarObject` when it goes.
 */
export function createAvatarObject(look: AvatarLookParams): Group {
  const w = WIDTH[look.body];
  const skin = material(look.skin, 0.6);
  const hair = material(look.hair_color, 0.85);
  const top = material(look.top_color);
  const bottom = material(look.bottom_color);
  const shoes = material(look.shoes_color, 0.5);
  const dark = material('#202124', 0.4);
  const white = material('#f4f4f4');
  const eye = material('#1b1b1f', 0.3);

  const root = new Group();
  root.name = 'avatar';
  const body = new Group();
  root.add(body);

  // Legs and shoes.
  const legR = 0.068 * Math.sqrt(w);
  for (const side of [-1, 1]) {
    const x = side * 0.095 * w;
    body.add(mesh(new CapsuleGeometry(legR, 0.62, 4, 10), look.top_style === 'dress' ? skin : bottom, x, 0.44, 0));
    const shoe = mesh(new BoxGeometry(0.12, 0.08, 0.25), shoes, x, 0.045, 0.035);
    body.add(shoe);
    body.add(mesh(new BoxGeometry(0.125, 0.02, 0.255), material(shade(look.shoes_color, 0.5)), x, 0.01, 0.035));
  }
  // Hips.
  const hips = mesh(new CylinderGeometry(0.16 * w, 0.15 * w, 0.16, 18), bottom, 0, 0.84, 0);
  hips.scale.z = 0.72;
  body.add(hips);

  // Chest: the part that breathes.
  const chest = new Group();
  chest.position.y = 0.92;
  body.add(chest);
  const torso = mesh(new CapsuleGeometry(0.17 * w, 0.3, 6, 18), top, 0, 0.28, 0);
  torso.scale.z = 0.68;
  chest.add(torso);
  if (look.top_style === 'dress') {
    chest.add(mesh(new CylinderGeometry(0.17 * w, 0.3 * w, 0.45, 22, 1, true), top, 0, -0.16, 0));
  } else if (look.top_style === 'jacket') {
    chest.add(mesh(new BoxGeometry(0.09 * w, 0.42, 0.02), white, 0, 0.29, 0.113));
    for (const side of [-1, 1]) {
      const lapel = mesh(new BoxGeometry(0.045, 0.17, 0.02), material(shade(look.top_color)), side * 0.06, 0.4, 0.115);
      lapel.rotation.z = side * 0.35;
      chest.add(lapel);
    }
  } else if (look.top_style === 'hoodie') {
    const hood = mesh(new TorusGeometry(0.1, 0.035, 8, 18), top, 0, 0.52, -0.07);
    hood.rotation.x = Math.PI / 2.4;
    chest.add(hood);
    chest.add(mesh(new BoxGeometry(0.18 * w, 0.09, 0.02), material(shade(look.top_color, 0.85)), 0, 0.12, 0.115));
  } else if (look.top_style === 'shirt') {
    for (const side of [-1, 1]) {
      const collar = mesh(new BoxGeometry(0.07, 0.035, 0.02), white, side * 0.04, 0.54, 0.085);
      collar.rotation.z = side * -0.5;
      chest.add(collar);
    }
    for (let i = 0; i < 3; i++) chest.add(mesh(new SphereGeometry(0.008, 6, 4), dark, 0, 0.45 - i * 0.1, 0.117));
  }
  // Neck.
  chest.add(mesh(new CylinderGeometry(0.05, 0.055, 0.1, 12), skin, 0, 0.6, 0));

  // Arms on shoulder pivots.
  const long = look.top_style === 'shirt' || look.top_style === 'hoodie' || look.top_style === 'jacket';
  const shoulderX = 0.17 * w + 0.055;
  const armL = buildArm(long, top, skin, w);
  armL.position.set(-shoulderX, 0.5, 0);
  const armR = buildArm(long, top, skin, w);
  armR.position.set(shoulderX, 0.5, 0);
  chest.add(armL, armR);

  // Head: face, ears, hair, accessory.
  const head = new Group();
  head.position.y = 0.8;
  chest.add(head);
  const skull = mesh(new SphereGeometry(0.13, 24, 18), skin, 0, 0, 0);
  skull.scale.set(1, 1.1, 1.02);
  head.add(skull);
  for (const side of [-1, 1]) {
    head.add(mesh(new SphereGeometry(0.017, 10, 8), eye, side * 0.046, 0.012, 0.118));
    head.add(mesh(new SphereGeometry(0.028, 10, 8), skin, side * 0.13, 0, 0));
    const brow = mesh(new BoxGeometry(0.04, 0.008, 0.01), hair, side * 0.047, 0.05, 0.121);
    brow.rotation.z = side * -0.12;
    head.add(brow);
  }
  head.add(mesh(new SphereGeometry(0.016, 8, 6), material(shade(look.skin, 0.92), 0.6), 0, -0.018, 0.13));
  head.add(mesh(new BoxGeometry(0.05, 0.009, 0.01), material('#9c4a4a', 0.6), 0, -0.062, 0.119));
  head.add(buildHair(look, hair));
  head.add(buildAccessory(look, dark, top));

  root.scale.setScalar(look.height);
  const parts: Parts = { chest, head, armL, armR, phase: Math.random() * Math.PI * 2 };
  root.userData.avatarParts = parts;
  animateAvatar(root, 0);
  return root;
}

/** The idle motion at `seconds`: breathing, a slow look around, arms swaying. Cheap enough for 200 figures. */
export function animateAvatar(figure: Object3D, seconds: number): void {
  const p = figure.userData.avatarParts as Parts | undefined;
  if (!p) return;
  const t = seconds + p.phase;
  const breath = Math.sin(t * 1.7);
  p.chest.scale.set(1 + breath * 0.008, 1 + breath * 0.012, 1 + breath * 0.012);
  p.head.rotation.y = Math.sin(t * 0.45) * 0.25;
  p.head.rotation.x = Math.sin(t * 0.3) * 0.04;
  p.armL.rotation.z = -0.09 - breath * 0.025;
  p.armR.rotation.z = 0.09 + breath * 0.025;
  p.armL.rotation.x = Math.sin(t * 0.9) * 0.05;
  p.armR.rotation.x = -Math.sin(t * 0.9) * 0.05;
}

/** Frees the figure's geometries and materials. */
export function disposeAvatarObject(figure: Object3D): void {
  figure.traverse((o) => {
    if (o instanceof Mesh) {
      o.geometry.dispose();
      const mats = Array.isArray(o.material) ? o.material : [o.material];
      for (const m of mats) m.dispose();
    }
  });
}
