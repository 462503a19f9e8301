import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Upload } from 'tus-js-client';
import { MODEL_PICKER_ACCEPT } from './model-bundle';
import { ModelPicker } from './model-picker';
import { createTusUpload, type UploadKind } from './tus-upload';
import './upload-button.css';

const ACCEPT: Record<UploadKind, string> = {
  image360: '.jpg,.jpeg,.png,.webp',
  video360: '.mp4,.webm,.mov',
  image: '.jpg,.jpeg,.png,.webp,.gif',
  audio: '.mp3,.wav,.ogg,.m4a',
  video: '.mp4,.webm,.mov',
  model3d: MODEL_PICKER_ACCEPT,
};

/**
 * Adds a file to the project (never replaces its content): a tus upload of `kind` with a progress bar; the server
 * processes it and it appears among the project's uploads. `onDone` gets the new file's asset id (null when the
 * server did not name it), so the place that asked for the upload can pick it at once. A model (`model3d`) is
 * chosen with the model picker: one file, or several / a folder packed into one zip.
 */
export function UploadButton({
  kind,
  projectId,
  onDone,
}: {
  kind: UploadKind;
  projectId: number;
  onDone(assetId: number | null): void;
}) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<Upload | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The upload outlives the render that started it: finish with the caller's current callback, not that render's.
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => () => void upload.current?.abort(), []);

  const start = (file: File) => {
    setError(null);
    setProgress(0);
    const u = createTusUpload(
      file,
      kind,
      {
        onProgress: (sent, total) => setProgress(total ? Math.round((sent / total) * 100) : 0),
        onSuccess: (_url, assetId) => {
          setProgress(null);
          done.current(assetId);
        },
        onError: (message) => {
          setProgress(null);
          setError(message ?? t('upload.failed'));
        },
      },
      projectId,
      false,
    );
    upload.current = u;
    u.start();
  };

  return (
    <div className="xr-upload-button">
      {kind === 'model3d' ? (
        <ModelPicker onFile={start} disabled={progress !== null} label={t('upload.model3d')} />
      ) : (
        <>
          <input
            ref={input}
            type="file"
            hidden
            // antd's form styles show file inputs (display: block) whatever `hidden` says
            style={{ display: 'none' }}
            accept={ACCEPT[kind]}
            data-testid={`upload-${kind}`}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) start(f);
              e.target.value = '';
            }}
          />
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={progress !== null}>
            {t(`upload.${kind}`)}
          </Button>
        </>
      )}
      {progress !== null ? <Progress percent={progress} size="small" data-testid="upload-progress" /> : null}
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </div>
  );
}
