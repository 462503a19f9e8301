import { act, render, screen, waitFor } from '@testing-library/react';
import type { ResolvedProduct, SceneDetails } from '@xr/contract/scenes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { SceneViewerProps } from '../components/viewers/scene-viewer-props';
import arEn from '../locales/en/ar.json';
import en from '../locales/en/viewer.json';
import zh from '../locales/zh/viewer.json';
import { type LeanContent, LeanError, type LeanRequests } from './boot';
import { createLeanI18n } from './lean-i18n';
import { type LeanPageProps, LeanViewerPage, previewOf } from './lean-page';

const tourDetails: SceneDetails = {
  id: 5,
  kind: 'tour',
  version: 3,
  state: 'published',
  document: {
    kind: 'tour',
    start_scene: 'b',
    scenes: [
      { id: 'a', media: { asset_id: 1 } },
      { id: 'b', media: { asset_id: 2 } },
    ],
  },
  media: {
    1: { id: 1, kind: 'image360', status: 'ready', urls: { preview_512: '/a-512.jpg' }, tiles: null, clips: [] },
    2: {
      id: 2,
      kind: 'image360',
      status: 'ready',
      urls: { preview_2048: '/b-2048.jpg', preview_512: '/b-512.jpg', thumbnail: '/b-t.jpg' },
      tiles: null,
      clips: [],
    },
  },
  library: {},
  products: { 7: { id: 7, name: 'Lamp', price: 12, cover: '', purchasable: true } },
} as unknown as SceneDetails;

const content = (over: Partial<LeanContent> = {}): LeanContent => ({
  id: 5,
  cover: '/cover.jpg',
  access: 'full',
  message: '',
  assets: [],
  scene: { kind: 'tour', version: 3 },
  ...over,
});

function requests(over: Partial<LeanRequests> = {}): LeanRequests {
  return {
    content: Promise.resolve(content()),
    scene: Promise.resolve(tourDetails),
    name: Promise.resolve('Alpine lake'),
    ...over,
  };
}

/** Stands in for the tour viewer: says which scene it shows (as the real one does) and can add a product. */
function FakeViewer({ details, onAddToCart }: SceneViewerProps) {
  const { t } = useTranslation('scene3d');
  useEffect(() => {
    const el = document.querySelector('[data-testid=tour-panorama]');
    el?.setAttribute('data-scene', 'b');
  }, []);
  return (
    <div data-testid="tour-panorama" data-kind={details.kind}>
      <button type="button" onClick={() => void onAddToCart?.(7)}>
        {t('addToCart')}
      </button>
    </div>
  );
}

function props(over: Partial<LeanPageProps> = {}): LeanPageProps {
  const lang = over.lang ?? 'en';
  const i18n = over.i18n ?? createLeanI18n(lang);
  return {
    params: { id: 5, kind: 'tour' },
    lang,
    i18n,
    requests: requests(),
    loadViewer: vi.fn(async () => ({ default: FakeViewer })),
    loadAssets: vi.fn(async () => {
      throw new Error('not used');
    }),
    loadFrame: async () => ({ default: ({ children }) => <>{children}</> }),
    loadTexts: async () => {
      i18n.addResourceBundle(lang, 'scene3d', { addToCart: lang === 'en' ? 'Add to cart' : '加入购物车' });
    },
    ...over,
  };
}

