import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, withTimeout } from './lazyPage';

describe('chunk load time-out', () => {
  it('is 120 s', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('fails a page load that has not arrived in time, and passes one that has', async () => {
    vi.useFakeTimers();
    const never = withTimeout(() => new Promise<never>(() => undefined));
    const outcome = never.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
    await expect(withTimeout(() => Promise.resolve('page'))).resolves.toBe('page');
  });
});
