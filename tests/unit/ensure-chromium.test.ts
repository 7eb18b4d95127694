import { describe, expect, it } from 'vitest';
import { ensureChromium, INSTALL_COMMAND, type ChromiumEnv } from '../../scripts/ensure-chromium';

function fakeEnv(over: Partial<ChromiumEnv> & { installs?: boolean } = {}) {
  const installed = new Set<string>();
  const ran: string[] = [];
  const lines: string[] = [];
  const env: ChromiumEnv = {
    path: '/usr/bin/chromium',
    exists: (p) => installed.has(p),
    canInstall: false,
    run: (cmd, args) => {
      ran.push([cmd, ...args].join(' '));
      if (over.installs && args[0] === 'install') installed.add('/usr/bin/chromium');
      return over.installs === false && args[0] === 'install' ? 100 : 0;
    },
    log: (l) => lines.push(l),
    ...over,
  };
  return { env, installed, ran, lines };
}

describe('chromium before the end-to-end tests', () => {
  it('goes on at once when the browser is there', () => {
    const f = fakeEnv();
    f.installed.add('/usr/bin/chromium');
    expect(ensureChromium(f.env)).toBe(true);
    expect(f.ran).toEqual([]);
  });

  it('installs debian chromium when it may (root with apt-get)', () => {
    const f = fakeEnv({ canInstall: true, installs: true });
    expect(ensureChromium(f.env)).toBe(true);
    expect(f.ran).toEqual(['apt-get update', 'apt-get install -y chromium']);
  });

  it('stops with the exact command when it cannot install', () => {
    const f = fakeEnv({ canInstall: false });
    expect(ensureChromium(f.env)).toBe(false);
    expect(f.ran).toEqual([]);
    expect(f.lines.join('\n')).toContain(INSTALL_COMMAND);
    expect(INSTALL_COMMAND).toBe('sudo apt-get update && sudo apt-get install -y chromium');
  });

  it('stops with the command when the install fails', () => {
    const f = fakeEnv({ canInstall: true, installs: false });
    expect(ensureChromium(f.env)).toBe(false);
    expect(f.lines.at(-1)).toContain(INSTALL_COMMAND);
  });

  it('does not install over a chromium_path that points elsewhere, and names it', () => {
    const f = fakeEnv({ path: '/opt/chrome/chrome', canInstall: true, installs: true });
    expect(ensureChromium(f.env)).toBe(false);
    expect(f.ran).toEqual([]);
    expect(f.lines.join('\n')).toContain('/opt/chrome/chrome');
  });
});
