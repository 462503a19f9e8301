import './cart-shortcut.css';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { CART_BADGE_MAX } from '@xr/contract/constants';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCart, useCart } from '../lib/cart';

const CartDialog = lazy(() => import('./cart-dialog'));

/**
 * The cart button of the public market pages: visitors fill a cart in the browser too, so it opens the same cart
 * dialog as the admin top bar. `open`/`onOpenChange` let a page open it (e.g. after "Add to cart").
 */
export function CartShortcut({ open: openProp, onOpenChange }: { open?: boolean; onOpenChange?: (open: boolean) => void }) {
  const { t } = useTranslation('cart');
  const { items, loaded } = useCart();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = (v: boolean) => (onOpenChange ? onOpenChange(v) : setOwnOpen(v));

  useEffect(() => {
    if (!loaded) void loadCart();
  }, [loaded]);

  return (
    <>
      <span className="xr-cart-shortcut__wrap" data-testid="cart-badge">
        <Button
          size="large"
          icon={<ShoppingCartOutlined />}
          onClick={() => setOpen(true)}
          aria-label={t('buttonLabel', { count: items.length })}
          className="xr-cart-shortcut"
        >
          <span className="xr-cart-shortcut__text">{t('title')}</span>
        </Button>
        {/* the count as antd's small Badge showed it (99+ past the cap), without antd's Badge in the first load */}
        {items.length > 0 ? (
          <sup className="xr-count-badge" aria-hidden="true">
            {items.length > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : items.length}
          </sup>
        ) : null}
      </span>
      {open ? (
        <Suspense fallback={null}>
          <CartDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
