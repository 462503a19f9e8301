import { AnimationClip, Group, Object3D, VectorKeyframeTrack } from 'three';
import { describe, expect, it } from 'vitest';
import {
  AvatarAnimator,
  CROSS_FADE,
  chooseAvatarClips,
  chooseEmoteClips,
  createAvatarMotion,
  isShown,
  resetMotion,
  trackMotion,
} from './avatar-motion';

describe('chooseAvatarClips', () => {
  it('plays nothing for a model without clips', () => {
    expect(chooseAvatarClips([])).toEqual({ idle: null, move: null });
  });

  it('finds Idle and Walk by the last segment, in any case', () => {
    expect(chooseAvatarClips(['Run', 'Walk', 'Idle'])).toEqual({ idle: 'Idle', move: 'Walk' });
    expect(
      chooseAvatarClips(['CharacterArmature|Death', 'CharacterArmature|Idle', 'CharacterArmature|Run', 'Armature|Walk']),
    ).toEqual({ idle: 'CharacterArmature|Idle', move: 'Armature|Walk' });
    expect(chooseAvatarClips(['JUMP', 'WALK', 'idle'])).toEqual({ idle: 'idle', move: 'WALK' });
  });

  it('reads the Quaternius characters as distributed', () => {
    // the knight, the woman (SitIdle is not her idle), the man
    expect(
      chooseAvatarClips([
        'HumanArmature|Death',
        'HumanArmature|Idle_swordLeft',
        'HumanArmature|Idle',
        'HumanArmature|Run',
        'HumanArmature|Walking',
      ]),
    ).toEqual({ idle: 'HumanArmature|Idle', move: 'HumanArmature|Walking' });
    expect(
      chooseAvatarClips(['Armature|Death', 'Armature|SitIdle', 'Armature|Idle', 'Armature|Running', 'Armature|Walking']),
    ).toEqual({ idle: 'Armature|Idle', move: 'Armature|Walking' });
    // names that all start with the character's own word
    expect(
      chooseAvatarClips([
        'RobotArmature|Robot_Dance',
        'RobotArmature|Robot_Idle',
        'RobotArmature|Robot_Running',
        'RobotArmature|Robot_WalkJump',
        'RobotArmature|Robot_Walking',
      ]),
    ).toEqual({ idle: 'RobotArmature|Robot_Idle', move: 'RobotArmature|Robot_Walking' });
    expect(
      chooseAvatarClips([
        'AlienArmature|Alien_Clapping',
        'AlienArmature|Alien_IdleHold',
        'AlienArmature|Alien_Idle',
        'AlienArmature|Alien_Walk',
      ]),
    ).toEqual({ idle: 'AlienArmature|Alien_Idle', move: 'AlienArmature|Alien_Walk' });
  });

  it('runs when there is no walk, and takes a variant when there is no plain clip', () => {
    expect(chooseAvatarClips(['Armature|Idle', 'Armature|Running'])).toEqual({ idle: 'Armature|Idle', move: 'Armature|Running' });
    expect(chooseAvatarClips(['SitIdle', 'Idle_Sword', 'Walk_Forward'])).toEqual({ idle: 'Idle_Sword', move: 'Walk_Forward' });
    // a shared first word that is itself a role is not a prefix
    expect(chooseAvatarClips(['Idle_A', 'Idle_B'])).toEqual({ idle: 'Idle_A', move: null });
  });

  it('falls back to the first clip for idle, and walks with none when nothing walks or runs', () => {
    expect(chooseAvatarClips(['Armature|ArmatureAction', 'Armature|PlaneAction'])).toEqual({
      idle: 'Armature|ArmatureAction',
      move: null,
    });
    expect(chooseAvatarClips(['Wave'])).toEqual({ idle: 'Wave', move: null });
  });
});

/** The Quaternius robot's clips as distributed. */
const ROBOT = [
  'RobotArmature|Robot_Dance',
  'RobotArmature|Robot_Death',
  'RobotArmature|Robot_Idle',
  'RobotArmature|Robot_Jump',
  'RobotArmature|Robot_No',
  'RobotArmature|Robot_Punch',
  'RobotArmature|Robot_Running',
  'RobotArmature|Robot_Sitting',
  'RobotArmature|Robot_Standing',
  'RobotArmature|Robot_ThumbsUp',
  'RobotArmature|Robot_WalkJump',
  'RobotArmature|Robot_Walking',
  'RobotArmature|Robot_Wave',
  'RobotArmature|Robot_Yes',
];

