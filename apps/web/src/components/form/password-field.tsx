import { LockOutlined } from '@ant-design/icons';
import { Form, type FormRule, Input } from 'antd';

interface PasswordFieldProps {
  name: string;
  label: string;
  /** The form's rules for this field (from its zod body, so the messages are the server's). */
  rules: FormRule[];
  placeholder?: string;
  /** The field a confirmation repeats: it is checked again when that one changes. */
  confirms?: string;
  /** `current-password` for the one the user already has; new ones let the browser suggest a strong password. */
  autoComplete?: 'new-password' | 'current-password';
  required?: boolean;
  hasFeedback?: boolean;
}

/** A password input with the lock icon inside its form item: sign-up, reset, change and sign-in use the same one. */
export function PasswordField({
  name,
  label,
  rules,
  placeholder,
  confirms,
  autoComplete = 'new-password',
  required,
  hasFeedback,
}: PasswordFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={rules}
      dependencies={confirms ? [confirms] : undefined}
      required={required}
      hasFeedback={hasFeedback}
    >
      <Input.Password prefix={<LockOutlined />} placeholder={placeholder} autoComplete={autoComplete} />
    </Form.Item>
  );
}
