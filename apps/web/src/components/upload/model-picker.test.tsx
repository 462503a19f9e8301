import { fireEvent, screen, waitFor } from '@testing-library/react';
import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests } from '../test-utils';
import { ModelPicker } from './model-picker';

setupScreenTests('en');

const pick = (files: File[]) => fireEvent.change(screen.getByTestId('upload-model3d'), { target: { files } });

describe('the model picker', () => {
  it('says which formats it takes and that a zip works too, with a files and a folder button', () => {
    renderAt(<ModelPicker onFile={vi.fn()} />, '/');
    expect(
      screen.getByText(/Formats: glTF\/GLB, FBX, OBJ, 3DS, DAE, STL, PLY, or a zip of the model with its files/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Choose files/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Choose folder/ })).toBeTruthy();
    expect(screen.getByTestId('upload-model3d').hasAttribute('multiple')).toBe(true);
  });

  it('hands on a lone model as it is', () => {
    const onFile = vi.fn();
    renderAt(<ModelPicker onFile={onFile} />, '/');
    const glb = new File([new Uint8Array(9)], 'chair.glb');
    pick([glb]);
    expect(onFile).toHaveBeenCalledWith(glb);
  });

  it('packs a .gltf with its .bin and texture into one zip and hands that on', async () => {
    const onFile = vi.fn();
    renderAt(<ModelPicker onFile={onFile} />, '/');
    const gltf = JSON.stringify({
      asset: { version: '2.0' },
      buffers: [{ uri: 'chair.bin' }],
      images: [{ uri: 'tex/wood.png' }],
    });
    pick([new File([gltf], 'chair.gltf'), new File(['abcd'], 'chair.bin'), new File(['png'], 'wood.png')]);
    await waitFor(() => expect(onFile).toHaveBeenCalledTimes(1));
    const zip = onFile.mock.calls[0]![0] as File;
    expect(zip.name).toBe('chair.zip');
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer()))).sort()).toEqual([
      'chair.bin',
      'chair.gltf',
      'tex/wood.png',
    ]);
    expect(screen.queryByTestId('model-packing')).toBeNull();
  });

  it('refuses several models with a sentence naming them, and uploads nothing', async () => {
    const onFile = vi.fn();
    renderAt(<ModelPicker onFile={onFile} />, '/');
    pick([new File(['x'], 'a.fbx'), new File(['x'], 'b.obj'), new File(['x'], 'wood.png')]);
    const error = await screen.findByTestId('model-picker-error');
    expect(error.textContent).toContain(
      'Several models among the chosen files (a.fbx, b.obj): upload them one by one or as separate zips.',
    );
    pick([new File(['x'], 'wood.png'), new File(['x'], 'a.bin')]);
    await waitFor(() =>
      expect(screen.getByTestId('model-picker-error').textContent).toContain('No model among the chosen files (wood.png, a.bin)'),
    );
    expect(onFile).not.toHaveBeenCalled();
  });
});