describe('chooseEmoteClips', () => {
  it("finds the Quaternius characters' own clips for the emotes they have, and none for the others", () => {
    expect(chooseEmoteClips(ROBOT, ['RobotArmature|Robot_Idle', 'RobotArmature|Robot_Walking'])).toEqual({
      wave: 'RobotArmature|Robot_Wave',
      dance: 'RobotArmature|Robot_Dance',
      // the thumbs up before the nod: the earlier phrase wins
      thumbs_up: 'RobotArmature|Robot_ThumbsUp',
    });
    expect(
      chooseEmoteClips([
        'AlienArmature|Alien_Clapping',
        'AlienArmature|Alien_Death',
        'AlienArmature|Alien_Idle',
        'AlienArmature|Alien_Jump',
        'AlienArmature|Alien_Punch',
        'AlienArmature|Alien_Walk',
      ]),
    ).toEqual({ clap: 'AlienArmature|Alien_Clapping' });
    // the knight, the man and the woman have no emote clip: their figures show emotes their own way
    expect(chooseEmoteClips(['HumanArmature|Idle', 'HumanArmature|Jump', 'HumanArmature|Roll_sword'])).toEqual({});
    expect(chooseEmoteClips(['Human Armature|ArmatureAction.001', 'Human Armature|Punch', 'Human Armature|Working'])).toEqual({});
    expect(chooseEmoteClips([])).toEqual({});
  });

  it('matches whole words in any case and writing, the plainest clip first', () => {
    expect(chooseEmoteClips(['WAVE_SWORD', 'wave', 'Armature|Dancing', 'thumbs_up', 'Love'])).toEqual({
      wave: 'wave',
      dance: 'Armature|Dancing',
      thumbs_up: 'thumbs_up',
      heart: 'Love',
    });
    expect(chooseEmoteClips(['Greeting', 'ClapHands', 'Shrug', 'Laughing', 'nod'])).toEqual({
      wave: 'Greeting',
      clap: 'ClapHands',
      question: 'Shrug',
      laugh: 'Laughing',
      thumbs_up: 'nod',
    });
    // parts of words are no match: "Hit" is no "hi", "Swave" no wave, "Nodding" no nod
    expect(chooseEmoteClips(['Hit', 'Swave', 'Nodding', 'Undance'])).toEqual({});
  });

  it('never takes the idle or walking clip for an emote', () => {
    expect(chooseEmoteClips(['Wave'], ['Wave'])).toEqual({});
    expect(chooseEmoteClips(['Dance', 'Dance_Alt'], ['Dance'])).toEqual({ dance: 'Dance_Alt' });
  });
});

describe('trackMotion', () => {
  const FRAME = 1 / 60;

  it('walks while the drawn position moves, and stands soon after it stops', () => {
    const m = createAvatarMotion();
    trackMotion(m, 0, 0, FRAME);
    expect(m).toMatchObject({ moving: false, placed: true });
    let x = 0;
    for (let i = 0; i < 12; i++) {
      x += 2.5 * FRAME;
      trackMotion(m, x, 0, FRAME);
    }
    expect(m.moving).toBe(true);
    expect(m.speed).toBeGreaterThan(2);
    let frames = 0;
    while (m.moving && frames < 120) {
      trackMotion(m, x, 0, FRAME);
      frames++;
    }
    expect(m.moving).toBe(false);
    // about a quarter of a second, not at the first still frame (a snapshot arriving late is no stop)
    expect(frames).toBeGreaterThan(5);
    expect(frames).toBeLessThan(30);
  });

  it('does not walk for a jump (a host moving people), nor across an absence', () => {
    const m = createAvatarMotion();
    trackMotion(m, 0, 0, FRAME);
    for (let i = 0; i < 5; i++) trackMotion(m, 10 + i * 0.001, 0, FRAME);
    expect(m.moving).toBe(false);
    resetMotion(m);
    trackMotion(m, 50, 50, FRAME);
    trackMotion(m, 50, 50, FRAME);
    expect(m).toMatchObject({ moving: false, speed: 0 });
  });
});

