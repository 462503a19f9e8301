import './lite.css';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyTray } from './empty-tray';

export { EmptyTray };

/**
 * Small stand-ins for antd's Empty, Spin, Skeleton, Input.TextArea, Rate and Radio on the public pages' first load
 * (≤ 250 KiB of JS+CSS; antd's versions bring their rc packages, Tooltip and style code). They
 * look like antd's (same sizes, colours and states), take the theme colour from `--xr-primary` and are keyboard
 * accessible with native controls. Admin screens keep antd.
 */

/** An empty list or area: the tray and a line of text (antd's `Empty` with its simple image). */
export function EmptyState({ description, children }: { description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="xr-lite-empty" role="status">
      <EmptyTray />
      {description ? <div className="xr-lite-empty__text">{description}</div> : null}
      {children}
    </div>
  );
}

/** A spinning ring (antd's `Spin`), announced as "loading". */
export function Spinner({ size = 20 }: { size?: number }) {
  const { t } = useTranslation('common');
  return <span className="xr-lite-spin" role="progressbar" aria-label={t('loading')} style={{ width: size, height: size }} />;
}

/** A grey placeholder block that shimmers while the content loads (antd's `Skeleton`). */
export function SkeletonBlock({ className, lines = 0 }: { className?: string; lines?: number }) {
  if (!lines) return <div className={`xr-lite-skeleton${className ? ` ${className}` : ''}`} aria-hidden="true" />;
  return (
    <div className={`xr-lite-skeleton-lines${className ? ` ${className}` : ''}`} aria-hidden="true">
      <div className="xr-lite-skeleton xr-lite-skeleton--title" />
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines
        <div key={i} className="xr-lite-skeleton xr-lite-skeleton--line" />
      ))}
    </div>
  );
}

/** A multi-line text field with an optional "n / max" count and error state (antd's `Input.TextArea`). */
export function TextArea({
  value,
  onChange,
  maxLength,
  showCount,
  rows = 3,
  invalid,
  placeholder,
  label,
}: {
  value: string;
  onChange(value: string): void;
  maxLength?: number;
  showCount?: boolean;
  rows?: number;
  invalid?: boolean;
  placeholder?: string;
  /** The accessible name (the placeholder when not given). */
  label?: string;
}) {
  return (
    <div className={`xr-lite-textarea${showCount ? ' has-count' : ''}`}>
      <textarea
        className={`xr-lite-input${invalid ? ' is-invalid' : ''}`}
        rows={rows}
        maxLength={maxLength}
        value={value}
        placeholder={placeholder}
        aria-label={label ?? placeholder}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {showCount && maxLength ? (
        <span className="xr-lite-textarea__count" aria-hidden="true">
          {value.length} / {maxLength}
        </span>
      ) : null}
    </div>
  );
}

const STAR = 'M12 2.5l2.94 6.1 6.56.84-4.8 4.6 1.2 6.6L12 17.5l-5.9 3.14 1.2-6.6-4.8-4.6 6.56-.84z';

function Star({ fill }: { fill: 0 | 0.5 | 1 }) {
  const id = useId();
  return (
    <svg className="xr-lite-star" viewBox="0 0 24 24" aria-hidden="true">
      {fill === 0.5 ? (
        <defs>
          <linearGradient id={id}>
            <stop offset="50%" stopColor="#fadb14" />
            <stop offset="50%" stopColor="#e5e7eb" />
          </linearGradient>
        </defs>
      ) : null}
      <path d={STAR} fill={fill === 1 ? '#fadb14' : fill === 0.5 ? `url(#${id})` : '#e5e7eb'} />
    </svg>
  );
}

/** A read-only score of 0–5 stars in half steps (antd's disabled `Rate`), read out as "4.5 / 5". */
export function Stars({ value, className }: { value: number; className?: string }) {
  const v = Math.round(Math.max(0, Math.min(5, value)) * 2) / 2;
  return (
    <span className={`xr-lite-stars${className ? ` ${className}` : ''}`} role="img" aria-label={`${v} / 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} fill={v >= n ? 1 : v >= n - 0.5 ? 0.5 : 0} />
      ))}
    </span>
  );
}

/**
 * A 1–5 star choice (antd's `Rate`): five radio buttons drawn as stars, so arrows, Tab and Space work as in any
 * radio group; hovering shows the score a click would give.
 */
export function StarInput({ value, onChange, label }: { value: number; onChange(value: number): void; label: string }) {
  const name = useId();
  return (
    <fieldset className="xr-lite-star-input" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className={`xr-lite-star-input__star${value >= n ? ' is-on' : ''}`}>
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} aria-label={`${n} / 5`} />
          <Star fill={value >= n ? 1 : 0} />
        </label>
      ))}
    </fieldset>
  );
}

/** One choice among options, stacked (antd's vertical `Radio.Group`). */
export function ChoiceList({
  options,
  value,
  onChange,
  label,
}: {
  options: string[];
  value: number | undefined;
  onChange(index: number): void;
  label?: string;
}) {
  const name = useId();
  return (
    <div className="xr-lite-choices" role="radiogroup" aria-label={label}>
      {options.map((o, k) => (
        <label key={o} className="xr-lite-choice">
          <input type="radio" name={name} checked={value === k} onChange={() => onChange(k)} />
          <span>{o}</span>
        </label>
      ))}
    </div>
  );
}

/** A round picture of a person, or their initial on the brand gradient when they have none (antd's `Avatar`). */
export function PersonAvatar({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  return (
    <span
      className="xr-lite-avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45), lineHeight: `${size}px` }}
      aria-hidden="true"
    >
      {src ? <img src={src} alt="" loading="lazy" /> : name.slice(0, 1).toUpperCase()}
    </span>
  );
}

const NOTICE_ICONS = {
  warning: { color: '#faad14', d: 'M12 2 1 21h22L12 2zm1 15h-2v-2h2v2zm0-4h-2V9h2v4z' },
  info: { color: 'var(--xr-primary, #6d28d9)', d: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z' },
};

/** A short status message in place of content that could not be shown (antd's `Result` without its pictures). */
export function Notice({
  status,
  title,
  subTitle,
  ...rest
}: {
  status: keyof typeof NOTICE_ICONS;
  title: ReactNode;
  subTitle?: ReactNode;
  'data-testid'?: string;
}) {
  const icon = NOTICE_ICONS[status];
  return (
    <div className="xr-lite-notice" role={status === 'warning' ? 'alert' : 'status'} {...rest}>
      <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <path d={icon.d} fill={icon.color} />
      </svg>
      <div className="xr-lite-notice__title">{title}</div>
      {subTitle ? <div className="xr-lite-notice__sub">{subTitle}</div> : null}
    </div>
  );
}
