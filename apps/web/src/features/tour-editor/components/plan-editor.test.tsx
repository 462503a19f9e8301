import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TourDocument, TourScene } from '@xr/contract/scenes';
import { App as AntApp } from 'antd';
import i18n from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import '../../../components/viewers/tour/tour-i18n';
import { uploads } from '../../../test/fake-tus';
import type { ProjectMedia } from '../api/project-media';
import { removeScene, updateSettings } from '../store/commands';
import { createTourStore, emptyTour, type TourStore, useTourStore } from '../store/tour-store';
import { PlanEditor, withPoint } from './plan-editor';

vi.mock('tus-js-client', async () => ({ Upload: (await import('../../../test/fake-tus')).FakeUpload }));

const scene = (id: string, name: string): TourScene => ({
  id,
  name: { en: name },
  media: { type: 'image360', asset_id: 1 },
  start_view: { yaw: 0, pitch: 0, zoom: 50 },
  background_audio: null,
  hotspots: [],
});
const doc = (plan: TourDocument['settings']['plan'] = null): TourDocument => ({
  ...emptyTour(),
  start_scene: 'a',
  scenes: [scene('a', 'Hall'), scene('b', 'Kitchen')],
  settings: { autorotate: false, gyroscope: true, plan },
});
const resolved = (id: number) => ({
  id,
  kind: 'image' as const,
  status: 'ready' as const,
  urls: { original: `/files/${id}.png` },
  tiles: null,
  clips: [],
});
const media: ProjectMedia = {
  media: { '21': resolved(21), '22': resolved(22), '23': resolved(23) },
  assets: [
    { id: 21, kind: 'image', filename: 'ground-floor.png', ready: true },
    { id: 12, kind: 'audio', filename: 'birds.mp3', ready: true },
  ],
};

/** The editor wired to a real store, as the page does it: every change is an undoable command. */
function Harness({ store, sceneId }: { store: TourStore; sceneId: string }) {
  const current = useTourStore(store, (s) => s.doc);
  return (
    <AntApp>
      <PlanEditor
        doc={current}
        sceneId={sceneId}
        media={media}
        projectId={5}
        onSettings={(patch) => store.run(updateSettings(store.getState().doc, patch))}
        onUploaded={() => undefined}
      />
    </AntApp>
  );
}

function setup(plan: TourDocument['settings']['plan'] = null, sceneId = 'a') {
  const store = createTourStore(doc(plan), 1);
  const view = render(<Harness store={store} sceneId={sceneId} />);
  return { store, view, plan: () => store.getState().doc.settings.plan };
}

