import type { PresentState } from '@xr/contract/world';

/** What screen sharing needs from the room: the present calls, the mesh's video, and the browser's picker. */
export interface ScreenShareDeps {
  /** `present:start` with the screen (or back to the slides), `present:stop`. */
  present(state: { kind: PresentState['kind']; urls: string[]; page: number } | null): Promise<unknown>;
  /** Sends our screen's video to every peer (null: stop sending). */
  setTrack(track: MediaStreamTrack | null): void;
  getDisplayMedia(): Promise<MediaStream>;
}

/**
 * A host's screen share: the picked screen's video goes to the room's peers over the voice mesh and the presenter
 * state says `screen`, so everyone draws it on the room's screen. Stopping (the button, or the browser's own "stop
 * sharing") gives the screen back to the slides or PDF that were showing before, or ends presenting if there were none.
 */
export class ScreenShare {
  private stream: MediaStream | null = null;
  private previous: PresentState | null = null;
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly deps: ScreenShareDeps,
    private readonly onChange: (stream: MediaStream | null) => void = () => undefined,
  ) {}

  get sharing(): MediaStream | null {
    return this.stream;
  }

  /** Asks for a screen and shares it; `current` is what is presented now (restored on stop). */
  async start(current: PresentState | null): Promise<MediaStream> {
    if (this.stream) return this.stream;
    const stream = await this.deps.getDisplayMedia();
    const track = stream.getVideoTracks()[0];
    if (!track) {
      for (const t of stream.getTracks()) t.stop();
      throw new Error('no video track');
    }
    this.previous = current && current.kind !== 'screen' ? current : null;
    this.stream = stream;
    this.deps.setTrack(track);
    track.addEventListener('ended', () => void this.stop());
    try {
      await this.deps.present({ kind: 'screen', urls: [], page: 0 });
    } catch (e) {
      this.release();
      throw e;
    }
    this.onChange(stream);
    return stream;
  }

  /** Stops sharing and restores the slides shown before (once, however often it is called). */
  stop(): Promise<void> {
    if (!this.stream) return this.stopping ?? Promise.resolve();
    const prev = this.previous;
    this.release();
    this.stopping = this.deps
      .present(prev ? { kind: prev.kind, urls: prev.urls, page: prev.page } : null)
      .then(() => undefined)
      .finally(() => {
        this.stopping = null;
      });
    return this.stopping;
  }

  private release() {
    for (const t of this.stream?.getTracks() ?? []) t.stop();
    this.stream = null;
    this.previous = null;
    this.deps.setTrack(null);
    this.onChange(null);
  }
}
