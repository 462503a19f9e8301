import { LockOutlined } from '@ant-design/icons';
import { LIVE_PASSWORD_LENGTH } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import { checkLivePasswordBody, type LiveState, type LiveTicket } from '@xr/contract/live';
import { Button, Card, Flex, Form, Input, Result, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText, zodRules } from '../../../components/form/zod-rules';
import { useSession } from '../../../lib/auth/session';
import { HttpError } from '../../../lib/http';
import { useCheckPassword } from '../api/check-password';
import { useLiveInfo } from '../api/live-info';
import { LiveChat } from '../components/live-chat';
import { ReactionBar, ReactionFloats, ViewerList } from '../components/live-reactions';
import { LiveStateTag } from '../components/live-state-tag';
import { useLiveChannel } from '../components/use-live-channel';
import '../components/live.css';

const LivePlayer = lazy(() => import('../components/live-player'));
const rules = zodRules(checkLivePasswordBody, ['password']);
/** Wait before trying the stream again after its FLV body stopped. */
const RETRY_MS = 3000;

/**
 * The public watch page (`#/live?id=`): the stream's name and state, a 6-digit password prompt, then the player
 * (flat, or 360 in the panorama viewer) with the live chat beside it, hearts and claps under it (rising over the
 * picture as anyone sends them) and the viewer count that opens the viewer list. Waiting, live, interrupted
 * (publisher dropped, may come back), broadcast over and ended follow the server's pushes; the player reopens by
 * itself when the publisher comes back or a new broadcast starts, and tries again while the stream is live.
 */
export default function LiveWatchPage() {
  const { t } = useTranslation('live');
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const info = useLiveInfo(id);
  const [ticket, setTicket] = useState<LiveTicket | null>(null);
  // Only the server's "not found" means the stream does not exist: a refused duplicate call, a timeout or a network
  // failure keeps what is shown (or offers to try again).
  const missing = info.error instanceof HttpError && info.error.code === ErrorCode.NOT_FOUND;
  const { refetch } = info;
  const reload = useCallback(() => void refetch(), [refetch]);

  if (!id || missing) return <Result status="404" title={t('watch.notFound')} />;
  if (!info.data) {
    if (!info.isError) return <Skeleton active />;
    return (
      <Result
        status="warning"
        title={t('watch.loadFailed')}
        extra={
          <Button type="primary" onClick={reload}>
            {t('watch.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Card
      title={
        <Space wrap>
          <span>{info.data.name}</span>
          <Typography.Text type="secondary">{t('watch.by', { name: info.data.owner_name })}</Typography.Text>
        </Space>
      }
    >
      {ticket ? (
        <Watching id={id} ticket={ticket} initial={ticket.state} keepsRecording={info.data.keep_recording} refresh={reload} />
      ) : (
        <PasswordForm id={id} onTicket={setTicket} />
      )}
    </Card>
  );
}

function PasswordForm({ id, onTicket }: { id: number; onTicket(t: LiveTicket): void }) {
  const { t } = useTranslation('live');
  const [form] = Form.useForm<{ password: string }>();
  const check = useCheckPassword();
  const submit = async ({ password }: { password: string }) => {
    try {
      onTicket(await check.mutateAsync({ id, password }));
    } catch (err) {
      form.setFields([{ name: 'password', errors: [errorText(err)] }]);
    }
  };
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '32px 0' }}>
      <LockOutlined style={{ fontSize: 32 }} />
      <Typography.Text>{t('watch.passwordPrompt')}</Typography.Text>
      <Form form={form} layout="inline" onFinish={submit} aria-label={t('watch.passwordPrompt')}>
        <Form.Item name="password" rules={rules.password} validateTrigger="onSubmit">
          <Input.OTP
            length={LIVE_PASSWORD_LENGTH}
            inputMode="numeric"
            aria-label={t('form.password')}
            formatter={(v) => v.replace(/\D/g, '')}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={check.isPending}>
            {t('watch.enter')}
          </Button>
        </Form.Item>
      </Form>
    </Flex>
  );
}

function Watching({
  id,
  ticket,
  initial,
  keepsRecording,
  refresh,
}: {
  id: number;
  ticket: LiveTicket;
  initial: LiveState;
  keepsRecording: boolean;
  /** Reloads the stream's public facts; called once per state change (never per render). */
  refresh(): void;
}) {
  const { t } = useTranslation('live');
  const session = useSession();
  const channel = useLiveChannel(id, ticket.ticket);
  const [state, setState] = useState<LiveState>(initial);
  const [attempt, setAttempt] = useState(0);
  const [playing, setPlaying] = useState(initial === 'live');
  /** A broadcast was on air while this page was open (so idle now means it ended, not that it never began). */
  const [hadBroadcast, setHadBroadcast] = useState(initial === 'live');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const interrupted = state === 'live' && channel.interrupted;

  useEffect(() => {
    if (!channel.state) return;
    setState(channel.state);
    if (channel.state === 'live') setHadBroadcast(true);
    refreshRef.current();
  }, [channel.state]);

  // Live and not interrupted: (re)open the player. An interruption closes it; the publisher's return opens a new one.
  const onAir = state === 'live' && !interrupted;
  useEffect(() => {
    clearTimeout(timer.current);
    setPlaying(onAir);
    if (onAir) setAttempt((a) => a + 1);
  }, [onAir]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const expired = Date.parse(ticket.expires_at) <= Date.now();
  const onStopped = useCallback(() => {
    setPlaying(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setState((s) => {
        if (s === 'live') {
          setAttempt((a) => a + 1);
          setPlaying(true);
        }
        return s;
      });
    }, RETRY_MS);
  }, []);

  const over = (text: string) => (
    <div className="xr-live-waiting" data-testid="live-stage">
      <div>
        <div>{text}</div>
        {keepsRecording ? <div className="xr-live-note">{t('watch.recordingKept')}</div> : null}
      </div>
    </div>
  );
  let stage: React.ReactNode;
  if (state === 'ended') stage = over(t('watch.ended'));
  else if (expired) stage = <div className="xr-live-waiting">{t('watch.expired')}</div>;
  else if (interrupted)
    stage = (
      <div className="xr-live-waiting" data-testid="live-stage">
        {t('watch.interrupted')}
      </div>
    );
  else if (state === 'idle' && hadBroadcast) stage = over(t('watch.broadcastEnded'));
  else if (state === 'live' && playing)
    stage = (
      <Suspense fallback={<div className="xr-live-waiting">{t('watch.connecting')}</div>}>
        <LivePlayer key={attempt} url={ticket.play_url} projection={ticket.projection} onStopped={onStopped} />
      </Suspense>
    );
  else
    stage = (
      <div className="xr-live-waiting" data-testid="live-stage">
        {state === 'live' ? t('watch.reconnecting') : t('watch.waiting')}
      </div>
    );

  return (
    <>
      <Flex gap={12} align="center" wrap className="xr-mb">
        <LiveStateTag state={state} />
        <Typography.Text type="secondary">{t(`projection.${ticket.projection}`)}</Typography.Text>
        <ViewerList count={channel.viewers ?? 0} audience={channel.audience} request={channel.requestAudience} />
      </Flex>
      <div className="xr-live-layout">
        <div>
          <div className="xr-live-stage">
            {stage}
            <ReactionFloats subscribe={channel.onReactions} />
          </div>
          {state !== 'ended' && <ReactionBar react={channel.react} error={channel.reactionError} />}
        </div>
        <LiveChat messages={channel.messages} error={channel.error} canWrite={!!session.token} send={channel.send} />
      </div>
    </>
  );
}
