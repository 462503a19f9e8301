import { formatPrice } from '@xr/contract/format';
import { useTranslation } from 'react-i18next';

/** `1288.5` -> `HK$1,288.50`: the contract's one price format (prices are HKD numbers at the API edge). */
export function hkd(value: number | string): string {
  return formatPrice(value);
}

interface Props {
  price: number | string;
  /** Show "Free" instead of HK$0.00. Defaults to a price of 0. */
  free?: boolean;
  size?: 'small' | 'default' | 'large';
  className?: string;
}

/** A price in HKD, or "Free" (market cards, details, cart). */
export function PriceTag({ price, free, size = 'default', className = '' }: Props) {
  const { t } = useTranslation('market');
  const isFree = free ?? Number(price) === 0;
  return (
    <span className={`xr-price xr-price--${size}${isFree ? ' is-free' : ''} ${className}`.trim()} data-testid="price">
      {isFree ? t('price.free') : hkd(price)}
    </span>
  );
}
