/**
 * @module The OpenAI-compatible chat-completions request (DESIGN §3, §4: POST
 * /api/openai/v1/chat/completions and its `/vapi` form), which voice providers send when they
 * call the brain as a custom language model. Loose objects: providers add fields of their own.
 */
import { z } from 'zod';

/** A message's content: text, OpenAI's list of parts (only `text` parts are read), or null. */
export const ChatCompletionContent = z.union([
  z.string(),
  z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  z.null(),
]);
export type ChatCompletionContent = z.infer<typeof ChatCompletionContent>;

/** Provider → server: `model` names the clone (its slug); the last user message is the question. */
export const ChatCompletionsRequest = z.looseObject({
  model: z.string().min(1, 'model must name a clone'),
  messages: z
    .array(z.looseObject({ role: z.string(), content: ChatCompletionContent.optional() }))
    .min(1, 'messages must not be empty'),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
});
export type ChatCompletionsRequest = z.infer<typeof ChatCompletionsRequest>;
