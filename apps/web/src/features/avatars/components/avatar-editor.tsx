import { ReloadOutlined } from '@ant-design/icons';
import {
  ACCESSORIES,
  AVATAR_NAME_MAX,
  type AvatarItem,
  type AvatarLookParams,
  BODY_SHAPES,
  CLOTH_COLORS,
  defaultLookFor,
  HAIR_COLORS,
  HAIR_STYLES,
  HEIGHT_MAX,
  HEIGHT_MIN,
  SKIN_TONES,
  TOP_STYLES,
} from '@xr/contract/avatars';
import { Button, Col, Form, Input, Modal, Row, Segmented, Slider, Space, Spin } from 'antd';
import { lazy, Suspense, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useSaveAvatar } from '../api/save-avatar';
import type { AvatarStageHandle } from './avatar-stage';
import { canSave, type EditorState, editorReducer } from './editor-state';

const AvatarStage = lazy(() => import('./avatar-stage'));

function Swatches({
  colors,
  value,
  onChange,
  label,
}: {
  colors: readonly string[];
  value: string;
  onChange(c: string): void;
  label: string;
}) {
  return (
    <fieldset className="xr-swatches" aria-label={label}>
      {colors.map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={c === value.toLowerCase()}
          aria-label={`${label} ${c}`}
          className={`xr-swatch${c === value.toLowerCase() ? ' xr-swatch--on' : ''}`}
          style={{ background: c }}
          onClick={() => onChange(c)}
        />
      ))}
    </fieldset>
  );
}

export interface AvatarEditorProps {
  open: boolean;
  /** The avatar edited, or null for a new one. */
  avatar: AvatarItem | null;
  /** The look a new avatar starts from. */
  startLook: AvatarLookParams;
  onClose(): void;
}

const initial = (avatar: AvatarItem | null, startLook: AvatarLookParams): EditorState => ({
  name: avatar?.name ?? '',
  look: avatar?.look ?? startLook,
});

/**
 * The avatar editor: a live three.js preview of the figure (lazy, orbit) beside a control for every parameter.
 * Save stores the name and look, then renders a PNG of the preview and stores it as the avatar's picture.
 */
export function AvatarEditor({ open, avatar, startLook, onClose }: AvatarEditorProps) {
  const { t } = useTranslation('avatars');
  const { message } = useFeedback();
  const [state, dispatch] = useReducer(editorReducer, initial(avatar, startLook));
  const stage = useRef<AvatarStageHandle>(null);
  const save = useSaveAvatar();

  useEffect(() => {
    if (open) dispatch({ type: 'reset', state: initial(avatar, startLook) });
  }, [open, avatar, startLook]);

  const set =
    <K extends keyof AvatarLookParams>(key: K) =>
    (value: AvatarLookParams[K]) =>
      dispatch({ type: 'set', key, value });
  const choice = <T extends string>(list: readonly T[], group: string) =>
    list.map((v) => ({ value: v, label: t(`${group}.${v}`) }));

  const submit = async () => {
    try {
      await save.mutateAsync({
        id: avatar?.id,
        body: { name: state.name.trim(), look: state.look },
        preview: async () => (await stage.current?.capture()) ?? null,
      });
      void message.success(t('saved'));
      onClose();
    } catch {
      // shown by the HTTP client
    }
  };

  return (
    <Modal
      open={open}
      title={avatar ? t('editTitle') : t('createTitle')}
      onCancel={onClose}
      width={1000}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} disabled={!canSave(state)} onClick={submit}>
          {t('save')}
        </Button>,
      ]}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} md={11}>
          <Suspense
            fallback={
              <div className="xr-avatar-stage xr-avatar-stage--loading">
                <Spin />
              </div>
            }
          >
            <AvatarStage ref={stage} look={state.look} height={420} />
          </Suspense>
          <p className="xr-avatar-hint">{t('orbitHint')}</p>
        </Col>
        <Col xs={24} md={13}>
          <Form layout="vertical" className="xr-avatar-form" requiredMark={false}>
            <Form.Item label={t('name')} required>
              <Input
                value={state.name}
                maxLength={AVATAR_NAME_MAX}
                showCount
                placeholder={t('namePlaceholder')}
                onChange={(e) => dispatch({ type: 'name', name: e.target.value })}
                data-testid="avatar-name"
              />
            </Form.Item>
            <Form.Item label={t('bodyLabel')}>
              <Segmented block options={choice(BODY_SHAPES, 'body')} value={state.look.body} onChange={set('body')} />
            </Form.Item>
            <Form.Item label={t('height')}>
              <Slider
                min={HEIGHT_MIN}
                max={HEIGHT_MAX}
                step={0.01}
                value={state.look.height}
                onChange={set('height')}
                tooltip={{ formatter: (v) => `${Math.round((v ?? 1) * 175)} cm` }}
              />
            </Form.Item>
            <Form.Item label={t('skin')}>
              <Swatches colors={SKIN_TONES} value={state.look.skin} onChange={set('skin')} label={t('skin')} />
            </Form.Item>
            <Form.Item label={t('hairLabel')}>
              <Segmented options={choice(HAIR_STYLES, 'hair')} value={state.look.hair_style} onChange={set('hair_style')} />
              <Swatches colors={HAIR_COLORS} value={state.look.hair_color} onChange={set('hair_color')} label={t('hairColor')} />
            </Form.Item>
            <Form.Item label={t('topLabel')}>
              <Segmented options={choice(TOP_STYLES, 'top')} value={state.look.top_style} onChange={set('top_style')} />
              <Swatches colors={CLOTH_COLORS} value={state.look.top_color} onChange={set('top_color')} label={t('topColor')} />
            </Form.Item>
            <Form.Item label={t('bottomColor')}>
              <Swatches
                colors={CLOTH_COLORS}
                value={state.look.bottom_color}
                onChange={set('bottom_color')}
                label={t('bottomColor')}
              />
            </Form.Item>
            <Form.Item label={t('shoesColor')}>
              <Swatches
                colors={CLOTH_COLORS}
                value={state.look.shoes_color}
                onChange={set('shoes_color')}
                label={t('shoesColor')}
              />
            </Form.Item>
            <Form.Item label={t('accessoryLabel')}>
              <Segmented options={choice(ACCESSORIES, 'accessory')} value={state.look.accessory} onChange={set('accessory')} />
            </Form.Item>
            <Space wrap>
              <Button icon={<ReloadOutlined />} onClick={() => dispatch({ type: 'randomize', seed: Date.now() })}>
                {t('randomize')}
              </Button>
              <Button onClick={() => dispatch({ type: 'set', key: 'accessory', value: 'none' })}>{t('noAccessory')}</Button>
            </Space>
          </Form>
        </Col>
      </Row>
    </Modal>
  );
}

/** The look a new avatar starts from: the user's default look. */
export const startLookFor = (userId: number | undefined) => defaultLookFor(userId ?? 1);
