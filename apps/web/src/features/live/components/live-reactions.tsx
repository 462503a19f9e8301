import { TeamOutlined } from '@ant-design/icons';
import type { LiveAudiencePayload, LiveReaction, LiveReactionsPayload } from '@xr/contract/live';
import { LIVE_REACTIONS } from '@xr/contract/live';
import { Button, Empty, Popover, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuestTag } from '../../../components/guest-tag';
import { RoomIcon, type RoomIconName } from '../../../components/room-icons';

/** The reactions' pictures: line icons (no emoji font needed), the same as the room's heart and clap emotes. */
const ICON: Record<LiveReaction, RoomIconName> = { heart: 'heart', clap: 'sparkles' };
/** How long one floating reaction rises (ms, as in live.css) and how many float at once at most. */
const FLOAT_MS = 2400;
const FLOATS_MAX = 40;
/** Floats drawn per reaction kind and batch: a crowd's hundred hearts show as a handful. */
const PER_BATCH = 6;
/** How often an open viewer list is refreshed (ms). */
const AUDIENCE_REFRESH_MS = 10_000;

/** The heart and clap buttons under the stage, with a refused reaction's message (too fast). */
export function ReactionBar({ react, error }: { react(r: LiveReaction): void; error: string | null }) {
  const { t } = useTranslation('live');
  return (
    <div className="xr-live-react" data-testid="live-react">
      {LIVE_REACTIONS.map((r) => (
        <Button
          key={r}
          shape="round"
          icon={<RoomIcon name={ICON[r]} />}
          onClick={() => react(r)}
          aria-label={t(`react.${r}`)}
          data-testid={`live-react-${r}`}
        >
          {t(`react.${r}`)}
        </Button>
      ))}
      {error ? (
        <Typography.Text type="danger" role="alert" data-testid="live-react-error">
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}

interface Float {
  key: number;
  reaction: LiveReaction;
  /** Horizontal start, % of the stage's width. */
  x: number;
}

/**
 * Hearts and claps rising over the right of the stage as they arrive (everyone's, the sender's own included). The
 * layer counts what it received (`data-hearts`, `data-claps`) for tests and assistive summaries.
 */
export function ReactionFloats({ subscribe }: { subscribe(fn: (p: LiveReactionsPayload) => void): () => void }) {
  const [floats, setFloats] = useState<Float[]>([]);
  const [received, setReceived] = useState<Record<LiveReaction, number>>({ heart: 0, clap: 0 });
  const seq = useRef(0);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = subscribe((p) => {
      const added: Float[] = [];
      for (const r of LIVE_REACTIONS) {
        const n = p.counts[r] ?? 0;
        for (let i = 0; i < Math.min(n, PER_BATCH); i++)
          added.push({ key: ++seq.current, reaction: r, x: 62 + Math.random() * 30 });
      }
      if (added.length === 0) return;
      setReceived((c) => ({ heart: c.heart + (p.counts.heart ?? 0), clap: c.clap + (p.counts.clap ?? 0) }));
      setFloats((f) => [...f, ...added].slice(-FLOATS_MAX));
      const keys = new Set(added.map((a) => a.key));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setFloats((f) => f.filter((x) => !keys.has(x.key)));
      }, FLOAT_MS);
      timers.add(timer);
    });
    return () => {
      off();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [subscribe]);
  return (
    <div
      className="xr-live-floats"
      aria-hidden="true"
      data-testid="live-floats"
      data-hearts={received.heart}
      data-claps={received.clap}
    >
      {floats.map((f) => (
        <span
          key={f.key}
          className={`xr-live-float xr-live-float--${f.reaction}`}
          style={{ left: `${f.x}%`, animationDelay: `${(f.key % 5) * 90}ms` }}
          data-testid="live-reaction-float"
          data-reaction={f.reaction}
        >
          <RoomIcon name={ICON[f.reaction]} />
        </span>
      ))}
    </div>
  );
}

/**
 * The viewer count as a button opening who is watching: accounts by name, guests marked as guests. Everyone who
 * joined may open it (a live audience is as public as a room's people list); it refreshes while open.
 */
export function ViewerList({
  count,
  audience,
  request,
}: {
  count: number;
  audience: LiveAudiencePayload | null;
  request(): void;
}) {
  const { t } = useTranslation('live');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    request();
    const timer = window.setInterval(request, AUDIENCE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [open, request]);
  const list = audience?.viewers ?? [];
  const more = audience ? audience.total - list.length : 0;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      title={t('react.viewersTitle')}
      content={
        <div className="xr-live-audience" data-testid="live-audience">
          {audience && list.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('react.nobody')} /> : null}
          <ul>
            {list.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: guests have no name or id to key by
              <li key={i} data-testid="live-audience-item">
                {v.guest ? <GuestTag /> : v.name}
              </li>
            ))}
          </ul>
          {more > 0 ? <Typography.Text type="secondary">{t('react.more', { count: more })}</Typography.Text> : null}
        </div>
      }
    >
      <Button type="text" icon={<TeamOutlined />} data-testid="live-viewers" aria-expanded={open}>
        {t('watch.viewers', { count })}
      </Button>
    </Popover>
  );
}
