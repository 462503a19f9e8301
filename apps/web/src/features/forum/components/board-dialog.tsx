import { type AddBoardBody, addBoardBody, type ForumBoard } from '@xr/contract/forum';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { useAddBoard, useUpdateBoard } from '../api/moderation';

interface BoardForm {
  names: { zh: string; tc: string; en: string };
  descriptions: { zh: string; tc: string; en: string };
  sort: number;
  enabled: boolean;
}

const LANG_KEYS = ['zh', 'tc', 'en'] as const;

/** Adds or edits a board: names and descriptions in the three languages, order and on/off. */
export function BoardDialog({ board, onClose }: { board?: ForumBoard; onClose(): void }) {
  const { t } = useTranslation('forum');
  const [form] = Form.useForm<BoardForm>();
  const add = useAddBoard();
  const update = useUpdateBoard();
  const fields = [...LANG_KEYS.map((l) => `names.${l}`), ...LANG_KEYS.map((l) => `descriptions.${l}`), 'sort'];
  return (
    <FormDialog<BoardForm>
      form={form}
      title={board ? t('manage.editBoard') : t('manage.add')}
      onClose={onClose}
      fields={fields}
      initialValues={
        board
          ? { names: board.names, descriptions: board.descriptions, sort: board.sort, enabled: board.enabled }
          : { names: { zh: '', tc: '', en: '' }, descriptions: { zh: '', tc: '', en: '' }, sort: 0, enabled: true }
      }
      onSubmit={async (values) => {
        const body: AddBoardBody = addBoardBody.parse(values);
        if (board) await update.mutateAsync({ ...body, id: board.id });
        else await add.mutateAsync(body);
        return board ? t('saved') : t('manage.added');
      }}
    >
      {LANG_KEYS.map((l) => (
        <Form.Item
          key={`n-${l}`}
          name={['names', l]}
          label={t(`manage.name.${l}`)}
          rules={[{ required: true, whitespace: true, message: t('common:v.required') }]}
        >
          <Input maxLength={40} showCount />
        </Form.Item>
      ))}
      {LANG_KEYS.map((l) => (
        <Form.Item key={`d-${l}`} name={['descriptions', l]} label={t(`manage.description.${l}`)}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      ))}
      <Form.Item name="sort" label={t('manage.sort')} extra={t('manage.sortHint')}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={t('manage.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
