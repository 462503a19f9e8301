import { Document } from '@gltf-transform/core';
import { textureCompress } from '@gltf-transform/functions';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { limiter, pruneSolidTextures, TextureWork } from './textures';

const solidPng = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** A 512 px image with a gradient: anything but a single colour. */
const gradientJpeg = () => {
  const raw = Buffer.alloc(512 * 512 * 3);
  for (let i = 0; i < 512 * 512; i++) raw.set([(i % 512) >> 1, (i / 512) >> 1, 90], i * 3);
  return sharp(raw, { raw: { width: 512, height: 512, channels: 3 } })
    .jpeg()
    .toBuffer();
};

describe('texture work', () => {
  it('turns a single-colour texture into its material factor, as gltf-transform prune does, and keeps the others', async () => {
    const doc = new Document();
    const solid = doc
      .createTexture('solid')
      .setImage(await solidPng(255, 0, 0))
      .setMimeType('image/png');
    const detailed = doc
      .createTexture('detailed')
      .setImage(await gradientJpeg())
      .setMimeType('image/jpeg');
    const red = doc.createMaterial('red').setBaseColorTexture(solid).setBaseColorFactor([1, 1, 1, 0.5]);
    const other = doc.createMaterial('other').setBaseColorTexture(detailed);
    const work = new TextureWork();
    expect(await work.inspect(doc)).toEqual([]);
    expect(work.maybeSolid(detailed.getImage()!)).toBe(false);
    expect(work.maybeSolid(solid.getImage()!)).toBe(true);
    await pruneSolidTextures(doc, work);
    expect(red.getBaseColorTexture()).toBeNull();
    expect(red.getBaseColorFactor()).toEqual([1, 0, 0, 0.5]);
    expect(other.getBaseColorTexture()).toBe(detailed);
    expect(doc.getRoot().listTextures()).toEqual([detailed]);
  });

  it('drops textures that cannot be decoded, with a warning', async () => {
    const doc = new Document();
    const cut = (await gradientJpeg()).subarray(0, 2000);
    doc.createMaterial().setBaseColorTexture(doc.createTexture('broken').setImage(cut).setMimeType('image/jpeg'));
    const warnings = await new TextureWork().inspect(doc);
    expect(warnings).toEqual([expect.stringContaining('Texture broken is unreadable')]);
    expect(doc.getRoot().listTextures()).toEqual([]);
  });

  it('hands the encode started early to textureCompress: same bytes as encoding then, a preview and a USDZ image', async () => {
    const image = await gradientJpeg();
    const make = () => {
      const doc = new Document();
      doc.createMaterial().setBaseColorTexture(doc.createTexture('t').setImage(image).setMimeType('image/jpeg'));
      return doc;
    };
    const options = { targetFormat: 'webp' as const, resize: [256, 256] as [number, number] };
    const plain = make();
    await plain.transform(textureCompress({ ...options, encoder: sharp }));

    const early = make();
    const work = new TextureWork();
    work.startEncoding(early, options);
    await early.transform(textureCompress({ ...options, encoder: work.encoder() }));
    const [tex] = early.getRoot().listTextures();
    expect(tex!.getMimeType()).toBe('image/webp');
    expect(Buffer.from(tex!.getImage()!)).toEqual(Buffer.from(plain.getRoot().listTextures()[0]!.getImage()!));
    const preview = await work.preview(tex!.getImage()!);
    expect(await sharp(preview!).metadata()).toMatchObject({ format: 'webp', width: 128 });
    const [usdz] = (await work.usdzImages()).values();
    expect(usdz).toMatchObject({ mime: 'image/jpeg', width: 256, height: 256 });
  });

  it('runs at most the given number of tasks at once, in order', async () => {
    const run = limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        run(async () => {
          running++;
          most = Math.max(most, running);
          order.push(i);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});
