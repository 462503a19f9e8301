import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TourDocument, TourHotspot, TourScene } from '@xr/contract/scenes';
import { App as AntApp } from 'antd';
import i18n from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import '../../../components/viewers/tour/tour-i18n';
import { uploads } from '../../../test/fake-tus';
import { emptyTour } from '../store/tour-store';
import { HotspotPanel } from './hotspot-panel';
import { ScenePanel } from './scene-panel';

vi.mock('tus-js-client', async () => ({ Upload: (await import('../../../test/fake-tus')).FakeUpload }));

const scene: TourScene = {
  id: 'a',
  name: { en: 'Hall' },
  media: { type: 'image360', asset_id: 1 },
  start_view: { yaw: 0, pitch: 0, zoom: 50 },
  background_audio: null,
  hotspots: [],
};
const doc = (): TourDocument => ({ ...emptyTour(), start_scene: 'a', scenes: [scene] });
const finish = (i: number, assetId: string) =>
  act(() => uploads[i]!.options.onSuccess({ lastResponse: { getHeader: (n) => (n === 'X-Asset-Id' ? assetId : undefined) } }));
const choose = (testId: string, name: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { files: [new File([new Uint8Array(4)], name)] } });

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('uploads from inside the tour editor', () => {
  it('a hotspot picks the medium uploaded from it (and keeps edits made meanwhile)', async () => {
    const hotspot: TourHotspot = {
      id: 'h1',
      kind: 'video',
      asset_id: 0,
      title: {},
      text: {},
      icon: 'play',
      size: 40,
      position: { yaw: 0, pitch: 0 },
      time_range: null,
    };
    const onChange = vi.fn();
    const onUploaded = vi.fn();
    const props = {
      scene,
      doc: doc(),
      media: { media: {}, assets: [] },
      projectId: 5,
      errors: {},
      videoTime: null,
      onChange,
      onDelete: () => undefined,
      onUploaded,
    };
    const view = render(
      <AntApp>
        <HotspotPanel {...props} hotspot={hotspot} />
      </AntApp>,
    );
    choose('upload-video', 'clip.mp4');
    await waitFor(() => expect(uploads[0]?.start).toHaveBeenCalled());
    expect(uploads[0]!.options.metadata).toMatchObject({ kind: 'video', project_id: '5' });
    // The creator renames the hotspot while the file goes up: the pick keeps the new title.
    const renamed = { ...hotspot, title: { en: 'Intro' } };
    view.rerender(
      <AntApp>
        <HotspotPanel {...props} hotspot={renamed} />
      </AntApp>,
    );
    finish(0, '77');
    expect(onChange).toHaveBeenLastCalledWith({ ...renamed, asset_id: 77 });
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('a sound uploaded as the background becomes the background', async () => {
    const onChange = vi.fn();
    render(
      <AntApp>
        <ScenePanel
          scene={scene}
          doc={doc()}
          media={{ media: {}, assets: [] }}
          projectId={5}
          errors={{}}
          onChange={onChange}
          onStart={() => undefined}
          onDelete={() => undefined}
          onSettings={() => undefined}
          onUploaded={() => undefined}
        />
      </AntApp>,
    );
    choose('upload-audio', 'birds.mp3');
    await waitFor(() => expect(uploads.at(-1)?.start).toHaveBeenCalled());
    finish(uploads.length - 1, '78');
    expect(onChange).toHaveBeenLastCalledWith({ background_audio: { asset_id: 78, volume: 0.6, loop: true } });
  });
});
