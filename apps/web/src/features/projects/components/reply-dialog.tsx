import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { useReplyComment } from '../api/reply-comment';
import type { MyComment } from '../api/types';

/** Reply to a comment; the reply must have content ("please enter content"). */
export function ReplyDialog({ comment, onClose }: { comment: MyComment; onClose(): void }) {
  const { t } = useTranslation('projects');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ reply: string }>();
  const reply = useReplyComment();
  const ok = async () => {
    const values: { reply: string } | undefined = await validValues(form);
    if (!values) return;
    try {
      await reply.mutateAsync({ id: comment.id, reply: values.reply.trim() });
      void message.success(t('comments.replied'));
      onClose();
    } catch {
      // shown by the HTTP client
    }
  };
  return (
    <Modal
      open
      title={t('comments.replyTitle')}
      onCancel={onClose}
      onOk={ok}
      okText={t('common:submit')}
      cancelText={t('common:cancel')}
      confirmLoading={reply.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {comment.user.name}: {comment.content}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ reply: comment.reply ?? '' }}>
        <Form.Item
          name="reply"
          label={t('comments.reply')}
          rules={[{ required: true, whitespace: true, message: t('comments.enterContent') }]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
