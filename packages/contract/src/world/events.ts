/** The socket event names of a room, and the acknowledgement every client → server event answers. */

export const WorldEvent = {
  // client → server (with ack unless noted)
  /** `WorldJoinPayload` → ack `WorldJoinReply`. Leaves any room the socket was in first. */
  join: 'world:join',
  /** `{}` → ack `{}`. Disconnecting leaves too. */
  leave: 'world:leave',
  /** `WorldMovePayload`, no ack, up to 20 Hz. */
  move: 'world:move',
  /** `WorldChatPayload` → ack `WorldChatMessage`; everybody in the instance receives `world:chat`. */
  chat: 'world:chat',
  /** `WorldEmotePayload` → ack `{}`; the instance receives `world:emote` (`WorldEmoteEvent`). */
  emote: 'world:emote',
  /** Host actions: `WorldHostAction` → ack `{}`. */
  host: 'world:host',
  /** Own microphone state `WorldVoiceStatePayload` → ack `{}`; the instance receives `world:member`. */
  voiceState: 'voice:state',
  /** `VoiceSignalPayload` → ack `{}`; relayed to that one member as `voice:signal` (`VoiceSignalEvent`). */
  voiceSignal: 'voice:signal',
  /** Host only: `PresentStartPayload`; every instance receives `present:state`. */
  presentStart: 'present:start',
  /** Host only (the presenter): `PresentPagePayload`; every instance receives `present:state`. */
  presentPage: 'present:page',
  /** Host only: `{}`; every instance receives `present:state` with null. */
  presentStop: 'present:stop',
  /** Host only: `FollowHostPayload`; every instance receives `follow:host` (`FollowHostEvent`). */
  followHost: 'follow:host',
  /** Host only: `{}`; every instance receives `follow:host` with null. */
  followStop: 'follow:stop',
  /** Classroom: `{}` → the hand queue changes (`hand:queue`). */
  handRaise: 'hand:raise',
  /** `{ member_id? }`: lower your own hand, or a host lowers someone's. */
  handLower: 'hand:lower',

  // server → client
  /** Batched movement snapshot each tick (`WorldStatesEvent`). */
  states: 'world:states',
  /** Someone entered the instance (`WorldMember`). */
  memberJoined: 'world:joined',
  /**
   * Someone left (`WorldLeftEvent`). Sent to every instance of the entry: a host holds voice connections with people
   * of other instances (their voice and screen reach every instance) and drops them on it; others ignore unknown ids.
   */
  memberLeft: 'world:left',
  /** The entry's hosts in every instance changed (`WorldHostsEvent`): connect to the hosts of other instances. */
  hosts: 'world:hosts',
  /** A member's role, mute or hand changed (`WorldMember`). */
  memberUpdated: 'world:member',
  /** A chat message (`WorldChatMessage`), server → client under the same name as the client's send. */
  chatMessage: 'world:chat',
  /** Chat messages were deleted (a report decided to hide them): `WorldChatRemovedEvent`; drop them from the list. */
  chatRemoved: 'world:chat_removed',
  /** An emote (`WorldEmoteEvent`), same name as the client's send. */
  emoteShown: 'world:emote',
  /** The room was locked or unlocked (`WorldLockEvent`). */
  locked: 'world:locked',
  /** This socket was removed from the room (`WorldRemovedEvent`); it is no longer a member. */
  removed: 'world:removed',
  /** A host moved this member (`WorldMovedEvent`): go there. */
  moved: 'world:moved',
  /** Presenter state (`PresentState | null`) for every instance. */
  presentState: 'present:state',
  /** Follow-the-host state (`FollowHostEvent | null`) for every instance. */
  followState: 'follow:host',
  /** The raise-hand queue (`HandQueueEvent`). */
  handQueue: 'hand:queue',
  /** Voice signalling from one member (`VoiceSignalEvent`). */
  voiceSignalFrom: 'voice:signal',
} as const;
export type WorldEventName = (typeof WorldEvent)[keyof typeof WorldEvent];

/** The acknowledgement of every client → server event. */
export type WorldAck<T> = { ok: true; data: T } | { ok: false; code: number; message: string };
