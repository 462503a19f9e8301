import { COOKIE_KEYS, MOBILE_BREAKPOINT, MOBILE_WARNING_WIDTH } from '@xr/contract/constants';
import Cookies from 'js-cookie';
import { useEffect } from 'react';
import { createStore } from './store';

/** Component size chosen in the top bar; `medium` is the default (spec section 4). */
export const SIZES = ['large', 'medium', 'small'] as const;
export type SizeName = (typeof SIZES)[number];
export type Device = 'desktop' | 'mobile';

export interface SidebarState {
  opened: boolean;
  /** Skip the collapse animation (closing because the window became narrow). */
  withoutAnimation: boolean;
  device: Device;
  size: SizeName;
  /** Viewport width <= 768: show the spec's "use a PC" warning. */
  mobileWarning: boolean;
}

function readSize(): SizeName {
  const v = Cookies.get(COOKIE_KEYS.size);
  return (SIZES as readonly string[]).includes(v ?? '') ? (v as SizeName) : 'medium';
}

function viewportWidth(): number {
  return typeof window === 'undefined' ? 1280 : window.innerWidth;
}

function initial(): SidebarState {
  const width = viewportWidth();
  const device: Device = width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
  const status = Cookies.get(COOKIE_KEYS.sidebarStatus);
  return {
    opened: device === 'desktop' && status !== '0',
    withoutAnimation: device === 'mobile',
    device,
    size: readSize(),
    mobileWarning: width <= MOBILE_WARNING_WIDTH,
  };
}

const store = createStore<SidebarState>(initial());

/** Sidebar, device and size state; re-renders on change. */
export function useSidebar(): SidebarState {
  return store.use();
}

export function getSidebar(): SidebarState {
  return store.get();
}

function setOpened(opened: boolean, withoutAnimation: boolean): void {
  Cookies.set(COOKIE_KEYS.sidebarStatus, opened ? '1' : '0');
  store.set((s) => ({ ...s, opened, withoutAnimation }));
}

export function toggleSidebar(): void {
  setOpened(!store.get().opened, false);
}

export function openSidebar(): void {
  setOpened(true, false);
}

export function closeSidebar(opts: { withoutAnimation?: boolean } = {}): void {
  setOpened(false, !!opts.withoutAnimation);
}

export function setSize(size: SizeName): void {
  Cookies.set(COOKIE_KEYS.size, size);
  store.set((s) => ({ ...s, size }));
}

/** antd's name for a size (`medium` is antd's `middle`). */
export function antdSize(size: SizeName): 'large' | 'middle' | 'small' {
  return size === 'medium' ? 'middle' : size;
}

/**
 * Applies a viewport width: below 992 px the device is mobile and the sidebar closes (spec section 2);
 * at 768 px or less the mobile warning shows.
 */
export function applyViewportWidth(width: number): void {
  const device: Device = width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
  const mobileWarning = width <= MOBILE_WARNING_WIDTH;
  const s = store.get();
  if (s.device !== device || s.mobileWarning !== mobileWarning) store.set({ ...s, device, mobileWarning });
  if (device === 'mobile' && store.get().opened) closeSidebar({ withoutAnimation: true });
}

/** Hook for the admin layout: follows window resizes while mounted. */
export function useViewportWatcher(): void {
  useEffect(() => {
    const onResize = () => applyViewportWidth(window.innerWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
}
