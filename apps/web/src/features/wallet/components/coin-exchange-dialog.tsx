import { formatPrice } from '@xr/contract/format';
import { COIN_EXCHANGE_DAYS_MAX, COIN_EXCHANGE_KINDS, type CoinExchangeInfo, type CoinExchangeKind } from '@xr/contract/wallet';
import { Alert, Form, InputNumber, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useCoinExchange } from '../api/coins';

/** A fresh idempotency key per click (crypto.randomUUID where available). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** What an exchange costs or gives, in coins, at the shown rates. */
export function exchangeCoins(
  kind: CoinExchangeKind,
  quantity: number,
  info: Pick<CoinExchangeInfo, 'coins_per_membership_day' | 'coins_per_hkd'>,
) {
  return kind === 'cash_to_coins'
    ? Math.floor((Math.round(quantity * 100) * info.coins_per_hkd) / 100)
    : quantity * info.coins_per_membership_day;
}

/**
 * Exchange coins for membership days or a membership coupon, or cash earnings for coins (never coins for cash),
 * showing the rate, the cost and today's use of the daily limit; after a confirmation each click sends its own
 * idempotency key, so a double click still makes one exchange.
 */
export function CoinExchangeDialog({ info, onClose }: { info: CoinExchangeInfo; onClose(): void }) {
  const { t } = useTranslation('wallet');
  const { message, modal } = useFeedback();
  const [kind, setKind] = useState<CoinExchangeKind>('membership_days');
  const [quantity, setQuantity] = useState<number | null>(1);
  const exchange = useCoinExchange();
  const q = quantity ?? 0;
  const coins = exchangeCoins(kind, q, info);
  const spends = kind !== 'cash_to_coins';
  const limitReached = info.used_today >= info.daily_limit;
  const problem = limitReached
    ? t('coins.limitReached')
    : q <= 0
      ? null
      : spends && coins > info.balance
        ? t('coins.notEnough')
        : !spends && q > info.available_cash
          ? t('coins.availableCash', { amount: formatPrice(info.available_cash) })
          : null;

  const submit = () =>
    modal.confirm({
      title: t('coins.exchangeTitle'),
      content: t('coins.confirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          const r = await exchange.mutateAsync({ kind, quantity: q, idempotency_key: newIdempotencyKey() });
          void message.success(r.exchange.coupon_cdk ? t('coins.couponIs', { cdk: r.exchange.coupon_cdk }) : t('coins.done'), 8);
          onClose();
        } catch {
          // shown by the HTTP client
        }
      },
    });

  return (
    <Modal
      open
      title={t('coins.exchangeTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('coins.exchange')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: q <= 0 || !!problem || coins < 1 }}
      confirmLoading={exchange.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('coins.rate', { perDay: info.coins_per_membership_day, perHkd: info.coins_per_hkd })}
        <br />
        {t('coins.limit', { used: info.used_today, limit: info.daily_limit })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('coins.kind')}>
          <Segmented<CoinExchangeKind>
            value={kind}
            onChange={(v) => {
              setKind(v);
              setQuantity(1);
            }}
            options={COIN_EXCHANGE_KINDS.map((k) => ({ value: k, label: t(`coins.exchangeKinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item label={spends ? t('coins.days') : t('coins.cashAmount')}>
          <InputNumber<number>
            aria-label={spends ? t('coins.days') : t('coins.cashAmount')}
            min={spends ? 1 : 0.1}
            max={spends ? COIN_EXCHANGE_DAYS_MAX : Math.max(0.1, info.available_cash)}
            precision={spends ? 0 : 2}
            value={quantity}
            onChange={setQuantity}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
      <div>{spends ? t('coins.cost', { coins }) : t('coins.gain', { coins })}</div>
      {!spends && <div className="xr-muted">{t('coins.availableCash', { amount: formatPrice(info.available_cash) })}</div>}
      {problem && <Alert className="xr-mt" type="warning" showIcon message={problem} />}
    </Modal>
  );
}
