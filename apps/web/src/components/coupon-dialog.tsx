import { GiftOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckCdkReply } from '@xr/contract/codes';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadUserInfo } from '../lib/auth/session';
import { useFeedback } from '../lib/feedback';
import { http } from '../lib/http';
import { translateKey } from '../lib/i18n';
import { errorText } from './form/zod-rules';

/**
 * Queries whose answer depends on the membership (prefixes): the plan card and its quotas (`plans`), and the storage
 * quota of the creator pages (`projects/capacity`). A redeemed coupon changes them all, wherever they are shown.
 */
export const MEMBERSHIP_QUERY_KEYS = [['plans'], ['projects', 'capacity']] as const;

/** POST /user/check_cdk: redeems a coupon code (spec section 7: success when the reply's data.code is 200). */
export function checkCdk(cdk: string) {
  return http.post<CheckCdkReply>('/user/check_cdk', { cdk }, { silent: true });
}

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Coupon redemption: "Coupon code cannot be empty"; on success "Redemption successful" and user info reloads. */
export function CouponDialog({ open, onClose }: Props) {
  const { t } = useTranslation('layout');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ cdk: string }>();
  const client = useQueryClient();
  const redeem = useMutation({ mutationFn: checkCdk });

  const onOk = async () => {
    let cdk: string;
    try {
      cdk = (await form.validateFields()).cdk.trim();
    } catch {
      return;
    }
    try {
      const reply = await redeem.mutateAsync(cdk);
      if (reply?.code !== 200) throw new Error(translateKey('err.couponInvalid'));
      void message.success(t('coupon.done'));
      void loadUserInfo().catch(() => undefined);
      for (const queryKey of MEMBERSHIP_QUERY_KEYS) void client.invalidateQueries({ queryKey: [...queryKey] });
      onClose();
    } catch (err) {
      form.setFields([{ name: 'cdk', errors: [errorText(err)] }]);
    }
  };

  return (
    <Modal
      open={open}
      title={t('coupon.title')}
      onOk={onOk}
      onCancel={onClose}
      okText={t('coupon.submit')}
      confirmLoading={redeem.isPending}
      destroyOnHidden
    >
      <p className="xr-muted">{t('coupon.hint')}</p>
      <Form form={form} layout="vertical" onFinish={onOk} aria-label={t('coupon.title')}>
        <Form.Item
          name="cdk"
          label={t('coupon.label')}
          rules={[{ required: true, whitespace: true, message: translateKey('v.couponRequired') }]}
        >
          <Input prefix={<GiftOutlined />} placeholder={t('coupon.placeholder')} autoFocus maxLength={64} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
