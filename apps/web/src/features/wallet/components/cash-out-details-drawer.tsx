import { formatPrice } from '@xr/contract/format';
import { Button, Descriptions, Drawer, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';
import { useCashOutDetails } from '../api/cash';
import { AdjustWalletDialog } from './adjust-wallet-dialog';
import { ledgerNote } from './ledger-note';

/** A request's details: the creator, the full payout details, the creator's balance and the sales behind the amount. */
export function CashOutDetailsDrawer({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation('wallet');
  const details = useCashOutDetails(id);
  const d = details.data;
  const [adjusting, setAdjusting] = useState(false);
  return (
    <Drawer
      open
      title={t('review.detailsTitle', { id })}
      onClose={onClose}
      width="min(560px, 100vw)"
      extra={
        d ? (
          <Button size="small" onClick={() => setAdjusting(true)}>
            {t('review.adjust')}
          </Button>
        ) : null
      }
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('review.creator')}>
              {d.user.name} <span className="xr-muted">{d.user.email}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('cash.amount')}>{formatPrice(d.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('requests.state')}>{t(`states.${d.state}`)}</Descriptions.Item>
            <Descriptions.Item label={t('review.payTo')}>
              <div>{d.method.display}</div>
              {Object.entries(d.method_details).map(([k, v]) => (
                <div key={k} className="xr-muted">
                  {k}: {v}
                </div>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('review.balance')}>
              {t('cash.available')} {formatPrice(d.balance.available)} · {t('cash.pending')} {formatPrice(d.balance.pending)} ·{' '}
              {t('cash.reserved')} {formatPrice(d.balance.reserved)}
            </Descriptions.Item>
            {(d.reason || d.reference) && (
              <Descriptions.Item label={t('requests.details')}>{d.reason || d.reference}</Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5} className="xr-mt">
            {t('review.sales')}
          </Typography.Title>
          <List
            size="small"
            dataSource={d.sales}
            locale={{ emptyText: <Empty description={t('review.noSales')} /> }}
            renderItem={(s) => (
              <List.Item extra={formatPrice(s.amount)}>
                <List.Item.Meta
                  title={ledgerNote(s.note, t)}
                  description={
                    <>
                      {formatTime(s.created_at)}{' '}
                      {s.released ? (
                        <Tag color="success">{t('cash.released')}</Tag>
                      ) : (
                        <Tag color="warning">{t('cash.pending')}</Tag>
                      )}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </>
      )}
      {adjusting && d && <AdjustWalletDialog user={d.user} onClose={() => setAdjusting(false)} />}
    </Drawer>
  );
}
