import { AppstoreOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { LibraryModel } from '@xr/contract/library';
import { Button, Popover, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modelPageQuery } from '../../../components/api/library';
import { CreditText } from '../../../components/library/library-credit';

/** Most variants a picker lists (the generated families have at most a few dozen). */
const MAX_VARIANTS = 100;

/**
 * The variant picker of a library card: the model's colours, sizes or numbered versions as thumbnails; picking one
 * adds that variant to the scene. Fetched when opened.
 */
export function VariantPicker({ model, onPick }: { model: LibraryModel; onPick(m: LibraryModel): void }) {
  const { t } = useTranslation('scene3d');
  const [open, setOpen] = useState(false);
  const list = useQuery({
    ...modelPageQuery({ page: 1, limit: MAX_VARIANTS, group: model.group }),
    enabled: open,
  });
  const content = (
    <Spin spinning={list.isFetching}>
      <div
        className="xr-editor__variants"
        data-testid="variant-list"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 64px)', gap: 6, maxHeight: 320, overflow: 'auto' }}
      >
        {(list.data?.list ?? []).map((v) => (
          <Tooltip key={v.id} title={v.name}>
            <button
              type="button"
              className="xr-editor__variant"
              aria-label={`${t('assets.add')} ${v.name}`}
              onClick={() => {
                setOpen(false);
                onPick(v);
              }}
              style={{
                width: 64,
                height: 64,
                padding: 0,
                border: '1px solid rgba(128,128,128,.35)',
                borderRadius: 6,
                background: 'transparent',
                cursor: 'pointer',
              }}
            >
              <img src={v.thumbnail} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
            </button>
          </Tooltip>
        ))}
      </div>
    </Spin>
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={t('assets.variantsOf', { name: model.name, count: model.variants })}
      content={content}
    >
      <Tooltip title={t('assets.variants', { count: model.variants })}>
        <Button
          size="small"
          type="text"
          icon={<AppstoreOutlined />}
          aria-label={`${t('assets.variants', { count: model.variants })} ${model.name}`}
          data-testid="variant-picker"
        >
          {model.variants}
        </Button>
      </Tooltip>
    </Popover>
  );
}

/** The credit of an imported model (pack, author, licence, link) behind an info button. */
export function CreditButton({ model }: { model: LibraryModel }) {
  const { t } = useTranslation('library');
  if (!model.credit) return null;
  return (
    <Popover
      trigger="click"
      title={t('credit.title')}
      content={
        <div style={{ maxWidth: 260 }}>
          <CreditText credit={model.credit} />
        </div>
      }
    >
      <Button
        size="small"
        type="text"
        icon={<InfoCircleOutlined />}
        aria-label={`${t('credit.title')} ${model.name}`}
        data-testid="credit-button"
      />
    </Popover>
  );
}

/** "312 models · 3,390 variants": what the library holds, counted honestly. */
export function LibraryCounts({ models, variants }: { models: number; variants: number }) {
  const { t } = useTranslation('scene3d');
  return (
    <Typography.Text type="secondary" className="xr-editor__library-counts" data-testid="library-counts">
      {t('assets.counts', { models: models.toLocaleString(), variants: variants.toLocaleString() })}
    </Typography.Text>
  );
}
