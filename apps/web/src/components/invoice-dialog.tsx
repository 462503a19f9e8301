import { LockOutlined } from '@ant-design/icons';
import { FREE_PAY_TYPE, PAYMENT_METHODS, type PaymentMethod, PRODUCT_NAME } from '@xr/contract/constants';
import type { Lang } from '@xr/contract/lang';
import { invoiceNumberOf, type PlacedOrder } from '@xr/contract/orders';
import { Button, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCart } from '../lib/cart';
import { formatDeadline } from '../lib/dates';
import { pay } from './api/pay';
import { BrandMark } from './brand-logo';
import { paymentReturnUrl } from './payment-return-url';
import { hkd } from './price-tag';
import './cart-dialog.css';
import { useFeedback } from '../lib/feedback';

/** Leaving for the provider's hosted checkout page. Wrapped so tests can observe it. */
export const paymentRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};

interface Props {
  open: boolean;
  order: PlacedOrder;
  /** Cancel: back to the cart; the unpaid order simply expires. */
  onCancel: () => void;
  /** A free order was completed: the cart is refreshed; the caller goes to /orderlist. */
  onFinished: () => void;
}

/**
 * The invoice (spec section 2 "Invoice dialog"): logo, company address, invoice number (the order number without
 * `SDK`), date, the buyer's e-mail, the payment method (disabled at amount 0), the lines with quantity 1, subtotal,
 * discount 0, tax 0 and total. Cancel and Place Order only: Escape and clicks outside do not close it.
 */
export function InvoiceDialog({ open, order, onCancel, onFinished }: Props) {
  const { t, i18n } = useTranslation(['orders', 'common', 'plans']);
  const { message } = useFeedback();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [paying, setPaying] = useState(false);
  const free = Number(order.amount) === 0;

  const placeOrder = async () => {
    if (!free && !method) {
      void message.warning(t('common:v.selectPayMethod'));
      return;
    }
    setPaying(true);
    try {
      const reply = await pay({
        order_on: order.order_on,
        pay_type: free ? FREE_PAY_TYPE : (method as PaymentMethod),
        // back to this page, which then says whether the payment went through (PaymentReturnNotice)
        path: paymentReturnUrl(window.location.href, order.order_on),
        project_ids: order.project_info.map((l) => l.project_id).join(','),
      });
      if (reply.type === FREE_PAY_TYPE || reply.status === 'paid' || !reply.qr_code) {
        await loadCart();
        void message.success(t('orders:invoice.freeDone'));
        setPaying(false);
        onFinished();
        return;
      }
      // the browser leaves for the provider's page; the button keeps spinning until it does
      paymentRedirect.go(reply.qr_code);
    } catch {
      // checkout failure: the HTTP client showed the error; loading ends
      setPaying(false);
    }
  };

  return (
    <Modal
      open={open}
      title={null}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={720}
      centered
      className="xr-invoice-modal"
      onCancel={onCancel}
      footer={
        <div className="xr-invoice__buttons">
          <Button onClick={onCancel} disabled={paying}>
            {t('orders:invoice.cancel')}
          </Button>
          <Button
            type="primary"
            className="xr-gradient-btn"
            icon={<LockOutlined />}
            loading={paying}
            onClick={() => void placeOrder()}
          >
            {t('orders:invoice.placeOrder')}
          </Button>
        </div>
      }
    >
      <div className="xr-invoice" data-testid="invoice">
        <header className="xr-invoice__top">
          <div className="xr-invoice__company">
            <div className="xr-invoice__logo">
              <BrandMark size={40} />
              <span>{PRODUCT_NAME}</span>
            </div>
            <address>
              {t('orders:invoice.company.name')}
              <br />
              {t('orders:invoice.company.line1')}
              <br />
              {t('orders:invoice.company.line2')}
              <br />
              {t('orders:invoice.company.email')}
            </address>
          </div>
          <dl className="xr-invoice__facts">
            <div className="xr-invoice__heading">{t('orders:invoice.title')}</div>
            <div>
              <dt>{t('orders:invoice.number')}</dt>
              <dd data-testid="invoice-number">{invoiceNumberOf(order.order_on)}</dd>
            </div>
            <div>
              <dt>{t('orders:invoice.date')}</dt>
              {/* in the platform's zone and named, like the deadline below: one zone on the whole invoice */}
              <dd data-testid="invoice-date">{formatDeadline(order.created_at)}</dd>
            </div>
            <div>
              <dt>{t('orders:invoice.email')}</dt>
              <dd data-testid="invoice-email">{order.user_email}</dd>
            </div>
          </dl>
        </header>

        <section className="xr-invoice__method">
          <div className="xr-invoice__label" id="xr-pay-method">
            {t('orders:invoice.method')}
          </div>
          <Radio.Group
            aria-labelledby="xr-pay-method"
            value={method}
            disabled={free}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            className="xr-invoice__methods"
            options={PAYMENT_METHODS.map((m) => ({ value: m.value, label: t(`orders:methods.${m.value}`) }))}
          />
          {free ? <div className="xr-invoice__free">{t('orders:invoice.freeNote')}</div> : null}
        </section>

        <table className="xr-invoice__table">
          <thead>
            <tr>
              <th>{t('orders:invoice.product')}</th>
              <th className="is-num">{t('orders:invoice.price')}</th>
              <th className="is-num">{t('orders:invoice.quantity')}</th>
              <th className="is-num">{t('orders:invoice.total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.plan_info ? (
              <tr data-testid="invoice-line">
                <td data-testid="invoice-plan">
                  {order.plan_info.names[(i18n.language as Lang) in order.plan_info.names ? (i18n.language as Lang) : 'en']}
                  {' · '}
                  {t(`plans:periods.${order.plan_info.period}`)}
                </td>
                <td className="is-num">{hkd(order.plan_info.price)}</td>
                <td className="is-num" data-testid="invoice-qty">
                  1
                </td>
                <td className="is-num">{hkd(order.plan_info.price)}</td>
              </tr>
            ) : null}
            {order.project_info.map((line) => (
              <tr key={line.project_id} data-testid="invoice-line">
                <td>{line.project_name}</td>
                <td className="is-num">{hkd(line.project_price)}</td>
                <td className="is-num" data-testid="invoice-qty">
                  1
                </td>
                <td className="is-num">{hkd(line.project_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="xr-invoice__sum">
          <div>
            <dt>{t('orders:invoice.subtotal')}</dt>
            <dd data-testid="invoice-subtotal">{hkd(order.amount)}</dd>
          </div>
          <div>
            <dt>{t('orders:invoice.discount')}</dt>
            <dd data-testid="invoice-discount">{hkd(0)}</dd>
          </div>
          <div>
            <dt>{t('orders:invoice.tax')}</dt>
            <dd data-testid="invoice-tax">{hkd(0)}</dd>
          </div>
          <div className="is-total">
            <dt>{t('orders:invoice.total')}</dt>
            <dd data-testid="invoice-total">{hkd(order.amount)}</dd>
          </div>
        </dl>
        {!free && order.expires_at ? (
          <p className="xr-invoice__expires">{t('orders:invoice.expires', { time: formatDeadline(order.expires_at) })}</p>
        ) : null}
      </div>
    </Modal>
  );
}

export default InvoiceDialog;
