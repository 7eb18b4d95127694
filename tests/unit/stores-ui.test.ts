import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/lib/config';
import { $notifications, notificationShown, notify, removeNotification, runNotificationAction } from '../../src/lib/state/stores/notifications';
import { $ui, closePanels, closeSubmenu, openAuthModal, openSubmenu, setPanel, togglePanel, PANELS } from '../../src/lib/state/stores/ui';
import { $online, onBackOnline, watchNetwork } from '../../src/lib/state/stores/network';
import { $storeView, setStoreView, storeViewForPath } from '../../src/lib/state/stores/store-view';
import { collection } from '../../src/lib/state/storage';
import { freshState } from './stores-fixtures';

let mem: ReturnType<typeof freshState>;
beforeEach(() => {
  mem = freshState();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setStoreView('gb');
});

describe('notifications', () => {
  it('is not added when the last one has the same message', () => {
    notify({ type: 'success', message: 'Saved' });
    expect(notify({ type: 'success', message: 'Saved' })).toBeNull();
    notify({ type: 'error', message: 'Oops' });
    notify({ type: 'success', message: 'Saved' });
    expect($notifications.get().map((n) => n.message)).toEqual(['Saved', 'Oops', 'Saved']);
  });

  it('is removed after its time to live, 5,000 ms by default', () => {
    vi.useFakeTimers();
    notify({ type: 'info', message: 'Default' });
    notify({ type: 'info', message: 'Short', timeToLive: 1000 });
    vi.advanceTimersByTime(1000);
    expect($notifications.get().map((n) => n.message)).toEqual(['Default']);
    vi.advanceTimersByTime(3999);
    expect($notifications.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notifications.get()).toEqual([]);
  });

  it('the same message again is not added, but the one shown stays its full time after it', () => {
    vi.useFakeTimers();
    notify({ type: 'success', message: 'Product has been added to the cart!' });
    vi.advanceTimersByTime(4000);
    expect(notify({ type: 'success', message: 'Product has been added to the cart!' })).toBeNull();
    vi.advanceTimersByTime(4999);
    expect($notifications.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notifications.get()).toEqual([]);
  });

  it('its time to live counts from when the renderer shows it', () => {
    vi.useFakeTimers();
    const n = notify({ type: 'success', message: 'Saved' })!;
    // The renderer module arrives 300 ms later and puts the note on screen.
    vi.advanceTimersByTime(300);
    notificationShown(n.id);
    vi.advanceTimersByTime(4999);
    expect($notifications.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notifications.get()).toEqual([]);
    // A note with no timeout stays so when shown.
    const sticky = notify({ type: 'warning', message: 'Order waiting!', hasNoTimeout: true })!;
    notificationShown(sticky.id);
    vi.advanceTimersByTime(60_000);
    expect($notifications.get()).toHaveLength(1);
  });

  it('stays when it has no timeout', () => {
    vi.useFakeTimers();
    notify({ type: 'warning', message: 'Order waiting!', hasNoTimeout: true });
    vi.advanceTimersByTime(60_000);
    expect($notifications.get().map((n) => n.message)).toEqual(['Order waiting!']);
  });

  it('runs its action button and closes', () => {
    const action = vi.fn();
    const n = notify({ type: 'error', message: 'Failed', action1: { label: 'OK', action } })!;
    runNotificationAction(n.id);
    expect(action).toHaveBeenCalledOnce();
    expect($notifications.get()).toEqual([]);
  });

  it('can be closed by hand', () => {
    const n = notify({ type: 'info', message: 'Hello' })!;
    removeNotification(n.id);
    expect($notifications.get()).toEqual([]);
  });
});

describe('ui flags', () => {
  it('starts with the §3 defaults', () => {
    expect($ui.get()).toMatchObject({ authElem: 'login', overlay: false, microcart: false, submenu: { depth: 0, path: [] } });
  });

  it('each panel toggles the overlay with itself', () => {
    for (const panel of PANELS) {
      togglePanel(panel);
      expect($ui.get()[panel]).toBe(true);
      expect($ui.get().overlay).toBe(true);
      togglePanel(panel);
      expect($ui.get()[panel]).toBe(false);
      expect($ui.get().overlay).toBe(false);
    }
  });

  it('closing every panel hides the overlay', () => {
    setPanel('microcart', true);
    setPanel('searchpanel', true);
    closePanels();
    expect($ui.get()).toMatchObject({ microcart: false, searchpanel: false, overlay: false });
  });

  it('removes a submenu path entry 300 ms after closing', () => {
    vi.useFakeTimers();
    openSubmenu('rings');
    openSubmenu('engagement');
    expect($ui.get().submenu).toEqual({ depth: 2, path: ['rings', 'engagement'] });
    closeSubmenu();
    expect($ui.get().submenu).toEqual({ depth: 1, path: ['rings', 'engagement'] });
    vi.advanceTimersByTime(299);
    expect($ui.get().submenu.path).toEqual(['rings', 'engagement']);
    vi.advanceTimersByTime(1);
    expect($ui.get().submenu).toEqual({ depth: 1, path: ['rings'] });
  });

  it('a submenu opened during the delay replaces the closing one', () => {
    vi.useFakeTimers();
    openSubmenu('rings');
    openSubmenu('engagement');
    closeSubmenu();
    openSubmenu('wedding');
    vi.advanceTimersByTime(300);
    expect($ui.get().submenu).toEqual({ depth: 2, path: ['rings', 'wedding'] });
  });

  it('opens the signup modal', () => {
    openAuthModal('register');
    expect($ui.get()).toMatchObject({ authModal: true, authElem: 'register' });
  });
});

describe('network', () => {
  it('follows the online and offline events', () => {
    const target = new EventTarget();
    const stop = watchNetwork(target);
    const back = vi.fn();
    const off = onBackOnline(back);
    target.dispatchEvent(new Event('offline'));
    expect($online.get()).toBe(false);
    target.dispatchEvent(new Event('online'));
    expect($online.get()).toBe(true);
    expect(back).toHaveBeenCalledOnce();
    stop();
    off();
    target.dispatchEvent(new Event('offline'));
    expect($online.get()).toBe(true);
  });
});

describe('store view', () => {
  it('uses the default store unless multistore is on', () => {
    expect(storeViewForPath('/de/rings').storeCode).toBe('gb');
    const multi = loadConfig({ PUBLIC_MULTISTORE: 'true' });
    expect(storeViewForPath('/de/rings', multi).storeCode).toBe('de');
    expect(storeViewForPath('/rings', multi).storeCode).toBe('gb');
  });

  it('names the storage collections after the chosen store', async () => {
    const multi = loadConfig({ PUBLIC_MULTISTORE: 'true' });
    setStoreView('it', multi);
    expect($storeView.get().storeCode).toBe('it');
    await collection('claims').setItem('x', 1);
    expect(mem.dbs.get('shop-it-claims')?.get('x')).toBe(1);
  });
});
