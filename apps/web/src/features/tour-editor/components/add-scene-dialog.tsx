import type { ResolvedMedia } from '@xr/contract/scenes';
import { Empty, Flex, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../../components/upload/upload-button';
import { thumbnailOf } from '../../../components/viewers/tour/tour-logic';
import type { ProjectMedia } from '../api/project-media';

/**
 * Adds a scene from the project's processed 360 images and videos, or uploads another one (it appears here once
 * the server has processed it).
 */
export function AddSceneDialog({
  open,
  projectId,
  media,
  onPick,
  onClose,
  onUploaded,
}: {
  open: boolean;
  projectId: number;
  media: ProjectMedia | undefined;
  onPick(asset: { id: number; kind: 'image360' | 'video360' }): void;
  onClose(): void;
  onUploaded(): void;
}) {
  const { t } = useTranslation('tour');
  const list = (media?.assets ?? []).filter((a) => a.kind === 'image360' || a.kind === 'video360');
  return (
    <Modal open={open} title={t('editor.addScene')} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {list.length === 0 ? <Empty description={t('editor.no360')} /> : null}
      <div className="xr-tour-editor__pick" data-testid="scene-candidates">
        {list.map((a) => {
          const thumb = thumbnailOf(media?.media[String(a.id)] as ResolvedMedia | undefined);
          return (
            <button
              key={a.id}
              type="button"
              disabled={!a.ready}
              onClick={() => onPick({ id: a.id, kind: a.kind as 'image360' | 'video360' })}
              data-testid="scene-candidate"
              data-asset={a.id}
            >
              {thumb ? (
                <img src={thumb} alt="" />
              ) : (
                <span className="xr-tour__scene-ph">{a.kind === 'video360' ? '▶ 360°' : '360°'}</span>
              )}
              <span>{a.filename}</span>
              <Tag>{t(`assetKind.${a.kind}`)}</Tag>
              {!a.ready ? <Tag color="processing">{t('editor.processing')}</Tag> : null}
            </button>
          );
        })}
      </div>
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        <UploadButton kind="image360" projectId={projectId} onDone={onUploaded} />
        <UploadButton kind="video360" projectId={projectId} onDone={onUploaded} />
      </Flex>
    </Modal>
  );
}
