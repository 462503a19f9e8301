import type { Opts } from '../family';
import type { MaterialSpec } from '../geometry';
import { mat, type Swatch } from '../vocabulary';

/** Readers of a combination's axis values (a number, a swatch, an id) and a material of a swatch. */
export const n = (o: Opts, k: string) => o[k]!.n!;
export const s = (o: Opts, k: string) => o[k]!.s!;
export const id = (o: Opts, k: string) => o[k]!.id;
export const m = (sw: Swatch, extra: Partial<MaterialSpec> = {}) => mat(sw, extra);
