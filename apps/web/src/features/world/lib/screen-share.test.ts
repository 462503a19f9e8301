import type { PresentState } from '@xr/contract/world';
import { describe, expect, it, vi } from 'vitest';
import { ScreenShare } from './screen-share';

/** A stand-in for a display-capture track: `stop()` and the browser's own "stop sharing" (`ended`). */
class FakeTrack extends EventTarget {
  kind = 'video';
  stopped = false;
  stop() {
    this.stopped = true;
  }
  end() {
    this.dispatchEvent(new Event('ended'));
  }
}
function fakeStream(track: FakeTrack) {
  return { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;
}

const slides: PresentState = { presenter_member_id: 1, presenter_name: 'Hana', kind: 'pdf', urls: ['/a.jpg', '/b.jpg'], page: 1 };

function setup() {
  const track = new FakeTrack();
  const present = vi.fn((_: unknown) => Promise.resolve());
  const setTrack = vi.fn();
  const onChange = vi.fn();
  const share = new ScreenShare({ present, setTrack, getDisplayMedia: async () => fakeStream(track) }, onChange);
  return { track, present, setTrack, onChange, share };
}

describe('screen share', () => {
  it('sends the screen to the peers and presents it; stopping restores the PDF slides at their page', async () => {
    const { track, present, setTrack, onChange, share } = setup();
    await share.start(slides);
    expect(setTrack).toHaveBeenLastCalledWith(track);
    expect(present).toHaveBeenLastCalledWith({ kind: 'screen', urls: [], page: 0 });
    expect(onChange).toHaveBeenLastCalledWith(expect.anything());
    expect(share.sharing).not.toBeNull();
    await share.stop();
    expect(track.stopped).toBe(true);
    expect(setTrack).toHaveBeenLastCalledWith(null);
    expect(present).toHaveBeenLastCalledWith({ kind: 'pdf', urls: ['/a.jpg', '/b.jpg'], page: 1 });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('the browser’s own "stop sharing" ends it once; without slides before, presenting stops', async () => {
    const { track, present, share } = setup();
    await share.start(null);
    track.end();
    await share.stop();
    expect(present.mock.calls.map((c) => c[0])).toEqual([{ kind: 'screen', urls: [], page: 0 }, null]);
    expect(share.sharing).toBeNull();
  });

  it('a refused present call releases the screen at once', async () => {
    const { track, present, setTrack, share } = setup();
    present.mockRejectedValueOnce(new Error('not host'));
    await expect(share.start(null)).rejects.toThrow('not host');
    expect(track.stopped).toBe(true);
    expect(setTrack).toHaveBeenLastCalledWith(null);
    expect(share.sharing).toBeNull();
  });
});
