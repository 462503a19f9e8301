import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ShareInfo } from '@xr/contract/share';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { renderAt, reply, serve, setupScreenTests } from '../test-utils';
import { DEFAULT_CHOICE, embedCode } from './embed-code';
import ShareDialog from './share-dialog';

setupScreenTests();

const info: ShareInfo = {
  id: 7,
  name: 'Harbour "walk" <tour>',
  description: 'Piers',
  cover: 'https://xr.example/api/files/public/covers/7.jpg',
  kind: 'tour',
  share_url: 'https://xr.example/s/7',
  embed_url: 'https://xr.example/viewer.html?id=7&kind=tour',
  scenes: [
    { id: 'hall', name: { en: 'Hall', zh: '大厅', tc: '大廳' } },
    { id: 'yard', name: { en: 'Yard', zh: '庭院', tc: '庭院' } },
  ],
};

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

const code = () => (screen.getByTestId('share-code') as HTMLTextAreaElement).value;
async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(option));
}

describe('embed code', () => {
  it('is a responsive 16:9 box by default, a fixed frame for the fixed and custom sizes, with everything escaped', () => {
    const responsive = embedCode(info.embed_url, info.name, DEFAULT_CHOICE);
    expect(responsive).toBe(
      '<div style="position:relative;width:100%;padding-top:56.25%"><iframe src="https://xr.example/viewer.html?id=7&amp;kind=tour&amp;embed=1" title="Harbour &quot;walk&quot; &lt;tour&gt;" allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer; autoplay" allowfullscreen loading="lazy" style="position:absolute;inset:0;width:100%;height:100%;border:0"></iframe></div>',
    );
    const fixed = embedCode(info.embed_url, 'x', {
      ...DEFAULT_CHOICE,
      size: '1280x720',
      autorotate: true,
      scene: 'yard',
      lang: 'tc',
    });
    expect(fixed).toContain(
      'src="https://xr.example/viewer.html?id=7&amp;kind=tour&amp;embed=1&amp;autorotate=1&amp;scene=yard&amp;lang=tc"',
    );
    expect(fixed).toContain('width="1280" height="720"');
    // a custom size is kept within bounds
    expect(embedCode(info.embed_url, 'x', { ...DEFAULT_CHOICE, size: 'custom', width: 10, height: 99999 })).toContain(
      'width="240" height="2160"',
    );
  });
});

describe('share dialog', () => {
  it('shows the link, the QR code, and an embed code and preview that follow the options; copying says so', async () => {
    await i18n.changeLanguage('en');
    serve({ '/api/share/info': () => reply(200, info) });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAt(<ShareDialog projectId={7} open onClose={() => undefined} />, '/');

    expect(await screen.findByText('Share “Harbour "walk" <tour>”')).toBeInTheDocument();
    expect(screen.getByTestId('share-link')).toHaveValue('https://xr.example/s/7');
    expect(within(screen.getByTestId('share-qr')).getByText('Scan to open on a phone')).toBeInTheDocument();
    expect(screen.getByTestId('share-qr').querySelector('canvas, svg')).not.toBeNull();
    expect(code()).toContain('padding-top:56.25%');
    expect(screen.getByTestId('share-preview')).toHaveAttribute('data-ratio', '16 / 9');

    await pick('share-size', '800 × 450');
    expect(code()).toContain('width="800" height="450"');
    expect(screen.getByTestId('share-preview')).toHaveAttribute('data-ratio', '800 / 450');
    fireEvent.click(screen.getByTestId('share-autorotate'));
    await pick('share-scene', 'Yard');
    await pick('share-lang', 'English');
    expect(code()).toContain('embed=1&amp;autorotate=1&amp;scene=yard&amp;lang=en');

    await pick('share-size', 'Custom');
    fireEvent.change(screen.getByLabelText('Width'), { target: { value: '600' } });
    fireEvent.change(screen.getByLabelText('Height'), { target: { value: '600' } });
    await waitFor(() => expect(code()).toContain('width="600" height="600"'));
    expect(screen.getByTestId('share-preview')).toHaveAttribute('data-ratio', '600 / 600');

    // the live preview frames the same address the code does
    fireEvent.click(screen.getByTestId('share-preview-live'));
    const frame = screen.getByTestId('share-preview').querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(
      'https://xr.example/viewer.html?id=7&kind=tour&embed=1&autorotate=1&scene=yard&lang=en',
    );

    fireEvent.click(screen.getByTestId('share-copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://xr.example/s/7'));
    expect(await within(screen.getByTestId('share-copy-link')).findByText('Copied')).toBeInTheDocument();
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('share-copy-code'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(code()));
    expect(await screen.findByText('Embed code copied')).toBeInTheDocument();
  });

  it.each([
    ['zh', '分享“Harbour "walk" <tour>”', '复制链接', '自适应 16:9', '庭院', '起始场景'],
    ['tc', '分享「Harbour "walk" <tour>」', '複製連結', '自適應 16:9', '庭院', '起始場景'],
  ])('speaks %s', async (lang, title, copyLink, responsive, yard, startScene) => {
    await i18n.changeLanguage(lang);
    serve({ '/api/share/info': () => reply(200, info) });
    renderAt(<ShareDialog projectId={7} open onClose={() => undefined} />, '/');
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(copyLink)).toBeInTheDocument();
    expect(screen.getByText(responsive)).toBeInTheDocument();
    expect(screen.getByText(startScene)).toBeInTheDocument();
    await pick('share-scene', yard);
    expect(code()).toContain('scene=yard');
  });

  it('says what sharing needs when the project cannot be shared', async () => {
    await i18n.changeLanguage('en');
    serve({ '/api/share/info': () => reply(40401, null, 'Not found') });
    renderAt(<ShareDialog projectId={9} open onClose={() => undefined} />, '/');
    expect(await screen.findByTestId('share-unavailable')).toHaveTextContent(
      'Only a published, public project with anonymous preview on has a share link',
    );
    expect(screen.queryByTestId('share-code')).toBeNull();
  });
});
