import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptySceneDocument, type SceneObject, sceneDocument } from '@xr/contract/scenes';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import i18n from '../../../lib/i18n';
import { uploads } from '../../../test/fake-tus';
import { addObjects, updateObjects } from '../store/commands';
import { createEditorStore } from '../store/editor-store';
import { createRuntime, EditorContext } from './editor-context';
import { fieldOf, issueLabel, issueSentence } from './fields';
import { Inspector } from './inspector';

vi.mock('tus-js-client', async () => ({ Upload: (await import('../../../test/fake-tus')).FakeUpload }));

setupScreenTests('en');

const parse = (objects: unknown[]) => sceneDocument.parse({ schema_version: 1, kind: 'scene', objects }).objects;
/** A video hotspot as the editor adds it: no medium yet (the schema marks the field until one is chosen). */
const newVideoHotspot = (id: string, name: string): SceneObject => {
  const [o] = parse([{ id, type: 'hotspot', name, hotspot: { id, kind: 'video', asset_id: 1, icon: 'play' } }]);
  if (o?.type !== 'hotspot' || o.hotspot.kind !== 'video') throw new Error('not a video hotspot');
  const { asset_id: _, ...hotspot } = o.hotspot;
  return { ...o, hotspot } as SceneObject;
};

function setup(objects: SceneObject[]) {
  const store = createEditorStore(5);
  store.getState().load(
    {
      id: 5,
      kind: 'scene',
      version: 1,
      state: 'draft',
      access: 'full',
      document: null,
      media: {},
      library: {},
      products: {},
      review: null,
    },
    emptySceneDocument(),
  );
  store.getState().exec(addObjects(objects));
  store.getState().select([objects[0]!.id]);
  renderAt(
    <EditorContext.Provider value={{ store, runtime: createRuntime() }}>
      <Inspector />
    </EditorContext.Provider>,
    '/vrdata/scene-editor',
  );
  return () => store.getState();
}

/** The project's files: none at first; a video once the upload is listed. */
function api(listed: () => boolean) {
  return serve({
    '/api/project/asset_status': () =>
      reply(200, {
        project_id: 5,
        review_status: 'draft',
        assets: listed()
          ? [
              {
                id: 41,
                project_id: 5,
                kind: 'video',
                filename: 'tour.mp4',
                bytes: 10,
                status: 'ready',
                job: null,
                created_at: '',
              },
            ]
          : [],
      }),
    '/api/project/content': () =>
      reply(200, {
        id: 5,
        cover: '',
        access: 'full',
        message: '',
        assets: listed()
          ? [{ id: 41, kind: 'video', filename: 'tour.mp4', original_url: '/f/tour.mp4', outputs: {}, tiles: null }]
          : [],
      }),
  });
}

