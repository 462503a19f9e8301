import type { WorldMember } from '@xr/contract/world';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoomClient } from './room-client';
import { VoiceMesh, type VoiceSignalBody } from './voice-mesh';
import { acceptsOffer, isStage, mayTalk, voicePeers } from './voice-policy';

const SPEAKING_LEVEL = 0.02;

export interface VoiceControls {
  /** The microphone could be opened. */
  micReady: boolean;
  micError: boolean;
  /** Our own microphone switch (off: push-to-talk only). */
  selfMuted: boolean;
  setSelfMuted(v: boolean): void;
  /** Push-to-talk held (Space or the button). */
  pushing: boolean;
  setPushing(v: boolean): void;
  /** Whether our voice is going out now. */
  talking: boolean;
  /** We may speak at all (not muted by a host; on stage only hosts and speakers). */
  allowed: boolean;
  stage: boolean;
  /** Members heard speaking now. */
  speaking: ReadonlySet<number>;
  /** The mesh (spatial positions are fed to it every frame). */
  mesh: VoiceMesh | null;
  /** Screen-share videos arriving from people, by member id. */
  videos: ReadonlyMap<number, MediaStream>;
}

const isSignal = (d: unknown): d is VoiceSignalBody =>
  !!d && typeof d === 'object' && ['offer', 'answer', 'ice'].includes((d as { kind?: string }).kind ?? '');

/**
 * The room's voice: a WebRTC mesh with everyone we should hear or be heard by (see `voicePeers`: our instance's
 * people, and the hosts of the entry's other instances, whose voice and screen reach everyone), the microphone opened
 * once (fake devices in tests), our own mute switch told to the others (`voice:state`), push-to-talk while Space is
 * held (outside text fields), and "who is speaking" from the remote levels. Classroom rooms start muted.
 */
export function useVoice(
  room: RoomClient | null,
  me: WorldMember | null,
  members: readonly WorldMember[],
  opts: { spatial: boolean; startMuted: boolean; iceServers?: RTCIceServer[]; hosts?: readonly WorldMember[] },
): VoiceControls {
  const [mesh, setMesh] = useState<VoiceMesh | null>(null);
  const [micReady, setMicReady] = useState(false);
  const [micError, setMicError] = useState(false);
  const [selfMuted, setSelfMutedState] = useState(opts.startMuted);
  const [pushing, setPushing] = useState(false);
  const [speaking, setSpeaking] = useState<ReadonlySet<number>>(new Set());
  const [videos, setVideos] = useState<ReadonlyMap<number, MediaStream>>(new Map());
  const meId = me?.member_id ?? null;
  const stage = isStage(members.length);
  const allowed = mayTalk(me, stage);
  const talking = allowed && micReady && (!selfMuted || pushing);

  // the join reply's ICE servers, read when a mesh starts (they do not change within a membership)
  const iceServers = useRef(opts.iceServers);
  iceServers.current = opts.iceServers;

  // one mesh per membership (a new member id after a reconnection starts over)
  useEffect(() => {
    if (!room || meId === null) return;
    const m = new VoiceMesh({
      selfId: String(meId),
      spatial: opts.spatial,
      iceServers: iceServers.current,
      send: (to, body) => room.signal(Number(to), body),
      // read from the room's store, which is current when a signal arrives (React state may lag)
      accepts: (from) => acceptsOffer(room.state.me, Number(from), room.state.members, room.state.hosts),
      onVideo: (from, stream) =>
        setVideos((v) => {
          const next = new Map(v);
          if (stream) next.set(Number(from), stream);
          else next.delete(Number(from));
          return next;
        }),
    });
    room.voice = {
      onSignal: (from, data) => {
        if (isSignal(data)) void m.handleSignal(String(from), data).catch(() => undefined);
      },
      onLeft: (id) => m.removePeer(String(id)),
    };
    setMesh(m);
    let stream: MediaStream | null = null;
    let live = true;
    if (navigator.mediaDevices?.getUserMedia) {
      navigator.mediaDevices
        .getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } })
        .then(
          (s) => {
            if (!live) {
              for (const t of s.getTracks()) t.stop();
              return;
            }
            stream = s;
            m.setMicrophone(s.getAudioTracks()[0] ?? null);
            setMicReady(true);
          },
          () => live && setMicError(true),
        );
    } else setMicError(true);
    const resume = () => m.resume();
    window.addEventListener('pointerdown', resume);
    window.addEventListener('keydown', resume);
    m.resume();
    return () => {
      live = false;
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
      room.voice = null;
      m.close();
      for (const t of stream?.getTracks() ?? []) t.stop();
      setMesh(null);
      setVideos(new Map());
      setMicReady(false);
    };
  }, [room, meId, opts.spatial]);

  // connect to whom we should (our instance, other instances' hosts), drop the others
  const hosts = opts.hosts ?? [];
  const peerKey = [...members, ...hosts].map((m) => `${m.member_id}:${m.role}:${m.instance}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the members, hosts or roles change
  useEffect(() => {
    if (!mesh || !me) return;
    const want = voicePeers(me, members, hosts, stage);
    const managed = new Set(mesh.managedPeerIds());
    for (const id of mesh.peerIds()) {
      const plan = want.get(id);
      // gone (those who offered to us from another instance stay until they leave), or we now send where we only
      // listened or the other way round (a role changed): connect again
      if (plan ? plan.send !== mesh.sendsTo(id) : managed.has(id)) mesh.removePeer(id);
    }
    for (const [id, plan] of want) mesh.addPeer(id, plan);
  }, [mesh, peerKey, me?.role, stage]);

  useEffect(() => {
    mesh?.setTalking(talking);
  }, [mesh, talking]);

  // push-to-talk: hold Space (not while typing)
  useEffect(() => {
    const typing = (e: KeyboardEvent) =>
      !!(e.target as HTMLElement | null)?.closest?.('input, textarea, select, button, [contenteditable="true"]');
    const down = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || typing(e)) return;
      e.preventDefault();
      setPushing(true);
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'Space') setPushing(false);
    };
    const blur = () => setPushing(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, []);

  // who is speaking (remote levels, five times a second)
  useEffect(() => {
    if (!mesh) return;
    const timer = window.setInterval(() => {
      const now = new Set(
        mesh
          .peerIds()
          .filter((id) => mesh.levelOf(id) > SPEAKING_LEVEL)
          .map(Number),
      );
      setSpeaking((prev) => (prev.size === now.size && [...now].every((x) => prev.has(x)) ? prev : now));
    }, 200);
    return () => window.clearInterval(timer);
  }, [mesh]);

  const setSelfMuted = useCallback(
    (v: boolean) => {
      setSelfMutedState(v);
      void room?.voiceState(v).catch(() => undefined);
    },
    [room],
  );
  // tell the others our starting state once joined
  const told = useRef<number | null>(null);
  useEffect(() => {
    if (!room || meId === null || told.current === meId) return;
    told.current = meId;
    void room.voiceState(selfMuted).catch(() => undefined);
  }, [room, meId, selfMuted]);

  return { micReady, micError, selfMuted, setSelfMuted, pushing, setPushing, talking, allowed, stage, speaking, mesh, videos };
}
