/**
 * A tiny mesh builder for the generated library: boxes, cylinders (cones, tubes), spheres, tori and extruded
 * profiles placed with a position, an Euler rotation and a scale, collected per material into flat arrays (positions,
 * normals, indices) that `build.ts` turns into glTF primitives. Units are metres, Y up.
 */

export type Vec3 = [number, number, number];

/** A PBR material: base colour in sRGB 0-255 (converted to linear in the GLB), roughness and metalness 0-1. */
export interface MaterialSpec {
  name: string;
  rgb: Vec3;
  roughness: number;
  metalness: number;
  /** Optional alpha (glass): below 1 makes the material blended. */
  alpha?: number;
  /** Emissive strength (lamps): the base colour glows. */
  emissive?: number;
}

export interface Placement {
  at?: Vec3;
  /** Euler angles in radians, applied X then Y then Z. */
  rot?: Vec3;
  scale?: Vec3;
  /** Skin joint index of these vertices (characters only; every vertex of a part follows one joint). */
  joint?: number;
}

export interface MeshBatch {
  material: MaterialSpec;
  positions: number[];
  normals: number[];
  indices: number[];
  joints: number[];
}

function rotation(r: Vec3): number[] {
  const [x, y, z] = r;
  const cx = Math.cos(x);
  const sx = Math.sin(x);
  const cy = Math.cos(y);
  const sy = Math.sin(y);
  const cz = Math.cos(z);
  const sz = Math.sin(z);
  // R = Rz · Ry · Rx (row-major 3×3)
  return [
    cz * cy,
    cz * sy * sx - sz * cx,
    cz * sy * cx + sz * sx,
    sz * cy,
    sz * sy * sx + cz * cx,
    sz * sy * cx - cz * sx,
    -sy,
    cy * sx,
    cy * cx,
  ];
}

/** Collects geometry per material. */
export class MeshBuilder {
  readonly batches = new Map<string, MeshBatch>();

  private batch(m: MaterialSpec): MeshBatch {
    let b = this.batches.get(m.name);
    if (!b) {
      b = { material: m, positions: [], normals: [], indices: [], joints: [] };
      this.batches.set(m.name, b);
    }
    return b;
  }

  /** Adds local-space vertices (with normals) and triangles, transformed by the placement. */
  add(m: MaterialSpec, pos: number[], nrm: number[], idx: number[], p: Placement = {}): void {
    const b = this.batch(m);
    const base = b.positions.length / 3;
    const at = p.at ?? [0, 0, 0];
    const s = p.scale ?? [1, 1, 1];
    const R = rotation(p.rot ?? [0, 0, 0]);
    for (let i = 0; i < pos.length; i += 3) {
      const x = pos[i]! * s[0];
      const y = pos[i + 1]! * s[1];
      const z = pos[i + 2]! * s[2];
      b.positions.push(
        R[0]! * x + R[1]! * y + R[2]! * z + at[0],
        R[3]! * x + R[4]! * y + R[5]! * z + at[1],
        R[6]! * x + R[7]! * y + R[8]! * z + at[2],
      );
      // Normals go through the inverse transpose of the scale, then the rotation.
      let nx = nrm[i]! / s[0];
      let ny = nrm[i + 1]! / s[1];
      let nz = nrm[i + 2]! / s[2];
      const l = Math.hypot(nx, ny, nz) || 1;
      nx /= l;
      ny /= l;
      nz /= l;
      b.normals.push(
        R[0]! * nx + R[1]! * ny + R[2]! * nz,
        R[3]! * nx + R[4]! * ny + R[5]! * nz,
        R[6]! * nx + R[7]! * ny + R[8]! * nz,
      );
      if (p.joint !== undefined) b.joints.push(p.joint);
    }
    // A mirroring scale (odd number of negative factors) flips the winding.
    const flip = s[0] * s[1] * s[2] < 0;
    for (let i = 0; i < idx.length; i += 3) {
      if (flip) b.indices.push(base + idx[i]!, base + idx[i + 2]!, base + idx[i + 1]!);
      else b.indices.push(base + idx[i]!, base + idx[i + 1]!, base + idx[i + 2]!);
    }
  }