/** jsdom lays nothing out: the plan image is given a 200 × 100 box at (10, 20). */
function layOut() {
  const box = screen.getByTestId('plan-image');
  box.getBoundingClientRect = () => ({
    left: 10,
    top: 20,
    width: 200,
    height: 100,
    right: 210,
    bottom: 120,
    x: 10,
    y: 20,
    toJSON: () => ({}),
  });
  return box;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('the tour floor plan editor', () => {
  it('picking an image of the project sets an empty plan, and undo takes it away', async () => {
    const { store, plan } = setup();
    expect(screen.queryByTestId('plan-image')).toBeNull();
    fireEvent.mouseDown(within(screen.getByTestId('plan-pick')).getByRole('combobox'));
    const option = await screen.findByText('ground-floor.png');
    expect(screen.queryByText('birds.mp3')).toBeNull();
    fireEvent.click(option);
    expect(plan()).toEqual({ asset_id: 21, points: [] });
    expect(screen.getByRole('img', { name: 'Floor plan' }).getAttribute('src')).toBe('/files/21.png');
    act(() => store.undo());
    expect(plan()).toBeNull();
  });

  it('an image uploaded here becomes the plan', async () => {
    const { plan } = setup();
    fireEvent.change(screen.getByTestId('upload-image'), { target: { files: [new File([new Uint8Array(4)], 'plan.png')] } });
    await waitFor(() => expect(uploads.at(-1)?.start).toHaveBeenCalled());
    expect(uploads.at(-1)!.options.metadata).toMatchObject({ kind: 'image', project_id: '5' });
    act(() => uploads.at(-1)!.options.onSuccess({ lastResponse: { getHeader: (n) => (n === 'X-Asset-Id' ? '22' : undefined) } }));
    expect(plan()).toEqual({ asset_id: 22, points: [] });
  });

  it('a click places the current scene at the clicked fraction; a second click moves it', () => {
    const { store, plan } = setup({ asset_id: 21, points: [] }, 'b');
    expect(within(screen.getByTestId('plan-scene-b')).getByText('Not placed')).toBeTruthy();
    const box = layOut();
    fireEvent.click(box, { clientX: 60, clientY: 95 });
    expect(plan()!.points).toEqual([{ scene: 'b', x: 0.25, y: 0.75 }]);
    expect(within(screen.getByTestId('plan-scene-b')).getByText('Placed')).toBeTruthy();
    expect(screen.getByTestId('plan-marker-b').textContent).toBe('Kitchen');
    fireEvent.click(box, { clientX: 110, clientY: 20 });
    expect(plan()!.points).toEqual([{ scene: 'b', x: 0.5, y: 0 }]);
    act(() => store.undo());
    expect(plan()!.points).toEqual([{ scene: 'b', x: 0.25, y: 0.75 }]);
  });

  it('the arrow keys move the selected marker by 1 %, within the image', () => {
    const { plan } = setup({ asset_id: 21, points: [{ scene: 'a', x: 0.5, y: 0.995 }] });
    const marker = screen.getByTestId('plan-marker-a');
    marker.focus();
    fireEvent.keyDown(marker, { key: 'ArrowRight' });
    expect(plan()!.points[0]).toEqual({ scene: 'a', x: 0.51, y: 0.995 });
    fireEvent.keyDown(marker, { key: 'ArrowDown' });
    expect(plan()!.points[0]).toEqual({ scene: 'a', x: 0.51, y: 1 });
    fireEvent.keyDown(marker, { key: 'ArrowUp' });
    fireEvent.keyDown(marker, { key: 'ArrowLeft' });
    expect(plan()!.points[0]).toEqual({ scene: 'a', x: 0.5, y: 0.99 });
  });

  it('a marker is dragged with the pointer and lands once, on release', () => {
    const { store, plan } = setup({ asset_id: 21, points: [{ scene: 'a', x: 0.5, y: 0.5 }] }, 'b');
    layOut();
    const marker = screen.getByTestId('plan-marker-a');
    fireEvent.pointerDown(marker, { clientX: 110, clientY: 70, pointerId: 1 });
    fireEvent.pointerMove(marker, { clientX: 150, clientY: 40, pointerId: 1 });
    expect(marker.style.left).toBe('70%');
    expect(plan()!.points[0]).toEqual({ scene: 'a', x: 0.5, y: 0.5 });
    fireEvent.pointerUp(marker, { clientX: 150, clientY: 40, pointerId: 1 });
    // the marker keeps its scene (not the current one) and no click places the current scene
    fireEvent.click(marker);
    expect(plan()!.points).toEqual([{ scene: 'a', x: 0.7, y: 0.2 }]);
    act(() => store.undo());
    expect(plan()!.points).toEqual([{ scene: 'a', x: 0.5, y: 0.5 }]);
  });

  it('"Remove from plan" takes one point away; undo puts it back', () => {
    const points = [
      { scene: 'a', x: 0.1, y: 0.2 },
      { scene: 'b', x: 0.3, y: 0.4 },
    ];
    const { store, plan } = setup({ asset_id: 21, points });
    fireEvent.click(screen.getByTestId('plan-remove-a'));
    expect(plan()!.points).toEqual([points[1]]);
    expect(screen.queryByTestId('plan-marker-a')).toBeNull();
    expect(within(screen.getByTestId('plan-scene-a')).getByText('Not placed')).toBeTruthy();
    act(() => store.undo());
    expect(plan()!.points).toEqual(points);
  });

  it('"Remove plan" asks first, removes the plan, and undo restores it', async () => {
    const points = [{ scene: 'a', x: 0.1, y: 0.2 }];
    const { store, plan } = setup({ asset_id: 21, points });
    fireEvent.click(screen.getByTestId('plan-remove'));
    expect(plan()).not.toBeNull();
    expect(await screen.findByText('Remove the floor plan and all its points?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('plan-remove-ok'));
    expect(plan()).toBeNull();
    expect(screen.queryByTestId('plan-image')).toBeNull();
    act(() => store.undo());
    expect(plan()).toEqual({ asset_id: 21, points });
    expect(screen.getByTestId('plan-marker-a')).toBeTruthy();
  });

  it('deleting a scene removes its marker too', () => {
    const { store } = setup({ asset_id: 21, points: [{ scene: 'b', x: 0.1, y: 0.2 }] });
    expect(screen.getByTestId('plan-marker-b')).toBeTruthy();
    act(() => store.run(removeScene(store.getState().doc, 'b')));
    expect(screen.queryByTestId('plan-marker-b')).toBeNull();
  });
});

describe('withPoint', () => {
  it('keeps the other points and clamps to the image', () => {
    const plan = { asset_id: 1, points: [{ scene: 'a', x: 0.1, y: 0.1 }] };
    expect(withPoint(plan, 'b', 1.2, -0.1).points).toEqual([
      { scene: 'a', x: 0.1, y: 0.1 },
      { scene: 'b', x: 1, y: 0 },
    ]);
    expect(withPoint(plan, 'a', 0.33333, 0.5).points).toEqual([{ scene: 'a', x: 0.3333, y: 0.5 }]);
  });
});
