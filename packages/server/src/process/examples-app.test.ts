import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createExamplesApp } from './examples-app';

const dir = mkdtempSync(join(tmpdir(), 'doppel-examples-'));
mkdirSync(join(dir, 'plain'));
writeFileSync(join(dir, 'index.html'), '<a href="plain/">plain</a>');
writeFileSync(
  join(dir, 'plain', 'index.html'),
  '<script src="%DOPPEL_URL%/embed.js" data-clone="demo"></script>',
);
writeFileSync(join(dir, 'plain', 'host.css'), 'body { margin: 0 }');
const app = createExamplesApp({ examplesDir: dir, publicUrl: 'http://localhost:4321' });

describe('examples server', () => {
  it('serves a folder’s index.html with %DOPPEL_URL% filled in', async () => {
    const res = await app.request('/plain/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<script src="http://localhost:4321/embed.js" data-clone="demo"></script>');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(await (await app.request('/')).text()).toContain('plain/');
  });

  it('lists a folder that has no index.html', async () => {
    mkdirSync(join(dir, 'more', 'react'), { recursive: true });
    writeFileSync(join(dir, 'more', 'two.html'), '<p>two</p>');
    const res = await app.request('/more/');
    expect(await res.text()).toContain('<a href="react/">react/</a></li><li><a href="two.html">');
  });

  it('redirects a folder without its slash, so relative links resolve inside it', async () => {
    const res = await app.request('/plain');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/plain/');
  });

  it('serves other files as they are and refuses paths outside the folder', async () => {
    expect(await (await app.request('/plain/host.css')).text()).toBe('body { margin: 0 }');
    expect((await app.request('/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await app.request('/missing.html')).status).toBe(404);
  });
});
