import { GiftOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import type { Invitee } from '@xr/contract/codes';
import { Avatar, Button, Card, Descriptions, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/admin/list-page';
import { Confirm } from '../../../components/admin/table-parts';
import { useSession } from '../../../lib/auth/session';
import { useFeedback } from '../../../lib/feedback';
import { useInviteCodeInfoList } from '../api/invite-code-info-list';
import { useSetUserInviteCode } from '../api/set-user-invite-code';
import { useDateTime } from '../components/code-fields';

/** The registration link with my invite code filled in (the register form reads `?invite=`). */
export function inviteLink(code: string): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#/register?invite=${encodeURIComponent(code)}`;
}

const STATUS_COLOR: Record<Invitee['status'], string> = { active: 'success', pending: 'processing', disabled: 'default' };

/** /invite-code/page: my invite code and link (copy, regenerate) and the people who registered with them. */
export default function MyInvitePage() {
  const { t } = useTranslation('codes');
  const { message } = useFeedback();
  const dateTime = useDateTime();
  const { user } = useSession();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const invitees = useInviteCodeInfoList(paging);
  const regenerate = useSetUserInviteCode();
  const code = user?.invite_code ?? '';
  const copyable = { tooltips: [t('copy'), t('copied')] };

  const renew = async () => {
    try {
      const reply = await regenerate.mutateAsync();
      void message.success(t('mine.regenerated', { code: reply.invite_code }));
    } catch {
      // shown by the HTTP client
    }
  };

  const columns: TableColumnsType<Invitee> = [
    {
      title: t('mine.name'),
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space>
          <Avatar size="small" src={r.avatar || undefined} icon={<UserOutlined />} />
          {name}
        </Space>
      ),
    },
    { title: t('mine.registeredAt'), dataIndex: 'created_at', width: 200, render: (v: string) => dateTime(v) },
    {
      title: t('mine.status'),
      dataIndex: 'status',
      width: 130,
      render: (v: Invitee['status']) => <Tag color={STATUS_COLOR[v]}>{t(`accountStatus.${v}`)}</Tag>,
    },
    {
      title: t('mine.via'),
      dataIndex: 'via',
      width: 200,
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : t('mine.personal')),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <GiftOutlined />
            {t('mine.title')}
          </Space>
        }
      >
        {code ? (
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'code',
                label: t('mine.code'),
                children: (
                  <Typography.Text code copyable={copyable} data-testid="my-invite-code">
                    {code}
                  </Typography.Text>
                ),
              },
              {
                key: 'link',
                label: t('mine.link'),
                children: (
                  <Typography.Text copyable={{ ...copyable, text: inviteLink(code) }} data-testid="my-invite-link">
                    {inviteLink(code)}
                  </Typography.Text>
                ),
              },
            ]}
          />
        ) : (
          <p className="xr-muted">{t('mine.none')}</p>
        )}
        <p className="xr-muted xr-mt">{t('mine.hint')}</p>
        <Confirm hint={t('mine.regenerateHint')} onConfirm={renew}>
          <Button icon={<ReloadOutlined />} loading={regenerate.isPending}>
            {t('mine.regenerate')}
          </Button>
        </Confirm>
      </Card>
      <Card title={t('mine.invitedTitle')}>
        <PagedTable
          columns={columns}
          result={invitees}
          query={paging}
          setQuery={setPaging}
          showTotal={(total) => t('total', { total })}
          scrollX={720}
          locale={{ emptyText: t('mine.empty') }}
        />
      </Card>
    </Space>
  );
}
