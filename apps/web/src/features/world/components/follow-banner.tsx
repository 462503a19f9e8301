import { CompassOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useRoomFollow } from '../lib/use-room-follow';

/** Tour rooms: whom the view follows (with "look around alone"), or "follow the host" again after that. */
export function FollowBanner({
  follow,
  is3d,
  hostFollows,
}: {
  follow: ReturnType<typeof useRoomFollow>;
  is3d: boolean;
  /** A host is leading the tour now. */
  hostFollows: boolean;
}) {
  const { t } = useTranslation('room');
  const { followTarget, following, leading, setFollowing, hostName } = follow;
  return (
    <>
      {followTarget && (
        <div className="xr-room__follow" data-testid="following">
          <CompassOutlined /> {t('follow.following', { name: hostName ?? t('role.host') })}
          <Button size="small" onClick={() => setFollowing(false)}>
            {t('follow.stop')}
          </Button>
        </div>
      )}
      {!is3d && hostFollows && !following && !leading && (
        <div className="xr-room__follow">
          <Button size="small" type="primary" onClick={() => setFollowing(true)} data-testid="follow-again">
            {t('follow.again')}
          </Button>
        </div>
      )}
    </>
  );
}
