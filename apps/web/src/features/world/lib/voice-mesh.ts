/** A WebRTC signalling message between two people of a room, relayed by the server (`voice:signal`). */
export type VoiceSignalBody =
  | { kind: 'offer'; sdp: string }
  | { kind: 'answer'; sdp: string }
  | { kind: 'ice'; candidate: RTCIceCandidateInit | null };

export interface VoiceMeshOptions {
  /** Our own id in the room (the same ids the signals use). */
  selfId: string;
  /** Sends a signal to one peer through the server. */
  send(to: string, body: VoiceSignalBody): void;
  /** Position remote voices in space (3D rooms); off: everyone at the same volume (tour rooms). */
  spatial: boolean;
  /** ICE servers (empty: host candidates only, enough on one network). */
  iceServers?: RTCIceServer[];
  /** Builds the audio graph's context (tests pass a fake). */
  audioContext?: () => AudioContext;
  /** A person's screen-share video arrived (a stream) or went (null). */
  onVideo?(id: string, stream: MediaStream | null): void;
  /**
   * Whether to answer an offer from someone we did not connect to ourselves (default: anyone). A host answers people
   * of other instances, who connect to the hosts they know of; others only answer people they know.
   */
  accepts?(id: string): boolean;
}

/** How we connect to one person (`addPeer`). */
export interface PeerOptions {
  /** We make the offer (default: the smaller id does). People of other instances offer to the hosts they know. */
  initiate?: boolean;
  /** Our microphone and screen go to them (default true; false: we only listen, e.g. to another instance's host). */
  send?: boolean;
  /** Their voice comes from their avatar (default: the mesh's `spatial`; off for people of other instances). */
  spatial?: boolean;
}

interface Peer {
  pc: RTCPeerConnection;
  /** Added by `addPeer` (kept in step with the room); false: they offered to us (a person of another instance). */
  managed: boolean;
  /** Our microphone and screen go to them. */
  send: boolean;
  transceiver: RTCRtpTransceiver | null;
  /** The screen-share video transceiver (idle until someone shares). */
  video: RTCRtpTransceiver | null;
  /** Chrome plays a remote WebRTC stream into Web Audio only while a media element also holds it (muted). */
  sink: HTMLAudioElement | null;
  source: MediaStreamAudioSourceNode | null;
  panner: PannerNode | null;
  gain: GainNode;
  analyser: AnalyserNode;
  pendingIce: RTCIceCandidateInit[];
  position: [number, number, number];
}

/** Distance (m) within which a voice is at full volume; it halves at twice that (inverse distance model). */
export const VOICE_REF_DISTANCE = 2;
/** Beyond this distance (m) a voice no longer gets quieter. */
export const VOICE_MAX_DISTANCE = 40;

/**
 * Voice for a room as a full WebRTC mesh: one peer connection per other person, signalled over the room's socket.
 * The one whose id sorts first makes the offer (no glare). Each connection carries one audio transceiver from the
 * start, so the microphone can come, go or be muted later without renegotiating (`replaceTrack`, `track.enabled`).
 * A second, video transceiver carries a host's screen share the same way (`setScreen`: no renegotiation; idle it sends
 * nothing). Each remote voice goes through Web Audio: a PannerNode at the person's avatar (HRTF, volume by distance) in 3D
 * rooms, and an AnalyserNode that tells who is speaking. Every speaker sends one stream per listener, so a mesh
 * carries about 8 simultaneous speakers comfortably; larger rooms are the server's stage mode.
 * Hosts' voice and screen reach the entry's other instances too: people there offer to the hosts they know of and
 * only listen (`addPeer` options); a host answers those offers (peers it did not add, `managedPeerIds` leaves them
 * out) and drops them when they leave.
 */
export class VoiceMesh {
  private peers = new Map<string, Peer>();
  private track: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  private talking = false;
  private ctx: AudioContext | null = null;
  private opts: VoiceMeshOptions;
  private closed = false;

  constructor(opts: VoiceMeshOptions) {
    this.opts = opts;
  }

  /** The audio context (created on first need; browsers start it suspended until a user gesture: see `resume`). */
  private audio(): AudioContext {
    if (!this.ctx) this.ctx = this.opts.audioContext ? this.opts.audioContext() : new AudioContext();
    return this.ctx;
  }

  /** Resumes audio after a user gesture (autoplay policy). */
  resume(): void {
    void this.ctx?.resume().catch(() => undefined);
  }

  /** Our microphone track (null: listening only). Sent on every connection; enabled only while talking. */
  setMicrophone(track: MediaStreamTrack | null): void {
    this.track = track;
    if (track) track.enabled = this.talking;
    for (const peer of this.peers.values())
      if (peer.send) void peer.transceiver?.sender.replaceTrack(track).catch(() => undefined);
  }

