import { EyeOutlined, GlobalOutlined, LockOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { type MetaWorldCard, WORLD_ROOM_TYPES, type WorldRoomType, worldRoomPath } from '@xr/contract/world';
import { Button, Empty, Input, Pagination, Result, Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useWorldList } from '../api/world-list';
import { hueOf } from '../lib/colors';
import '../room.css';

const PAGE_SIZE = 12;
type TypeFilter = 'all' | WorldRoomType;

/** How long a visit lasts on average, as "12 min" / "1 h 5 min". */
function useDuration() {
  const { t } = useTranslation('room');
  return (seconds: number) => {
    const m = Math.round(seconds / 60);
    if (m < 60) return t('card.minutes', { count: m });
    return t('card.hours', { h: Math.floor(m / 60), m: m % 60 });
  };
}

function WorldCard({ card }: { card: MetaWorldCard }) {
  const { t } = useTranslation('room');
  const duration = useDuration();
  const hue = hueOf(card.id);
  return (
    <article className="xr-meta-card" data-testid="world-card">
      <Link to={worldRoomPath(card.id)} className="xr-meta-card__cover" tabIndex={-1} aria-hidden title={card.name}>
        {card.cover ? (
          <img src={card.cover} alt="" loading="lazy" />
        ) : (
          <span
            className="xr-meta-card__ph"
            style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 55%), hsl(${(hue + 60) % 360} 70% 40%))` }}
          >
            <GlobalOutlined />
          </span>
        )}
        <span className={`xr-meta-card__online${card.online_users > 0 ? ' is-live' : ''}`} data-testid="online-now">
          <TeamOutlined /> {t('card.online', { count: card.online_users })}
        </span>
      </Link>
      <div className="xr-meta-card__body">
        <div className="xr-meta-card__tags">
          <Tag color="blue">{t(`type.${card.room_type}`)}</Tag>
          {card.scene_kind && <Tag>{t(`kind.${card.scene_kind}`)}</Tag>}
          {(card.locked || card.access === 'password' || card.access === 'invite') && (
            <Tag icon={<LockOutlined />}>{t(`access.${card.locked ? 'locked' : card.access}`)}</Tag>
          )}
        </div>
        <h3 title={card.name} data-testid="world-name">
          {card.name}
        </h3>
        <p className="xr-meta-card__author" title={t('card.by', { name: card.author_name })}>
          {t('card.by', { name: card.author_name })}
        </p>
        <p className="xr-meta-card__stats">
          <span>
            <EyeOutlined /> {t('card.views', { count: card.views })}
          </span>
          {card.average_online_time > 0 && <span>{t('card.average', { time: duration(card.average_online_time) })}</span>}
        </p>
        <Link to={worldRoomPath(card.id)}>
          <Button type="primary" block data-testid="world-enter">
            {t('card.enter')}
          </Button>
        </Link>
      </div>
    </article>
  );
}

/**
 * /meta (public): the meta world's rooms as cards, highest weight first: cover, name, room type, who is online now
 * (refreshed every 15 seconds), views and the average visit, and "Enter"; search by name and filter by room type,
 * kept in the address so a search can be shared.
 */
export default function MetaPage() {
  const { t } = useTranslation('room');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const typeParam = params.get('type');
  const type: TypeFilter = (WORLD_ROOM_TYPES as readonly string[]).includes(typeParam ?? '')
    ? (typeParam as WorldRoomType)
    : 'all';
  const page = Math.max(1, Math.min(10_000, Number(params.get('page')) || 1));
  const [text, setText] = useState(keyword);
  const list = useWorldList({
    page,
    limit: PAGE_SIZE,
    keyword: keyword || undefined,
    room_type: type === 'all' ? undefined : type,
  });
  const update = (next: { keyword?: string; type?: TypeFilter; page?: number }) => {
    const q = new URLSearchParams();
    const k = next.keyword ?? keyword;
    const ty = next.type ?? type;
    if (k) q.set('keyword', k);
    if (ty !== 'all') q.set('type', ty);
    if ((next.page ?? 1) > 1) q.set('page', String(next.page));
    setParams(q);
  };
  const items = list.data?.list ?? [];
  const filtered = !!keyword || type !== 'all';

  return (
    <div className="xr-meta" data-testid="meta-page">
      <header className="xr-meta__head">
        <div>
          <h1>{t('meta.title')}</h1>
          <p>{t('meta.subtitle')}</p>
        </div>
        <Input.Search
          className="xr-meta__search"
          allowClear
          enterButton={<SearchOutlined />}
          placeholder={t('meta.search')}
          aria-label={t('meta.search')}
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim(), page: 1 })}
          data-testid="meta-search"
        />
      </header>
      <Segmented<TypeFilter>
        className="xr-meta__types"
        value={type}
        onChange={(v) => update({ type: v, page: 1 })}
        options={[
          { value: 'all', label: t('meta.all') },
          ...WORLD_ROOM_TYPES.map((r) => ({ value: r as TypeFilter, label: t(`type.${r}`) })),
        ]}
      />
      {list.isError ? (
        <Result
          status="warning"
          title={t('meta.failed')}
          extra={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>}
        />
      ) : list.isLoading ? (
        <div className="xr-meta__grid" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <article key={i} className="xr-meta-card">
              <Skeleton.Image active className="xr-meta-card__skeleton" />
              <div className="xr-meta-card__body">
                <Skeleton active paragraph={{ rows: 2 }} />
              </div>
            </article>
          ))}
        </div>
      ) : items.length === 0 ? (
        <Empty className="xr-meta__empty" description={filtered ? t('meta.noMatch') : t('meta.empty')} data-testid="meta-empty">
          {filtered ? (
            <Button
              onClick={() => {
                setText('');
                update({ keyword: '', type: 'all', page: 1 });
              }}
            >
              {t('meta.clear')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => navigate('/marke_place')}>
              {t('meta.browse')}
            </Button>
          )}
        </Empty>
      ) : (
        <>
          <div className="xr-meta__grid">
            {items.map((c) => (
              <WorldCard key={c.id} card={c} />
            ))}
          </div>
          {(list.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination
              className="xr-meta__pages"
              current={page}
              pageSize={PAGE_SIZE}
              total={list.data?.total ?? 0}
              showSizeChanger={false}
              onChange={(p) => update({ page: p })}
            />
          )}
        </>
      )}
    </div>
  );
}
