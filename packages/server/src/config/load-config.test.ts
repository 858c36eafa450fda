import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, SETTING_GROUPS } from '.';

const root = '/srv/doppel';

describe('loadConfig', () => {
  it('has working defaults for everything', () => {
    const config = loadConfig({}, root);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      examplesPort: 3001,
      dataDir: '/srv/doppel/.data',
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      llm: { baseUrl: null, apiKey: null, model: 'gpt-4o-mini' },
      demoCloneDir: '/srv/doppel/clones/demo',
      appDist: '/srv/doppel/packages/app/dist',
      embedDist: '/srv/doppel/packages/embed/dist',
      examplesDir: '/srv/doppel/examples',
      logLevel: 'info',
      streamKeepAliveMs: 15_000,
      jsonBodyLimitBytes: 65_536,
    });
  });

  it('reads the environment; blank values count as unset', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        EXAMPLES_PORT: '0',
        DATABASE_URL: '',
        DATA_DIR: 'memory://',
        LLM_BASE_URL: 'http://127.0.0.1:3111/v1',
        LOG_LEVEL: 'WARN',
        PUBLIC_URL: 'https://clones.example.com/',
        APP_DIST: '/opt/app',
      },
      root,
    );
    expect(config).toMatchObject({
      port: 8080,
      examplesPort: 0,
      databaseUrl: null,
      dataDir: 'memory://',
      llm: { baseUrl: 'http://127.0.0.1:3111/v1' },
      logLevel: 'warn',
      publicUrl: 'https://clones.example.com',
      appDist: '/opt/app',
    });
    expect(loadConfig({ PORT: '4000' }, root).publicUrl).toBe('http://localhost:4000');
  });

  it('names every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', LLM_BASE_URL: 'not a url' }, root)).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' }, root);
    } catch (error) {
      expect(String(error)).toMatch(/PORT: .*LOG_LEVEL: /);
    }
  });

  it('documents every variable it reads, each written once', () => {
    const names = SETTING_GROUPS.flatMap((group) => Object.keys(group.settings));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
    expect([...names].sort()).toEqual([...CONFIG_VARIABLES].sort());
    for (const group of SETTING_GROUPS) {
      for (const [name, s] of Object.entries(group.settings)) {
        expect(s.description, name).not.toBe('');
        expect(s.default, name).not.toBe('');
      }
    }
  });

  it('reads the HTTP timeouts and the developer outbox switch', () => {
    expect(loadConfig({}, root)).toMatchObject({
      httpTimeouts: { headersMs: 20_000, requestMs: 60_000, keepAliveMs: 5_000 },
      devOutbox: false,
    });
    const config = loadConfig(
      {
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '10000',
        HTTP_KEEPALIVE_TIMEOUT_MS: '65000',
        DEV_OUTBOX: 'on',
      },
      root,
    );
    expect(config.httpTimeouts).toEqual({ headersMs: 5_000, requestMs: 10_000, keepAliveMs: 65_000 });
    expect(config.devOutbox).toBe(true);
    // Node refuses a headers timeout above the request timeout; the start says which variables.
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '10000' }, root),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS .* HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: 'soon' }, root)).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });

  it('reads the account, mail and usage settings', () => {
    expect(loadConfig({}, root)).toMatchObject({
      auth: {
        secret: null,
        staffEmailDomains: [],
        bannedEmailDomains: [],
        bannedEmails: [],
        otpSendsPerHour: 5,
        otpSendsPerAddressPerHour: 20,
        otpFailuresPerIpPerHour: 30,
        otpSendsPerIpPerHour: 20,
        trustProxy: false,
        proxyHops: 1,
      },
      mail: { smtpUrl: null, from: 'Doppel <no-reply@localhost.localdomain>' },
      usage: { freeMessagesPerMonth: 30, conversationsPerIpPerHour: 100, enforce: true },
    });
    const config = loadConfig(
      {
        AUTH_SECRET: 's'.repeat(40),
        STAFF_EMAIL_DOMAINS: ' Doppel.test, ,staff.example ',
        BANNED_EMAIL_DOMAINS: 'spam.test',
        BANNED_EMAILS: 'Eve@Example.com',
        OTP_SENDS_PER_HOUR: '3',
        OTP_SENDS_PER_IP_PER_HOUR: '50',
        OTP_SENDS_PER_ADDRESS_PER_HOUR: '12',
        OTP_FAILURES_PER_IP_PER_HOUR: '40',
        TRUST_PROXY: 'true',
        TRUST_PROXY_HOPS: '2',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        PUBLIC_URL: 'https://clones.example.com',
        FREE_MESSAGES_PER_MONTH: '-1',
        CONVERSATIONS_PER_IP_PER_HOUR: '7',
        USAGE_ENFORCEMENT: 'off',
      },
      root,
    );
    expect(config.auth).toEqual({
      secret: 's'.repeat(40),
      staffEmailDomains: ['doppel.test', 'staff.example'],
      bannedEmailDomains: ['spam.test'],
      bannedEmails: ['eve@example.com'],
      otpSendsPerHour: 3,
      otpSendsPerIpPerHour: 50,
      otpSendsPerAddressPerHour: 12,
      otpFailuresPerIpPerHour: 40,
      trustProxy: true,
      proxyHops: 2,
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      from: 'Doppel <no-reply@clones.example.com>',
    });
    expect(config.usage).toEqual({ freeMessagesPerMonth: -1, conversationsPerIpPerHour: 7, enforce: false });
    expect(() => loadConfig({ AUTH_SECRET: 'short' }, root)).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' }, root)).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' }, root)).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' }, root)).toThrow(/TRUST_PROXY_HOPS/);
  });
});
