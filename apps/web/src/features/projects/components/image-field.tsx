import { CloseOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { PROJECT_IMAGE_MAX_BYTES } from '@xr/contract/constants';
import { PROJECT_IMAGES_MAX } from '@xr/contract/creator';
import { formatBytes } from '@xr/contract/format';
import { Alert, Upload as AntUpload, Button, Flex, Image, Input, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { IMAGE_ACCEPT, imageUpload } from '../api/image-upload';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; sent: number; total: number }
  | { phase: 'error'; message: string };

/**
 * Uploads one picture (PNG, JPEG or WebP) through /project/image_upload with a progress bar; a refused file shows
 * the server's message. Works before the project is saved.
 */
function ImageUploadButton({ label, onUploaded }: { label: string; onUploaded(url: string): void }) {
  const { t } = useTranslation('projects');
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const pending = useRef<AbortController | null>(null);
  // The field's value may change while the bytes travel (an image removed): report to the latest callback.
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  useEffect(() => () => pending.current?.abort(), []);

  const choose = (file: File) => {
    if (file.size > PROJECT_IMAGE_MAX_BYTES) {
      setState({ phase: 'error', message: t('form.imageTooLarge', { max: formatBytes(PROJECT_IMAGE_MAX_BYTES) }) });
      return false;
    }
    const controller = new AbortController();
    pending.current = controller;
    setState({ phase: 'uploading', name: file.name, sent: 0, total: file.size });
    imageUpload(
      file,
      (sent, total) => setState((s) => (s.phase === 'uploading' ? { ...s, sent, total } : s)),
      controller.signal,
    ).then(
      ({ url }) => {
        setState({ phase: 'idle' });
        uploaded.current(url);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setState({ phase: 'error', message: errorText(err) });
      },
    );
    // antd must not send the file itself: the call above does.
    return false;
  };

  const uploading = state.phase === 'uploading';
  return (
    <div className="xr-upload" data-testid="image-upload">
      <Flex gap={8} wrap align="center">
        <AntUpload accept={IMAGE_ACCEPT} showUploadList={false} beforeUpload={choose} disabled={uploading}>
          <Button icon={<CloudUploadOutlined />} loading={uploading}>
            {label}
          </Button>
        </AntUpload>
        <Typography.Text type="secondary">{t('form.imageHint')}</Typography.Text>
      </Flex>
      {state.phase === 'uploading' && (
        <>
          <Progress
            percent={state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0}
            status="active"
            aria-label={t('upload.progress')}
          />
          <Typography.Text type="secondary" className="xr-upload__bytes">
            {state.name} · {formatBytes(state.sent)} / {formatBytes(state.total)}
          </Typography.Text>
        </>
      )}
      {state.phase === 'error' && <Alert type="error" showIcon title={state.message} className="xr-mt" />}
    </div>
  );
}

interface SingleProps {
  value?: string;
  onChange?(value: string): void;
}

/** The cover image (an antd form control): an uploaded picture, or the URL of one. */
export function CoverField({ value, onChange }: SingleProps) {
  const { t } = useTranslation('projects');
  return (
    <Flex vertical gap={8}>
      <Flex gap={12} align="flex-start" wrap>
        {value && <Image src={value} width={120} height={68} style={{ objectFit: 'cover', borderRadius: 6 }} alt="" />}
        <Input
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={t('form.coverUrl')}
          aria-label={t('form.coverUrl')}
          style={{ flex: '1 1 240px', minWidth: 0 }}
        />
      </Flex>
      <ImageUploadButton label={t('form.chooseCover')} onUploaded={(url) => onChange?.(url)} />
    </Flex>
  );
}

interface ListProps {
  value?: string[];
  onChange?(value: string[]): void;
}

/** More images: uploaded pictures, each removable, at most PROJECT_IMAGES_MAX. */
export function ImagesField({ value = [], onChange }: ListProps) {
  const { t } = useTranslation('projects');
  return (
    <div>
      <Flex gap={8} wrap className="xr-mb">
        {value.map((src) => (
          <div key={src} className="xr-thumb">
            <Image src={src} width={88} height={60} style={{ objectFit: 'cover', borderRadius: 6 }} alt="" />
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              aria-label={t('form.removeImage')}
              className="xr-thumb__remove"
              onClick={() => onChange?.(value.filter((v) => v !== src))}
            />
          </div>
        ))}
      </Flex>
      {value.length < PROJECT_IMAGES_MAX ? (
        <ImageUploadButton label={t('form.addImage')} onUploaded={(url) => onChange?.([...value, url])} />
      ) : (
        <Typography.Text type="secondary">{t('form.imagesFull', { max: PROJECT_IMAGES_MAX })}</Typography.Text>
      )}
    </div>
  );
}
