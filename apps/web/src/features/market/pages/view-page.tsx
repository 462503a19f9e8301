import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AssetViewer, viewsOf } from '../../../components/viewers/asset-viewer';
import { DocumentViewer } from '../../../components/viewers/document-viewer';
import { useSession } from '../../../lib/auth/session';
import { projectContentQuery } from '../api/project-content';
import { projectDetailsQuery } from '../api/project-details';
import '../market.css';

/**
 * /view?id= (public, like the details page, with the same visibility rules): the project's content full screen —
 * its 360 tour or 3D scene, or its asset viewer — over the whole window, with a way back to the details page.
 */
export default function ViewPage() {
  const { t } = useTranslation(['viewer', 'market']);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const { token } = useSession();
  const signedIn = !!token;
  const content = useQuery({ ...projectContentQuery(id, signedIn), enabled: valid });
  const details = useQuery({ ...projectDetailsQuery(id, signedIn), enabled: valid });
  const back = `/product_details?id=${id}`;
  const data = content.data;
  const views = viewsOf(data);
  let body: ReactNode;
  if (!valid) body = <Result status="404" title={t('notFound')} />;
  else if (content.isLoading) body = <Spin style={{ display: 'block', margin: 48 }} />;
  else if (!data || data.access === 'none' || (!data.scene && views.length === 0))
    body = (
      <Result
        status="info"
        title={data?.message || t('notFound')}
        extra={
          <Link to={back}>
            <Button type="primary">{t('back')}</Button>
          </Link>
        }
      />
    );
  else if (data.scene)
    body = (
      <DocumentViewer
        projectId={id}
        scene={data.scene}
        audience={signedIn ? 'market-user' : 'market-visitor'}
        height="calc(100vh - 120px)"
      />
    );
  else body = views.map((v) => <AssetViewer key={v.src} {...v} height="calc(100vh - 60px)" />);
  return (
    <div className="xr-view-page" data-testid="view-page">
      <div className="xr-view-page__bar">
        <Link to={back} aria-label={t('back')}>
          <ArrowLeftOutlined /> {t('back')}
        </Link>
        <h1>{details.data?.name ?? ''}</h1>
      </div>
      <div className="xr-view-page__body">{body}</div>
    </div>
  );
}
