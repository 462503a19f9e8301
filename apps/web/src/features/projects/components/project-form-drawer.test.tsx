import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, renderAt, reply, serve } from '../../../components/test-utils';
import { resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import type { MyProject } from '../api/types';
import { ProjectFields, type ProjectFormValues, toBody, toFormValues } from './project-form-drawer';

// The content upload (tus) only has to call back; the poster frame needs a real video decoder, so it is stubbed.
const { FakeUpload } = vi.hoisted(() => {
  class FakeUpload {
    url: string | null = null;
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn();
    findPreviousUploads = vi.fn(async () => []);
  }
  return { FakeUpload };
});
vi.mock('tus-js-client', () => ({ Upload: FakeUpload }));
vi.mock('./video-poster', () => ({
  videoPosterFrame: vi.fn(
    async (file: File) => new File([new Uint8Array(64)], `${file.name}-poster.jpg`, { type: 'image/jpeg' }),
  ),
}));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  setToken('tok-creator');
  serve({
    '/api/home_page/tag_list': () => reply(200, [{ id: 1, name: 'museum', names: { zh: '博物馆', tc: '博物館', en: 'museum' } }]),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({ onValid }: { onValid(v: ProjectFormValues): void }) {
  const [form] = Form.useForm<ProjectFormValues>();
  return (
    <Form form={form} layout="vertical" initialValues={toFormValues()}>
      <ProjectFields />
      <Button onClick={() => form.validateFields().then(onValid, () => undefined)}>check</Button>
    </Form>
  );
}

describe('project form rules (spec section 5)', () => {
  it('requires name, type, catalog, description, keywords and cover', async () => {
    const onValid = vi.fn();
    renderAt(<Harness onValid={onValid} />, '/vrdata/list');
    await userEvent.click(screen.getByRole('button', { name: 'check' }));
    for (const text of [
      'Please enter the project name',
      'Please choose the catalog',
      'Please choose the type',
      'Please enter the keywords',
      'Please enter the description',
      'Please upload the cover image',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Save the project first, then upload its content here.')).toBeInTheDocument();
  });

  it('requires the price and checks the 0.00 format', async () => {
    renderAt(<Harness onValid={vi.fn()} />, '/vrdata/list');
    const price = screen.getByLabelText('Price (HKD)');
    fireEvent.change(price, { target: { value: '' } });
    expect(await screen.findByText('Please enter the price')).toBeInTheDocument();
    fireEvent.change(price, { target: { value: '12.345' } });
    expect(await screen.findByText('The price format is 0.00')).toBeInTheDocument();
    fireEvent.change(price, { target: { value: '12.5' } });
    await waitFor(() => expect(screen.queryByText('The price format is 0.00')).not.toBeInTheDocument());
  });

  it('turns the form values into the call body (price as a number, trimmed text)', () => {
    const body = toBody({
      ...toFormValues(),
      name: ' Gallery ',
      catalog: '360_image',
      type: 'gallery',
      price: '12.50',
      keywords: ' art ',
      description: 'A room',
      cover: '/api/files/public/c.jpg',
      for_sale: true,
    });
    expect(body).toMatchObject({ name: 'Gallery', price: 12.5, keywords: 'art', for_sale: true, images: [], tag_ids: [] });
  });
});

describe('360 video poster frame', () => {
  const project: MyProject = {
    id: 5,
    owner_id: 7,
    name: 'Harbour tour',
    catalog: '360_video',
    type: 'exhibition',
    price: 0,
    keywords: 'harbour',
    tag_ids: [],
    description: 'A 360 tour of the harbour',
    cover: '',
    images: [],
    for_sale: false,
    is_public: false,
    anonymous_preview: false,
    review_status: 'draft',
    review_reason: '',
    sales_count: 0,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };

  it('uploads the frame taken from the chosen video through the picture upload and makes it the cover', async () => {
    const fetchMock = serve({
      '/api/home_page/tag_list': () => reply(200, []),
      '/api/project/asset_status': () => reply(200, { project_id: 5, review_status: 'draft', assets: [] }),
      '/api/project/image_upload': () => reply(200, { url: '/api/files/public/projects/7/poster.jpg' }),
    });
    renderAt(
      <Form layout="vertical" initialValues={toFormValues(project)}>
        <ProjectFields project={project} />
      </Form>,
      '/vrdata/list',
    );
    const content = screen.getByTestId('upload').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(content, { target: { files: [new File([new Uint8Array(100)], 'tour.mp4', { type: 'video/mp4' })] } });
    await waitFor(() =>
      expect(screen.getByLabelText('Image URL (/api/files/… or https://…)')).toHaveValue(
        '/api/files/public/projects/7/poster.jpg',
      ),
    );
    const sent = bodiesTo(fetchMock, '/api/project/image_upload')[0] as FormData;
    expect((sent.get('file') as File).name).toBe('tour.mp4-poster.jpg');
    expect(await screen.findByText('A poster frame of the video was taken as the cover')).toBeInTheDocument();
  });
});

describe('processing state where the upload happened', () => {
  const project: MyProject = {
    id: 6,
    owner_id: 7,
    name: 'Chair',
    catalog: '3d_model',
    type: 'exhibition',
    price: 0,
    keywords: 'chair',
    tag_ids: [],
    description: 'A chair',
    cover: '',
    images: [],
    for_sale: false,
    is_public: false,
    anonymous_preview: false,
    review_status: 'draft',
    review_reason: '',
    sales_count: 0,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };
  const asset = (id: number, filename: string, status: string, extra: Record<string, unknown> = {}) => ({
    id,
    project_id: 6,
    kind: 'model3d',
    filename,
    bytes: 100,
    status,
    job: { id: id * 10, status: status === 'failed' ? 'failed' : 'done', progress: 100, reason: null, error: null, result: null },
    created_at: '2025-01-01T00:00:00.000Z',
    ...extra,
  });
  const show = (assets: unknown[]) => {
    serve({
      '/api/home_page/tag_list': () => reply(200, []),
      '/api/project/asset_status': () => reply(200, { project_id: 6, review_status: 'draft', assets }),
      '/api/project/content': () => reply(200, { id: 6, cover: '', access: 'full', message: '', assets: [] }),
    });
    renderAt(
      <Form layout="vertical" initialValues={toFormValues(project)}>
        <ProjectFields project={project} />
      </Form>,
      '/vrdata/list',
    );
  };

  it('shows a failed replacement with its reason and says the previous content is kept', async () => {
    show([
      asset(1, 'chair.fbx', 'ready'),
      asset(2, 'chair.max.zip', 'failed', {
        job: {
          id: 20,
          status: 'failed',
          progress: 10,
          reason: 'no_model_in_archive',
          error: 'The archive contains no glTF, GLB, OBJ, FBX or 3DS model',
          result: null,
        },
      }),
    ]);
    expect(await screen.findByText('Processing “chair.max.zip” failed')).toBeInTheDocument();
    expect(screen.getByText('The archive contains no glTF, GLB, OBJ, FBX or 3DS model')).toBeInTheDocument();
    expect(screen.getByText('The previous content is kept until a new file is processed successfully.')).toBeInTheDocument();
  });

  it('says when a first upload failed and nothing is live', async () => {
    show([
      asset(3, 'broken.glb', 'failed', {
        job: { id: 30, status: 'failed', progress: 10, reason: 'invalid_model', error: 'The model cannot be read', result: null },
      }),
    ]);
    expect(await screen.findByText('The model cannot be read')).toBeInTheDocument();
    expect(screen.getByText('The project has no working content yet: upload a corrected file.')).toBeInTheDocument();
  });

  it('shows progress while the latest upload is processed', async () => {
    show([
      asset(4, 'chair.glb', 'processing', {
        job: { id: 40, status: 'running', progress: 35, reason: null, error: null, result: null },
      }),
    ]);
    expect(await screen.findByText('Processing the file…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing the file…' })).toHaveAttribute('aria-valuenow', '35');
  });
});
