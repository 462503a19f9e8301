import { DeleteOutlined, HeartFilled, HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { CART_SIGNIN_DELAY_MS } from '@xr/contract/constants';
import type { PlacedOrder } from '@xr/contract/orders';
import { Button, Checkbox, Empty, Modal, Spin, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../lib/auth/session';
import { type CartItem, loadCart, removeFromCart, toggleWish, useCart } from '../lib/cart';
import { loginPath } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { placeOrder } from './api/place-order';
import { hkd, PriceTag } from './price-tag';
import { ProjectCover } from './project-card';
import './cart-dialog.css';
import { useFeedback } from '../lib/feedback';

const InvoiceDialog = lazy(() => import('./invoice-dialog'));

/** Sum of the selected lines' prices, shown with two decimals (spec section 5). */
export function subtotalOf(items: readonly CartItem[], selected: ReadonlySet<number>): number {
  const cents = items
    .filter((i) => selected.has(i.project_id))
    .reduce((sum, i) => sum + Math.round(Number(i.project_price) * 100), 0);
  return cents / 100;
}

const isWished = (i: CartItem) => i.is_Collection === true || i.is_Collection === 1;

interface PanelProps {
  /** `dialog`: the modal's body with View Cart / Cancel; `page`: the /shoppingcart screen. */
  variant: 'dialog' | 'page';
  /** Closes the dialog (View Cart, Cancel, Sign in, after checkout). */
  onClose?: () => void;
}

/**
 * The cart (spec section 2 "Cart dialog"): lines with image, type, id, name and price; Remove, Wish and a select
 * checkbox each; a footer with the subtotal of the selected lines and their count, the note, and the actions.
 * Check Out places the order and opens the invoice. Used by the cart dialog and the /shoppingcart page.
 */
export function CartPanel({ variant, onClose }: PanelProps) {
  const { t } = useTranslation(['cart', 'market', 'common']);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { token } = useSession();
  const { items, loaded } = useCart();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const [order, setOrder] = useState<PlacedOrder | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    void loadCart();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  // a removed (or merged away) line leaves the selection
  useEffect(() => {
    setSelected((prev) => {
      const ids = new Set(items.filter((i) => i.available !== false).map((i) => i.project_id));
      const next = new Set([...prev].filter((id) => ids.has(id)));
      return next.size === prev.size ? prev : next;
    });
  }, [items]);

  const buyable = useMemo(() => items.filter((i) => i.available !== false), [items]);
  const subtotal = subtotalOf(items, selected);
  const allSelected = buyable.length > 0 && buyable.every((i) => selected.has(i.project_id));

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Sign in (spec: /login after 500 ms); the visitor cart is merged into the account at sign-in. */
  const signIn = (back = `${pathname}${search}`) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      onClose?.();
      navigate(loginPath(back));
    }, CART_SIGNIN_DELAY_MS);
  };

  const remove = async (item: CartItem) => {
    setBusy(item.project_id);
    try {
      await removeFromCart(item);
      void message.success(t('common:err.cartRemoved', { id: item.project_id }));
    } catch {
      // the HTTP client showed the error
    } finally {
      setBusy(null);
    }
  };

  const wish = async (item: CartItem) => {
    if (!token) {
      void message.warning(t('cart:signInToWish'));
      return;
    }
    setBusy(item.project_id);
    try {
      await toggleWish(item.project_id);
      void message.success(t('common:err.operationSuccessful'));
    } catch {
      // the HTTP client showed the error
    } finally {
      setBusy(null);
    }
  };

  const checkOut = async () => {
    const ids = buyable.filter((i) => selected.has(i.project_id)).map((i) => i.project_id);
    if (ids.length === 0) {
      void message.error(t('common:v.selectProduct'));
      return;
    }
    if (!token) {
      void message.info(t('cart:signInToCheckout'));
      signIn('/shoppingcart');
      return;
    }
    setCheckingOut(true);
    try {
      setOrder(await placeOrder(ids));
    } catch {
      // checkout failure: the HTTP client showed the error; loading ends
    } finally {
      setCheckingOut(false);
    }
  };

  /** After a free order (or any completed payment without a redirect): refresh the cart, go to /orderlist. */
  const finished = () => {
    setOrder(null);
    setSelected(new Set());
    onClose?.();
    // Orders, the library and project flags changed: nothing cached before the purchase may be shown again.
    void queryClient.invalidateQueries();
    navigate('/orderlist');
  };

  const viewCart = () => {
    onClose?.();
    navigate('/shoppingcart');
  };

  if (!loaded) {
    return (
      <div className="xr-cart__loading">
        <Spin />
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className={`xr-cart xr-cart--${variant}`}>
        <Empty
          className="xr-cart__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <div>
              <div className="xr-cart__empty-title">{t('cart:empty')}</div>
              {!token ? <div className="xr-cart__empty-hint">{t('cart:visitorMissing')}</div> : null}
            </div>
          }
        >
          <div className="xr-cart__empty-actions">
            {!token ? (
              <Button type="primary" className="xr-gradient-btn" onClick={() => signIn()}>
                {t('cart:signIn')}
              </Button>
            ) : null}
            <Button
              onClick={() => {
                onClose?.();
                navigate('/marke_place');
              }}
            >
              {t('cart:browse')}
            </Button>
          </div>
        </Empty>
      </div>
    );
  }

  return (
    <div className={`xr-cart xr-cart--${variant}`}>
      <div className="xr-cart__head">
        <Checkbox
          checked={allSelected}
          indeterminate={selected.size > 0 && !allSelected}
          disabled={buyable.length === 0}
          onChange={(e) => setSelected(e.target.checked ? new Set(buyable.map((i) => i.project_id)) : new Set())}
        >
          {t('cart:selectAll')}
        </Checkbox>
        <span className="xr-muted">{t('cart:lines', { count: items.length })}</span>
      </div>

      <ul className="xr-cart__list" aria-label={t('cart:title')}>
        {items.map((item) => {
          const unavailable = item.available === false;
          const wished = isWished(item);
          return (
            <li key={item.project_id} className={`xr-cart__line${unavailable ? ' is-unavailable' : ''}`} data-testid="cart-line">
              <Checkbox
                className="xr-cart__check"
                checked={selected.has(item.project_id)}
                disabled={unavailable}
                aria-label={t('cart:select', { name: item.project_name })}
                onChange={(e) => toggle(item.project_id, e.target.checked)}
              />
              <Link
                to={`/product_details?id=${item.project_id}`}
                className="xr-cart__thumb"
                onClick={() => onClose?.()}
                tabIndex={-1}
              >
                <ProjectCover src={item.project_img} name={item.project_name} id={item.project_id} />
              </Link>
              <div className="xr-cart__info">
                <Link to={`/product_details?id=${item.project_id}`} className="xr-cart__name" onClick={() => onClose?.()}>
                  {item.project_name}
                </Link>
                <div className="xr-cart__meta">
                  <span>
                    {t('cart:type')}: {t(`market:catalog.${item.project_type}`, { defaultValue: item.project_type })}
                  </span>
                  <span>
                    {t('cart:id')}: {item.project_id}
                  </span>
                  {unavailable ? <Tag color="default">{t('cart:unavailable')}</Tag> : null}
                </div>
              </div>
              <PriceTag price={item.project_price} className="xr-cart__price" />
              <div className="xr-cart__actions">
                <Tooltip title={wished ? t('cart:unwish') : t('cart:wish')}>
                  <Button
                    type="text"
                    size="small"
                    className={`xr-cart__wish${wished ? ' is-on' : ''}`}
                    icon={wished ? <HeartFilled /> : <HeartOutlined />}
                    aria-pressed={wished}
                    loading={busy === item.project_id}
                    onClick={() => void wish(item)}
                  >
                    {t('cart:wish')}
                  </Button>
                </Tooltip>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={busy === item.project_id}
                  onClick={() => void remove(item)}
                >
                  {t('cart:remove')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>

      <footer className="xr-cart__foot">
        <div className="xr-cart__sum">
          <div className="xr-cart__subtotal" data-testid="cart-subtotal">
            {t('cart:subtotal', { count: selected.size })} <strong>{hkd(subtotal)}</strong>
          </div>
          <div className="xr-cart__note">{t('cart:checkCarefully')}</div>
        </div>
        <div className="xr-cart__buttons">
          {variant === 'dialog' ? (
            <>
              <Button onClick={viewCart}>{t('cart:viewCart')}</Button>
              <Button onClick={() => onClose?.()}>{t('cart:cancel')}</Button>
            </>
          ) : null}
          <Button
            type="primary"
            className="xr-gradient-btn"
            icon={<ShoppingCartOutlined />}
            loading={checkingOut}
            onClick={() => void checkOut()}
          >
            {t('cart:checkOut')}
          </Button>
        </div>
      </footer>

      {order ? (
        <Suspense fallback={null}>
          <InvoiceDialog open order={order} onCancel={() => setOrder(null)} onFinished={finished} />
        </Suspense>
      ) : null}
    </div>
  );
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** The cart dialog (spec section 2): a modal opened from the cart buttons, not a route. */
export function CartDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation('cart');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('title')}
      footer={null}
      width={760}
      destroyOnHidden
      className="xr-cart-modal"
      centered
    >
      {open ? <CartPanel variant="dialog" onClose={onClose} /> : null}
    </Modal>
  );
}

export default CartDialog;