  /** An axis-aligned box of size w×h×d centred on `at` (before rotation). */
  box(m: MaterialSpec, at: Vec3, size: Vec3, p: Omit<Placement, 'at' | 'scale'> = {}): void {
    const [w, h, d] = [size[0] / 2, size[1] / 2, size[2] / 2];
    const pos: number[] = [];
    const nrm: number[] = [];
    const idx: number[] = [];
    const faces: [Vec3, Vec3, Vec3][] = [
      [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
      [
        [-1, 0, 0],
        [0, 1, 0],
        [0, 0, -1],
      ],
      [
        [0, 1, 0],
        [0, 0, 1],
        [1, 0, 0],
      ],
      [
        [0, -1, 0],
        [0, 0, -1],
        [1, 0, 0],
      ],
      [
        [0, 0, 1],
        [1, 0, 0],
        [0, 1, 0],
      ],
      [
        [0, 0, -1],
        [-1, 0, 0],
        [0, 1, 0],
      ],
    ];
    for (const [n, u, v] of faces) {
      const base = pos.length / 3;
      for (const [a, c] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ] as const) {
        const x = n[0] + a * u[0] + c * v[0];
        const y = n[1] + a * u[1] + c * v[1];
        const z = n[2] + a * u[2] + c * v[2];
        pos.push(x * w, y * h, z * d);
        nrm.push(n[0], n[1], n[2]);
      }
      // u × v = n for every face above, so (0,1,2) is counter-clockwise seen from outside.
      idx.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
    this.add(m, pos, nrm, idx, { ...p, at });
  }

  /**
   * A cylinder along Y from y=0 to y=h (radius r0 at the bottom, r1 at the top; 0 makes a cone), with caps,
   * placed with its base centre at `at`.
   */
  cylinder(m: MaterialSpec, at: Vec3, r0: number, r1: number, h: number, seg = 16, p: Omit<Placement, 'at'> = {}): void {
    const pos: number[] = [];
    const nrm: number[] = [];
    const idx: number[] = [];
    const slope = (r0 - r1) / h;
    for (let i = 0; i <= seg; i++) {
      const a = (i / seg) * Math.PI * 2;
      const c = Math.cos(a);
      const s = Math.sin(a);
      const l = Math.hypot(1, slope);
      pos.push(c * r0, 0, s * r0, c * r1, h, s * r1);
      nrm.push(c / l, slope / l, s / l, c / l, slope / l, s / l);
    }
    for (let i = 0; i < seg; i++) {
      const a = i * 2;
      idx.push(a, a + 1, a + 3, a, a + 3, a + 2);
    }
    for (const [y, r, ny] of [
      [0, r0, -1],
      [h, r1, 1],
    ] as const) {
      if (r <= 0) continue;
      const centre = pos.length / 3;
      pos.push(0, y, 0);
      nrm.push(0, ny, 0);
      for (let i = 0; i <= seg; i++) {
        const a = (i / seg) * Math.PI * 2;
        pos.push(Math.cos(a) * r, y, Math.sin(a) * r);
        nrm.push(0, ny, 0);
      }
      for (let i = 0; i < seg; i++) {
        if (ny > 0) idx.push(centre, centre + i + 2, centre + i + 1);
        else idx.push(centre, centre + i + 1, centre + i + 2);
      }
    }
    this.add(m, pos, nrm, idx, { ...p, at });
  }

  /** A UV sphere of radius r centred on `at` (scale makes ellipsoids). */
  sphere(m: MaterialSpec, at: Vec3, r: number, seg = 12, p: Omit<Placement, 'at'> = {}): void {
    const pos: number[] = [];
    const nrm: number[] = [];
    const idx: number[] = [];
    const rings = Math.max(4, Math.round(seg * 0.6));
    for (let j = 0; j <= rings; j++) {
      const v = (j / rings) * Math.PI;
      for (let i = 0; i <= seg; i++) {
        const u = (i / seg) * Math.PI * 2;
        const x = Math.sin(v) * Math.cos(u);
        const y = Math.cos(v);
        const z = Math.sin(v) * Math.sin(u);
        pos.push(x * r, y * r, z * r);
        nrm.push(x, y, z);
      }
    }
    for (let j = 0; j < rings; j++) {
      for (let i = 0; i < seg; i++) {
        const a = j * (seg + 1) + i;
        const b = a + seg + 1;
        if (j !== 0) idx.push(a, a + 1, b);
        if (j !== rings - 1) idx.push(a + 1, b + 1, b);
      }
    }
    this.add(m, pos, nrm, idx, { ...p, at });
  }

  /** A torus around the Y axis (ring radius R, tube radius r) centred on `at`. */
  torus(m: MaterialSpec, at: Vec3, R: number, r: number, seg = 20, tube = 8, p: Omit<Placement, 'at'> = {}): void {
    const pos: number[] = [];
    const nrm: number[] = [];
    const idx: number[] = [];
    for (let j = 0; j <= tube; j++) {
      const v = (j / tube) * Math.PI * 2;
      for (let i = 0; i <= seg; i++) {
        const u = (i / seg) * Math.PI * 2;
        const cx = Math.cos(u);
        const cz = Math.sin(u);
        pos.push((R + r * Math.cos(v)) * cx, r * Math.sin(v), (R + r * Math.cos(v)) * cz);
        nrm.push(Math.cos(v) * cx, Math.sin(v), Math.cos(v) * cz);
      }
    }
    for (let j = 0; j < tube; j++) {
      for (let i = 0; i < seg; i++) {
        const a = j * (seg + 1) + i;
        const b = a + seg + 1;
        idx.push(a, b, a + 1, a + 1, b, b + 1);
      }
    }
    this.add(m, pos, nrm, idx, { ...p, at });
  }

  /** Axis-aligned bounds of everything added so far. */
  bounds(): { min: Vec3; max: Vec3 } {
    const min: Vec3 = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    const max: Vec3 = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (const b of this.batches.values()) {
      for (let i = 0; i < b.positions.length; i += 3) {
        for (let k = 0; k < 3; k++) {
          const v = b.positions[i + k]!;
          if (v < min[k]!) min[k] = v;
          if (v > max[k]!) max[k] = v;
        }
      }
    }
    return { min, max };
  }

  /** Moves everything so the origin is the centre of the footprint at floor level (min y = 0). Returns the shift. */
  groundAndCentre(): Vec3 {
    const { min, max } = this.bounds();
    const shift: Vec3 = [-(min[0] + max[0]) / 2, -min[1], -(min[2] + max[2]) / 2];
    for (const b of this.batches.values()) {
      for (let i = 0; i < b.positions.length; i += 3) {
        b.positions[i] = b.positions[i]! + shift[0];
        b.positions[i + 1] = b.positions[i + 1]! + shift[1];
        b.positions[i + 2] = b.positions[i + 2]! + shift[2];
      }
    }
    return shift;
  }
}
