/** The Vitest projects of the workspace: every package that has a vitest.config.ts. */
export const projects = ['packages/*/vitest.config.ts'];