describe('scene editor inspector', () => {
  it('a video hotspot of a project without videos uploads one and shows it at once', async () => {
    let listed = false;
    api(() => listed);
    const s = setup([newVideoHotspot('v1', 'Video')]);
    // Without a medium the problem is a sentence under the Media field, not schema text.
    expect(s().validate()).toBeNull();
    const media = await screen.findByTestId('hotspot-media');
    const field = media.closest('.xr-editor__control') as HTMLElement;
    expect(within(field).getByRole('alert').textContent).toBe("Choose one of this project's files, or upload one");
    expect(document.body.textContent).not.toMatch(/asset_id|Invalid value/);

    fireEvent.change(within(field).getByTestId('upload-video'), {
      target: { files: [new File([new Uint8Array(10)], 'tour.mp4', { type: 'video/mp4' })] },
    });
    await waitFor(() => expect(uploads[0]?.start).toHaveBeenCalled());
    expect(uploads[0]!.options.metadata).toMatchObject({ kind: 'video', project_id: '5' });
    listed = true;
    act(() => uploads[0]!.options.onSuccess({ lastResponse: { getHeader: (n) => (n === 'X-Asset-Id' ? '41' : undefined) } }));

    expect(s().doc.objects[0]).toMatchObject({ hotspot: { kind: 'video', asset_id: 41 } });
    expect(s().validate()).not.toBeNull();
    // Once listed, the file is named in the field and known to the viewport.
    await waitFor(() => expect(within(field).getByText('tour.mp4')).toBeTruthy());
    await waitFor(() => expect(s().details.media['41']?.urls.original).toBe('/f/tour.mp4'));
    expect(screen.queryByTestId('issues')).toBeNull();
  });

  it('a walk step without waypoints says what to do under the waypoints, in every language', async () => {
    api(() => false);
    const s = setup(
      parse([
        {
          id: 'npc1',
          type: 'npc',
          name: 'Guide',
          source: { library_id: 2 },
          steps: [{ type: 'walk', waypoints: [[1, 0, 1]] }],
        },
      ]),
    );
    act(() =>
      s().exec(
        updateObjects(
          s().doc,
          ['npc1'],
          (o) => (o.type === 'npc' ? { ...o, steps: [{ type: 'walk', waypoints: [], speed: 1.2 }] } : o),
          'npc',
        ),
      ),
    );
    expect(s().validate()).toBeNull();
    const step = await screen.findByTestId('npc-step-0');
    const alert = await within(step).findByRole('alert');
    expect(alert.textContent).toBe('Click in the viewport to place at least one waypoint');
    expect(alert.closest('.xr-editor__field')?.querySelector('.xr-editor__label')?.textContent).toBe('Waypoints');
    expect(document.body.textContent).not.toMatch(/steps\.0|waypoints:|This field is required/);

    for (const [lang, sentence] of [
      ['zh', '请在视口中点击，放置至少一个路径点'],
      ['tc', '請在視口中點擊，放置至少一個路徑點'],
    ] as const) {
      await act(() => i18n.changeLanguage(lang));
      await waitFor(() => expect(within(step).getByRole('alert').textContent).toBe(sentence));
    }
    await act(() => i18n.changeLanguage('en'));
  });

  it('labels every problem with its field and a sentence, never a path', () => {
    const t = i18n.getFixedT('en', 'scene3d');
    expect(fieldOf('steps.0.waypoints')).toEqual({ field: 'waypoints', lang: null });
    expect(fieldOf('hotspot.title.en')).toEqual({ field: 'title', lang: 'en' });
    expect(fieldOf('transform.position.1')).toEqual({ field: 'position', lang: null });
    expect(issueLabel('hotspot.title.en', t)).toBe('Title (EN)');
    expect(issueLabel('steps.2.seconds', t)).toBe('Seconds');
    expect(issueLabel('whatever.unknown', t)).toBe('This object');
    expect(issueSentence('hotspot.project_id', 'v.invalidValue', t)).toBe('Search the market and choose a product');
    expect(issueSentence('transform.position.0', 'v.outOfRange', t)).not.toMatch(/^v\./);
    expect(issueSentence('x', 'Invalid input: expected number', t)).toBe('Invalid value');
  });

  it('a hotspot still named after its kind is renamed with it; a chosen name stays', async () => {
    api(() => false);
    const s = setup([newVideoHotspot('v1', 'Video'), newVideoHotspot('v2', 'Lobby film')]);
    const pick = async (option: string) => {
      fireEvent.mouseDown(screen.getAllByLabelText('Type')[0]!);
      const item = await waitFor(() => {
        const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === option);
        if (!found) throw new Error(`no option ${option}`);
        return found;
      });
      fireEvent.click(item);
    };
    await pick('Audio');
    expect(s().doc.objects[0]).toMatchObject({ name: 'Audio', hotspot: { kind: 'audio', icon: 'audio' } });
    expect(s().past.at(-1)?.kind).toBe('hotspot');
    s().undo();
    expect(s().doc.objects[0]).toMatchObject({ name: 'Video', hotspot: { kind: 'video' } });

    act(() => s().select(['v2']));
    await pick('Text');
    expect(s().doc.objects[1]).toMatchObject({ name: 'Lobby film', hotspot: { kind: 'text', icon: 'info' } });
  });
});
