import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoiceMesh } from './voice-mesh';

/** Just enough of RTCPeerConnection to see which tracks go on which transceiver. */
class FakeSender {
  track: unknown = null;
  async replaceTrack(t: unknown) {
    this.track = t;
  }
}
class FakeTransceiver {
  sender = new FakeSender();
  receiver: { track: { kind: string } };
  direction: string;
  constructor(kind: string, direction = 'sendrecv') {
    this.receiver = { track: { kind } };
    this.direction = direction;
  }
}
class FakePc {
  static all: FakePc[] = [];
  transceivers: FakeTransceiver[] = [];
  ontrack: ((e: { track: { kind: string }; streams: unknown[] }) => void) | null = null;
  onicecandidate: unknown = null;
  onconnectionstatechange: unknown = null;
  signalingState = 'stable';
  remoteDescription: unknown = null;
  constructor() {
    FakePc.all.push(this);
  }
  addTransceiver(kind: string, o: { direction: string }) {
    const t = new FakeTransceiver(kind, o.direction);
    this.transceivers.push(t);
    return t;
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer() {
    return { type: 'offer', sdp: 'o' };
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'a' };
  }
  async setLocalDescription() {}
  async setRemoteDescription(d: unknown) {
    this.remoteDescription = d;
    // an offer from the other side brings its audio and video transceivers
    if (this.transceivers.length === 0)
      this.transceivers.push(new FakeTransceiver('audio', 'recvonly'), new FakeTransceiver('video', 'recvonly'));
  }
  async addIceCandidate() {}
  close() {}
}
class FakeStream {
  constructor(readonly tracks: unknown[]) {}
}
const node = () => ({ connect: vi.fn(), disconnect: vi.fn() });
const fakeAudio = () =>
  ({
    createGain: node,
    createAnalyser: () => ({ ...node(), fftSize: 0 }),
    createPanner: node,
    createMediaStreamSource: vi.fn(node),
    destination: {},
    resume: async () => undefined,
    close: async () => undefined,
  }) as unknown as AudioContext;

vi.stubGlobal('RTCPeerConnection', FakePc);
vi.stubGlobal('MediaStream', FakeStream);
afterEach(() => {
  FakePc.all = [];
});

describe('voice mesh: screen share video', () => {
  it('offers an idle video transceiver beside the audio; setScreen puts the screen on every connection and on later ones', async () => {
    const send = vi.fn();
    const mesh = new VoiceMesh({ selfId: '1', send, spatial: false, audioContext: fakeAudio });
    mesh.addPeer('2');
    const [pc] = FakePc.all;
    expect(pc?.transceivers.map((t) => t.receiver.track.kind)).toEqual(['audio', 'video']);
    expect(pc?.transceivers[1]?.sender.track).toBeNull();
    const screen = { kind: 'video' };
    mesh.setScreen(screen as unknown as MediaStreamTrack);
    await Promise.resolve();
    expect(pc?.transceivers[1]?.sender.track).toBe(screen);
    expect(pc?.transceivers[0]?.sender.track).toBeNull();
    mesh.addPeer('3');
    await Promise.resolve();
    expect(FakePc.all[1]?.transceivers[1]?.sender.track).toBe(screen);
    mesh.setScreen(null);
    await Promise.resolve();
    expect(pc?.transceivers[1]?.sender.track).toBeNull();
    mesh.close();
  });

  it('the answering side sends its screen on the offered video transceiver and hands incoming video to onVideo, not to the audio graph', async () => {
    const onVideo = vi.fn();
    const ctx = fakeAudio();
    const mesh = new VoiceMesh({ selfId: '9', send: vi.fn(), spatial: false, audioContext: () => ctx, onVideo });
    const screen = { kind: 'video' };
    mesh.setScreen(screen as unknown as MediaStreamTrack);
    await mesh.handleSignal('2', { kind: 'offer', sdp: 'o' });
    const [pc] = FakePc.all;
    expect(pc?.transceivers[1]).toMatchObject({ direction: 'sendrecv' });
    expect(pc?.transceivers[1]?.sender.track).toBe(screen);
    const video = { kind: 'video' };
    pc?.ontrack?.({ track: video, streams: [] });
    expect(onVideo).toHaveBeenCalledWith('2', expect.any(FakeStream));
    expect(ctx.createMediaStreamSource).not.toHaveBeenCalled();
    mesh.removePeer('2');
    expect(onVideo).toHaveBeenLastCalledWith('2', null);
    mesh.close();
  });
});