/** A figure with one bone and clips that hold it at a height of their own (idle 0 m, walk 1 m). */
function figure(clips: [string, number][]) {
  const root = new Group();
  const bone = new Object3D();
  bone.name = 'Hips';
  root.add(bone);
  const animations = clips.map(
    ([name, y]) => new AnimationClip(name, 1, [new VectorKeyframeTrack('Hips.position', [0, 1], [0, y, 0, 0, y, 0])]),
  );
  return { root, bone, animations };
}

describe('AvatarAnimator', () => {
  it('plays the idle clip standing and cross-fades to the walk clip and back', () => {
    const { root, bone, animations } = figure([
      ['Armature|Idle', 0],
      ['Armature|Walk', 1],
    ]);
    const a = new AvatarAnimator(root, animations);
    expect(a.clips).toEqual({ idle: 'Armature|Idle', move: 'Armature|Walk' });
    const m = createAvatarMotion();
    a.update(1 / 60, m);
    expect(a.idle?.isRunning()).toBe(true);
    expect(bone.position.y).toBeCloseTo(0);

    m.moving = true;
    m.speed = 1.6;
    a.update(CROSS_FADE / 2, m);
    expect(a.idle?.getEffectiveWeight()).toBeCloseTo(0.5);
    expect(a.move?.getEffectiveWeight()).toBeCloseTo(0.5);
    expect(bone.position.y).toBeCloseTo(0.5);
    a.update(CROSS_FADE, m);
    expect(bone.position.y).toBeCloseTo(1);
    expect(a.move?.timeScale).toBeCloseTo(1);

    // turning back mid-fade continues from where the blend is
    m.moving = false;
    a.update(CROSS_FADE / 4, m);
    expect(bone.position.y).toBeCloseTo(0.75);
    m.moving = true;
    a.update(CROSS_FADE / 8, m);
    expect(bone.position.y).toBeCloseTo(0.875);
    m.moving = false;
    a.update(CROSS_FADE * 2, m);
    expect(bone.position.y).toBeCloseTo(0);
    a.dispose();
    expect(a.idle?.isRunning()).toBe(false);
  });

  it('paces the walk by the speed, within bounds', () => {
    const { root, animations } = figure([
      ['Idle', 0],
      ['Walk', 1],
    ]);
    const a = new AvatarAnimator(root, animations);
    const m = { ...createAvatarMotion(), moving: true, speed: 2 };
    a.update(0.1, m);
    expect(a.move?.timeScale).toBeCloseTo(2 / 1.6);
    m.speed = 10;
    a.update(0.1, m);
    expect(a.move?.timeScale).toBe(1.5);
    m.speed = 0.1;
    a.update(0.1, m);
    expect(a.move?.timeScale).toBe(0.75);
  });

  it('keeps the idle clip while walking when the model has no walk, and does nothing without clips', () => {
    const one = figure([['Armature|ArmatureAction', 0.3]]);
    const a = new AvatarAnimator(one.root, one.animations);
    expect(a.move).toBeNull();
    a.update(0.5, { ...createAvatarMotion(), moving: true, speed: 2 });
    expect(a.idle?.getEffectiveWeight()).toBe(1);
    expect(one.bone.position.y).toBeCloseTo(0.3);

    const none = figure([]);
    const b = new AvatarAnimator(none.root, none.animations);
    expect(b.idle).toBeNull();
    b.update(0.5, { ...createAvatarMotion(), moving: true });
    expect(none.bone.position.y).toBe(0);
    expect(b.mixer.time).toBe(0);
  });
});

