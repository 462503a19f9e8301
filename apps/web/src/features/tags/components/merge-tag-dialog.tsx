import { tagName } from '@xr/contract/market';
import type { AdminTag } from '@xr/contract/tags';
import { Alert, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { currentLang } from '../../../lib/i18n';
import { useMergeTag, useTagPage } from '../api/tags';

/** Merge a tag into another: every project carrying it carries the other instead; the tag itself goes. */
export function MergeTagDialog({ tag, onClose }: { tag: AdminTag; onClose(): void }) {
  const { t } = useTranslation('tags');
  const { message } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [into, setInto] = useState<number>();
  const options = useTagPage({ page: 1, limit: 50, keyword });
  const merge = useMergeTag();
  const lang = currentLang();
  const ok = async () => {
    if (!into) return;
    try {
      const r = await merge.mutateAsync({ from_id: tag.id, into_id: into });
      void message.success(t('merged', { count: r.moved }));
      onClose();
    } catch {
      // shown by the HTTP client
    }
  };
  return (
    <Modal
      open
      title={t('mergeTitle', { name: tagName(tag, lang) })}
      onCancel={onClose}
      onOk={ok}
      okText={t('merge')}
      okButtonProps={{ danger: true, disabled: !into }}
      cancelText={t('common:cancel')}
      confirmLoading={merge.isPending}
      destroyOnHidden
    >
      <Alert type="warning" showIcon className="xr-mb" message={t('mergeHint', { count: tag.usage })} />
      <Select
        showSearch
        filterOption={false}
        onSearch={setKeyword}
        value={into}
        onChange={setInto}
        loading={options.isFetching}
        placeholder={t('mergeInto')}
        aria-label={t('mergeInto')}
        style={{ width: '100%' }}
        data-testid="merge-into"
        options={(options.data?.list ?? [])
          .filter((x) => x.id !== tag.id)
          .map((x) => ({ value: x.id, label: `${tagName(x, lang)} (${x.name}) · ${t('usageCount', { count: x.usage })}` }))}
      />
    </Modal>
  );
}