describe('lean full-screen viewer page', () => {
  it('shows the viewer of the kind the content names, with the title, then drops the loading sign', async () => {
    const onShown = vi.fn();
    const p = props({ onShown });
    render(<LeanViewerPage {...p} />);
    expect(screen.getByTestId('lean-loading')).toHaveAccessibleName(en.loading);
    await screen.findByTestId('tour-panorama');
    expect(p.loadViewer).toHaveBeenCalledWith('tour');
    await waitFor(() => expect(screen.queryByTestId('lean-loading')).toBeNull());
    expect(onShown).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Alpine lake' })).toBeInTheDocument();
    expect(document.title).toBe('Alpine lake · XR Studio');
    expect(screen.getByRole('link', { name: en.back })).toHaveAttribute('href', '/#/product_details?id=5');
  });

  it("shows the tour's smallest preview of its start scene at once, while the viewer's code loads", async () => {
    let release: (m: { default: typeof FakeViewer }) => void = () => undefined;
    const p = props({ loadViewer: () => new Promise((r) => (release = r)) });
    const { container } = render(<LeanViewerPage {...p} />);
    await waitFor(() => expect(container.querySelector('.xr-lean__backdrop')).toHaveAttribute('src', '/b-512.jpg'));
    expect(screen.getByTestId('lean-loading')).toBeInTheDocument();
    await act(async () => release({ default: FakeViewer }));
    await screen.findByTestId('tour-panorama');
    expect(previewOf(null, '/cover.jpg')).toBe('/cover.jpg');
  });

  it("drops the loading sign at a 3D scene's canvas, and starts later work once its first frame is complete", async () => {
    let complete: () => void = () => undefined;
    function FakeScene() {
      useEffect(() => {
        complete = () => document.querySelector('[data-testid=scene-viewer]')?.setAttribute('data-shadows', 'on');
      }, []);
      return (
        <div data-testid="scene-viewer" data-shadows="off">
          <canvas />
        </div>
      );
    }
    const onShown = vi.fn();
    const sceneContent = Promise.resolve(content({ scene: { kind: 'scene', version: 1 } }));
    const p = props({
      onShown,
      requests: requests({ content: sceneContent, scene: Promise.resolve({ ...tourDetails, kind: 'scene', document: {} }) }),
      loadViewer: vi.fn(async () => ({ default: FakeScene })),
    });
    render(<LeanViewerPage {...p} />);
    await screen.findByTestId('scene-viewer');
    expect(p.loadViewer).toHaveBeenCalledWith('scene');
    await waitFor(() => expect(screen.queryByTestId('lean-loading')).toBeNull());
    expect(onShown).not.toHaveBeenCalled();
    act(() => complete());
    await waitFor(() => expect(onShown).toHaveBeenCalledTimes(1));
  });

  it("passes a product hotspot's card to add to cart", async () => {
    const onAddToCart = vi.fn(async (_p: ResolvedProduct) => undefined);
    render(<LeanViewerPage {...props({ onAddToCart })} />);
    (await screen.findByRole('button', { name: 'Add to cart' })).click();
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ id: 7, name: 'Lamp', price: 12 }));
  });

  it("shows the server's refusal with a way back, and no viewer", async () => {
    const refused = Promise.reject(new LeanError('You may not view this project', 40301));
    const p = props({ requests: requests({ content: refused }) });
    render(<LeanViewerPage {...p} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not view this project');
    expect(screen.getAllByRole('link', { name: en.back })[1]).toHaveAttribute('href', '/#/product_details?id=5');
    expect(p.loadViewer).not.toHaveBeenCalled();
  });

  it("says what the content reply says when there is nothing to view, and 'not found' for a bad address", async () => {
    const p = props({ requests: requests({ content: Promise.resolve(content({ access: 'none', message: 'Buy to view' })) }) });
    const { unmount } = render(<LeanViewerPage {...p} />);
    expect(await screen.findByTestId('lean-message')).toHaveTextContent('Buy to view');
    unmount();
    render(<LeanViewerPage {...props({ params: { id: null, kind: null }, requests: null })} />);
    expect(screen.getByTestId('lean-message')).toHaveTextContent(en.notFound);
  });

  it('fails with its own message when the scene details are refused', async () => {
    const p = props({ requests: requests({ scene: Promise.reject(new LeanError('', 50000)) }) });
    render(<LeanViewerPage {...p} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.failed);
  });

  it('speaks the stored language, viewers included', async () => {
    render(<LeanViewerPage {...props({ lang: 'zh' })} />);
    expect(screen.getByTestId('lean-loading')).toHaveAccessibleName(zh.loading);
    expect(await screen.findByRole('button', { name: '加入购物车' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: zh.back })).toBeInTheDocument();
  });

  it("shows a project's files in the asset viewer when its content is not a scene document", async () => {
    const asset = { kind: 'video', filename: 'clip.mp4', original_url: '/clip.mp4', outputs: {} };
    const loadAssets = vi.fn(async () => ({
      AssetViewer: ({ src }: { src: string }) => <img src={src} alt="" data-testid="asset" />,
      viewsOf: (c: Pick<LeanContent, 'assets'>) => c.assets.map((a) => ({ kind: 'video' as const, src: a.original_url })),
    }));
    const p = props({ loadAssets, requests: requests({ content: Promise.resolve(content({ scene: null, assets: [asset] })) }) });
    render(<LeanViewerPage {...p} />);
    expect(await screen.findByTestId('asset')).toHaveAttribute('src', '/clip.mp4');
    await waitFor(() => expect(screen.queryByTestId('lean-loading')).toBeNull());
    expect(p.loadViewer).not.toHaveBeenCalled();
  });

  it("offers the details page's 'View in AR' for a model project's model and a 3D scene, none for a tour", async () => {
    const model = {
      kind: 'model3d',
      filename: 'cube.glb',
      original_url: '/o.glb',
      outputs: { model: '/m.glb', model_usdz: '/m.usdz' },
    };
    const loadAssets = vi.fn(async () => ({
      AssetViewer: () => <div data-testid="asset" />,
      viewsOf: () => [{ kind: 'model' as const, src: '/m.glb' }],
    }));
    const files = props({
      loadAssets,
      requests: requests({ content: Promise.resolve(content({ scene: null, assets: [model] })) }),
    });
    const first = render(<LeanViewerPage {...files} />);
    const button = await screen.findByRole('button', { name: en.viewInAr });
    expect(button).toHaveAttribute('data-ar-scale', 'real');
    expect(button).toHaveClass('xr-lean__ar');
    // jsdom is a desktop: the tap shows the QR code, in the viewer's frame and the page's language
    await waitFor(() => expect(button).toHaveAttribute('data-ar-mode', 'qr'));
    await act(async () => button.click());
    expect(await screen.findByTestId('ar-qr', {}, { timeout: 10_000 })).toHaveTextContent(arEn.qrHint);
    expect(screen.getByRole('dialog')).toHaveTextContent(arEn.realScale);
    first.unmount();

    const objects = ['a', 'b'].map((id) => ({ id, type: 'model', parent: null, hidden: false, source: { asset_id: 1 } }));
    const scene = {
      ...tourDetails,
      kind: 'scene',
      document: { kind: 'scene', objects: objects.map((o) => ({ ...o, transform: {} })) },
      media: { 1: { id: 1, kind: 'model3d', status: 'ready', urls: { model: '/m.glb' }, tiles: null, clips: [] } },
    } as unknown as SceneDetails;
    const sceneProps = props({
      params: { id: 5, kind: 'scene', ar: true },
      requests: requests({
        content: Promise.resolve(content({ scene: { kind: 'scene', version: 1 } })),
        scene: Promise.resolve(scene),
      }),
      loadViewer: vi.fn(async () => ({ default: () => <div data-testid="scene-viewer" /> })),
    });
    const second = render(<LeanViewerPage {...sceneProps} />);
    const tabletop = await screen.findByRole('button', { name: en.viewInAr });
    expect(tabletop).toHaveAttribute('data-ar-scale', 'tabletop');
    expect(tabletop).toHaveClass('xr-lean__ar--primary');
    second.unmount();

    render(<LeanViewerPage {...props()} />);
    await screen.findByTestId('tour-panorama');
    expect(screen.queryByRole('button', { name: en.viewInAr })).toBeNull();
  });
});
