import { Button, Card, Descriptions, Progress, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/dates';
import { useMyPlan } from '../api/plans';
import { storageText, usePlanName } from './plan-text';

const percent = (used: number, max: number | null) =>
  max === null ? 0 : max <= 0 ? (used > 0 ? 100 : 0) : Math.min(100, Math.round((used / max) * 100));

/** /profile: the plan in force, the membership end and days left, and usage against the plan's quotas. */
export function MyPlanCard() {
  const { t } = useTranslation('plans');
  const planName = usePlanName();
  const { data, isLoading } = useMyPlan();
  return (
    <Card
      title={t('mine.title')}
      data-testid="my-plan"
      extra={
        <Link to="/solutions">
          <Button size="small">{data?.vip_status ? t('mine.renew') : t('mine.upgrade')}</Button>
        </Link>
      }
    >
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('mine.plan')}>
              <Tag color={data.level === 'freemium' ? 'default' : 'gold'} data-testid="my-plan-level">
                {planName(data.names)}
              </Tag>
              {data.period ? t(`periods.${data.period}`) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('mine.status')}>
              {data.vip_status ? <Tag color="green">{t('mine.active')}</Tag> : <Tag color="red">{t('mine.expired')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('mine.until')}>
              {data.vip_date ? formatDay(data.vip_date) : '—'}
              {data.days_left !== null && data.days_left >= 0 ? ` · ${t('mine.daysLeft', { count: data.days_left })}` : ''}
            </Descriptions.Item>
          </Descriptions>
          <div className="xr-plan-usage">
            <div>
              {t('mine.projects', {
                used: data.usage.projects,
                max: data.quotas.max_projects === null ? t('mine.unlimited') : data.quotas.max_projects,
              })}
            </div>
            <Progress
              percent={percent(data.usage.projects, data.quotas.max_projects)}
              size="small"
              aria-label={t('mine.projectsLabel')}
            />
            <div>
              {t('mine.storage', {
                used: storageText(data.usage.storage_bytes),
                max: storageText(data.quotas.storage_bytes),
              })}
            </div>
            <Progress
              percent={percent(data.usage.storage_bytes, data.quotas.storage_bytes)}
              size="small"
              aria-label={t('mine.storageLabel')}
            />
          </div>
        </>
      )}
    </Card>
  );
}
