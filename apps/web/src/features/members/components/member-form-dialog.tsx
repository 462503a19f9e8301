import { type AdminUser, USER_STATUSES, type UserManageBody } from '@xr/contract/rbac';
import { Alert, Descriptions, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, useLoadedValues } from '../../../components/admin/form-dialog';
import { useSession } from '../../../lib/auth/session';
import { useRoles } from '../api/get-role';
import { useUserDetails } from '../api/user-details';
import { useUserManage } from '../api/user-manage';
import { fromDateInput, toDateInput, useRoleLabel } from './labels';
import { SeatActions } from './seat-actions';

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

/**
 * Edits an account's roles, status and membership end. Nobody changes their own roles or status. Only
 * administrators edit the end; organisation admins give or release a seat instead.
 */
export function MemberFormDialog({ user, onClose }: Props) {
  const { t } = useTranslation('members');
  const [form] = Form.useForm<Values>();
  const roleLabel = useRoleLabel();
  const roles = useRoles();
  const details = useUserDetails(user.id);
  const manage = useUserManage();
  const session = useSession();
  const self = session.user?.id === user.id;
  const admin = session.user?.roles.includes('admin') ?? false;
  const current = details.data ?? user;
  const initialVip = toDateInput(current.vip_date);

  useLoadedValues(form, details.data, (d) => ({
    role_ids: d.roles.map((r) => r.id),
    status: d.status,
    vip_date: toDateInput(d.vip_date),
  }));

  const onSubmit = async (values: Values) => {
    const body: UserManageBody = { id: user.id };
    if (!self) {
      body.role_ids = values.role_ids;
      body.status = values.status;
    }
    if (admin && (values.vip_date ?? '') !== initialVip) body.vip_date = fromDateInput(values.vip_date);
    await manage.mutateAsync(body);
    return t('saved');
  };

  return (
    <FormDialog<Values>
      form={form}
      title={t('editTitle', { name: user.username })}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      above={
        <>
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
          {!admin && !self && <SeatActions user={current} />}
        </>
      }
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
      {admin ? (
        <Form.Item name="vip_date" label={t('col.vipDate')} extra={t('vipDateHelp')}>
          <Input type="date" aria-label={t('col.vipDate')} />
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}
