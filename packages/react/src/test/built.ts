/** The built package (dist/index.mjs), typed as its source: the tests exercise what ships. */
import type * as Source from '../index';

const path = '../../dist/index.mjs';
export const built: typeof Source = await import(/* @vite-ignore */ path);
