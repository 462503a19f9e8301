import { META_WEIGHT_MAX } from '@xr/contract/constants';
import {
  addWorldBody,
  WORLD_ACCESS,
  WORLD_CAPACITY_DEFAULT,
  WORLD_CAPACITY_MAX,
  WORLD_CAPACITY_MIN,
  WORLD_DESCRIPTION_MAX,
  WORLD_NAME_MAX,
  WORLD_PASSWORD_MAX,
  WORLD_ROOM_TYPES,
  type WorldAccess,
  type WorldEntry,
  type WorldRoomType,
  worldRoomPath,
} from '@xr/contract/world';
import { Button, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { Confirm } from '../../../components/admin/table-parts';
import { zodRules } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { useAddWorld, useMyProjectOptions, useUpWorld } from '../api/entries';

const FIELDS = ['name', 'description', 'project_id', 'weight', 'room_type', 'capacity', 'access', 'password', 'locked'] as const;
const rules = zodRules(addWorldBody, ['name', 'description', 'project_id', 'weight', 'capacity', 'password']);

interface Values {
  name: string;
  description?: string;
  project_id?: number;
  weight: number | null;
  room_type: WorldRoomType;
  capacity: number | null;
  access: WorldAccess;
  password?: string;
  locked: boolean;
}

/** The full invite link of an entry (this site's address, hash route of the room page). */
export function inviteLinkOf(entry: Pick<WorldEntry, 'id' | 'invite_token'>, origin = window.location.origin): string {
  return `${origin}/#${worldRoomPath(entry.id, entry.invite_token)}`;
}

/** The project picker: the creator's own projects by name, or any project by its id (published ones of others). */
function ProjectSelect({ value, onChange, initial }: { value?: number; onChange?(v: number): void; initial?: WorldEntry }) {
  const { t } = useTranslation('world');
  const [search, setSearch] = useState('');
  const keyword = useDeferredValue(search);
  const options = useMyProjectOptions(/^\d+$/.test(keyword.trim()) ? '' : keyword.trim());
  const list = (options.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} (#${p.id})` }));
  const typed = Number(search.trim());
  if (/^\d+$/.test(search.trim()) && typed > 0 && typed < 2 ** 31 && !list.some((o) => o.value === typed)) {
    list.unshift({ value: typed, label: t('form.projectById', { id: typed }) });
  }
  if (initial && !list.some((o) => o.value === initial.project_id)) {
    list.push({
      value: initial.project_id,
      label: `${initial.project_name || t('form.projectById', { id: initial.project_id })} (#${initial.project_id})`,
    });
  }
  return (
    <Select
      showSearch
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setSearch}
      loading={options.isFetching}
      options={list}
      placeholder={t('form.projectPlaceholder')}
      aria-label={t('form.project')}
      notFoundContent={t('empty')}
    />
  );
}

interface Props {
  /** The entry to edit; absent to add one. */
  entry?: WorldEntry;
  onClose(): void;
}

/**
 * Add or edit a meta world entry: name, description, the scene or tour project, weight 0–999, room type, capacity
 * per instance, who may enter (password when chosen), locked; when editing, the invite link to copy or renew.
 */
export function WorldFormDialog({ entry, onClose }: Props) {
  const { t } = useTranslation('world');
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const add = useAddWorld();
  const update = useUpWorld();
  const access = Form.useWatch('access', form) ?? entry?.access ?? 'public';
  const [invite, setInvite] = useState(entry?.invite_token ?? '');

  const onSubmit = async (v: Values) => {
    const common = {
      name: v.name,
      description: v.description?.trim() ?? '',
      project_id: v.project_id as number,
      weight: v.weight ?? 0,
      room_type: v.room_type,
      capacity: v.capacity ?? WORLD_CAPACITY_DEFAULT,
      access: v.access,
      locked: v.locked,
      ...(v.password ? { password: v.password } : {}),
    };
    if (!entry) {
      await add.mutateAsync(common);
      return t('form.added');
    }
    await update.mutateAsync({ id: entry.id, ...common });
    return t('form.saved');
  };

  const renewInvite = async () => {
    if (!entry) return;
    const next = await update.mutateAsync({ id: entry.id, new_invite: true });
    setInvite(next.invite_token);
    void message.success(t('form.newInviteDone'));
  };

  const passwordRules = entry?.has_password ? [] : [{ required: access === 'password', message: t('form.password') }];

  return (
    <FormDialog<Values>
      form={form}
      title={entry ? t('form.editTitle') : t('form.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      initialValues={{
        name: entry?.name ?? '',
        description: entry?.description ?? '',
        project_id: entry?.project_id,
        weight: entry?.weight ?? 0,
        room_type: entry?.room_type ?? 'open',
        capacity: entry?.capacity ?? WORLD_CAPACITY_DEFAULT,
        access: entry?.access ?? 'public',
        locked: entry?.locked ?? false,
      }}
      below={
        entry && access === 'invite' ? (
          <div>
            <Typography.Text strong>{t('form.inviteLink')}</Typography.Text>
            <Typography.Paragraph copyable={{ tooltips: [t('form.copy'), t('form.copied')] }} style={{ wordBreak: 'break-all' }}>
              {inviteLinkOf({ id: entry.id, invite_token: invite })}
            </Typography.Paragraph>
            <Confirm hint={t('form.newInviteHint')} onConfirm={() => void renewInvite()}>
              <Button size="small">{t('form.newInvite')}</Button>
            </Confirm>
          </div>
        ) : null
      }
    >
      <Form.Item name="name" label={t('form.name')} rules={rules.name}>
        <Input maxLength={WORLD_NAME_MAX} />
      </Form.Item>
      <Form.Item name="description" label={t('form.description')} rules={rules.description}>
        <Input.TextArea maxLength={WORLD_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item name="project_id" label={t('form.project')} rules={rules.project_id} extra={t('form.projectHelp')}>
        <ProjectSelect initial={entry} />
      </Form.Item>
      <Form.Item name="weight" label={t('form.weight')} rules={rules.weight}>
        <InputNumber precision={0} style={{ width: '100%' }} placeholder={`0–${META_WEIGHT_MAX}`} />
      </Form.Item>
      <Form.Item name="room_type" label={t('form.type')}>
        <Select options={WORLD_ROOM_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))} aria-label={t('form.type')} />
      </Form.Item>
      <Form.Item name="capacity" label={t('form.capacity')} rules={rules.capacity} extra={t('form.capacityHelp')}>
        <InputNumber min={WORLD_CAPACITY_MIN} max={WORLD_CAPACITY_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="access" label={t('form.access')}>
        <Select options={WORLD_ACCESS.map((v) => ({ value: v, label: t(`access.${v}`) }))} aria-label={t('form.access')} />
      </Form.Item>
      {access === 'password' && (
        <Form.Item
          name="password"
          label={t('form.password')}
          rules={[...rules.password, ...passwordRules]}
          extra={entry?.has_password ? t('form.passwordKeep') : undefined}
        >
          <Input.Password maxLength={WORLD_PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item name="locked" label={t('form.locked')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
