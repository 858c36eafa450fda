/** The Vitest projects of the workspace: one per package; each may have its own vitest.config.ts. */
export const projects = ['packages/*'];
