import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PROJECT_IMAGE_MAX_BYTES } from '@xr/contract/constants';
import { Form } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, renderAt, reply, serve } from '../../../components/test-utils';
import { resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import { CoverField, ImagesField } from './image-field';

const UPLOAD = '/api/project/image_upload';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  setToken('tok-creator');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Both fields in a form, showing the current values so the tests can read them. */
function Harness({ images = [] as string[] }) {
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as { cover?: string; images?: string[] } | undefined;
  return (
    <Form form={form} initialValues={{ cover: '', images }}>
      <Form.Item name="cover" label="Cover">
        <CoverField />
      </Form.Item>
      <Form.Item name="images" label="Images">
        <ImagesField />
      </Form.Item>
      <output data-testid="values">{JSON.stringify(values ?? {})}</output>
    </Form>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent || '{}') as { cover?: string; images?: string[] };
const picker = (index: number) =>
  screen.getAllByTestId('image-upload')[index]!.querySelector('input[type=file]') as HTMLInputElement;
const choose = (index: number, file: File) => fireEvent.change(picker(index), { target: { files: [file] } });
const pngFile = (name = 'cover.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('cover and more images upload (/project/image_upload)', () => {
  it('uploads the cover with a progress bar and sets the returned URL', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = serve({ [UPLOAD]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(<Harness />, '/vrdata/list');
    choose(0, pngFile());

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText(/cover\.png · 1 KB \/ 2 KB/)).toBeInTheDocument();
    const sent = bodiesTo(fetchMock, UPLOAD)[0] as FormData;
    expect((sent.get('file') as File).name).toBe('cover.png');
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-creator');

    answer(reply(200, { url: '/api/files/public/projects/7/abc.png' }));
    await waitFor(() => expect(values().cover).toBe('/api/files/public/projects/7/abc.png'));
    expect(screen.getByLabelText('Image URL (/api/files/… or https://…)')).toHaveValue('/api/files/public/projects/7/abc.png');
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the cover", async () => {
    serve({ [UPLOAD]: () => reply(40004, { field: 'file' }, 'Illegal document') });
    renderAt(<Harness />, '/vrdata/list');
    choose(0, pngFile('fake.png'));
    expect(await screen.findByText('Illegal document')).toBeInTheDocument();
    expect(values().cover).toBe('');
  });

  it('refuses a picture over the size limit without sending it', async () => {
    const fetchMock = serve({ [UPLOAD]: () => reply(200, { url: '/x.png' }) });
    renderAt(<Harness />, '/vrdata/list');
    choose(0, pngFile('huge.png', PROJECT_IMAGE_MAX_BYTES + 1));
    expect(await screen.findByText('The file is too large: at most 10 MB')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, UPLOAD)).toHaveLength(0);
  });

  it('adds uploaded pictures to the more images and removes them', async () => {
    serve({ [UPLOAD]: () => reply(200, { url: '/api/files/public/projects/7/second.webp' }) });
    renderAt(<Harness images={['/api/files/public/projects/7/first.png']} />, '/vrdata/list');
    choose(1, new File([new Uint8Array(10)], 'second.webp', { type: 'image/webp' }));
    await waitFor(() =>
      expect(values().images).toEqual(['/api/files/public/projects/7/first.png', '/api/files/public/projects/7/second.webp']),
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove image' })[0]!);
    await waitFor(() => expect(values().images).toEqual(['/api/files/public/projects/7/second.webp']));
  });
});
