import { useQuery } from '@tanstack/react-query';
import type { LibraryCredit } from '@xr/contract/library';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { creditListQuery } from '../api/library';

/**
 * One model's credit: its pack, author, licence and link, each shown as "unknown" when the pack did not say (an
 * honest credit rather than a guessed one).
 */
export function CreditText({ credit }: { credit: LibraryCredit }) {
  const { t } = useTranslation('library');
  return (
    <span className="xr-credit" data-testid="library-credit">
      {t('credit.line', {
        pack: credit.pack,
        author: credit.author ?? t('credit.unknown'),
        license: credit.license ?? t('credit.unknownLicense'),
      })}
      {credit.url && (
        <>
          {' · '}
          <Typography.Link href={credit.url} target="_blank" rel="noopener noreferrer">
            {credit.url.replace(/^https?:\/\//, '')}
          </Typography.Link>
        </>
      )}
    </span>
  );
}

/**
 * A scene's credits: the imported library models it uses with their pack, author, licence and link (generated models
 * are the platform's own and need none). Nothing shows when no credited model is used.
 */
export function SceneCredits({ libraryIds }: { libraryIds: number[] }) {
  const { t } = useTranslation('library');
  const credits = useQuery(creditListQuery(libraryIds));
  const list = (credits.data ?? []).filter((c) => c.credit);
  if (list.length === 0) return null;
  return (
    <section className="xr-scene-credits" data-testid="scene-credits" aria-label={t('credit.title')} style={{ padding: '8px 0' }}>
      <Typography.Text strong>{t('credit.title')}</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {list.map((c) => (
          <li key={c.id}>
            <Typography.Text>{c.name}</Typography.Text>
            {' — '}
            <CreditText credit={c.credit!} />
          </li>
        ))}
      </ul>
    </section>
  );
}
