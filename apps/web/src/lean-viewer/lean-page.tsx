import type { Lang } from '@xr/contract/lang';
import type { DocumentKind, ResolvedProduct, SceneDetails } from '@xr/contract/scenes';
import type { i18n as I18n } from 'i18next';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type ArTarget, projectArTarget } from '../components/viewers/ar/scene-ar-content';
import type { AssetViewerProps } from '../components/viewers/asset-viewer';
import type { SceneViewerProps } from '../components/viewers/scene-viewer-props';
import { contentMode, type LeanContent, type LeanParams, type LeanRequests } from './boot';
import { SHELL_TEXTS } from './lean-i18n';

export type ViewerModule = { default: ComponentType<SceneViewerProps> };
export type AssetModule = {
  AssetViewer: ComponentType<AssetViewerProps>;
  viewsOf(content: Pick<LeanContent, 'assets'>): AssetViewerProps[];
};
export type FrameModule = { default: ComponentType<{ children: ReactNode }> };

// the details page's "View in AR", fetched once the viewer is there and only for what it can show (not for a tour)
const ArButton = lazy(() => import('../components/viewers/ar/ar-button').then((m) => ({ default: m.ArButton })));

/** Everything the lean page gets from its entry (started before React rendered it), so tests can give their own. */
export interface LeanPageProps {
  params: LeanParams;
  lang: Lang;
  i18n: I18n;
  /** The page's calls; null when the address names no valid project. */
  requests: LeanRequests | null;
  loadViewer(kind: DocumentKind): Promise<ViewerModule>;
  loadAssets(): Promise<AssetModule>;
  loadFrame(): Promise<FrameModule>;
  /** The viewers' texts of the page's language (into `i18n`). */
  loadTexts(): Promise<void>;
  /** A product hotspot's "add to cart"; rejects when refused (the popup keeps its button). */
  onAddToCart?(product: ResolvedProduct): unknown;
  /** The viewer's first frame is complete (a tour's scene shown, a 3D scene's models in): later work may start. */
  onShown?(): void;
  /** Where the cart button goes (filled by the entry once the viewer is shown). */
  cartRef?: React.Ref<HTMLDivElement>;
}

type State =
  | { phase: 'loading' }
  | { phase: 'message'; text: string; failed: boolean }
  | {
      phase: 'scene';
      details: SceneDetails;
      Viewer: ComponentType<SceneViewerProps>;
      Frame: FrameModule['default'];
      ar: ArTarget | null;
    }
  | {
      phase: 'assets';
      views: AssetViewerProps[];
      AssetViewer: AssetModule['AssetViewer'];
      Frame: FrameModule['default'];
      ar: ArTarget | null;
    };

/** The smallest picture of a tour's first scene (shown at once under the loading sign), else the project's cover. */
export function previewOf(details: SceneDetails | null, cover: string): string {
  const doc = details?.document as {
    kind?: string;
    start_scene?: string;
    scenes?: { id: string; media?: { asset_id?: number } }[];
  };
  if (details && doc?.kind === 'tour' && Array.isArray(doc.scenes)) {
    const scene = doc.scenes.find((s) => s.id === doc.start_scene) ?? doc.scenes[0];
    const urls = scene?.media?.asset_id ? details.media[String(scene.media.asset_id)]?.urls : undefined;
    const small = Object.entries(urls ?? {})
      .map(([name, url]) => ({ width: Number(/^preview_(\d+)$/.exec(name)?.[1] ?? 0), url }))
      .filter((p) => p.width > 0)
      .sort((a, b) => a.width - b.width)[0]?.url;
    if (small) return small;
  }
  return cover;
}

/** The viewer drew (tour: the scene is shown; 3D: its canvas is there, with its own progress; files: mounted). */
const SHOWN = '[data-testid=tour-panorama][data-scene], [data-testid=scene-viewer] canvas, [data-testid=lean-assets]';
/** The first frame is complete (3D: every model in and the shadows on): the page's later work may start. */
const COMPLETE =
  '[data-testid=tour-panorama][data-scene], [data-testid=scene-viewer][data-shadows=on], [data-testid=lean-assets]';

/**
 * The lean full-screen page: a bar (back to the details, the project's name, the cart) over the project's 360 tour,
 * 3D scene or files, in the same viewers as the SPA with every feature. Until the viewer has drawn, a loading sign
 * over the first picture there is (the tour's smallest preview, or the cover); a refusal shows the server's message.
 */
