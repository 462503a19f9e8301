import { CloudUploadOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { formatBytes } from '@xr/contract/format';
import { Alert, Upload as AntUpload, Button, Flex, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Upload } from 'tus-js-client';
import { ModelPicker } from '../../../components/upload/model-picker';
import { createTusUpload, type UploadKind } from '../../../components/upload/tus-upload';
import { feedback } from '../../../lib/feedback';

type Phase = 'idle' | 'uploading' | 'paused' | 'done' | 'error';

interface Props {
  /** What is uploaded (the server checks the allow-list by kind and magic bytes), or how to tell from the file. */
  kind: UploadKind | ((file: File) => UploadKind);
  accept?: string;
  /** The current file's name; choosing another one then warns that the original content will be replaced. */
  current?: string;
  projectId?: number;
  /** Called with the finished upload's URL (its id for the project call). */
  onUploaded(url: string, file: File): void;
  /** Called with the chosen file before the upload starts (the 360 video poster frame is taken here). */
  onFileChosen?(file: File): void;
  label?: string;
  /**
   * A model upload: the model picker (one file, several files or a folder, packed into one zip) instead of a
   * one-file button; `accept` is then the picker's own.
   */
  models?: boolean;
}

/**
 * A resumable (tus) upload with a progress bar and pause / resume. An interrupted upload of the same file
 * resumes after a page reload; a refused file shows the server's message (the illegal-document message).
 */
export function UploadProgress({ kind, accept, current, projectId, onUploaded, onFileChosen, label, models }: Props) {
  const { t } = useTranslation('projects');
  const upload = useRef<Upload | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [sent, setSent] = useState(0);
  const [total, setTotal] = useState(0);
  const [chosen, setFileName] = useState<string>();
  const fileName = chosen ?? current;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (file: File, replace: boolean) => {
    upload.current?.abort();
    setError(null);
    setSent(0);
    setTotal(file.size);
    setFileName(file.name);
    onFileChosen?.(file);
    const u = createTusUpload(
      file,
      typeof kind === 'function' ? kind(file) : kind,
      {
        onProgress: (s, tt) => {
          setSent(s);
          setTotal(tt);
        },
        onSuccess: (url) => {
          setSent(file.size);
          setTotal(file.size);
          setPhase('done');
          onUploaded(url, file);
        },
        onError: (message) => {
          setPhase('error');
          setError(message ?? t('upload.illegal'));
        },
      },
      projectId,
      replace,
    );
    upload.current = u;
    setPhase('uploading');
    const previous = await u.findPreviousUploads();
    if (previous[0]) u.resumeFromPreviousUpload(previous[0]);
    u.start();
  };

  const choose = (file: File) => {
    if (current || phase === 'done') {
      feedback.confirm({
        title: t('upload.replaceTitle'),
        content: t('upload.replaceWarning'),
        okText: t('common:confirm'),
        cancelText: t('common:cancel'),
        onOk: () => void start(file, true),
      });
    } else void start(file, false);
    return false;
  };

  const pause = () => {
    void upload.current?.abort();
    setPhase('paused');
  };
  const resume = () => {
    upload.current?.start();
    setPhase('uploading');
  };

  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  return (
    <div className="xr-upload" data-testid="upload">
      <Flex gap={8} wrap align="center">
        {models ? (
          <ModelPicker
            onFile={choose}
            disabled={phase === 'uploading'}
            label={fileName ? t('upload.replace') : (label ?? t('upload.choose'))}
          />
        ) : (
          <AntUpload accept={accept} showUploadList={false} beforeUpload={choose} disabled={phase === 'uploading'}>
            <Button icon={<CloudUploadOutlined />} disabled={phase === 'uploading'}>
              {fileName ? t('upload.replace') : (label ?? t('upload.choose'))}
            </Button>
          </AntUpload>
        )}
        {phase === 'uploading' && (
          <Button icon={<PauseCircleOutlined />} onClick={pause}>
            {t('upload.pause')}
          </Button>
        )}
        {phase === 'paused' && (
          <Button type="primary" icon={<PlayCircleOutlined />} onClick={resume}>
            {t('upload.resume')}
          </Button>
        )}
        {fileName && (
          <Typography.Text ellipsis={{ tooltip: fileName }} style={{ maxWidth: 240 }}>
            {fileName}
          </Typography.Text>
        )}
      </Flex>
      {phase !== 'idle' && phase !== 'error' && (
        <>
          <Progress
            percent={percent}
            status={phase === 'done' ? 'success' : phase === 'paused' ? 'normal' : 'active'}
            aria-label={t('upload.progress')}
          />
          <Typography.Text type="secondary" className="xr-upload__bytes">
            {phase === 'paused' ? `${t('upload.paused')} · ` : phase === 'done' ? `${t('upload.done')} · ` : ''}
            {formatBytes(sent)} / {formatBytes(total)}
          </Typography.Text>
        </>
      )}
      {error && <Alert type="error" showIcon title={error} description={t('upload.supportedHint')} className="xr-mt" />}
    </div>
  );
}
