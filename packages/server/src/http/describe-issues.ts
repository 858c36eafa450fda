/** @module Turns a zod failure into one readable sentence for a 400 answer. */
import type { z } from 'zod';

/** `message.text: Too long; medium: Invalid option` — each issue with the field it is about. */
export function describeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return parts.join('; ') || 'Invalid request body';
}
