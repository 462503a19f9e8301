import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TourDocument, TourHotspot, TourScene } from '@xr/contract/scenes';
import { App as AntApp } from 'antd';
import i18n from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import '../../../components/viewers/tour/tour-i18n';
import type { ProjectMedia } from '../api/project-media';
import { validateTour } from '../store/autosave';
import { createTourStore, emptyTour } from '../store/tour-store';
import { HotspotPanel, withKind } from './hotspot-panel';
import { issuesAt } from './issues';
import { SceneList } from './scene-list';

const scene = (id: string, type: 'image360' | 'video360' = 'image360'): TourScene => ({
  id,
  name: { en: `Room ${id}` },
  media: { type, asset_id: type === 'video360' ? 2 : 1 },
  start_view: { yaw: 0, pitch: 0, zoom: 50 },
  background_audio: null,
  hotspots: [],
});
const text: TourHotspot = {
  id: 'h1',
  kind: 'text',
  title: { en: 'Hello' },
  text: {},
  icon: 'info',
  size: 40,
  position: { yaw: 0, pitch: 0 },
  time_range: null,
};
const doc = (): TourDocument => ({ ...emptyTour(), start_scene: 'a', scenes: [scene('a'), scene('b', 'video360'), scene('c')] });
const media: ProjectMedia = {
  media: {},
  assets: [
    { id: 11, kind: 'image', filename: 'poster.jpg', ready: true },
    { id: 12, kind: 'audio', filename: 'birds.mp3', ready: true },
  ],
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

function panel(props: Partial<Parameters<typeof HotspotPanel>[0]> & { hotspot: TourHotspot; scene: TourScene }) {
  const onChange = vi.fn();
  const onDelete = vi.fn();
  const view = render(
    <AntApp>
      <HotspotPanel
        doc={doc()}
        media={media}
        projectId={5}
        errors={{}}
        videoTime={null}
        onChange={onChange}
        onDelete={onDelete}
        onUploaded={() => undefined}
        {...props}
      />
    </AntApp>,
  );
  return { onChange, onDelete, ...view };
}

describe('hotspot panel', () => {
  it('edits the title per language as one merged step per field', () => {
    const { onChange } = panel({ hotspot: text, scene: scene('a') });
    fireEvent.change(screen.getByTestId('hotspot-title-zh'), { target: { value: '你好' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...text, title: { en: 'Hello', zh: '你好' } }, 'title');
  });

  it('changing the kind keeps the common fields and asks for the new kind’s own (a link needs its address)', () => {
    const d = doc();
    const link = withKind(text, 'link', d, 'a');
    expect(link).toMatchObject({ id: 'h1', kind: 'link', url: '', title: { en: 'Hello' }, icon: 'link' });
    const go = withKind(text, 'scene', d, 'a');
    expect(go).toMatchObject({ kind: 'scene', target_scene: 'b', keep_direction: true });
    const img = withKind(text, 'image', d, 'a');
    expect(img).toMatchObject({ kind: 'image', asset_id: 0 });
    // the empty fields are reported at their place until filled
    const bad = { ...d, scenes: [{ ...d.scenes[0]!, hotspots: [link, { ...img, id: 'h2' }] }, ...d.scenes.slice(1)] };
    const issues = validateTour(bad);
    expect(issuesAt(issues, ['scenes', 0, 'hotspots', 0])).toEqual({ url: 'v.urlFormat' });
    expect(issuesAt(issues, ['scenes', 0, 'hotspots', 1])).toHaveProperty('asset_id');
  });

  it('shows a link’s address field with the schema’s message at its place', () => {
    const link = withKind(text, 'link', doc(), 'a');
    const { onChange } = panel({ hotspot: link, scene: scene('a'), errors: { url: 'v.urlFormat' } });
    expect(screen.getByText(i18n.t('common:v.urlFormat'))).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('hotspot-url'), { target: { value: ' https://example.com ' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...link, url: 'https://example.com' }, 'url');
  });

  it('offers only the project’s uploads of the hotspot’s kind as media', async () => {
    const img = withKind(text, 'image', doc(), 'a');
    const { onChange } = panel({ hotspot: img, scene: scene('a') });
    fireEvent.mouseDown(within(screen.getByTestId('hotspot-media')).getByRole('combobox'));
    const option = await screen.findByText('poster.jpg');
    expect(screen.queryByText('birds.mp3')).toBeNull();
    fireEvent.click(option);
    expect(onChange).toHaveBeenLastCalledWith({ ...img, asset_id: 11 });
  });

  it('a time range is offered on 360 video scenes only, starting at the video’s current time', () => {
    panel({ hotspot: text, scene: scene('a') });
    expect(screen.queryByTestId('hotspot-time-switch')).toBeNull();
    const { onChange } = panel({ hotspot: text, scene: scene('b', 'video360'), videoTime: 12.4 });
    fireEvent.click(screen.getByTestId('hotspot-time-switch'));
    expect(onChange).toHaveBeenLastCalledWith({ ...text, time_range: { start: 12, end: 17 } });
  });

  it('edits the range and shows an end before the start as an error', () => {
    const limited = { ...text, time_range: { start: 4, end: 9 } };
    const { onChange } = panel({ hotspot: limited, scene: scene('b', 'video360'), errors: { time_range: 'v.timeRangeOrder' } });
    expect(screen.getByText(i18n.t('common:v.timeRangeOrder'))).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('hotspot-time-end'), { target: { value: '12' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...limited, time_range: { start: 4, end: 12 } }, 'end');
  });

  it('deletes only after confirmation', async () => {
    const { onDelete } = panel({ hotspot: text, scene: scene('a') });
    fireEvent.click(screen.getByTestId('hotspot-delete'));
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('hotspot-delete-ok'));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('scene list', () => {
  it('selects, reorders by the arrows and by drag and drop, and undo puts the order back', () => {
    const store = createTourStore(doc(), 1);
    render(<SceneList store={store} media={{}} issues={[]} onAdd={() => undefined} />);
    const order = () => screen.getAllByTestId('editor-scene').map((li) => li.dataset.scene);
    expect(order()).toEqual(['a', 'b', 'c']);
    fireEvent.click(screen.getByText('Room c'));
    expect(store.getState().selectedScene).toBe('c');
    fireEvent.click(screen.getByRole('button', { name: 'Move Room a down' }));
    expect(order()).toEqual(['b', 'a', 'c']);
    const [, , c] = screen.getAllByTestId('editor-scene');
    const [b] = screen.getAllByTestId('editor-scene');
    const dataTransfer = { setData: () => undefined, effectAllowed: '' };
    fireEvent.dragStart(c!, { dataTransfer });
    fireEvent.dragOver(b!, { dataTransfer });
    fireEvent.drop(b!, { dataTransfer });
    expect(order()).toEqual(['c', 'b', 'a']);
    act(() => store.undo());
    expect(order()).toEqual(['b', 'a', 'c']);
    act(() => store.undo());
    expect(order()).toEqual(['a', 'b', 'c']);
  });

  it('marks the start scene and scenes with problems', async () => {
    const store = createTourStore(doc(), 1);
    render(
      <SceneList
        store={store}
        media={{}}
        issues={[{ path: ['scenes', 2, 'hotspots', 0, 'url'], message: 'v.urlFormat' }]}
        onAdd={() => undefined}
      />,
    );
    const items = screen.getAllByTestId('editor-scene');
    expect(within(items[0]!).getByLabelText('Start scene')).toBeInTheDocument();
    expect(within(items[2]!).getByLabelText('Has a problem')).toBeInTheDocument();
    await waitFor(() => expect(within(items[1]!).queryByLabelText('Has a problem')).toBeNull());
  });
});
