import { useQueryClient } from '@tanstack/react-query';
import { CATALOGS, type Catalog } from '@xr/contract/constants';
import type { ProjectType } from '@xr/contract/creator';
import { tagName } from '@xr/contract/market';
import { Button, Col, Drawer, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { contentKindOf } from '../../../components/upload/tus-upload';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { currentLang } from '../../../lib/i18n';
import { useAssetStatus } from '../api/asset-status';
import { imageUpload } from '../api/image-upload';
import { projectsKeys } from '../api/keys';
import { useSaveProject } from '../api/save-project';
import { useTagOptions } from '../api/tag-list';
import type { MyProject, ProjectBody } from '../api/types';
import { AssetProcessing } from './asset-processing';
import { ContentPreview } from './content-preview';
import { CoverField, ImagesField } from './image-field';
import { CONTENT_ACCEPT, PROJECT_TYPES, projectFormRules } from './project-form-rules';
import { UploadProgress } from './upload-progress';
import { videoPosterFrame } from './video-poster';

export interface ProjectFormValues {
  name: string;
  catalog?: Catalog;
  type?: ProjectType;
  price: string;
  keywords: string;
  tag_ids: number[];
  description: string;
  cover?: string;
  images: string[];
  for_sale: boolean;
  is_public: boolean;
  anonymous_preview: boolean;
}

export function toFormValues(p?: MyProject): ProjectFormValues {
  return {
    name: p?.name ?? '',
    catalog: p?.catalog,
    // a type outside today's list (older data) has to be chosen again
    type: (PROJECT_TYPES as readonly string[]).includes(p?.type ?? '') ? (p?.type as ProjectType) : undefined,
    price: p ? p.price.toFixed(2) : '0.00',
    keywords: p?.keywords ?? '',
    tag_ids: p?.tag_ids ?? [],
    description: p?.description ?? '',
    cover: p?.cover || undefined,
    images: p?.images ?? [],
    for_sale: p?.for_sale ?? false,
    is_public: p?.is_public ?? false,
    anonymous_preview: p?.anonymous_preview ?? false,
  };
}

export function toBody(v: ProjectFormValues): ProjectBody {
  return {
    name: v.name.trim(),
    catalog: v.catalog as Catalog,
    type: v.type as ProjectType,
    price: Number(v.price),
    keywords: v.keywords.trim(),
    tag_ids: v.tag_ids ?? [],
    description: v.description.trim(),
    cover: v.cover ?? '',
    images: v.images ?? [],
    for_sale: v.for_sale,
    is_public: v.is_public,
    anonymous_preview: v.anonymous_preview,
  };
}

/** The fields of the project form (also rendered alone by the rules test). */
export function ProjectFields({ project }: { project?: MyProject }) {
  const { t } = useTranslation('projects');
  const { message } = useFeedback();
  const form = Form.useFormInstance<ProjectFormValues>();
  const catalog = Form.useWatch('catalog', form) as Catalog | undefined;
  const forSale = Form.useWatch('for_sale', form);
  const isPublic = Form.useWatch('is_public', form);
  const tags = useTagOptions();
  const client = useQueryClient();
  const assets = useAssetStatus(project?.id).data?.assets ?? [];
  const rules = projectFormRules(t);

  /** 360 videos: the browser takes a poster frame at 1 s and uploads it (as a cover picture) when no cover is set. */
  const onFileChosen = (file: File) => {
    if (catalog !== '360_video' || form.getFieldValue('cover')) return;
    videoPosterFrame(file)
      .then((poster) => imageUpload(poster))
      .then(({ url }) => {
        if (form.getFieldValue('cover')) return; // the creator chose one meanwhile
        form.setFieldValue('cover', url);
        void form.validateFields(['cover']);
        void message.success(t('upload.posterTaken'));
      })
      .catch(() => void message.warning(t('upload.posterFailed')));
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="name" label={t('field.name')} rules={rules.name}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="catalog" label={t('field.catalog')} rules={rules.catalog}>
          <Select options={CATALOGS.map((c) => ({ value: c.value, label: t(`catalog.${c.value}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="type" label={t('field.type')} rules={rules.type}>
          <Select options={PROJECT_TYPES.map((v) => ({ value: v, label: t(`market:projectType.${v}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="price" label={t('field.price')} rules={rules.price} extra={t('form.priceHint')}>
          <Input prefix="HK$" inputMode="decimal" placeholder="0.00" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="keywords" label={t('field.keywords')} rules={rules.keywords}>
          <Input maxLength={200} placeholder={t('form.keywordsPlaceholder')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="tag_ids" label={t('field.tags')}>
          <Select
            mode="multiple"
            allowClear
            loading={tags.isLoading}
            optionFilterProp="label"
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tagName(tag, currentLang()) }))}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="description" label={t('field.description')} rules={rules.description}>
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="cover" label={t('field.cover')} rules={rules.cover}>
          <CoverField />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="images" label={t('field.images')}>
          <ImagesField />
        </Form.Item>
      </Col>
      <Col span={24}>
        {/* a 3D model's picker says the formats itself */}
        <Form.Item label={t('field.content')} extra={catalog === '3d_model' ? undefined : t('upload.supportedHint')}>
          {project ? (
            <>
              <UploadProgress
                kind={(file) => contentKindOf(catalog, file.name)}
                accept={catalog ? CONTENT_ACCEPT[catalog] : undefined}
                models={catalog === '3d_model'}
                current={assets.at(-1)?.filename}
                projectId={project.id}
                onFileChosen={onFileChosen}
                onUploaded={() => {
                  void client.invalidateQueries({ queryKey: projectsKeys.status });
                  void message.success(t('upload.uploaded'));
                }}
              />
              <AssetProcessing assets={assets} />
            </>
          ) : (
            <Typography.Text type="secondary">{t('upload.saveFirst')}</Typography.Text>
          )}
        </Form.Item>
      </Col>
      {project && (
        <Col span={24}>
          <ContentPreview projectId={project.id} />
        </Col>
      )}
      <Col xs={24} sm={8}>
        <Form.Item name="for_sale" label={t('field.forSale')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name="is_public" label={t('field.isPublic')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name="anonymous_preview" label={t('field.anonymousPreview')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      {(forSale || isPublic) && project?.review_status !== 'pending' && (
        <Col span={24}>
          <div className="xr-muted xr-mb">{t('form.reviewNote')}</div>
        </Col>
      )}
    </Row>
  );
}

interface Props {
  open: boolean;
  project?: MyProject;
  onClose(): void;
}

/** Add or edit a project: every field of spec section 3 with the rules of section 5, and the content upload. */
export function ProjectFormDrawer({ open, project, onClose }: Props) {
  const { t } = useTranslation('projects');
  const { message } = useFeedback();
  const [form] = Form.useForm<ProjectFormValues>();
  const save = useSaveProject();

  const submit = async () => {
    const values: ProjectFormValues | undefined = await validValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({ ...toBody(values), ...(project ? { id: project.id } : {}) });
      void message.success(t('saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={project ? t('form.editTitle') : t('form.addTitle')}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('common:save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={toFormValues(project)} scrollToFirstError>
        <ProjectFields project={project} />
      </Form>
    </Drawer>
  );
}
