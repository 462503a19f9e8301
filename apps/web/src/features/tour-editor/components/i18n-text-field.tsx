import type { I18nText } from '@xr/contract/scenes';
import { Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

const LANGS = ['zh', 'tc', 'en'] as const;

/**
 * A text in up to three languages: one tab per language (简 / 繁 / EN), opened on the interface language; empty
 * languages fall back to the others.
 */
export function I18nTextField({
  value,
  onChange,
  multiline,
  maxLength,
  label,
  testId,
}: {
  value: I18nText;
  onChange(next: I18nText): void;
  multiline?: boolean;
  maxLength: number;
  label: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('tour');
  const first = LANGS.find((l) => l === i18n.language) ?? 'zh';
  const set = (lang: (typeof LANGS)[number], text: string) => {
    const next: I18nText = { ...value };
    if (text) next[lang] = text;
    else delete next[lang];
    onChange(next);
  };
  return (
    <Tabs
      size="small"
      defaultActiveKey={first}
      items={LANGS.map((lang) => ({
        key: lang,
        label: t(`lang.${lang}`),
        forceRender: true,
        children: multiline ? (
          <Input.TextArea
            value={value[lang] ?? ''}
            onChange={(e) => set(lang, e.target.value)}
            maxLength={maxLength}
            autoSize={{ minRows: 2, maxRows: 6 }}
            aria-label={`${label} (${t(`lang.${lang}`)})`}
            data-testid={testId && `${testId}-${lang}`}
          />
        ) : (
          <Input
            value={value[lang] ?? ''}
            onChange={(e) => set(lang, e.target.value)}
            maxLength={maxLength}
            aria-label={`${label} (${t(`lang.${lang}`)})`}
            data-testid={testId && `${testId}-${lang}`}
          />
        ),
      }))}
    />
  );
}
