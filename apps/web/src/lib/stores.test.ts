import { act, renderHook } from '@testing-library/react';
import { COOKIE_KEYS, STORAGE_KEYS } from '@xr/contract/constants';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearErrorLog, ERROR_LOG_MAX, getErrorLog, installErrorCapture, logError, useErrorLog } from './error-log';
import {
  antdSize,
  applyViewportWidth,
  closeSidebar,
  getSidebar,
  openSidebar,
  setSize,
  toggleSidebar,
  useSidebar,
} from './sidebar';
import { addTag, clearTags, closeAll, closeOthers, closeTag, getTags, pathAfterClose, refreshPath } from './tags';
import { DEFAULT_THEME_COLOR, getThemeColor, resetThemeColor, setThemeColor } from './theme';

describe('tags', () => {
  beforeEach(() => clearTags());

  it('adds each path once, updating its query, and persists in sessionStorage', () => {
    addTag({ path: '/profile', title: 'profile', affix: true });
    addTag({ path: '/orderlist', fullPath: '/orderlist?page=1', title: 'orderList' });
    addTag({ path: '/orderlist', fullPath: '/orderlist?page=2', title: 'orderList' });
    expect(getTags().map((t) => t.fullPath)).toEqual(['/profile', '/orderlist?page=2']);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.tags) ?? '[]')).toHaveLength(2);
  });

  it('close, close others and close all keep affix tabs; clearTags removes everything', () => {
    addTag({ path: '/profile', title: 'profile', affix: true });
    for (const p of ['/a', '/b', '/c']) addTag({ path: p, title: p });
    expect(closeTag('/b').map((t) => t.path)).toEqual(['/profile', '/a', '/c']);
    expect(closeTag('/profile').map((t) => t.path)).toEqual(['/profile', '/a', '/c']);
    expect(closeOthers('/c').map((t) => t.path)).toEqual(['/profile', '/c']);
    expect(closeAll().map((t) => t.path)).toEqual(['/profile']);
    clearTags();
    expect(getTags()).toEqual([]);
    expect(sessionStorage.getItem(STORAGE_KEYS.tags)).toBeNull();
  });

  it('helpers: where to go after closing, and the refresh path', () => {
    expect(pathAfterClose([])).toBe('/profile');
    expect(pathAfterClose([{ path: '/a', fullPath: '/a?x=1', title: 'a' }])).toBe('/a?x=1');
    expect(refreshPath('/vrdata/list?page=2')).toBe('/redirect/vrdata/list?page=2');
  });
});

describe('sidebar', () => {
  afterEach(() => {
    Cookies.remove(COOKIE_KEYS.sidebarStatus);
    Cookies.remove(COOKIE_KEYS.size);
    applyViewportWidth(1280);
  });

  it('toggles and stores the state in the sidebarStatus cookie', () => {
    openSidebar();
    const { result } = renderHook(() => useSidebar());
    act(() => toggleSidebar());
    expect(result.current.opened).toBe(false);
    expect(Cookies.get(COOKIE_KEYS.sidebarStatus)).toBe('0');
    act(() => toggleSidebar());
    expect(result.current.opened).toBe(true);
    expect(Cookies.get(COOKIE_KEYS.sidebarStatus)).toBe('1');
  });

  it('size defaults to medium and is kept in the size cookie', () => {
    expect(getSidebar().size).toBe('medium');
    setSize('small');
    expect(getSidebar().size).toBe('small');
    expect(Cookies.get(COOKIE_KEYS.size)).toBe('small');
    expect(antdSize('medium')).toBe('middle');
  });

  it('below 992 px the device is mobile and the sidebar closes; 768 px or less shows the warning', () => {
    openSidebar();
    applyViewportWidth(991);
    expect(getSidebar()).toMatchObject({ device: 'mobile', opened: false, withoutAnimation: true, mobileWarning: false });
    applyViewportWidth(768);
    expect(getSidebar().mobileWarning).toBe(true);
    applyViewportWidth(992);
    expect(getSidebar()).toMatchObject({ device: 'desktop', mobileWarning: false });
    closeSidebar();
    expect(getSidebar().opened).toBe(false);
  });
});

describe('theme', () => {
  it('keeps a hex primary colour in localStorage and ignores anything else', () => {
    expect(getThemeColor()).toBe(DEFAULT_THEME_COLOR);
    setThemeColor('#1677ff');
    expect(getThemeColor()).toBe('#1677ff');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('#1677ff');
    setThemeColor('red; background: url(x)');
    expect(getThemeColor()).toBe('#1677ff');
    resetThemeColor();
    expect(getThemeColor()).toBe(DEFAULT_THEME_COLOR);
  });
});

describe('error log', () => {
  beforeEach(() => clearErrorLog());

  it('keeps the latest 100 entries in localStorage and can be cleared', () => {
    const { result } = renderHook(() => useErrorLog());
    act(() => {
      for (let i = 0; i < ERROR_LOG_MAX + 5; i++) logError({ message: `e${i}`, url: '/x' });
    });
    expect(result.current).toHaveLength(ERROR_LOG_MAX);
    expect(result.current[0]!.message).toBe('e5');
    expect(result.current[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.errorLog) ?? '[]')).toHaveLength(ERROR_LOG_MAX);
    act(() => clearErrorLog());
    expect(result.current).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.errorLog)).toBeNull();
  });

  it('captures uncaught errors and unhandled rejections once installed', () => {
    const uninstall = installErrorCapture({ force: true });
    try {
      window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
      const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.assign(rejection, { reason: new Error('nope') });
      window.dispatchEvent(rejection);
      expect(getErrorLog().map((e) => e.message)).toEqual(['boom', 'nope']);
    } finally {
      uninstall();
    }
  });

  it('is not installed in development builds', () => {
    installErrorCapture()();
    window.dispatchEvent(new ErrorEvent('error', { message: 'dev only' }));
    expect(getErrorLog()).toEqual([]);
  });
});
