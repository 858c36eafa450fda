import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, usage } from '../test/fixtures';
import { createApiClient } from './api-client';
import { fetchUsage } from './usage';

describe('fetchUsage', () => {
  it('tries 3 times, waiting 2 s and then 4 s, before giving up', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ error: 'busy' }, 503));
    vi.stubGlobal('fetch', fetchMock);
    const waits: number[] = [];
    const retries = vi.fn();
    await expect(
      fetchUsage(createApiClient(), 'demo', 'east', {
        onRetry: retries,
        sleep: async (ms) => {
          waits.push(ms);
        },
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([2_000, 4_000]);
    expect(retries).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[0]?.at(0))).toBe('/api/clones/demo/usage?instance=east');
  });

  it('answers the usage once a retry works, and does not retry a refusal', async () => {
    const answers = [jsonResponse({ error: 'busy' }, 503), jsonResponse(usage())];
    const fetchMock = vi.fn(async () => answers.shift() ?? jsonResponse({ error: 'gone' }, 404));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchUsage(createApiClient(), 'demo', null, { sleep: async () => undefined })).toEqual(
      usage(),
    );
    await expect(
      fetchUsage(createApiClient(), 'demo', null, { sleep: async () => undefined }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
