import { CrownFilled, GiftOutlined, ThunderboltFilled } from '@ant-design/icons';
import type { UserInfo } from '@xr/contract/auth';
import { Alert, Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/dates';

/** Invite link that opens the registration form with the code filled in. */
export function inviteLink(code: string): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#/register?invite=${encodeURIComponent(code)}`;
}

/** Membership state and date, experience points and the user's invite code and link. */
export function MembershipCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('profile');
  const date = user.vip_date ? formatDay(user.vip_date) : null;
  return (
    <Card className="xr-member" title={t('membership.title')} data-tour="profile-membership">
      <div className="xr-member__grid">
        <div className="xr-member__tile xr-member__tile--vip">
          <CrownFilled className="xr-member__icon" />
          <div>
            <div className="xr-member__label">{t('membership.status')}</div>
            <div className="xr-member__value">
              {user.vip_status ? (
                <Tag color="success">{t('membership.active')}</Tag>
              ) : (
                <Tag color="default">{t('membership.expired')}</Tag>
              )}
            </div>
            <div className="xr-member__sub">
              {date ? t(user.vip_status ? 'membership.validUntil' : 'membership.endedOn', { date }) : t('membership.noPlan')}
            </div>
          </div>
        </div>
        <div className="xr-member__tile xr-member__tile--xp">
          <ThunderboltFilled className="xr-member__icon" />
          <div>
            <div className="xr-member__label">{t('membership.xp')}</div>
            <div className="xr-member__value xr-member__number" data-testid="xp-value">
              {user.xp_value.toLocaleString()}
            </div>
            <div className="xr-member__sub">{t('membership.xpHint')}</div>
          </div>
        </div>
      </div>
      {!user.vip_status && (
        <Alert
          type="warning"
          showIcon
          className="xr-mt"
          title={t('membership.renewTitle')}
          description={t('membership.renewText')}
          action={<Link to="/solutions">{t('membership.renew')}</Link>}
        />
      )}
      <div className="xr-invite">
        <div className="xr-invite__head">
          <GiftOutlined /> {t('invite.title')}
        </div>
        {user.invite_code ? (
          <>
            <div className="xr-invite__row">
              <span className="xr-invite__label">{t('invite.code')}</span>
              <Typography.Text code copyable={{ tooltips: [t('invite.copy'), t('invite.copied')] }} data-testid="invite-code">
                {user.invite_code}
              </Typography.Text>
            </div>
            <div className="xr-invite__row">
              <span className="xr-invite__label">{t('invite.link')}</span>
              <Typography.Text
                className="xr-invite__link"
                ellipsis
                copyable={{ text: inviteLink(user.invite_code), tooltips: [t('invite.copy'), t('invite.copied')] }}
              >
                {inviteLink(user.invite_code)}
              </Typography.Text>
            </div>
            <p className="xr-muted xr-invite__hint">{t('invite.hint')}</p>
          </>
        ) : (
          <p className="xr-muted">{t('invite.none')}</p>
        )}
      </div>
    </Card>
  );
}
