import { PRODUCT_NAME } from '@xr/contract/constants';
import { Link } from 'react-router';

interface Props {
  /** Show the product name next to the mark. */
  withName?: boolean;
  /** Light text for dark backgrounds. */
  light?: boolean;
  size?: number;
  to?: string;
}

/** The XR Studio mark: a headset visor in the brand gradient. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="xr-brand-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d28d9" />
          <stop offset="1" stopColor="#0ea5e9" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#xr-brand-gradient)" />
      <path
        d="M7 12.5c0-1.4 1.1-2.5 2.5-2.5h13c1.4 0 2.5 1.1 2.5 2.5v5.2c0 1.3-1 2.3-2.3 2.3h-3.1c-.8 0-1.5-.5-1.8-1.2l-.5-1.1a1.4 1.4 0 0 0-2.6 0l-.5 1.1c-.3.7-1 1.2-1.8 1.2H9.3C8 20 7 19 7 17.7z"
        fill="#fff"
        fillOpacity=".95"
      />
      <circle cx="11.6" cy="14.6" r="1.7" fill="#6d28d9" />
      <circle cx="20.4" cy="14.6" r="1.7" fill="#0ea5e9" />
    </svg>
  );
}

/** Logo with the product name, linking home. */
export function BrandLogo({ withName = true, light = false, size = 32, to = '/' }: Props) {
  return (
    <Link to={to} className={`xr-brand${light ? ' xr-brand--light' : ''}`} aria-label={PRODUCT_NAME}>
      <BrandMark size={size} />
      {withName && <span className="xr-brand__name">{PRODUCT_NAME}</span>}
    </Link>
  );
}
