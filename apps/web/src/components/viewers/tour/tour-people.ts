import { CanvasTexture, Group, Sprite, SpriteMaterial, SRGBColorSpace } from 'three';

/**
 * Other people in a tour (a meta world room): each one's name, avatar picture and where they look. The viewer draws
 * them as view markers on the panorama of the scene they are in, and as a ring of avatar pictures around the
 * viewpoint in stereo and VR (where the panorama's HTML markers cannot show).
 */
export interface TourPerson {
  /** Stable key (the room's member id). */
  id: string;
  name: string;
  /** A small picture of the person's avatar (an image URL: a data URL is fine). */
  picture: string;
  /** Shown after the name (a guest's "Guest" mark); empty for none. */
  badge?: string;
  /** The tour scene they stand in (null: not known yet). */
  scene: string | null;
  yaw: number;
  pitch: number;
}

/** The people of a room, read when they change (a room's members move several times a second: no React state). */
export interface TourPeopleSource {
  get(): TourPerson[];
  /** Calls `fn` whenever `get()` may answer something new; answers the unsubscribe. */
  subscribe(fn: () => void): () => void;
}

/** The ring in stereo and VR: its distance (panorama units, the sphere is 10), how far below eye level, picture size. */
export const RING_RADIUS = 3;
export const RING_PITCH = -0.3;
const RING_SIZE = 0.7;

/**
 * Where each of `n` people stands on the ring around the viewpoint: evenly spaced, the first in front of the
 * viewer's starting direction (`yaw0`), so nobody stands behind another.
 */
export function ringYaws(n: number, yaw0 = 0): number[] {
  return Array.from({ length: n }, (_, i) => yaw0 + (n <= 1 ? 0 : (i * Math.PI * 2) / n));
}

/** The marker id of a person on the panorama (hotspots use their own ids, never with this prefix). */
export const personMarkerId = (id: string) => `person-${id}`;

/** The HTML view marker: the avatar picture in a circle with the name below. */
export function personElement(p: TourPerson): HTMLElement {
  const el = document.createElement('div');
  el.className = 'xr-tour-person';
  el.dataset.testid = 'tour-person';
  el.dataset.person = p.id;
  const img = document.createElement('img');
  img.src = p.picture;
  img.alt = '';
  img.draggable = false;
  const name = document.createElement('span');
  name.className = 'xr-tour-person__name';
  name.textContent = p.badge ? `${p.name} · ${p.badge}` : p.name;
  el.append(img, name);
  updatePersonElement(el, p);
  return el;
}

/** Keeps the marker's data attributes (read by tests) in step with where the person looks. */
export function updatePersonElement(el: HTMLElement, p: TourPerson): void {
  el.dataset.yaw = p.yaw.toFixed(2);
  el.dataset.pitch = p.pitch.toFixed(2);
  el.title = p.name;
}

/** A sprite with the avatar picture and the name (stereo / VR). The picture is drawn when it has loaded. */
function personSprite(p: TourPerson): Sprite {
  const c = document.createElement('canvas');
  c.width = 256;
  c.height = 320;
  const texture = new CanvasTexture(c);
  texture.colorSpace = SRGBColorSpace;
  const g = c.getContext('2d');
  const draw = (img: HTMLImageElement | null) => {
    if (!g) return;
    g.clearRect(0, 0, c.width, c.height);
    g.save();
    g.beginPath();
    g.arc(128, 120, 110, 0, Math.PI * 2);
    g.fillStyle = '#1f2937';
    g.fill();
    g.clip();
    if (img) g.drawImage(img, 18, 10, 220, 220);
    g.restore();
    g.lineWidth = 8;
    g.strokeStyle = '#ffffff';
    g.beginPath();
    g.arc(128, 120, 110, 0, Math.PI * 2);
    g.stroke();
    g.fillStyle = 'rgba(0,0,0,0.65)';
    g.fillRect(8, 252, 240, 56);
    g.fillStyle = '#ffffff';
    g.font = 'bold 34px sans-serif';
    g.textAlign = 'center';
    g.fillText(p.name.slice(0, 12), 128, 292);
    texture.needsUpdate = true;
  };
  draw(null);
  const img = new Image();
  img.onload = () => draw(img);
  img.src = p.picture;
  const sprite = new Sprite(new SpriteMaterial({ map: texture, depthTest: false, transparent: true }));
  sprite.scale.set(RING_SIZE, RING_SIZE * 1.25, 1);
  sprite.renderOrder = 10;
  sprite.userData.person = p.id;
  return sprite;
}

/** The ring's people as sprites around the origin (a three.js group the caller adds to its scene). */
export class PeopleRing {
  readonly group = new Group();
  private key = '';

  /** Rebuilds the ring when who is in it changed (where they look does not move them on the ring). */
  set(people: TourPerson[], yaw0 = 0): void {
    const key = people.map((p) => `${p.id}:${p.name}:${p.picture.length}`).join('|');
    if (key === this.key) return;
    this.key = key;
    this.clear();
    const yaws = ringYaws(people.length, yaw0);
    people.forEach((p, i) => {
      const s = personSprite(p);
      const yaw = yaws[i] ?? 0;
      const flat = RING_RADIUS * Math.cos(RING_PITCH);
      // Photo Sphere Viewer's directions: yaw 0 looks down +z, a yaw turns to the right (−x)
      s.position.set(-flat * Math.sin(yaw), RING_RADIUS * Math.sin(RING_PITCH), flat * Math.cos(yaw));
      this.group.add(s);
    });
  }

  get size(): number {
    return this.group.children.length;
  }

  clear(): void {
    for (const s of [...this.group.children] as Sprite[]) {
      this.group.remove(s);
      s.material.map?.dispose();
      s.material.dispose();
    }
  }

  dispose(): void {
    this.clear();
    this.key = '';
  }
}
