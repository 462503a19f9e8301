import { type AdminUser, USER_STATUSES, type UserManageBody } from '@xr/contract/rbac';
import { Alert, App, Descriptions, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError, errorText } from '../../../components/form/zod-rules';
import { useSession } from '../../../lib/auth/session';
import { useRoles } from '../api/get-role';
import { useUserDetails } from '../api/user-details';
import { useUserManage } from '../api/user-manage';
import { fromDateInput, toDateInput, useRoleLabel } from './labels';

const FIELDS = ['role_ids', 'status', 'vip_date'] as const;

interface Values {
  role_ids: number[];
  status: AdminUser['status'];
  vip_date?: string;
}

interface Props {
  user: AdminUser;
  onClose: () => void;
}

/** Edits an account's roles, status and membership end. Nobody changes their own roles or status. */
export function MemberFormDialog({ user, onClose }: Props) {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const roleLabel = useRoleLabel();
  const roles = useRoles();
  const details = useUserDetails(user.id);
  const manage = useUserManage();
  const session = useSession();
  const self = session.user?.id === user.id;
  const current = details.data ?? user;
  const initialVip = toDateInput(current.vip_date);

  useEffect(() => {
    if (details.data && !form.isFieldsTouched()) {
      form.setFieldsValue({
        role_ids: details.data.roles.map((r) => r.id),
        status: details.data.status,
        vip_date: toDateInput(details.data.vip_date),
      });
    }
  }, [details.data, form]);

  const onOk = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body: UserManageBody = { id: user.id };
    if (!self) {
      body.role_ids = values.role_ids;
      body.status = values.status;
    }
    if ((values.vip_date ?? '') !== initialVip) body.vip_date = fromDateInput(values.vip_date);
    try {
      await manage.mutateAsync(body);
      void message.success(t('saved'));
      onClose();
    } catch (err) {
      if (!applyServerFieldError(form, err, FIELDS)) void message.error(errorText(err));
    }
  };

  const title = t('editTitle', { name: user.username });
  return (
    <Modal
      open
      title={title}
      onOk={onOk}
      onCancel={onClose}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={manage.isPending}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        className="xr-mb"
        items={[
          { key: 'email', label: t('col.email'), children: current.email },
          { key: 'forum', label: t('col.forumName'), children: current.forum_name },
          {
            key: 'type',
            label: t('col.accountType'),
            children: t(`accountType.${current.account_type}`, { defaultValue: current.account_type }),
          },
        ]}
      />
      {self && <Alert type="info" showIcon className="xr-mb" title={t('selfHint')} />}
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label={title}
        onFinish={onOk}
        initialValues={{ role_ids: user.roles.map((r) => r.id), status: user.status, vip_date: toDateInput(user.vip_date) }}
      >
        <Form.Item name="role_ids" label={t('col.roles')}>
          <Select
            mode="multiple"
            disabled={self}
            loading={roles.isPending}
            placeholder={t('rolesPlaceholder')}
            aria-label={t('col.roles')}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(r.name) }))}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="status" label={t('col.status')}>
          <Select
            disabled={self}
            aria-label={t('col.status')}
            options={USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="vip_date" label={t('col.vipDate')} extra={t('vipDateHelp')}>
          <Input type="date" aria-label={t('col.vipDate')} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
