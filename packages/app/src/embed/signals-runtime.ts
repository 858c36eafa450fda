/**
 * @module Stands in for `@preact/signals-react/runtime` in the embed build, where React is Preact
 * (vite.config.ts, mode embed): `@preact/signals` already tracks the signals every Preact
 * component reads, so the hook the React build needs has nothing to do.
 */

/** No-op under Preact: rendering components subscribe to the signals they read on their own. */
export function useSignals(): void {}