export function LeanViewerPage(props: LeanPageProps) {
  const { params, requests, lang, i18n } = props;
  const texts = SHELL_TEXTS[lang];
  const [state, setState] = useState<State>({ phase: requests ? 'loading' : 'message', ...noProject(texts) } as State);
  const [name, setName] = useState('');
  const [backdrop, setBackdrop] = useState('');
  const [shown, setShown] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const shownCallback = useRef(props.onShown);
  shownCallback.current = props.onShown;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one run per page (the entry gives fixed requests and loaders)
  useEffect(() => {
    if (!requests) return;
    let live = true;
    const set = (s: State) => live && setState(s);
    void requests.name.then((n) => {
      if (!live || !n) return;
      setName(n);
      document.title = `${n} · XR Studio`;
    }, noop);
    void requests.scene.then((d) => live && setBackdrop((b) => previewOf(d, '') || b), noop);
    (async () => {
      let content: LeanContent;
      try {
        content = await requests.content;
      } catch (e) {
        set({ phase: 'message', text: messageOf(e) || texts.failed, failed: true });
        return;
      }
      if (live && content.cover) setBackdrop((b) => b || content.cover);
      const mode = contentMode(content);
      try {
        if (mode === 'scene' && content.scene) {
          const [details, viewer, frame] = await Promise.all([
            requests.scene,
            props.loadViewer(content.scene.kind),
            props.loadFrame(),
            props.loadTexts(),
          ]);
          const ar = projectArTarget(content, details);
          set({ phase: 'scene', details, Viewer: viewer.default, Frame: frame.default, ar });
        } else if (mode === 'assets') {
          const [assets, frame] = await Promise.all([props.loadAssets(), props.loadFrame(), props.loadTexts()]);
          const views = assets.viewsOf(content);
          if (views.length === 0) set({ phase: 'message', text: content.message || texts.notFound, failed: false });
          else
            set({
              phase: 'assets',
              views,
              AssetViewer: assets.AssetViewer,
              Frame: frame.default,
              ar: projectArTarget(content, null),
            });
        } else set({ phase: 'message', text: content.message || texts.notFound, failed: false });
      } catch (e) {
        set({ phase: 'message', text: messageOf(e) || texts.failed, failed: true });
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  // the loading sign stays over the viewer until it has drawn; the page's later work waits until it is complete
  const reported = useRef(false);
  useEffect(() => {
    if (state.phase !== 'scene' && state.phase !== 'assets') return;
    const el = body.current;
    if (!el) return;
    const check = () => {
      if (el.querySelector(SHOWN)) setShown(true);
      if (!reported.current && el.querySelector(COMPLETE)) {
        reported.current = true;
        shownCallback.current?.();
      }
      return reported.current;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(el, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-scene', 'data-shadows'],
    });
    return () => observer.disconnect();
  }, [state.phase]);

  const back = params.id ? `/#/product_details?id=${params.id}` : '/#/marke_place';
  // in another site's frame, the way back opens our site in a tab of its own
  const away = params.embed ? { target: '_blank', rel: 'noopener' } : {};
  const addToCart =
    state.phase === 'scene' && props.onAddToCart
      ? (id: number) => {
          const product = state.details.products[String(id)];
          return product ? props.onAddToCart?.(product) : undefined;
        }
      : undefined;
  const tour = state.phase === 'scene' && state.details.kind === 'tour';
  const ar = state.phase === 'scene' || state.phase === 'assets' ? state : null;
  return (
    <div
      className="xr-lean"
      data-testid="view-page"
      data-embed={params.embed ? '' : undefined}
      data-shown={shown ? '' : undefined}
    >
      <header className="xr-lean__bar">
        <a href={back} className="xr-lean__back" aria-label={texts.back} {...away}>
          <span aria-hidden="true">←</span> <span className="xr-lean__back-text">{texts.back}</span>
        </a>
        <h1 className="xr-lean__title">{name}</h1>
        <div className="xr-lean__tools">
          {ar?.ar ? (
            // its session code, texts and QR dialog come on the tap (the dialog in the viewer's antd theme)
            <Suspense fallback={null}>
              <ArButton
                target={ar.ar}
                lang={lang}
                label={texts.viewInAr}
                highlight={params.ar}
                className="xr-lean__ar"
                frame={ar.Frame}
              />
            </Suspense>
          ) : null}
          <div className="xr-lean__cart" ref={props.cartRef} />
        </div>
      </header>
      <main className="xr-lean__body" ref={body}>
        {state.phase === 'scene' ? (
          <I18nextProvider i18n={i18n}>
            <state.Frame>
              <state.Viewer
                details={state.details}
                height={tour ? 'calc(100dvh - 132px)' : 'calc(100dvh - 56px)'}
                startScene={params.scene}
                autoRotate={params.autorotate}
                onAddToCart={addToCart}
              />
            </state.Frame>
          </I18nextProvider>
        ) : null}
        {state.phase === 'assets' ? (
          <I18nextProvider i18n={i18n}>
            <state.Frame>
              <div data-testid="lean-assets" className="xr-lean__assets">
                {state.views.map((v) => (
                  <state.AssetViewer key={v.src} {...v} height="calc(100dvh - 72px)" />
                ))}
              </div>
            </state.Frame>
          </I18nextProvider>
        ) : null}
        {state.phase === 'message' ? (
          <div className="xr-lean__message" role={state.failed ? 'alert' : 'status'} data-testid="lean-message">
            <p>{state.text}</p>
            <a href={back} className="xr-lean__button" {...away}>
              {texts.back}
            </a>
          </div>
        ) : null}
        {(state.phase === 'loading' || ((state.phase === 'scene' || state.phase === 'assets') && !shown)) && (
          <div className="xr-lean__status" role="status" aria-label={texts.loading} data-testid="lean-loading">
            {backdrop ? <img src={backdrop} alt="" className="xr-lean__backdrop" /> : null}
            <span className="xr-lean__spinner" aria-hidden="true" />
            <span className="xr-lean__status-text">{texts.loading}</span>
          </div>
        )}
      </main>
    </div>
  );
}

const noop = () => undefined;

function noProject(texts: (typeof SHELL_TEXTS)[Lang]) {
  return { text: texts.notFound, failed: false };
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : '';
}
