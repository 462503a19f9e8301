import { screen } from '@testing-library/react';
import { ErrorCode } from '@xr/contract/errors';
import type { WorldDetails } from '@xr/contract/world';
import { describe, expect, it } from 'vitest';
import { renderAt, setupScreenTests } from '../../../components/test-utils';
import { RoomError } from '../lib/room-client';
import { JoinGate } from './join-gate';

setupScreenTests('en');

const entry: WorldDetails = {
  id: 5,
  name: 'Harbour hall',
  description: '',
  cover: '',
  author_name: 'maker',
  weight: 0,
  online_users: 2,
  views: 9,
  average_online_time: 0,
  room_id: 'r5',
  room_type: 'exhibition',
  access: 'public',
  capacity: 50,
  locked: false,
  scene_kind: 'scene',
  project_id: 3,
  author_id: 1,
  is_host: false,
};

describe('room join gate', () => {
  it('a guest name that belongs to an account is refused on the name field, not as a general error', () => {
    const message = 'This name belongs to a registered account: choose another guest name, or sign in';
    renderAt(
      <JoinGate
        entry={entry}
        signedIn={false}
        error={new RoomError(ErrorCode.WORLD_GUEST_NAME_TAKEN, message)}
        joining={false}
        loginPath="/login"
        onJoin={() => undefined}
      />,
      '/',
    );
    const field = screen.getByLabelText('Your name').closest('.ant-form-item') as HTMLElement;
    expect(field).toHaveClass('ant-form-item-has-error');
    expect(field).toHaveTextContent(message);
    expect(document.querySelector('.ant-alert')).toBeNull();
  });
});
