import { type AddThreadBody, addThreadBody, type ForumBoard } from '@xr/contract/forum';
import type { Lang } from '@xr/contract/lang';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/admin/form-dialog';
import { zodRules } from '../../../components/form/zod-rules';
import { useAddThread } from '../api/posting';
import { PostEditor } from './post-editor';

const rules = zodRules(addThreadBody, ['board_id', 'title', 'body'] as const);

/** "New thread": board, title and the opening post; on success the new thread opens. */
export function NewThreadDialog({
  boards,
  boardId,
  lang,
  onClose,
}: {
  boards: ForumBoard[];
  boardId?: number;
  lang: Lang;
  onClose(): void;
}) {
  const { t } = useTranslation('forum');
  const [form] = Form.useForm<AddThreadBody>();
  const add = useAddThread();
  const navigate = useNavigate();
  return (
    <FormDialog<AddThreadBody>
      form={form}
      title={t('newThread')}
      onClose={onClose}
      okText={t('post')}
      fields={['board_id', 'title', 'body']}
      initialValues={{ board_id: boardId ?? boards[0]?.id, title: '', body: '' }}
      onSubmit={async (values) => {
        const { id } = await add.mutateAsync(values);
        navigate(`/forum/thread?id=${id}`);
        return t('posted');
      }}
    >
      <Form.Item name="board_id" label={t('board')} rules={rules.board_id}>
        <Select options={boards.map((b) => ({ value: b.id, label: b.names[lang] }))} />
      </Form.Item>
      <Form.Item name="title" label={t('titleLabel')} rules={rules.title}>
        <Input maxLength={100} showCount autoFocus />
      </Form.Item>
      <Form.Item name="body" label={t('bodyLabel')} rules={rules.body}>
        <PostEditor onSubmit={() => form.submit()} />
      </Form.Item>
    </FormDialog>
  );
}
