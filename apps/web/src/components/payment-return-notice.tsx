import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { orderStatusQuery } from './api/order-status';
import { PAID_PARAM } from './payment-return-url';

/** The dialog of {@link PaymentReturnNotice}: its own chunk, loaded only when a buyer comes back from paying. */
export default function Notice({ orderOn }: { orderOn: string }) {
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
  // a plan is a membership, not a library item: its order points to the plan on the profile
  const plan = !!order.data?.plan_info;
  const checking = order.isPending || status === 'pending';
  const result = checking
    ? { status: 'info' as const, title: t('paymentReturn.checking'), text: t('paymentReturn.checkingText') }
    : status === 'paid'
      ? {
          status: 'success' as const,
          title: t('paymentReturn.paid'),
          text: t(plan ? 'paymentReturn.paidPlanText' : 'paymentReturn.paidText', { order: orderOn }),
        }
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
                {t(plan ? 'paymentReturn.openPlan' : 'paymentReturn.openLibrary')}
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
