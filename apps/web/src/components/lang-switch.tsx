import { TranslationOutlined } from '@ant-design/icons';
import { nextLang } from '@xr/contract/lang';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang, cycleLang } from '../lib/i18n';

const SHORT = { zh: '简', tc: '繁', en: 'EN' } as const;

interface Props {
  /** Show the language's full name instead of its short form. */
  full?: boolean;
  type?: 'text' | 'default';
  className?: string;
}

/**
 * Language switch: shows the current language; a click cycles zh → tc → en → zh (spec section 1). The hint names the
 * next language in the button's `title` (the browser's own tooltip: antd's Tooltip would be in every public page's
 * first load only for this).
 */
export function LangSwitch({ full = false, type = 'text', className }: Props) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language as keyof typeof SHORT) in SHORT ? (i18n.language as keyof typeof SHORT) : currentLang();
  const label = t(`lang.${lang}`);
  return (
    <Button
      type={type}
      title={`${t('lang.switch')}: ${t(`lang.${nextLang(lang)}`)}`}
      className={className}
      icon={<TranslationOutlined />}
      onClick={() => cycleLang()}
      aria-label={`${t('lang.switch')} (${label})`}
      data-testid="lang-switch"
    >
      {full ? label : SHORT[lang]}
    </Button>
  );
}
