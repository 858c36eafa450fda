/**
 * @module Stands in for `@preact/signals-react/runtime` in the embed build, where React is Preact
 * (vite.config.ts, mode embed): `@preact/signals` tracks the signals every Preact component reads,
 * so the hook the React build needs has nothing to do. The stores import `@preact/signals-core`
 * (framework-neutral), so this module is what brings in `@preact/signals` and its rendering hooks.
 */
import '@preact/signals';

/** No-op under Preact: rendering components subscribe to the signals they read on their own. */
export function useSignals(): void {}
