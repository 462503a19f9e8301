import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests } from '../../../components/test-utils';
import { PeopleList, type RoomPerson } from './people-list';

setupScreenTests();

const people: RoomPerson[] = [
  { key: '3', colorKey: 3, name: 'Visitor Vera', role: 'visitor', hand: true },
  { key: '1', colorKey: 1, name: 'Host Hana', role: 'host', me: true },
  { key: '2', colorKey: 2, name: 'Speaker Sam', role: 'speaker', muted: true },
  { key: '4', colorKey: 4, name: 'Alan', role: 'visitor' },
];

const names = () => screen.getAllByTestId('person-row').map((r) => r.textContent);

describe('room people list', () => {
  it('marks guests (not signed in) with a Guest tag; members have none', () => {
    const mixed: RoomPerson[] = [
      { key: '7', colorKey: 'g7', name: 'demo_admin', role: 'visitor', guest: true },
      { key: '8', colorKey: 8, name: 'Member Mo', role: 'visitor' },
    ];
    renderAt(<PeopleList people={mixed} isHost={false} locked={false} onAction={() => undefined} />, '/');
    const [guestRow, memberRow] = screen.getAllByTestId('person-row') as [HTMLElement, HTMLElement];
    expect(guestRow).toHaveTextContent('demo_admin');
    expect(guestRow.querySelector('[data-testid=guest-tag]')).toHaveTextContent('Guest');
    expect(memberRow).toHaveTextContent('Member Mo');
    expect(memberRow.querySelector('[data-testid=guest-tag]')).toBeNull();
  });

  it('lists hosts, speakers, then visitors with raised hands first; visitors see no host tools', () => {
    renderAt(<PeopleList people={people} isHost={false} locked={false} onAction={() => undefined} />, '/');
    const rows = names();
    expect(rows[0]).toContain('Host Hana');
    expect(rows[0]).toContain('(you)');
    expect(rows[1]).toContain('Speaker Sam');
    expect(rows[2]).toContain('Visitor Vera');
    expect(rows[3]).toContain('Alan');
    expect(screen.getByLabelText('Hand raised')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Host tools/ })).toBeNull();
    expect(screen.queryByTestId('room-lock')).toBeNull();
  });

  it('gives a host the tools on everyone else; mute and promote act at once', async () => {
    const onAction = vi.fn();
    renderAt(<PeopleList people={people} isHost locked={false} onAction={onAction} onLock={() => undefined} />, '/');
    expect(screen.queryByRole('button', { name: 'Host tools for Host Hana' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Host tools for Alan' }));
    fireEvent.click(await screen.findByText('Mute'));
    expect(onAction).toHaveBeenCalledWith('mute', expect.objectContaining({ key: '4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Host tools for Speaker Sam' }));
    const menus = await screen.findAllByText('Allow to speak');
    fireEvent.click(menus.at(-1)!);
    expect(onAction).toHaveBeenCalledWith('unmute', expect.objectContaining({ key: '2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Host tools for Visitor Vera' }));
    fireEvent.click((await screen.findAllByText('Lower hand')).at(-1)!);
    expect(onAction).toHaveBeenCalledWith('lower', expect.objectContaining({ key: '3' }));
  });

  it('asks before kicking or banning, and only acts on confirmation', async () => {
    const onAction = vi.fn();
    renderAt(<PeopleList people={people} isHost locked={false} onAction={onAction} onLock={() => undefined} />, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Host tools for Alan' }));
    fireEvent.click(await screen.findByText('Ban'));
    expect((await screen.findAllByText('Ban Alan from this room?')).length).toBeGreaterThan(0);
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(onAction).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Host tools for Alan' }));
    fireEvent.click((await screen.findAllByText('Remove')).at(-1)!);
    expect((await screen.findAllByText('Remove Alan from the room?')).length).toBeGreaterThan(0);
    const buttons = screen.getAllByRole('button', { name: 'Remove' });
    fireEvent.click(buttons.at(-1)!);
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('kick', expect.objectContaining({ key: '4' })));
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('lets a host lock the room', () => {
    const onLock = vi.fn();
    renderAt(<PeopleList people={people} isHost locked={false} onAction={() => undefined} onLock={onLock} />, '/');
    fireEvent.click(screen.getByTestId('room-lock'));
    expect(onLock).toHaveBeenCalledWith(true, expect.anything());
  });
});

describe('room people list: move', () => {
  it('a host moves someone to one of the tour’s scenes', async () => {
    const onAction = vi.fn();
    const moveTargets = [
      { key: 'hall', label: 'To “Hall”' },
      { key: 'yard', label: 'To “Yard”' },
    ];
    renderAt(<PeopleList people={people} isHost locked={false} onAction={onAction} moveTargets={moveTargets} />, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Host tools for Alan' }));
    fireEvent.mouseEnter(await screen.findByText('Move to…'));
    fireEvent.click(await screen.findByText('To “Yard”'));
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('move', expect.objectContaining({ key: '4' }), 'yard'));
  });

  it('in a 3D room the single choice is a plain item; visitors have none', async () => {
    const onAction = vi.fn();
    renderAt(
      <PeopleList
        people={people}
        isHost
        locked={false}
        onAction={onAction}
        moveTargets={[{ key: 'here', label: 'Bring to me' }]}
      />,
      '/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Host tools for Alan' }));
    fireEvent.click(await screen.findByText('Bring to me'));
    expect(onAction).toHaveBeenCalledWith('move', expect.objectContaining({ key: '4' }), 'here');
  });
});
