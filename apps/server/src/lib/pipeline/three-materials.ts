import type { Document, Material as GltfMaterial, Texture as GltfTexture, TextureInfo } from '@gltf-transform/core';
import { KHRMaterialsSpecular, KHRTextureTransform } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { type Color, DoubleSide, type Material, MeshBasicMaterial, MeshStandardMaterial, type Texture } from 'three';

/** The channels the three.js loaders (FBX, MTL, 3DS, Collada) set on their Phong / Lambert / Basic materials. */
export type SourceMaterial = Material & {
  color?: Color;
  emissive?: Color;
  emissiveIntensity?: number;
  specular?: Color;
  shininess?: number;
  roughness?: number;
  metalness?: number;
  map?: Texture | null;
  normalMap?: Texture | null;
  emissiveMap?: Texture | null;
  specularMap?: Texture | null;
  alphaMap?: Texture | null;
  bumpMap?: Texture | null;
  displacementMap?: Texture | null;
  vertexColors?: boolean;
  alphaTest?: number;
  isMeshBasicMaterial?: boolean;
  isMeshStandardMaterial?: boolean;
  isMeshLambertMaterial?: boolean;
};

/** A texture file the material uses, with its UV transform in the source's (three.js, V up) convention. */
export interface TextureRef {
  src: string;
  offset: [number, number];
  repeat: [number, number];
  rotation: number;
}

/** What a placeholder material stands for: the source's name and texture files, attached after the export. */
export interface MaterialPlan {
  name: string;
  map?: TextureRef;
  normalMap?: TextureRef;
  emissiveMap?: TextureRef;
  specularMap?: TextureRef;
  /** A separate transparency map (three.js reads its green channel): merged into the base colour's alpha. */
  alphaMap?: TextureRef;
  blend: boolean;
}

/**
 * Phong's specular exponent as glTF roughness. A Blinn-Phong lobe of exponent n matches a GGX lobe of
 * α = sqrt(2 / (n + 2)) (Walter et al. 2007, "Microfacet Models for Refraction"), and glTF's roughness is sqrt(α).
 * Blender's exporter writes n = ((1 - roughness) · 10)²; its roughness 0.5 (n = 25) comes back as 0.52.
 */
export function shininessToRoughness(shininess: number): number {
  const n = Math.max(0, shininess);
  return Math.min(1, Math.max(0, (2 / (n + 2)) ** 0.25));
}

/**
 * The emission the loader's material shows (colour × intensity, as three.js renders it) as a glTF emissive factor no
 * component of which exceeds 1, and the KHR_materials_emissive_strength that restores the rest (1 when none is needed).
 * A zero intensity (Blender writes its emission colour with factor 0) means no emission at all.
 */
export function emissionOf(
  color: Color | undefined,
  intensity: number | undefined,
): { rgb: [number, number, number]; strength: number } {
  const k = Number.isFinite(intensity) ? Math.max(0, intensity ?? 1) : 1;
  const rgb: [number, number, number] = color ? [color.r * k, color.g * k, color.b * k] : [0, 0, 0];
  const peak = Math.max(...rgb);
  if (!(peak > 1)) return { rgb: rgb.map((c) => Math.max(0, c)) as [number, number, number], strength: 1 };
  return { rgb: rgb.map((c) => Math.max(0, c / peak)) as [number, number, number], strength: peak };
}

const refOf = (t: Texture | null | undefined): TextureRef | undefined => {
  const src = t?.userData?.src as string | undefined;
  if (!t || !src) return undefined;
  return { src, offset: [t.offset.x, t.offset.y], repeat: [t.repeat.x, t.repeat.y], rotation: t.rotation };
};

/**
 * A loader's material as the plain material the glTF exporter writes well (MeshStandardMaterial, or MeshBasicMaterial
 * for unlit sources), named `name`, with its plan. Channels: colour; emission (colour × intensity, see `emissionOf`);
 * opacity (blended when below 1) and alpha test (masked); roughness from shininess (Lambert and a black specular
 * colour: fully rough); double-sidedness; vertex colours; colour, normal, emission, specular and alpha maps (the
 * last merged into the colour texture's alpha). Bump and displacement maps have no glTF counterpart: their kinds are
 * added to `dropped`.
 */
export function toExportable(src: SourceMaterial, name: string, withColors: boolean, dropped: Set<string>) {
  const unlit = !!src.isMeshBasicMaterial;
  const out = unlit ? new MeshBasicMaterial() : new MeshStandardMaterial({ metalness: 0, roughness: 1 });
  out.name = name;
  out.color.copy(src.color ?? out.color.setScalar(0.8));
  if (out instanceof MeshStandardMaterial) {
    const { rgb, strength } = emissionOf(src.emissive, src.emissiveIntensity);
    out.emissive.setRGB(...rgb);
    out.emissiveIntensity = strength;
    if (src.isMeshStandardMaterial) {
      out.roughness = src.roughness ?? 1;
      out.metalness = src.metalness ?? 0;
    } else if (src.shininess !== undefined && !src.isMeshLambertMaterial) {
      const black = src.specular && Math.max(src.specular.r, src.specular.g, src.specular.b) === 0;
      out.roughness = black ? 1 : shininessToRoughness(src.shininess);
    }
  }
  const opacity = Number.isFinite(src.opacity) ? Math.min(1, Math.max(0, src.opacity)) : 1;
  const blend = !!src.transparent && opacity < 1;
  if (blend) {
    out.transparent = true;
    out.opacity = opacity;
  }
  if ((src.alphaTest ?? 0) > 0) out.alphaTest = src.alphaTest ?? 0;
  if (src.side === DoubleSide) out.side = DoubleSide;
  out.vertexColors = withColors;
  if (src.bumpMap) dropped.add('bump');
  if (src.displacementMap) dropped.add('displacement');
  const plan: MaterialPlan = {
    name: src.name || 'material',
    map: refOf(src.map),
    normalMap: unlit ? undefined : refOf(src.normalMap),
    emissiveMap: unlit ? undefined : refOf(src.emissiveMap),
    specularMap: unlit ? undefined : refOf(src.specularMap),
    alphaMap: refOf(src.alphaMap),
    blend,
  };
  return { material: out, plan };
}

