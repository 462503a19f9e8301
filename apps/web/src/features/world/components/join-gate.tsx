import { ErrorCode } from '@xr/contract/errors';
import type { WorldDetails } from '@xr/contract/world';
import { WORLD_PASSWORD_MAX } from '@xr/contract/world';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoomError } from '../lib/room-client';

const GUEST_NAME_MAX = 32;

export interface JoinValues {
  password?: string;
  guest_name?: string;
}

/**
 * Before entering: the room's name and kind, a name for anonymous visitors, the password of a password room, and
 * the "Enter" button (the click also lets the page start sound and the microphone). A refusal shows why: a wrong
 * password keeps the field, a room for signed-in people offers the sign-in page, a locked or banned room says so.
 */
export function JoinGate({
  entry,
  signedIn,
  error,
  joining,
  loginPath,
  onJoin,
}: {
  entry: WorldDetails;
  signedIn: boolean;
  error: RoomError | null;
  joining: boolean;
  loginPath: string;
  onJoin(v: JoinValues): void;
}) {
  const { t } = useTranslation('room');
  const [form] = Form.useForm<JoinValues>();
  const [askPassword, setAskPassword] = useState(entry.access === 'password' && !entry.is_host);
  const wrongPassword = error?.code === ErrorCode.WORLD_PASSWORD_WRONG;
  // Shown on the name field: the guest picks another name there.
  const nameTaken = error?.code === ErrorCode.WORLD_GUEST_NAME_TAKEN;
  if (wrongPassword && !askPassword) setAskPassword(true);
  const needSignIn = error?.code === ErrorCode.WORLD_SIGN_IN_REQUIRED || (entry.access === 'signed_in' && !signedIn);
  return (
    <div className="xr-room-gate" data-testid="room-gate">
      <div className="xr-room-gate__card">
        <h2>{entry.name}</h2>
        <p className="xr-room-gate__meta">
          {t(`type.${entry.room_type}`)} · {t('card.online', { count: entry.online_users })}
        </p>
        {entry.description && <p className="xr-room-gate__desc">{entry.description}</p>}
        {error && !wrongPassword && !nameTaken && <Alert type="error" showIcon title={error.message || t('error.failed')} />}
        {needSignIn ? (
          <Link to={loginPath}>
            <Button type="primary" block size="large">
              {t('gate.signIn')}
            </Button>
          </Link>
        ) : (
          <Form form={form} layout="vertical" onFinish={onJoin} requiredMark={false}>
            {!signedIn && (
              <Form.Item
                name="guest_name"
                label={t('gate.guestName')}
                rules={[{ max: GUEST_NAME_MAX, message: t('gate.guestNameMax', { max: GUEST_NAME_MAX }) }]}
                validateStatus={nameTaken ? 'error' : undefined}
                help={nameTaken ? error?.message : undefined}
              >
                <Input maxLength={GUEST_NAME_MAX} placeholder={t('gate.guestPlaceholder')} autoComplete="nickname" />
              </Form.Item>
            )}
            {askPassword && (
              <Form.Item
                name="password"
                label={t('gate.password')}
                rules={[{ required: true, message: t('gate.passwordRequired') }]}
                validateStatus={wrongPassword ? 'error' : undefined}
                help={wrongPassword ? error?.message : undefined}
              >
                <Input.Password maxLength={WORLD_PASSWORD_MAX} autoComplete="off" data-testid="room-password" />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block size="large" loading={joining} data-testid="room-enter">
              {t('gate.enter')}
            </Button>
            <p className="xr-room-gate__hint">{t('gate.micHint')}</p>
          </Form>
        )}
      </div>
    </div>
  );
}
