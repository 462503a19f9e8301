import { EditOutlined, MailOutlined } from '@ant-design/icons';
import type { UserInfo } from '@xr/contract/auth';
import { FORUM_NAME_MAX } from '@xr/contract/constants';
import { Button, Card, Descriptions, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { formatDay } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';
import { translateKey } from '../../../lib/i18n';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useUpForumName } from '../api/up-forum-name';
import { useUpInformation } from '../api/up-information';
import { AvatarUpload } from './avatar-upload';

// The edit dialog (antd Form, Modal, Select, Input and the contract's zod rules) loads when Edit is first pressed,
// not with the profile (/profile's first load).
const EditInfoDialog = lazy(() => import('./edit-info-dialog').then((m) => ({ default: m.EditInfoDialog })));

/** "About me": picture, names, role, account type, contact details and introduction, with inline edits. */
export function AboutMeCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('profile');
  const { message } = useFeedback();
  const [editing, setEditing] = useState(false);
  const editorOpened = useOpenedOnce(editing);
  const forum = useUpForumName();
  const info = useUpInformation();

  const saveForumName = async (value: string) => {
    if (value === user.forum_name) return;
    // the contract's schema (and zod with it) loads with the first change, not with the page
    const { upForumNameBody } = await import('@xr/contract/auth');
    const parsed = upForumNameBody.safeParse({ forum_name: value });
    if (!parsed.success) {
      void message.error(translateKey(parsed.error.issues[0]?.message ?? 'v.forumNameRequired'));
      return;
    }
    try {
      await forum.mutateAsync(parsed.data.forum_name);
      void message.success(t('about.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const saveIntroduction = async (value: string) => {
    if (value === user.introduction) return;
    try {
      await info.mutateAsync({ introduction: value });
      void message.success(t('about.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const roles = user.roles.length > 0 ? user.roles : [user.role_name];
  const since = formatDay(user.created_at);

  return (
    <Card className="xr-about" styles={{ body: { padding: 0 } }} data-tour="profile-about">
      <div className="xr-about__banner" />
      <div className="xr-about__head">
        <AvatarUpload src={user.avatar} name={user.username} />
        <h2 className="xr-about__name">{user.username}</h2>
        <div className="xr-about__email">
          <MailOutlined /> {user.email}
        </div>
        <div className="xr-about__roles">
          {roles.map((r) => (
            <Tag key={r} color="purple">
              {t(`role.${r}`, { defaultValue: r })}
            </Tag>
          ))}
          <Tag color="blue">{t(`accountType.${user.account_type}`, { defaultValue: user.account_type })}</Tag>
        </div>
      </div>
      <div className="xr-about__body">
        <div className="xr-about__section-head">
          <span>{t('about.title')}</span>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('about.edit')}
          </Button>
        </div>
        <Descriptions
          column={1}
          size="small"
          colon={false}
          styles={{ label: { width: 112, color: '#6b7280' } }}
          items={[
            {
              key: 'forum',
              label: t('about.forumName'),
              children: (
                <Typography.Text
                  editable={{ onChange: saveForumName, maxLength: FORUM_NAME_MAX, tooltip: t('about.editForumName') }}
                  data-testid="forum-name"
                >
                  {user.forum_name}
                </Typography.Text>
              ),
            },
            {
              key: 'gender',
              label: t('about.gender'),
              children: user.gender ? t(`gender.${user.gender}`, { defaultValue: user.gender }) : '—',
            },
            { key: 'phone', label: t('about.phone'), children: user.phone || '—' },
            { key: 'since', label: t('about.memberSince'), children: since || '—' },
          ]}
        />
        <div className="xr-about__intro-label">{t('about.introduction')}</div>
        <Typography.Paragraph
          className="xr-about__intro"
          type={user.introduction ? undefined : 'secondary'}
          editable={{
            onChange: saveIntroduction,
            maxLength: 500,
            autoSize: { minRows: 2, maxRows: 6 },
            tooltip: t('about.editIntroduction'),
            text: user.introduction,
          }}
        >
          {user.introduction || t('about.introductionEmpty')}
        </Typography.Paragraph>
      </div>
      {editorOpened ? (
        <Suspense fallback={null}>
          <EditInfoDialog user={user} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