/**
 * A three.js UV transform (offset, repeat, rotation about the origin, on V-up coordinates) as KHR_texture_transform
 * values for the flipped (V-down) coordinates the exporter writes: the matrix conjugated by v → 1 − v.
 */
export function gltfTransformOf(ref: TextureRef) {
  const [tx, ty] = ref.offset;
  const [sx, sy] = ref.repeat;
  const r = ref.rotation;
  return {
    offset: [tx + sx * Math.sin(r), 1 - ty - sy * Math.cos(r)] as [number, number],
    scale: [sx, sy] as [number, number],
    rotation: r === 0 ? 0 : -r,
  };
}

function isIdentity(ref: TextureRef): boolean {
  return ref.offset[0] === 0 && ref.offset[1] === 0 && ref.repeat[0] === 1 && ref.repeat[1] === 1 && ref.rotation === 0;
}

function setTransform(doc: Document, info: TextureInfo | null, ref: TextureRef) {
  if (!info || isIdentity(ref)) return;
  const ext = doc.createExtension(KHRTextureTransform);
  const t = gltfTransformOf(ref);
  info.setExtension('KHR_texture_transform', ext.createTransform().setOffset(t.offset).setScale(t.scale).setRotation(t.rotation));
}

/** Attaches a plan's textures (and their UV transforms) to the exported material. */
export async function attachPlan(
  doc: Document,
  mat: GltfMaterial,
  plan: MaterialPlan,
  textureFor: (src: string | undefined) => Promise<GltfTexture | null>,
) {
  const alpha = await textureFor(plan.alphaMap?.src);
  const base = await textureFor(plan.map?.src);
  const map = alpha ? await withAlpha(doc, base, alpha) : base;
  const colorRef = plan.map ?? plan.alphaMap;
  if (map && colorRef) {
    mat.setBaseColorTexture(map);
    setTransform(doc, mat.getBaseColorTextureInfo(), colorRef);
  }
  const normal = await textureFor(plan.normalMap?.src);
  if (normal && plan.normalMap) {
    mat.setNormalTexture(normal);
    setTransform(doc, mat.getNormalTextureInfo(), plan.normalMap);
  }
  const emissive = await textureFor(plan.emissiveMap?.src);
  if (emissive && plan.emissiveMap) {
    mat.setEmissiveTexture(emissive);
    setTransform(doc, mat.getEmissiveTextureInfo(), plan.emissiveMap);
  }
  const specular = await textureFor(plan.specularMap?.src);
  if (specular && plan.specularMap) {
    // A Phong specular map scales the highlight's colour: KHR_materials_specular's colour texture does the same to
    // the dielectric reflectance (its factor stays 1, so a white texel reflects as without the map).
    const spec = doc.createExtension(KHRMaterialsSpecular).createSpecular().setSpecularColorTexture(specular);
    mat.setExtension('KHR_materials_specular', spec);
    setTransform(doc, spec.getSpecularColorTextureInfo(), plan.specularMap);
  }
  if (plan.blend || (alpha && map !== base)) mat.setAlphaMode('BLEND');
}

/**
 * The colour texture with the transparency map's green channel (what three.js's alphaMap reads) multiplied into its
 * alpha, as a new PNG texture (the colour texture may be shared by opaque materials); a white texture of the map's
 * size when there is no colour texture.
 */
async function withAlpha(doc: Document, base: GltfTexture | null, alpha: GltfTexture): Promise<GltfTexture | null> {
  const alphaImage = alpha.getImage();
  const baseImage = base?.getImage();
  if (!alphaImage) return base;
  const meta = await sharp(baseImage ?? alphaImage).metadata();
  const width = meta.width ?? 1;
  const height = meta.height ?? 1;
  const rgba = baseImage ? await sharp(baseImage).ensureAlpha().raw().toBuffer() : Buffer.alloc(width * height * 4, 255);
  const mask = await sharp(alphaImage).resize(width, height, { fit: 'fill' }).removeAlpha().extractChannel(1).raw().toBuffer();
  for (let i = 0; i < width * height; i++) rgba[i * 4 + 3] = Math.round((rgba[i * 4 + 3]! * mask[i]!) / 255);
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  const name = `${base?.getName() || 'color'}+${alpha.getName() || 'alpha'}`;
  return doc.createTexture(name).setImage(png).setMimeType('image/png');
}
