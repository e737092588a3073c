import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isExternalLink, isOwnPage, isTrustedSender, rendererLocation } from './trust';

const mainDir = path.join(path.sep, 'app', 'out', 'main');
const built = rendererLocation(undefined, false, mainDir);
const page = pathToFileURL(path.join(path.sep, 'app', 'out', 'renderer', 'index.html')).href;

describe('rendererLocation', () => {
  it('uses the dev server only when one runs and the app is not packaged', () => {
    expect(rendererLocation('http://localhost:5173', false, mainDir)).toEqual({
      kind: 'dev',
      url: 'http://localhost:5173',
    });
    expect(rendererLocation('http://localhost:5173', true, mainDir).kind).toBe('file');
    expect(built).toEqual({
      kind: 'file',
      path: path.join(path.sep, 'app', 'out', 'renderer', 'index.html'),
    });
  });
});

describe('isOwnPage', () => {
  it('accepts the built page with any hash or query, and nothing else', () => {
    expect(isOwnPage(built, page)).toBe(true);
    expect(isOwnPage(built, `${page}#/runs/r1`)).toBe(true);
    expect(isOwnPage(built, pathToFileURL('/app/out/renderer/other.html').href)).toBe(false);
    expect(isOwnPage(built, 'https://example.com/index.html')).toBe(false);
    expect(isOwnPage(built, 'not a url')).toBe(false);
  });

  it('accepts the dev server origin only', () => {
    const dev = rendererLocation('http://localhost:5173/', false, mainDir);
    expect(isOwnPage(dev, 'http://localhost:5173/index.html')).toBe(true);
    expect(isOwnPage(dev, 'http://localhost:5174/')).toBe(false);
    expect(isOwnPage(dev, 'http://evil.example/')).toBe(false);
  });
});

describe('isTrustedSender', () => {
  const mainFrame = { processId: 7, routingId: 1, url: page };

  it('trusts the main frame of our window on our page', () => {
    expect(isTrustedSender({ ...mainFrame }, mainFrame, built)).toBe(true);
  });

  it('refuses a missing frame, a subframe, another process or a foreign page', () => {
    expect(isTrustedSender(null, mainFrame, built)).toBe(false);
    expect(isTrustedSender({ ...mainFrame, routingId: 2 }, mainFrame, built)).toBe(false);
    expect(isTrustedSender({ ...mainFrame, processId: 8 }, mainFrame, built)).toBe(false);
    expect(isTrustedSender({ ...mainFrame, url: 'https://example.com/' }, mainFrame, built)).toBe(false);
  });
});

describe('isExternalLink', () => {
  it('lets only http(s) out to the system browser', () => {
    expect(isExternalLink('https://example.com/docs')).toBe(true);
    expect(isExternalLink('http://example.com/')).toBe(true);
    expect(isExternalLink('file:///etc/passwd')).toBe(false);
    expect(isExternalLink('javascript:alert(1)')).toBe(false);
    expect(isExternalLink('smb://host/share')).toBe(false);
  });
});
