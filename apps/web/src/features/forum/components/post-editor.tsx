import { FORUM_BODY_MAX } from '@xr/contract/forum';
import { Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from './markdown';

/**
 * A Markdown text area with a Write / Preview switch, the length counter and a one-line syntax hint. Controlled, so
 * it sits inside an antd Form.Item (`value` / `onChange`). Ctrl+Enter (⌘+Enter) submits through `onSubmit`.
 */
export function PostEditor({
  value = '',
  onChange,
  onSubmit,
  placeholder,
  rows = 6,
  id,
}: {
  value?: string;
  onChange?(value: string): void;
  onSubmit?(): void;
  placeholder?: string;
  rows?: number;
  id?: string;
}) {
  const { t } = useTranslation('forum');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  return (
    <div className="xr-forum-editor">
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as 'write' | 'preview')}
        items={[
          {
            key: 'write',
            label: t('write'),
            children: (
              <Input.TextArea
                id={id}
                value={value}
                onChange={(e) => onChange?.(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault();
                    onSubmit?.();
                  }
                }}
                placeholder={placeholder}
                autoSize={{ minRows: rows, maxRows: 20 }}
                maxLength={FORUM_BODY_MAX}
                showCount
                aria-label={placeholder ?? t('bodyLabel')}
              />
            ),
          },
          {
            key: 'preview',
            label: t('preview'),
            children: value.trim() ? (
              <div className="xr-forum-editor__preview">
                <Markdown text={value} />
              </div>
            ) : (
              <p className="xr-muted">{t('nothingToPreview')}</p>
            ),
          },
        ]}
      />
      <p className="xr-forum-editor__hint xr-muted">{t('markdownHint')}</p>
    </div>
  );
}
