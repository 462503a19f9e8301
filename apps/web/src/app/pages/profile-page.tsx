import { Col, Row, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { InstitutionStatusCard } from '../../features/institution/components/institution-status-card';
import { LibraryCard } from '../../features/orders/components/library-card';
import { MyPlanCard } from '../../features/plans/components/my-plan-card';
import { ProfilePanels } from '../../features/projects/components/profile-panels';
import { AboutMeCard } from '../../features/users/components/about-me-card';
import { MembershipCard } from '../../features/users/components/membership-card';
import { useSession } from '../../lib/auth/session';
import '../../features/users/components/users.css';

// Shown only with a rejected organisation application (antd's Upload and Button with it).
const CertificateUpload = lazy(() =>
  import('../../features/auth/components/certificate-upload').then((m) => ({ default: m.CertificateUpload })),
);

/**
 * /profile: about me, an organisation's application state, membership and invite, and the overview panels (spec section 2). It composes three
 * features (users, projects, orders), so it lives in app/, the one place that may import features.
 */
export default function ProfilePage() {
  const { user } = useSession();
  if (!user) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  return (
    <Row gutter={[20, 20]} className="xr-profile">
      <Col xs={24} lg={9} xl={8}>
        <AboutMeCard user={user} />
      </Col>
      <Col xs={24} lg={15} xl={16}>
        <div className="xr-stack">
          <InstitutionStatusCard
            user={user}
            renderUpload={(value, onChange) => (
              <Suspense fallback={null}>
                <CertificateUpload value={value} onChange={onChange} />
              </Suspense>
            )}
          />
          <MembershipCard user={user} />
          <MyPlanCard />
          <ProfilePanels />
          <LibraryCard />
        </div>
      </Col>
    </Row>
  );
}
