import { lazy } from 'react';
import type { ComponentType } from 'react';

/** Spec §9: a page's code that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function withTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading the page timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}

/** A lazily loaded page component (route-level code splitting) with the chunk time-out. */
export function lazyPage(load: () => Promise<ComponentType>, timeoutMs?: number) {
  return lazy(async () => ({ default: await withTimeout(load, timeoutMs) }));
}
