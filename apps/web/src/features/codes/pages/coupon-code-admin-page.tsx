import { COUPON_KINDS, type CouponCode, type CouponKind } from '@xr/contract/codes';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { useCouponCodeList } from '../api/coupon-code-list';
import { useDelCouponCode } from '../api/del-coupon-code';
import { useSetCouponCode } from '../api/set-coupon-code';
import { CodeAdminCard, type CodeFilters } from '../components/code-admin-card';
import { useCodeColumns } from '../components/code-columns';
import { CouponCodeFormDialog } from '../components/coupon-code-form-dialog';

interface Filters extends CodeFilters {
  kind?: CouponKind;
}

/** /coupon-code/add-coupon-code: coupons with search and filters, paging, add / edit, on/off switch and delete. */
export default function CouponCodeAdminPage() {
  const { t } = useTranslation('codes');
  const list = useListQuery<Filters>({ keyword: '' });
  const result = useCouponCodeList(list.query);
  const remove = useDeleteRow(useDelCouponCode(), t('deleted'), {
    rowsOnPage: result.data?.list.length,
    setQuery: list.setQuery,
  });
  const col = useCodeColumns<CouponCode>(useSetCouponCode(), 'cdk', t('coupon.cdk'));

  return (
    <CodeAdminCard<CouponCode, Filters>
      kind="coupon"
      list={list}
      result={result}
      remove={remove}
      columns={[
        col.code,
        {
          title: t('coupon.benefit'),
          key: 'benefit',
          width: 170,
          render: (_: unknown, r) => t(`benefit.${r.kind}`, { value: r.value.toLocaleString() }),
        },
        col.uses,
        col.expiresAt,
        col.state,
        col.enabled,
        { title: t('note'), dataIndex: 'note', ellipsis: true },
        col.createdAt,
      ]}
      filters={
        <Select
          allowClear
          value={list.draft.kind}
          onChange={(kind) => list.edit({ kind })}
          placeholder={t('coupon.filterKind')}
          aria-label={t('coupon.filterKind')}
          style={{ width: 180 }}
          options={COUPON_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
      }
      dialog={(coupon, close) => <CouponCodeFormDialog key={coupon?.id ?? 'new'} open coupon={coupon} onClose={close} />}
    />
  );
}
