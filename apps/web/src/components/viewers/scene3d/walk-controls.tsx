import { useFrame, useThree } from '@react-three/fiber';
import type { Vec3 } from '@xr/contract/scenes';
import { type MutableRefObject, type PointerEvent as ReactPointerEvent, useEffect, useRef } from 'react';
import { Euler, Vector3 } from 'three';
import { MAX_FRAME_SECONDS } from './npc-runner';

/** Eye height of a visitor above the floor (metres). */
export const EYE_HEIGHT = 1.6;
const SPEED = 2.5;
const LOOK = 0.0035;

/** Joystick input: x right, y forward, each −1…1. */
export type MoveInput = MutableRefObject<{ x: number; y: number }>;

/**
 * Walk mode: W/A/S/D or arrows move on the floor, dragging the mouse (or a finger) looks around, the touch joystick
 * moves on phones. The eye stays at `EYE_HEIGHT` above the floor and inside its square (collision with the floor).
 */
export function WalkControls({ spawn, yaw, floorSize, move }: { spawn: Vec3; yaw: number; floorSize: number; move: MoveInput }) {
  const camera = useThree((s) => s.camera);
  const dom = useThree((s) => s.gl.domElement);
  const keys = useRef(new Set<string>());
  const look = useRef({ yaw, pitch: 0 });

  useEffect(() => {
    camera.position.set(spawn[0], spawn[1] + EYE_HEIGHT, spawn[2]);
    // yaw 0 looks towards −Z (the way a visitor faces the scene from the default spawn at z = 6).
    look.current = { yaw, pitch: 0 };
  }, [camera, spawn, yaw]);

  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.closest?.('input, textarea, [contenteditable="true"]')) return;
      keys.current.add(e.code);
    };
    const up = (e: KeyboardEvent) => keys.current.delete(e.code);
    const blur = () => keys.current.clear();
    let dragging: { x: number; y: number } | null = null;
    const press = (e: PointerEvent) => {
      dragging = { x: e.clientX, y: e.clientY };
    };
    const drag = (e: PointerEvent) => {
      if (!dragging) return;
      look.current.yaw -= (e.clientX - dragging.x) * LOOK;
      look.current.pitch = Math.max(-1.3, Math.min(1.3, look.current.pitch - (e.clientY - dragging.y) * LOOK));
      dragging = { x: e.clientX, y: e.clientY };
    };
    const release = () => {
      dragging = null;
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    dom.addEventListener('pointerdown', press);
    window.addEventListener('pointermove', drag);
    window.addEventListener('pointerup', release);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
      dom.removeEventListener('pointerdown', press);
      window.removeEventListener('pointermove', drag);
      window.removeEventListener('pointerup', release);
    };
  }, [dom]);

  const forward = useRef(new Vector3());
  const right = useRef(new Vector3());
  const euler = useRef(new Euler(0, 0, 0, 'YXZ'));
  useFrame((_, dt) => {
    const k = keys.current;
    let f = move.current.y;
    let r = move.current.x;
    if (k.has('KeyW') || k.has('ArrowUp')) f += 1;
    if (k.has('KeyS') || k.has('ArrowDown')) f -= 1;
    if (k.has('KeyD') || k.has('ArrowRight')) r += 1;
    if (k.has('KeyA') || k.has('ArrowLeft')) r -= 1;
    if (k.has('KeyQ')) look.current.yaw += dt * 1.5;
    if (k.has('KeyE')) look.current.yaw -= dt * 1.5;
    const { yaw: y, pitch } = look.current;
    forward.current.set(-Math.sin(y), 0, -Math.cos(y));
    right.current.set(Math.cos(y), 0, -Math.sin(y));
    // A long frame (a slow software renderer, a busy machine) still moves in real time, as the NPCs do (npc-runner.ts).
    const step = SPEED * Math.min(dt, MAX_FRAME_SECONDS);
    const len = Math.hypot(f, r);
    if (len > 0) {
      const n = len > 1 ? 1 / len : 1;
      camera.position.addScaledVector(forward.current, f * n * step).addScaledVector(right.current, r * n * step);
    }
    const half = floorSize / 2 - 0.3;
    camera.position.x = Math.max(-half, Math.min(half, camera.position.x));
    camera.position.z = Math.max(-half, Math.min(half, camera.position.z));
    camera.position.y = EYE_HEIGHT;
    euler.current.set(pitch, y, 0);
    camera.quaternion.setFromEuler(euler.current);
  });
  return null;
}

/** The on-screen joystick of phones (DOM, outside the canvas). */
export function TouchJoystick({ move, label }: { move: MoveInput; label: string }) {
  const knob = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLDivElement>(null);
  const update = (e: ReactPointerEvent) => {
    const b = base.current?.getBoundingClientRect();
    if (!b) return;
    const r = b.width / 2;
    let dx = e.clientX - (b.left + r);
    let dy = e.clientY - (b.top + r);
    const len = Math.hypot(dx, dy);
    if (len > r) {
      dx = (dx / len) * r;
      dy = (dy / len) * r;
    }
    move.current = { x: dx / r, y: -dy / r };
    if (knob.current) knob.current.style.transform = `translate(${dx}px, ${dy}px)`;
  };
  const reset = () => {
    move.current = { x: 0, y: 0 };
    if (knob.current) knob.current.style.transform = '';
  };
  return (
    <div
      ref={base}
      className="xr-scene__joystick"
      role="application"
      aria-label={label}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        update(e);
      }}
      onPointerMove={(e) => e.buttons && update(e)}
      onPointerUp={reset}
      onPointerCancel={reset}
    >
      <div ref={knob} className="xr-scene__joystick-knob" />
    </div>
  );
}