describe('voice mesh: hosts of other instances', () => {
  it('a visitor offers to another instance’s host and only listens: no microphone or screen on that connection', async () => {
    const send = vi.fn();
    const mesh = new VoiceMesh({ selfId: '50', send, spatial: true, audioContext: fakeAudio });
    const mic = { kind: 'audio', enabled: true };
    mesh.setMicrophone(mic as unknown as MediaStreamTrack);
    // the host's id sorts first, yet the visitor offers (the host does not know of her)
    mesh.addPeer('10', { initiate: true, send: false, spatial: false });
    mesh.addPeer('60');
    await new Promise((r) => setTimeout(r, 0));
    const [remote, local] = FakePc.all;
    expect(send).toHaveBeenCalledWith('10', { kind: 'offer', sdp: 'o' });
    expect(remote?.transceivers[0]?.sender.track).toBeNull();
    expect(local?.transceivers[0]?.sender.track).toBe(mic);
    mesh.setScreen({ kind: 'video' } as unknown as MediaStreamTrack);
    mesh.setMicrophone(mic as unknown as MediaStreamTrack);
    await Promise.resolve();
    expect(remote?.transceivers.map((t) => t.sender.track)).toEqual([null, null]);
    expect(mesh.sendsTo('10')).toBe(false);
    expect(mesh.sendsTo('60')).toBe(true);
    mesh.close();
  });

  it('the host answers an offer from someone of another instance with voice and screen, and keeps it outside the managed set until they leave', async () => {
    const onVideo = vi.fn();
    const mesh = new VoiceMesh({
      selfId: '10',
      send: vi.fn(),
      spatial: true,
      audioContext: fakeAudio,
      onVideo,
      accepts: (id) => id !== '66',
    });
    const mic = { kind: 'audio' };
    const screen = { kind: 'video' };
    mesh.setMicrophone(mic as unknown as MediaStreamTrack);
    mesh.setScreen(screen as unknown as MediaStreamTrack);
    await mesh.handleSignal('50', { kind: 'offer', sdp: 'o' });
    const [pc] = FakePc.all;
    expect(pc?.transceivers.map((t) => t.sender.track)).toEqual([mic, screen]);
    expect(mesh.peerIds()).toEqual(['50']);
    expect(mesh.managedPeerIds()).toEqual([]);
    // someone refused by `accepts` gets no connection
    await mesh.handleSignal('66', { kind: 'offer', sdp: 'o' });
    expect(mesh.peerIds()).toEqual(['50']);
    mesh.removePeer('50');
    expect(mesh.peerIds()).toEqual([]);
    mesh.close();
  });
});

describe('voice mesh: a dropped connection someone else offered', () => {
  it('is forgotten when it fails (they offer again); one we added is offered again instead', async () => {
    const send = vi.fn();
    const mesh = new VoiceMesh({ selfId: '10', send, spatial: false, audioContext: fakeAudio });
    await mesh.handleSignal('50', { kind: 'offer', sdp: 'o' });
    mesh.addPeer('60');
    const [inbound, added] = FakePc.all as (FakePc & { connectionState?: string })[];
    if (!inbound || !added) throw new Error('no connections');
    inbound.connectionState = 'failed';
    (inbound.onconnectionstatechange as () => void)();
    expect(mesh.peerIds()).toEqual(['60']);
    added.connectionState = 'failed';
    send.mockClear();
    (added.onconnectionstatechange as () => void)();
    await new Promise((r) => setTimeout(r, 0));
    expect(mesh.peerIds()).toEqual(['60']);
    expect(send).toHaveBeenCalledWith('60', { kind: 'offer', sdp: 'o' });
    mesh.close();
  });
});
