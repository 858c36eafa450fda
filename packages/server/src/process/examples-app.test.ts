import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
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
mkdirSync(join(dir, 'strict-csp'));
writeFileSync(join(dir, 'strict-csp', 'index.html'), '<script src="%DOPPEL_URL%/embed.js"></script>');
writeFileSync(join(dir, 'strict-csp', 'site.css'), 'body { margin: 0 }');
// The React example as it lies in the repository: a page, its build, and what must stay private.
mkdirSync(join(dir, 'react', 'dist'), { recursive: true });
mkdirSync(join(dir, 'react', 'src'));
writeFileSync(join(dir, 'react', 'index.html'), '<script type="module" src="./dist/app.js"></script>');
writeFileSync(join(dir, 'react', 'dist', 'app.js'), 'console.log("react example")');
writeFileSync(join(dir, 'react', 'package.json'), '{"name":"private"}');
writeFileSync(join(dir, 'react', 'src', 'main.tsx'), 'export {}');
// Outside the examples folder: what a symlink inside it must not reach.
const outside = mkdtempSync(join(tmpdir(), 'doppel-outside-'));
writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET');
mkdirSync(join(outside, 'react'));
writeFileSync(join(outside, 'react', 'package.json'), '{"name":"react"}');
mkdirSync(join(dir, 'react', 'node_modules'));
symlinkSync(join(outside, 'react'), join(dir, 'react', 'node_modules', 'react'));
symlinkSync(join(outside, 'secret.txt'), join(dir, 'plain', 'leak.txt'));
symlinkSync(outside, join(dir, 'plain', 'linked'));
symlinkSync(join(outside, 'react'), join(dir, 'react', 'dist', 'vendor'));
symlinkSync(join(dir, 'react', 'package.json'), join(dir, 'plain', 'package.json'));
const app = createExamplesApp({ examplesDir: dir, publicUrl: 'http://localhost:4321' });

describe('examples server', () => {
  it('serves a folder’s index.html with %DOPPEL_URL% filled in', async () => {
    const res = await app.request('/plain/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<script src="http://localhost:4321/embed.js" data-clone="demo"></script>');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(await (await app.request('/')).text()).toContain('plain/');
  });

  it('serves the strict host pages with a policy naming only the site and Doppel, no inline anything', async () => {
    for (const path of ['/strict-csp/', '/strict-csp/site.css']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self' http://localhost:4321;");
      expect(policy).toContain("style-src 'self' http://localhost:4321;");
      expect(policy).toContain('frame-src http://localhost:4321;');
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toContain('unsafe');
    }
    expect(await (await app.request('/strict-csp/')).text()).toBe(
      '<script src="http://localhost:4321/embed.js"></script>',
    );
    // The other pages keep the plain security headers.
    expect((await app.request('/plain/')).headers.get('content-security-policy')).toBe(
      "frame-ancestors 'self'",
    );
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

  it('serves the React page and its build', async () => {
    const page = await app.request('/react/');
    expect([page.status, await page.text()]).toEqual([
      200,
      '<script type="module" src="./dist/app.js"></script>',
    ]);
    const script = await app.request('/react/dist/app.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toBe('console.log("react example")');
  });

  it('lists no folder: one without index.html answers 404', async () => {
    mkdirSync(join(dir, 'plain', 'more', 'react'), { recursive: true });
    writeFileSync(join(dir, 'plain', 'more', 'two.html'), '<p>two</p>');
    for (const path of ['/plain/more/', '/plain/more', '/react/dist/', '/react/src/']) {
      const res = await app.request(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).not.toContain('two.html');
    }
    // The page itself is still there.
    expect((await app.request('/plain/more/two.html')).status).toBe(200);
  });

  it('follows no symlink out of the examples and serves only the example pages and their builds', async () => {
    const refused = [
      '/plain/leak.txt',
      '/plain/linked/secret.txt',
      '/plain/linked/react/package.json',
      '/plain/package.json',
      '/react/dist/vendor/package.json',
      '/react/node_modules/react/package.json',
      '/react/package.json',
      '/react/src/main.tsx',
      '/react/dist/../package.json',
      '/react/dist/..%2Fpackage.json',
    ];
    for (const path of refused) {
      const res = await app.request(path);
      expect([path, res.status]).toEqual([path, 404]);
      const text = await res.text();
      expect(text).not.toContain('SECRET');
      expect(text).not.toContain('"name"');
    }
  });

  it('serves no dotfile', async () => {
    writeFileSync(join(dir, 'plain', '.env'), 'KEY=1');
    mkdirSync(join(dir, 'plain', '.git'));
    writeFileSync(join(dir, 'plain', '.git', 'config'), '[core]');
    for (const path of ['/plain/.env', '/plain/.git/config', '/plain/%2Eenv', '/.gitignore']) {
      expect([path, (await app.request(path)).status]).toEqual([path, 404]);
    }
  });
});