  /** Our screen-share video (null: none). Sent on every connection, and to people who connect later. */
  setScreen(track: MediaStreamTrack | null): void {
    this.screen = track;
    for (const peer of this.peers.values()) if (peer.send) void peer.video?.sender.replaceTrack(track).catch(() => undefined);
  }

  /** Whether our voice is on (open mic or push-to-talk held, and not muted by a host). */
  setTalking(on: boolean): void {
    this.talking = on;
    if (this.track) this.track.enabled = on;
  }

  get isTalking(): boolean {
    return this.talking;
  }

  /** The ids we hold a connection with. */
  peerIds(): string[] {
    return [...this.peers.keys()];
  }

  /** The ids we connected to with `addPeer` (the room keeps these in step; the others offered to us). */
  managedPeerIds(): string[] {
    return [...this.peers].filter(([, p]) => p.managed).map(([id]) => id);
  }

  /** Whether our microphone and screen go to `id`. */
  sendsTo(id: string): boolean {
    return this.peers.get(id)?.send ?? false;
  }

  /** Whether we make the offer to `id` (the smaller id does). */
  initiates(id: string): boolean {
    return this.opts.selfId < id;
  }

  /**
   * Someone is in the room (or hosts another instance): connect. Our side offers if our id sorts first (or
   * `o.initiate`), otherwise we wait for their offer. Adding someone who already offered to us adopts the connection.
   */
  addPeer(id: string, o: PeerOptions = {}): void {
    if (this.closed || id === this.opts.selfId) return;
    const existing = this.peers.get(id);
    if (existing) {
      existing.managed = true;
      if (o.spatial === false && existing.panner) {
        existing.panner.disconnect();
        existing.panner = null;
        if (existing.source) {
          existing.source.disconnect();
          existing.source.connect(existing.analyser);
          existing.source.connect(existing.gain);
        }
      }
      return;
    }
    const send = o.send ?? true;
    const peer = this.createPeer(id, { managed: true, send, spatial: o.spatial ?? this.opts.spatial });
    if (o.initiate ?? this.initiates(id)) {
      peer.transceiver = peer.pc.addTransceiver('audio', { direction: 'sendrecv' });
      if (this.track && send) void peer.transceiver.sender.replaceTrack(this.track);
      peer.video = peer.pc.addTransceiver('video', { direction: 'sendrecv' });
      if (this.screen && send) void peer.video.sender.replaceTrack(this.screen);
      void this.offer(id, peer);
    }
  }

  /** Someone left: close their connection and audio. */
  removePeer(id: string): void {
    const peer = this.peers.get(id);
    if (!peer) return;
    this.peers.delete(id);
    peer.pc.close();
    peer.source?.disconnect();
    peer.panner?.disconnect();
    peer.gain.disconnect();
    if (peer.sink) peer.sink.srcObject = null;
    this.opts.onVideo?.(id, null);
  }

  /** A signal from `from`, relayed by the server. */
  async handleSignal(from: string, body: VoiceSignalBody): Promise<void> {
    if (this.closed || from === this.opts.selfId) return;
    let peer = this.peers.get(from);
    if (body.kind === 'offer') {
      if (!peer) {
        if (this.opts.accepts && !this.opts.accepts(from)) return;
        peer = this.createPeer(from, { managed: false, send: true, spatial: this.opts.spatial });
      }
      await peer.pc.setRemoteDescription({ type: 'offer', sdp: body.sdp });
      const t = peer.pc.getTransceivers().find((x) => x.receiver.track.kind === 'audio') ?? null;
      if (t) {
        t.direction = 'sendrecv';
        peer.transceiver = t;
        if (this.track && peer.send) await t.sender.replaceTrack(this.track).catch(() => undefined);
      }
      const v = peer.pc.getTransceivers().find((x) => x.receiver.track.kind === 'video') ?? null;
      if (v) {
        v.direction = 'sendrecv';
        peer.video = v;
        if (this.screen && peer.send) await v.sender.replaceTrack(this.screen).catch(() => undefined);
      }
      const answer = await peer.pc.createAnswer();
      await peer.pc.setLocalDescription(answer);
      this.opts.send(from, { kind: 'answer', sdp: answer.sdp ?? '' });
      await this.flushIce(peer);
      return;
    }
    if (!peer) return;
    if (body.kind === 'answer') {
      if (peer.pc.signalingState !== 'have-local-offer') return;
      await peer.pc.setRemoteDescription({ type: 'answer', sdp: body.sdp });
      await this.flushIce(peer);
      return;
    }
    if (!body.candidate) return;
    if (!peer.pc.remoteDescription) peer.pendingIce.push(body.candidate);
    else await peer.pc.addIceCandidate(body.candidate).catch(() => undefined);
  }

