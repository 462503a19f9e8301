import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The details page of an unknown or removed project (loaded only then: antd's Result and its 404 picture). */
export default function DetailsNotFound() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('details.notFound')}
      subTitle={t('details.notFoundHint')}
      extra={
        <Button type="primary" onClick={() => navigate('/marke_place')}>
          {t('details.backToMarket')}
        </Button>
      }
    />
  );
}