describe('AvatarAnimator emotes', () => {
  const standing = createAvatarMotion();

  it("fades an emote's own clip in over idle, plays it while the emote shows, then fades back to idle", () => {
    const { root, bone, animations } = figure([
      ['Robot_Idle', 0],
      ['Robot_Walking', 1],
      ['Robot_Wave', 2],
      ['Robot_Dance', 3],
    ]);
    const a = new AvatarAnimator(root, animations);
    expect(a.emoteClips).toEqual({ wave: 'Robot_Wave', dance: 'Robot_Dance' });
    a.update(1 / 60, standing);
    a.setEmote('wave', 1);
    expect(a.emoteAction?.getClip().name).toBe('Robot_Wave');
    expect(a.emoteAction?.isRunning()).toBe(true);
    a.update(CROSS_FADE / 2, standing);
    expect(a.emoteAction?.getEffectiveWeight()).toBeCloseTo(0.5);
    expect(a.idle?.getEffectiveWeight()).toBeCloseTo(0.5);
    expect(bone.position.y).toBeCloseTo(1);
    a.update(CROSS_FADE, standing);
    expect(bone.position.y).toBeCloseTo(2);
    // a looping emote goes on past its clip's length (1 s) while it shows
    a.update(0.5, standing);
    a.update(0.5, standing);
    expect(a.emoteAction?.isRunning()).toBe(true);
    expect(bone.position.y).toBeCloseTo(2);

    // the emote ends: back to idle, and the clip's action stops once faded out
    a.setEmote(null, null);
    a.update(CROSS_FADE / 2, standing);
    expect(bone.position.y).toBeCloseTo(1);
    const wave = a.emoteAction;
    a.update(CROSS_FADE, standing);
    expect(bone.position.y).toBeCloseTo(0);
    expect(a.emoteAction).toBeNull();
    expect(wave?.isRunning()).toBe(false);
    a.dispose();
  });

  it('starts the clip again for the next emote of the same kind, and switches clips for another kind', () => {
    const { root, bone, animations } = figure([
      ['Idle', 0],
      ['Wave', 2],
      ['Dance', 3],
    ]);
    const a = new AvatarAnimator(root, animations);
    a.setEmote('wave', 100);
    a.update(CROSS_FADE, standing);
    a.update(0.4, standing);
    const time = a.emoteAction?.time ?? 0;
    expect(time).toBeGreaterThan(0.3);
    a.setEmote('wave', 100);
    expect(a.emoteAction?.time).toBe(time);
    a.setEmote('wave', 200);
    expect(a.emoteAction?.time).toBe(0);
    a.setEmote('dance', 300);
    expect(a.emoteAction?.getClip().name).toBe('Dance');
    a.update(0.05, standing);
    // the dance takes the wave's full share at once
    expect(bone.position.y).toBeCloseTo(3);
  });

  it('plays a one-off emote once, then returns to idle while the emote still shows', () => {
    const { root, bone, animations } = figure([
      ['Idle', 0],
      ['ThumbsUp', 2],
    ]);
    const a = new AvatarAnimator(root, animations);
    a.setEmote('thumbs_up', 1);
    a.update(CROSS_FADE, standing);
    expect(bone.position.y).toBeCloseTo(2);
    // past the clip's 1 s: ended, fading out on its last pose
    a.update(0.5, standing);
    a.update(0.5, standing);
    a.update(0.05, standing);
    expect(a.emoteBlend).toBeLessThan(1);
    a.update(CROSS_FADE, standing);
    expect(a.emoteAction).toBeNull();
    expect(bone.position.y).toBeCloseTo(0);
  });

  it('gives way to the walk while the person walks, and a looping emote resumes when they stop', () => {
    const { root, bone, animations } = figure([
      ['Idle', 0],
      ['Walk', 1],
      ['Dance', 3],
    ]);
    const a = new AvatarAnimator(root, animations);
    const m = createAvatarMotion();
    a.setEmote('dance', 1);
    a.update(CROSS_FADE, m);
    expect(bone.position.y).toBeCloseTo(3);
    m.moving = true;
    m.speed = 1.6;
    a.update(CROSS_FADE, m);
    expect(bone.position.y).toBeCloseTo(1);
    m.moving = false;
    a.update(CROSS_FADE, m);
    expect(bone.position.y).toBeCloseTo(3);
  });

  it('plays no clip for an emote the model has none of, nor for a model without clips', () => {
    const { root, bone, animations } = figure([
      ['Idle', 0],
      ['Walk', 1],
    ]);
    const a = new AvatarAnimator(root, animations);
    a.setEmote('dance', 1);
    expect(a.emoteAction).toBeNull();
    a.update(CROSS_FADE, standing);
    expect(bone.position.y).toBeCloseTo(0);
    const none = figure([]);
    const b = new AvatarAnimator(none.root, none.animations);
    b.setEmote('wave', 1);
    b.update(0.5, standing);
    expect(b.emoteAction).toBeNull();
    expect(b.mixer.time).toBe(0);
  });
});

describe('isShown', () => {
  it('is false when the figure or a parent is hidden (a person not in view yet)', () => {
    const outer = new Group();
    const inner = new Group();
    outer.add(inner);
    expect(isShown(inner)).toBe(true);
    outer.visible = false;
    expect(isShown(inner)).toBe(false);
    expect(isShown(null)).toBe(false);
  });
});