  /** Where a person's avatar is (3D rooms): their voice comes from there. */
  setPeerPosition(id: string, p: [number, number, number]): void {
    const peer = this.peers.get(id);
    if (!peer) return;
    peer.position = p;
    const panner = peer.panner;
    if (!panner) return;
    panner.positionX.value = p[0];
    panner.positionY.value = p[1] + 1.6;
    panner.positionZ.value = p[2];
  }

  /** Where we are and which way we face (yaw 0 looks towards −Z), for the spatial voices. */
  setListener(p: [number, number, number], yaw: number): void {
    if (!this.ctx || !this.opts.spatial) return;
    const l = this.ctx.listener;
    if (l.positionX) {
      l.positionX.value = p[0];
      l.positionY.value = p[1];
      l.positionZ.value = p[2];
      l.forwardX.value = -Math.sin(yaw);
      l.forwardY.value = 0;
      l.forwardZ.value = -Math.cos(yaw);
      l.upX.value = 0;
      l.upY.value = 1;
      l.upZ.value = 0;
    } else {
      l.setPosition(p[0], p[1], p[2]);
      l.setOrientation(-Math.sin(yaw), 0, -Math.cos(yaw), 0, 1, 0);
    }
  }

  /** How loud a person is right now (0…1, RMS of their incoming audio): "speaking" indicators. */
  levelOf(id: string): number {
    const peer = this.peers.get(id);
    if (!peer?.source) return 0;
    const data = new Float32Array(peer.analyser.fftSize);
    peer.analyser.getFloatTimeDomainData(data);
    let sum = 0;
    for (const v of data) sum += v * v;
    return Math.sqrt(sum / data.length);
  }

  /** Ends every connection and the audio graph. */
  close(): void {
    this.closed = true;
    for (const id of [...this.peers.keys()]) this.removePeer(id);
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }

  private createPeer(id: string, o: { managed: boolean; send: boolean; spatial: boolean }): Peer {
    const ctx = this.audio();
    const pc = new RTCPeerConnection({ iceServers: this.opts.iceServers ?? [] });
    const gain = ctx.createGain();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    let panner: PannerNode | null = null;
    if (o.spatial) {
      panner = ctx.createPanner();
      panner.panningModel = 'HRTF';
      panner.distanceModel = 'inverse';
      panner.refDistance = VOICE_REF_DISTANCE;
      panner.maxDistance = VOICE_MAX_DISTANCE;
      panner.rolloffFactor = 1;
      panner.connect(gain);
    }
    gain.connect(ctx.destination);
    const peer: Peer = {
      pc,
      managed: o.managed,
      send: o.send,
      transceiver: null,
      video: null,
      sink: null,
      source: null,
      panner,
      gain,
      analyser,
      pendingIce: [],
      position: [0, 0, 0],
    };
    pc.onicecandidate = (e) => this.opts.send(id, { kind: 'ice', candidate: e.candidate ? e.candidate.toJSON() : null });
    pc.ontrack = (e) => {
      if (e.track.kind === 'video') {
        this.opts.onVideo?.(id, new MediaStream([e.track]));
        return;
      }
      const stream = e.streams[0] ?? new MediaStream([e.track]);
      if (typeof Audio !== 'undefined') {
        const sink = new Audio();
        sink.muted = true;
        sink.srcObject = stream;
        void sink.play().catch(() => undefined);
        peer.sink = sink;
      }
      peer.source?.disconnect();
      const source = ctx.createMediaStreamSource(stream);
      source.connect(analyser);
      source.connect(peer.panner ?? gain);
      peer.source = source;
      this.setPeerPosition(id, peer.position);
    };
    pc.onconnectionstatechange = () => {
      // someone of another instance who offered to us (we host) and dropped: forget them (they offer again)
      if ((pc.connectionState === 'failed' || pc.connectionState === 'closed') && !peer.managed) {
        if (this.peers.get(id) === peer) this.removePeer(id);
        return;
      }
      // a dropped connection is offered again by the side that offers
      if (pc.connectionState === 'failed' && this.initiates(id)) void this.offer(id, peer, true);
    };
    this.peers.set(id, peer);
    return peer;
  }

  private async offer(id: string, peer: Peer, restart = false): Promise<void> {
    try {
      const offer = await peer.pc.createOffer({ iceRestart: restart });
      await peer.pc.setLocalDescription(offer);
      this.opts.send(id, { kind: 'offer', sdp: offer.sdp ?? '' });
    } catch {
      // the connection closed meanwhile
    }
  }

  private async flushIce(peer: Peer): Promise<void> {
    const pending = peer.pendingIce.splice(0);
    for (const c of pending) await peer.pc.addIceCandidate(c).catch(() => undefined);
  }
}
