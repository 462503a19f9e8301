import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../lib/auth/session';
import { orderStatusQuery } from './api/order-status';

/** The query parameter the invoice adds to the page the buyer pays from: the payment page sends them back with it. */
export const PAID_PARAM = 'paid';

/** The URL to come back to after paying: the current page, with `?paid=<order number>` in its hash route. */
export function paymentReturnUrl(href: string, orderOn: string): string {
  const url = new URL(href);
  const hash = url.hash.replace(/^#/, '') || '/';
  const [route = '/', query = ''] = hash.split('?');
  const params = new URLSearchParams(query);
  params.set(PAID_PARAM, orderOn);
  url.hash = `${route}?${params.toString()}`;
  return url.toString();
}

/**
 * What the buyer sees when the payment page sends them back (`?paid=<order>`): the order's state, checked with the
 * server (paid / still being confirmed / not paid), with the way to the order list and the library. Closing it
 * removes the parameter, so a reload does not show it again. Mounted by both layouts.
 */
export function PaymentReturnNotice() {
  const [params] = useSearchParams();
  const { token } = useSession();
  const orderOn = params.get(PAID_PARAM);
  // no query at all (not even a disabled one) unless a signed-in buyer came back from paying
  return orderOn && token ? <Notice orderOn={orderOn} /> : null;
}

function Notice({ orderOn }: { orderOn: string }) {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const order = useQuery(orderStatusQuery(orderOn));

  const close = () => {
    const next = new URLSearchParams(params);
    next.delete(PAID_PARAM);
    setParams(next, { replace: true });
  };
  const go = (path: string) => {
    close();
    navigate(path);
  };
  const status = order.data?.status;
  const checking = order.isPending || status === 'pending';
  const result = checking
    ? { status: 'info' as const, title: t('paymentReturn.checking'), text: t('paymentReturn.checkingText') }
    : status === 'paid'
      ? { status: 'success' as const, title: t('paymentReturn.paid'), text: t('paymentReturn.paidText', { order: orderOn }) }
      : {
          status: 'warning' as const,
          title: t('paymentReturn.notPaid'),
          text: t('paymentReturn.notPaidText', { order: orderOn }),
        };

  return (
    <Modal open onCancel={close} footer={null} closable={false} centered destroyOnHidden>
      <div data-testid="payment-return">
        <Result
          status={result.status}
          icon={checking ? <Spin size="large" /> : undefined}
          title={result.title}
          subTitle={result.text}
          extra={[
            <Button key="orders" type={status === 'paid' ? 'primary' : 'default'} onClick={() => go('/orderlist')}>
              {t('paymentReturn.viewOrder')}
            </Button>,
            status === 'paid' ? (
              <Button key="library" onClick={() => go('/profile')}>
                {t('paymentReturn.openLibrary')}
              </Button>
            ) : null,
            <Button key="close" onClick={close}>
              {t('paymentReturn.close')}
            </Button>,
          ]}
        />
      </div>
    </Modal>
  );
}
