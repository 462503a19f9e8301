import { CheckCircleOutlined, ClockCircleOutlined, StopOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { Card, Col, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStatistic } from '../api/user-statistic';
import { useRoleLabel } from './labels';

/** GET /user/user_statistic as cards: totals per status, new accounts of the week, holders per role. */
export function StatisticCards() {
  const { t } = useTranslation('members');
  const roleLabel = useRoleLabel();
  const stats = useUserStatistic();
  const s = stats.data;
  const cards: { key: string; title: string; value: number | undefined; icon: ReactNode }[] = [
    { key: 'total', title: t('stats.total'), value: s?.total, icon: <TeamOutlined /> },
    { key: 'active', title: t('stats.active'), value: s?.active, icon: <CheckCircleOutlined /> },
    { key: 'pending', title: t('stats.pending'), value: s?.pending, icon: <ClockCircleOutlined /> },
    { key: 'disabled', title: t('stats.disabled'), value: s?.disabled, icon: <StopOutlined /> },
    { key: 'new', title: t('stats.new'), value: s?.new_last_7_days, icon: <UserAddOutlined /> },
  ];
  return (
    <div className="xr-mb">
      <Row gutter={[12, 12]}>
        {cards.map((c) => (
          <Col key={c.key} flex="1 1 160px">
            <Card size="small" data-testid={`stat-${c.key}`}>
              {stats.isPending ? (
                <Skeleton active paragraph={false} />
              ) : (
                <Statistic title={c.title} value={c.value ?? 0} prefix={c.icon} />
              )}
            </Card>
          </Col>
        ))}
      </Row>
      {s && s.by_role.length > 0 && (
        <Space size={[6, 6]} wrap className="xr-mt" data-testid="stat-roles">
          <Typography.Text type="secondary">{t('stats.byRole')}</Typography.Text>
          {s.by_role.map((r) => (
            <Tag key={r.name}>
              {roleLabel(r.name)}: {r.count}
            </Tag>
          ))}
        </Space>
      )}
    </div>
  );
}
