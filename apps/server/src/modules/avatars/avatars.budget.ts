import { ImageUtils, Logger } from '@gltf-transform/core';
import type { AvatarModelStats } from '@xr/contract/avatars';

/** Whether a GLB's JSON chunk declares Draco compression (its decoder is loaded only then). */
function usesDraco(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20 || view.getUint32(16, true) !== 0x4e4f534a) return false;
  const json = new TextDecoder().decode(bytes.subarray(20, 20 + view.getUint32(12, true)));
  return json.includes('KHR_draco_mesh_compression');
}

/**
 * The avatar budget's figures of a GLB, counted the way the avatar job counts an upload (lib/pipeline/avatar.ts):
 * triangles drawn (instances included), textures, the largest texture side and the distinct skin joints. Used for
 * library characters, whose GLB the library's import made and the avatar job never saw. The pipeline's readers are
 * loaded on first use, so a server that never measures does not load them.
 */
export async function measureAvatarGlb(bytes: Uint8Array): Promise<AvatarModelStats> {
  const { countDocument, createIO } = await import('../../lib/pipeline/gltf-io');
  const io = await createIO(usesDraco(bytes));
  const doc = await io.readBinary(bytes);
  doc.setLogger(new Logger(Logger.Verbosity.ERROR));
  const root = doc.getRoot();
  let textureSize = 0;
  for (const texture of root.listTextures()) {
    const image = texture.getImage();
    const size = image ? ImageUtils.getSize(image, texture.getMimeType()) : null;
    if (size) textureSize = Math.max(textureSize, size[0], size[1]);
  }
  return {
    triangles: countDocument(doc).triangles,
    textures: root.listTextures().length,
    textureSize,
    bones: new Set(root.listSkins().flatMap((s) => s.listJoints())).size,
  };
}
