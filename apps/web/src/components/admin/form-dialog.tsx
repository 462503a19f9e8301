import { Form, type FormInstance, type FormProps, Modal } from 'antd';
import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { validValues } from '../../lib/forms';
import { applyServerFieldError, errorText } from '../form/zod-rules';

/** Some of a form's values, as `form.setFieldsValue` takes them. */
type FieldValues<V> = Parameters<FormInstance<V>['setFieldsValue']>[0];

interface FormDialogProps<V> {
  /** The caller's form (it may watch or set fields). */
  form: FormInstance<V>;
  /** The dialog's title, also the form's accessible name. */
  title: string;
  /** Leave out when the dialog is mounted only while open. */
  open?: boolean;
  onClose(): void;
  /** Sends the validated values and resolves to the message that says it worked; a rejection keeps the dialog open. */
  onSubmit(values: V): Promise<string>;
  /** The fields a server error may point at: such an error shows under its field, any other as a toast. */
  fields: readonly string[];
  initialValues?: FormProps<V>['initialValues'];
  /** Default "Save" and "Cancel". */
  okText?: string;
  cancelText?: string;
  requiredMark?: boolean;
  /** Shown above the form (notes, read-only facts) and below it (history). */
  above?: ReactNode;
  below?: ReactNode;
  /** The form's items. */
  children: ReactNode;
}

/**
 * A modal with a vertical form: OK (or Enter in a field) validates, hands the values to `onSubmit`, says it worked
 * and closes; a server error that names one of `fields` goes under that field, any other shows as a toast.
 */
export function FormDialog<V>({
  form,
  title,
  open = true,
  onClose,
  onSubmit,
  fields,
  initialValues,
  okText,
  cancelText,
  requiredMark,
  above,
  below,
  children,
}: FormDialogProps<V>) {
  const { t } = useTranslation('common');
  const { message } = useFeedback();
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const values: V | undefined = await validValues(form);
    if (!values) return; // the form shows what is wrong
    setSending(true);
    try {
      void message.success(await onSubmit(values));
      onClose();
    } catch (err) {
      if (!applyServerFieldError(form, err, fields)) void message.error(errorText(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onOk={submit}
      onCancel={onClose}
      okText={okText ?? t('save')}
      cancelText={cancelText ?? t('cancel')}
      confirmLoading={sending}
      destroyOnHidden
    >
      {above}
      <Form<V>
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={initialValues}
        requiredMark={requiredMark}
        onFinish={submit}
      >
        {children}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
      {below}
    </Modal>
  );
}

/**
 * Puts freshly loaded values (say, a details query's) into the form once they arrive, unless the user has
 * already started editing; until then the form shows what the list row knew.
 */
export function useLoadedValues<V, D>(form: FormInstance<V>, data: D | undefined, toValues: (data: D) => FieldValues<V>) {
  const fill = useEffectEvent((d: D) => {
    if (!form.isFieldsTouched()) form.setFieldsValue(toValues(d));
  });
  useEffect(() => {
    if (data) fill(data);
  }, [data]);
}
