import { ShoppingCartOutlined } from '@ant-design/icons';
import { CART_BADGE_MAX } from '@xr/contract/constants';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCartCount } from '../lib/cart';

const CartDialog = lazy(() => import('./cart-dialog'));

/** Top-bar cart button; the badge shows the item count up to 99 (then "99+"); it opens the cart dialog. */
export function CartButton() {
  const { t } = useTranslation('layout');
  const count = useCartCount();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('cart')}>
        <Badge count={count} overflowCount={CART_BADGE_MAX} size="small" offset={[-4, 4]} data-testid="cart-badge">
          <Button
            type="text"
            icon={<ShoppingCartOutlined />}
            aria-label={t('cartWithCount', { count })}
            onClick={() => setOpen(true)}
            data-tour="cart"
          />
        </Badge>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <CartDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
