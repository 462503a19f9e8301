import { CloudUploadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { formatBytes } from '@xr/contract/format';
import { Alert, Button, Progress, Typography } from 'antd';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BundleProblem,
  filesFromDrop,
  filesFromInput,
  MODEL_FORMATS_LABEL,
  MODEL_PICKER_ACCEPT,
  nameList,
  type PickedFile,
  packBundle,
  planModelUpload,
} from './model-bundle';
import './model-picker.css';

/** The translated sentence for a refused pick. */
function problemText(t: (k: string, o?: Record<string, unknown>) => string, p: BundleProblem): string {
  switch (p.code) {
    case 'empty':
      return t('modelPicker.empty');
    case 'tooMany':
      return t('modelPicker.tooMany', { count: p.count, max: p.max });
    case 'tooLarge':
      return t('modelPicker.tooLarge', { size: formatBytes(p.size), max: formatBytes(p.max) });
    case 'noModel':
      return t('modelPicker.noModel', { names: nameList(p.names), formats: MODEL_FORMATS_LABEL });
    default:
      return t(`modelPicker.${p.code}`, { names: nameList(p.names) });
  }
}

/**
 * The model picker of every model upload: one file, several files or a whole folder (buttons, or dropped here).
 * A lone model or zip is handed on as it is; a model with its side files is packed into one zip in the browser
 * first (with a progress bar), so the caller always uploads ONE file through its usual tus path and the server's
 * zip handling checks and processes it. The rules (one main model, limits, refused names) are `planModelUpload`'s.
 *
 * One `<input type=file multiple>` serves both buttons ("folder" switches `webkitdirectory` on just before opening
 * the dialog), so there is a single file input to find in the page.
 */
export function ModelPicker({
  onFile,
  disabled,
  label,
  block,
}: {
  /** The one file to upload: the picked model or zip, or the zip packed from several files. */
  onFile(file: File): void;
  disabled?: boolean;
  /** The files button's text (default "Choose files"). */
  label?: string;
  /** Buttons one under the other, full width (narrow side panels). */
  block?: boolean;
}) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [packing, setPacking] = useState<{ name: string; count: number; done: number; total: number } | null>(null);
  const [over, setOver] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const busy = disabled || !!packing;

  const take = async (picked: PickedFile[]) => {
    setError(null);
    if (!picked.length) return;
    const result = planModelUpload(picked);
    if (!result.ok) return setError(problemText(t, result.problem));
    const { plan } = result;
    if (plan.kind === 'single') return onFile(plan.file);
    const ctl = new AbortController();
    abort.current = ctl;
    setPacking({ name: plan.name, count: plan.files.length, done: 0, total: plan.bytes });
    try {
      const zip = await packBundle(plan, (done, total) => setPacking((s) => (s ? { ...s, done, total } : s)), ctl.signal);
      if (!ctl.signal.aborted) onFile(zip);
    } catch (e) {
      if (!ctl.signal.aborted) setError(t('modelPicker.packFailed', { message: (e as Error)?.message ?? String(e) }));
    } finally {
      if (abort.current === ctl) {
        abort.current = null;
        setPacking(null);
      }
    }
  };

  const open = (folder: boolean) => {
    const el = input.current;
    if (!el) return;
    el.webkitdirectory = folder;
    el.click();
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (busy) return;
    filesFromDrop(e.dataTransfer).then(take, (err: unknown) =>
      setError(t('modelPicker.packFailed', { message: (err as Error)?.message ?? String(err) })),
    );
  };

  const percent = packing?.total ? Math.floor((packing.done / packing.total) * 100) : 0;
  return (
    <section
      className={`xr-model-picker${over ? ' xr-model-picker--over' : ''}${block ? ' xr-model-picker--block' : ''}`}
      aria-label={t('modelPicker.dropHere')}
      data-testid="model-picker"
      onDragOver={(e) => {
        e.preventDefault();
        if (!busy) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <div className="xr-model-picker__buttons">
        <Button icon={<CloudUploadOutlined />} onClick={() => open(false)} disabled={busy} block={block}>
          {label ?? t('modelPicker.chooseFiles')}
        </Button>
        <Button icon={<FolderOpenOutlined />} onClick={() => open(true)} disabled={busy} block={block}>
          {t('modelPicker.chooseFolder')}
        </Button>
      </div>
      <Typography.Text type="secondary" className="xr-model-picker__help">
        {t('modelPicker.help', { formats: MODEL_FORMATS_LABEL })}
      </Typography.Text>
      {packing && (
        <div data-testid="model-packing">
          <Typography.Text className="xr-model-picker__packing">
            {t('modelPicker.packing', { count: packing.count, name: packing.name })}
          </Typography.Text>
          <Progress percent={percent} size="small" status="active" aria-label={t('modelPicker.packingProgress')} />
        </div>
      )}
      {error && <Alert type="error" showIcon title={error} data-testid="model-picker-error" />}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        // antd's form styles show file inputs (display: block) whatever `hidden` says
        style={{ display: 'none' }}
        accept={MODEL_PICKER_ACCEPT}
        data-testid="upload-model3d"
        onChange={(e) => {
          const picked = filesFromInput(e.target.files ?? []);
          e.target.value = '';
          e.target.webkitdirectory = false;
          void take(picked);
        }}
      />
    </section>
  );
}
