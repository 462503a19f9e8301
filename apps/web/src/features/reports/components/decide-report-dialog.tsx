import { REPORT_ACTIONS, REPORT_NOTE_MAX, type ReportAction, type ReportItem } from '@xr/contract/reports';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { useDecideReport } from '../api/reports';

interface Values {
  outcome: 'dismissed' | ReportAction;
  note: string;
}

/**
 * Decide a report: dismiss it, or act (hide the target, warn its owner, disable the owner's account), always with a
 * note: the reporter reads it when dismissed, the owner when hidden or warned. Disabling asks once more.
 */
export function DecideReportDialog({ report, onClose }: { report: ReportItem; onClose(): void }) {
  const { t } = useTranslation('reports');
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<Values>();
  const decide = useDecideReport();
  const outcome = Form.useWatch('outcome', form);

  const send = async (v: Values) => {
    try {
      await decide.mutateAsync(
        v.outcome === 'dismissed'
          ? { id: report.id, status: 'dismissed', note: v.note.trim() }
          : { id: report.id, status: 'resolved', action: v.outcome, note: v.note.trim() },
      );
      void message.success(t(v.outcome === 'dismissed' ? 'dismissedDone' : 'actionedDone'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const ok = async () => {
    const v: Values | undefined = await validValues(form);
    if (!v) return;
    if (v.outcome === 'disable') {
      modal.confirm({
        title: t('disableConfirm', { name: report.owner?.name ?? '' }),
        okButtonProps: { danger: true },
        okText: t('actions.disable'),
        cancelText: t('common:cancel'),
        onOk: () => send(v),
      });
      return;
    }
    await send(v);
  };

  const hidden = report.action === 'hide' || !report.target_visible;
  return (
    <Modal
      open
      title={t('decideTitle', {
        title: report.target_type === 'chat' ? report.target_excerpt : report.target_title || report.target_excerpt,
      })}
      onCancel={onClose}
      onOk={ok}
      okText={t('decide')}
      okButtonProps={{ danger: outcome !== undefined && outcome !== 'dismissed' }}
      cancelText={t('common:cancel')}
      confirmLoading={decide.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        className="xr-mb"
        message={`${t(`reasons.${report.reason}`)} · ${report.reporter.name}`}
        description={report.content}
      />
      <Form form={form} layout="vertical" initialValues={{ outcome: undefined, note: '' }}>
        <Form.Item name="outcome" label={t('outcome')} rules={[{ required: true, message: t('outcomeRequired') }]}>
          <Radio.Group
            options={[
              { value: 'dismissed', label: t('dismiss') },
              ...REPORT_ACTIONS.map((a) => ({
                value: a,
                label: t(`actions.${a}`),
                disabled: (a === 'hide' && hidden) || (a !== 'hide' && !report.owner),
              })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('note')}
          extra={t('noteHelp')}
          rules={[
            { required: true, whitespace: true, message: t('noteRequired') },
            { max: REPORT_NOTE_MAX, message: t('noteTooLong', { max: REPORT_NOTE_MAX }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REPORT_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
