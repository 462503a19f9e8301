import { act, render, screen, waitFor } from '@testing-library/react';
import type { SceneDetails } from '@xr/contract/scenes';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../lib/feedback';
import en from '../../../locales/en/ar.json';
import zh from '../../../locales/zh/ar.json';
import { ArButton } from './ar-button';
import { launchAr, preloadSession } from './ar-launch';

// the session code (three.js) must never come with the button: the module is replaced, and asked for only on a tap
vi.mock('./ar-launch', () => ({ launchAr: vi.fn(async () => undefined), preloadSession: vi.fn(async () => undefined) }));

const model = { glbUrl: '/m.glb', usdzUrl: '/m.usdz' };
const scene = { scene: { id: 3, kind: 'scene' } as unknown as SceneDetails };

function withXr(supported: boolean) {
  Object.defineProperty(navigator, 'xr', {
    configurable: true,
    value: { isSessionSupported: async (mode: string) => supported && mode === 'immersive-ar' },
  });
}

beforeEach(() => {
  vi.mocked(launchAr).mockClear();
  vi.mocked(preloadSession).mockClear();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'xr');
  vi.restoreAllMocks();
});

describe('View in AR, the button of the details page and the full-screen viewer', () => {
  it('on a desktop loads no AR code; the tap opens the QR dialog with the texts of the page language', async () => {
    const Frame = ({ children }: { children: ReactNode }) => <div data-testid="frame">{children}</div>;
    render(<ArButton target={model} lang="zh" label="在 AR 中查看" className="xr-lean__ar" frame={Frame} />);
    const button = screen.getByRole('button', { name: '在 AR 中查看' });
    await waitFor(() => expect(button).toHaveAttribute('data-ar-mode', 'qr'));
    expect(button).toHaveAttribute('data-ar-scale', 'real');
    expect(button).toHaveClass('xr-lean__ar');
    expect(button).not.toHaveClass('xr-lean__ar--primary');
    expect(button).toBeEnabled();
    await act(async () => button.click());
    // the dialog's chunk (antd's Modal and QRCode) comes on the tap: slow on a loaded machine
    const qr = await screen.findByTestId('ar-qr', {}, { timeout: 10_000 });
    expect(qr).toHaveTextContent(zh.qrHint);
    expect(screen.getByRole('dialog')).toHaveTextContent(zh.realScale);
    expect(screen.getByTestId('frame')).toBeInTheDocument();
    expect(preloadSession).not.toHaveBeenCalled();
    expect(launchAr).not.toHaveBeenCalled();
  });

  it('a scene says it is a tabletop view; the QR link (`ar=1`) makes the button stand out', async () => {
    render(<ArButton target={scene} lang="en" label="View in AR" highlight />);
    const button = screen.getByRole('button', { name: 'View in AR' });
    expect(button).toHaveAttribute('data-ar-scale', 'tabletop');
    expect(button).toHaveClass('xr-ar-button', 'xr-ar-button--primary');
    await waitFor(() => expect(button).toBeEnabled());
    await act(async () => button.click());
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toHaveTextContent(en.tabletop);
  });

  it('a phone with immersive-ar fetches the session code once it says so, and starts it on the tap', async () => {
    withXr(true);
    render(<ArButton target={scene} lang="en" label="View in AR" />);
    const button = screen.getByRole('button', { name: 'View in AR' });
    await waitFor(() => expect(button).toHaveAttribute('data-ar-mode', 'webxr'));
    await waitFor(() => expect(preloadSession).toHaveBeenCalledTimes(1));
    expect(launchAr).not.toHaveBeenCalled();
    await act(async () => button.click());
    expect(launchAr).toHaveBeenCalledWith(scene, 'webxr', en);
    expect(screen.queryByTestId('ar-qr')).toBeNull();
  });

  it('a session that cannot start says so in the page language, and the button can be tapped again', async () => {
    withXr(true);
    const error = vi.spyOn(feedback, 'error').mockImplementation(() => undefined);
    vi.mocked(launchAr).mockRejectedValueOnce(new Error('NotAllowedError'));
    render(<ArButton target={model} lang="en" label="View in AR" />);
    const button = screen.getByRole('button', { name: 'View in AR' });
    await waitFor(() => expect(button).toHaveAttribute('data-ar-mode', 'webxr'));
    await act(async () => button.click());
    expect(error).toHaveBeenCalledWith(en.failed);
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it("iOS: the pipeline's USDZ is a plain Quick Look link; a scene exports its USDZ on the tap", async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation((token: string) => token === 'ar');
    const first = render(<ArButton target={model} lang="en" label="View in AR" thumbnailUrl="/t.png" />);
    const link = await screen.findByRole('link', { name: 'View in AR' });
    expect(link).toHaveAttribute('rel', 'ar');
    expect(link).toHaveAttribute('href', '/m.usdz');
    expect(link.querySelector('img')).toHaveAttribute('src', '/t.png');
    first.unmount();

    render(<ArButton target={scene} lang="en" label="View in AR" />);
    const button = screen.getByRole('button', { name: 'View in AR' });
    await waitFor(() => expect(button).toHaveAttribute('data-ar-mode', 'quicklook'));
    await act(async () => button.click());
    expect(launchAr).toHaveBeenCalledWith(scene, 'quicklook', en);
    expect(preloadSession).not.toHaveBeenCalled();
  });
});
